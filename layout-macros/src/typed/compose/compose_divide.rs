//! `B` for divide_rewrite.rs's fold hook where `A`'s shape has dynamic
//! leaves (the tiler static): the divide's `B` (divide_rest.rs states the
//! fact) as a function, its leaves in the divide's order (its nesting is
//! not the core's: only an operand read as a function is so rewritten),
//! with the extents and strides past a dynamic mode computed at run time
//! (`__private::divide_size`, `ceil_div`) as new leaves of the input.
//! The rest's holes are the core's value while compiling
//! (`complement(T, span)`, its last mode `1:span`), its last extent
//! `⌈size / span⌉` a computed leaf; its errors (a stride 0 of `T` aside,
//! none depend on the size) are the core's while compiling.
//!
//! A computed leaf reads `A`'s extents again, so an extent written as an
//! expression that calls something (`{it.next().unwrap()}`) is not read
//! so (`no_call`): such a divide is not rewritten.

use layout_core::algebra::{Form, complement};
use layout_core::expr::{Expr, ExprKind};
use layout_core::{IntTuple, Layout};
use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;

use crate::emit;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_rest::{self, leaves as leaves_of, size_of, static_tile as tile};
use crate::typed::divide::divide_rest_cute;

/// A leaf of `B`: static, or tokens computing it at run time.
#[derive(Clone)]
pub(crate) enum Leaf {
    /// Known while compiling.
    Static(i64),
    /// Tokens computing it at run time.
    Computed(TokenStream),
}

/// A part of `B`: a leaf `(extent, stride)`, or a tuple of parts.
pub(crate) enum Node {
    /// A leaf: its extent and stride.
    Leaf(Leaf, Leaf),
    /// A tuple of parts.
    Tuple(Vec<Node>),
}

/// `B` for the divide `form` of `A` (`shape`, plain, some dynamic
/// extent) by the static `tiler`, its computed leaves appended to
/// `leaves` (whose first ones are the input's, by `Dynamic` number).
/// Nested as CuTe nests the divide where it can: a tile as `Ti`, its rest
/// one mode (the holes, then the last extent), grouped by `form`.
pub fn operand(
    form: Form,
    shape: &Expr,
    tiler: &Expr,
    leaves: &mut Vec<TokenStream>,
    at: &Expr,
) -> Option<Expr> {
    if has_dynamic(tiler) || !is_plain(shape) {
        return None;
    }
    let (modes, tiles): (Vec<&Expr>, Vec<&Expr>) = match (&tiler.kind, &shape.kind) {
        (ExprKind::Tiler(tiles), ExprKind::Tuple(items)) if tiles.len() <= items.len() => {
            (items.iter().collect(), tiles.iter().collect())
        }
        (ExprKind::Tiler(_), ExprKind::Tuple(_)) => return None,
        (ExprKind::Tiler(tiles), _) if tiles.len() == 1 => (vec![shape], tiles.iter().collect()),
        (ExprKind::Tiler(_), _) => return None,
        _ => (vec![shape], vec![tiler]),
    };
    // Per mode of `A`: its tile and rest, or (past the tiler) itself.
    let (mut parts, mut past) = (Vec::new(), Vec::new());
    let mut before: Vec<Leaf> = Vec::new();
    for (i, mode) in modes.iter().enumerate() {
        let size = size_parts(mode, leaves)?;
        match tiles.get(i) {
            Some(t) => {
                // A tile of extent 1 is CuTe's `_1:_0` (it reads index 0 alone).
                let unit = matches!(t.kind, ExprKind::Int(1));
                let t = tile(t)?;
                let t_node = match unit {
                    true => Node::Leaf(Leaf::Static(1), Leaf::Static(0)),
                    false => node(t.shape(), t.stride(), &before)?,
                };
                parts.push((t_node, rest(mode, &t, &before, &size)?));
            }
            None => past.push(Node::Leaf(product(&size, 1)?, product(&before, 1)?)),
        }
        before.extend(size);
    }
    let by_mode = matches!(tiler.kind, ExprKind::Tiler(_));
    let (tiles, rests): (Vec<Node>, Vec<Node>) = parts.into_iter().unzip();
    let b = if by_mode {
        by_mode_b(form, tiles, rests, past)
    } else {
        Node::Tuple(tiles.into_iter().chain(rests).collect())
    };
    let shape = written(&b, true, leaves, at);
    let stride = written(&b, false, leaves, at);
    Some(Expr::new(
        ExprKind::Layout(Box::new(shape), Box::new(stride)),
        at.span,
    ))
}

/// The rest of mode `mode` of `A` (its extents `size`) divided by the
/// static tile `t`, every stride times the sizes `before`: the holes of
/// `complement(t, ·)`, then CuTe's `⌈shape(A_i) / span⌉`, a static first
/// extent `S` where exact (divide_rest_cute.rs) and the rest a computed
/// leaf. `None` where the core refuses `t` or a stride is negative.
pub(crate) fn rest(mode: &Expr, t: &Layout, before: &[Leaf], size: &[Leaf]) -> Option<Node> {
    let (holes, span) = holes(t)?;
    let mut rest: Vec<Node> = Vec::new();
    for (s, d) in leaf_modes(&holes).into_iter().filter(|&(s, _)| s != 1) {
        rest.push(Node::Leaf(Leaf::Static(s), product(before, d)?));
    }
    let extents: Vec<Expr> = leaves_of(mode).into_iter().cloned().collect();
    let s = match extents.iter().any(has_dynamic) {
        true => divide_rest_cute::static_part(&extents, span),
        false => 1,
    };
    if s > 1 {
        rest.push(Node::Leaf(Leaf::Static(s), product(before, span)?));
    }
    let stride = product(before, span.checked_mul(s)?)?;
    // CuTe's complement is coalesced: a static last extent 1 is no mode,
    // and a rest of one element `_1:_0`.
    match exact(last(size, span)?, s) {
        Leaf::Static(1) if rest.is_empty() => {
            rest.push(Node::Leaf(Leaf::Static(1), Leaf::Static(0)))
        }
        Leaf::Static(1) => {}
        extent => rest.push(Node::Leaf(extent, stride)),
    }
    Some(one(rest))
}

/// Whether each mode of `A` (`shape`) a by-mode `tiler` tiles, but `A`'s
/// last, holds its tile and rest: a static size that the span of the
/// tile's complement divides (the rest's last mode then ends at the
/// mode's size). Past it, `B`'s part for the mode would run into the next
/// mode of `A` where the core's divide of the mode alone extends it. A
/// layout tiler (not by mode) divides `A` whole: nothing to hold.
pub fn holds(shape: &Expr, tiler: &Expr) -> bool {
    let (ExprKind::Tiler(tiles), ExprKind::Tuple(modes)) = (&tiler.kind, &shape.kind) else {
        return true;
    };
    let fits = |(mode, t): (&Expr, &Expr)| {
        let size = size_of(mode);
        match (size, tile(t).as_ref().and_then(holes)) {
            (Some(size), Some((_, span))) => size % span == 0,
            _ => false,
        }
    };
    let last = modes.len() - 1;
    modes.iter().zip(tiles).take(last).all(fits)
}

/// A mode's extents as factors of its size: static, or a leaf's tokens.
pub(crate) fn size_parts(mode: &Expr, leaves: &[TokenStream]) -> Option<Vec<Leaf>> {
    leaves_of(mode)
        .into_iter()
        .map(|l| match l.kind {
            ExprKind::Int(n) => Some(Leaf::Static(n)),
            // Read again where `B`'s leaves are computed: only an
            // expression with no call (a name, a field, arithmetic), so
            // that reading it twice is reading it once.
            ExprKind::Dynamic(k) => {
                let leaf = leaves.get(k).filter(|l| no_call(l))?;
                Some(Leaf::Computed(quote!({ let leaf: usize = #leaf; leaf })))
            }
            _ => None,
        })
        .collect()
}

/// Whether `tokens` call nothing: no macro (`!`), no call or method call
/// (a parenthesized group after a name or a group), no block keyword.
pub(crate) fn no_call(tokens: &TokenStream) -> bool {
    let mut after_callee = false;
    for t in tokens.clone() {
        let callee = match &t {
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis && after_callee => {
                return false;
            }
            TokenTree::Group(g) => {
                if !no_call(&g.stream()) {
                    return false;
                }
                true
            }
            TokenTree::Punct(p) if p.as_char() == '!' => return false,
            TokenTree::Ident(i) => {
                let word = i.to_string();
                if ["loop", "while", "for", "if", "match", "let", "unsafe"].contains(&word.as_str())
                {
                    return false;
                }
                true
            }
            _ => false,
        };
        after_callee = callee;
    }
    true
}

/// A static tile's nesting with every stride times the sizes `before`.
fn node(shape: &IntTuple, stride: &IntTuple, before: &[Leaf]) -> Option<Node> {
    match (shape, stride) {
        (IntTuple::Int(s), IntTuple::Int(d)) => {
            Some(Node::Leaf(Leaf::Static(*s), product(before, *d)?))
        }
        (IntTuple::Tuple(s), IntTuple::Tuple(d)) if s.len() == d.len() => {
            let items = s.iter().zip(d).map(|(s, d)| node(s, d, before));
            Some(Node::Tuple(items.collect::<Option<_>>()?))
        }
        _ => None,
    }
}

/// One part for several: itself when there is one.
fn one(mut nodes: Vec<Node>) -> Node {
    match nodes.len() {
        1 => nodes.remove(0),
        _ => Node::Tuple(nodes),
    }
}

/// The core's holes of `complement(t, ·)` and the span its last mode
/// starts at: `complement(t, span)` (module doc), `span` the extent times
/// stride of `t`'s last mode by stride (ties by position, as the core
/// sorts), 1 with none. `None` where the core refuses `t` or a stride is
/// negative.
fn holes(t: &Layout) -> Option<(Layout, i64)> {
    if t.leaf_modes().any(|(s, d)| d < 0 || s == 0) {
        return None;
    }
    let span = divide_rest::span(t)?;
    Some((complement(t, span).ok()?, span))
}

/// A layout's leaf modes in order.
fn leaf_modes(l: &Layout) -> Vec<(i64, i64)> {
    l.leaf_modes().collect()
}

/// The product of `parts` times `times`: static where all are, else
/// saturating tokens (a size past `usize` is no layout's; the
/// composition's checks refuse).
pub fn product(parts: &[Leaf], times: i64) -> Option<Leaf> {
    let mut n = times;
    let mut computed = Vec::new();
    for p in parts {
        match p {
            Leaf::Static(s) => n = n.checked_mul(*s)?,
            Leaf::Computed(t) => computed.push(t.clone()),
        }
    }
    if computed.is_empty() {
        return Some(Leaf::Static(n));
    }
    let (private, n) = (emit::private(), emit::int(n));
    Some(Leaf::Computed(
        quote!(#private::divide_size(&[#(#computed,)* #n])),
    ))
}

/// The rest's last extent, `ceil(size / span)`, `size` the mode's parts.
fn last(size: &[Leaf], span: i64) -> Option<Leaf> {
    match product(size, 1)? {
        Leaf::Static(n) => Some(Leaf::Static(n / span + i64::from(n % span != 0))),
        Leaf::Computed(t) => {
            let (private, span) = (emit::private(), emit::int(span));
            Some(Leaf::Computed(quote!(#private::ceil_div(#t, #span))))
        }
    }
}

/// `n / s` of a rest extent `n` that `s` divides at every value.
fn exact(n: Leaf, s: i64) -> Leaf {
    match n {
        _ if s == 1 => n,
        Leaf::Static(n) => Leaf::Static(n / s),
        Leaf::Computed(t) => {
            let s = emit::int(s);
            Leaf::Computed(quote!((#t / #s)))
        }
    }
}

/// `B` of a divide by a by-mode tiler in the nesting of its `form`, from
/// each tiled mode's tile `Ti` and rest `Ci` and the untiled modes `past`.
pub(crate) fn by_mode_b(form: Form, tiles: Vec<Node>, rests: Vec<Node>, past: Vec<Node>) -> Node {
    match form {
        // (T0, C0), (T1, C1), …, A2, …
        Form::Logical => {
            let pairs = tiles.into_iter().zip(rests);
            let pairs = pairs.map(|(t, c)| Node::Tuple(vec![t, c]));
            Node::Tuple(pairs.chain(past).collect())
        }
        // (T0, T1, …), (C0, C1, …, A2, …)
        Form::Zipped => Node::Tuple(vec![
            Node::Tuple(tiles),
            Node::Tuple(rests.into_iter().chain(past).collect()),
        ]),
        // (T0, T1, …), C0, C1, …, A2, …
        Form::Tiled => Node::Tuple(
            std::iter::once(Node::Tuple(tiles))
                .chain(rests)
                .chain(past)
                .collect(),
        ),
        // T0, T1, …, C0, C1, …, A2, …
        Form::Flat => Node::Tuple(tiles.into_iter().chain(rests).chain(past).collect()),
    }
}

/// `B`'s shape (or stride) written out: integers, and a new dynamic leaf
/// for each computed one.
pub(crate) fn written(n: &Node, shape: bool, leaves: &mut Vec<TokenStream>, at: &Expr) -> Expr {
    let kind = match n {
        Node::Tuple(items) => ExprKind::Tuple(
            items
                .iter()
                .map(|i| written(i, shape, leaves, at))
                .collect(),
        ),
        Node::Leaf(s, d) => match if shape { s } else { d } {
            Leaf::Static(n) => ExprKind::Int(*n),
            Leaf::Computed(t) => {
                leaves.push(t.clone());
                ExprKind::Dynamic(leaves.len() - 1)
            }
        },
    };
    Expr::new(kind, at.span)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn layout(text: &str) -> Layout {
        text.parse().unwrap()
    }

    fn offsets(l: &Layout) -> Vec<i64> {
        (0..l.size()).map(|i| l.at(i).unwrap()).collect()
    }

    /// The core's complement is its holes then `ceil(M / span) : span`.
    #[test]
    fn only_expressions_with_no_call_are_read_again() {
        for (text, ok) in [
            ("m", true),
            ("{ 8 }", true),
            ("self.m * 2 + (n - 1)", true),
            ("a[i]", true),
            ("f()", false),
            ("it.next().unwrap()", false),
            ("{ g(1) }", false),
            ("m!()", false),
            ("(f)(x)", false),
        ] {
            let tokens: TokenStream = text.parse().unwrap();
            assert_eq!(no_call(&tokens), ok, "{text}");
        }
    }

    #[test]
    fn complement_is_its_holes_then_the_last_extent() {
        for t in [
            "8:1",
            "2:4",
            "(2,2):(1,8)",
            "(4,8):(1,4)",
            "(2,3):(3,1)",
            "(1,4):(5,2)",
            "3:0",
        ] {
            let t = layout(t);
            let Some((h, span)) = holes(&t) else { continue };
            for m in 1..=70 {
                let Ok(want) = complement(&t, m) else {
                    continue;
                };
                let last = m / span + i64::from(m % span != 0);
                let got = layout(&format!("({},{last}):({},{span})", h.shape(), h.stride()));
                let n = want.size();
                assert_eq!(offsets(&got)[..n as usize], offsets(&want)[..], "{t} {m}");
                assert_eq!(got.size(), n, "{t} {m}");
            }
        }
    }
}
