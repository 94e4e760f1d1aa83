//! After `type`, a divide by a by-mode tiler with an entry `s:d` (or an
//! extent `{s}`) holding a dynamic leaf, of a written-out `A`, read as a
//! function (a composition's `B`, the operand of `flatten`, `coalesce`,
//! `complement` or an inverse): inner.rs's fourth hook, the dynamic-tile
//! case of divide_by_mode.rs (whose module doc states the fact and the
//! condition that each tiled mode but `A`'s last holds its tile and rest).
//!
//! `B`'s part for a mode `M` (its size, static or computed) tiled by a
//! dynamic `s:d` is divide_rest.rs's rank-1 complement, scaled by `Q`
//! (where the mode starts in `A`'s index): the tile `s:d·Q`, then, where
//! `s` is a static 1 or `d` a static 0, `M:Q` (the core's complement of it
//! at any value), else the hole `d:Q` (left out for a static `d` of 1) and
//! `⌈M / span⌉ : span·Q`, `span = s·d`. A prelude binds each dynamic leaf
//! once, computes and checks `span` and the rest with
//! `__private::tile_rest` (an error naming the values where that form is
//! not the core's complement), and, for a mode before `A`'s last, that
//! `span` divides `M` (`__private::mode_holds`). A static entry's part is
//! compose_divide.rs's (its holes the core's value while compiling). The
//! call is then typed as nested.rs types the same call of
//! `composition(A, B)`. Checked against the core at many run-time values
//! (tests/typed_divide_tile_dynamic.rs). An entry that is a two-leaf tile
//! with a dynamic extent, under a composition: divide_tile_two.rs. As a
//! composition's `B`, divide_per_mode_tile.rs's rewrite (mode by mode, as
//! CuTe divides) is tried first.

use layout_core::algebra::complement;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Ast;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::compose::compose_divide::{Leaf, Node, by_mode_b, product, written};
use crate::typed::divide::divide_per_mode_tile;
use crate::typed::divide::divide_rest::{self, leaves as leaves_of};
use crate::typed::divide::divide_rewrite::{function_operand, with_composition};
use crate::typed::divide::divide_tile_two::{part, two_leaf};
use crate::{emit, typed::nested};

/// A call rewritten over `composition(A, B)` with its prelude.
pub struct Checked {
    pub(crate) expr: Expr,
    pub(crate) leaves: Vec<TokenStream>,
    /// The dynamic leaves bound once: `(k, name)`.
    pub(crate) binds: Vec<(usize, TokenStream)>,
    /// The checks, in order: tokens of a `Result` and the names its `Ok`
    /// binds (a pattern).
    pub(crate) checks: Vec<(TokenStream, TokenStream)>,
    /// Whether `expr` is the whole input, typed as such (nested.rs's
    /// `on_domain`): expanded as its expander's root.
    pub(crate) root: bool,
}

/// A mixed-site name.
pub fn ident(name: &str) -> TokenStream {
    let i = format_ident!("{name}", span = Span::mixed_site());
    quote!(#i)
}

/// A plain leaf's value: a natural integer, or its bound leaf's name.
pub fn value(e: &Expr) -> Option<Leaf> {
    match e.kind {
        ExprKind::Int(n) if n >= 0 => Some(Leaf::Static(n)),
        ExprKind::Dynamic(k) => Some(Leaf::Computed(ident(&format!("leaf{k}")))),
        _ => None,
    }
}

/// The tokens of a value.
pub fn tokens(v: &Leaf) -> TokenStream {
    match v {
        Leaf::Static(n) => emit::int(*n),
        Leaf::Computed(t) => t.clone(),
    }
}

/// A dynamic one-mode tiler entry: its extent and stride.
pub(crate) fn dynamic_tile(t: &Expr) -> Option<(&Expr, Option<&Expr>)> {
    if !has_dynamic(t) {
        return None;
    }
    match &t.kind {
        ExprKind::Dynamic(_) => Some((t, None)),
        ExprKind::Layout(s, d) => {
            let single = |e: &Expr| value(e).is_some();
            (single(s) && single(d)).then_some((&**s, Some(&**d)))
        }
        _ => None,
    }
}

/// The rewrite of `e` over `leaves` (the input's; the whole input where
/// `root`), if it reads a divide of the form the module doc names as a
/// function and the rules then type it.
pub fn reader(e: &Expr, leaves: &[TokenStream], root: bool) -> Option<Checked> {
    let (at, divide) = function_operand(e)?;
    let (TypedForm::Divide(divide_form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    // A composition's `B` divided mode by mode, as CuTe divides it.
    if let Some(c) = divide_per_mode_tile::rewrite(e, leaves, root) {
        return Some(c);
    }
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&a.kind, &tiler.kind) else {
        return None;
    };
    let modes: Vec<&Expr> = match &shape.kind {
        ExprKind::Tuple(items) => items.iter().collect(),
        _ => vec![&**shape],
    };
    // A two-leaf entry only as a composition's `B` (divide_tile_two.rs).
    let two = |t: &Expr| at == 1 && two_leaf(t).is_some();
    let dynamic_entry = (tiles.iter()).any(|t| dynamic_tile(t).is_some() || two(t));
    if !is_plain(shape) || !is_plain(stride) || !dynamic_entry || tiles.len() > modes.len() {
        return None;
    }
    let mut checks = Vec::new();
    let (mut parts, mut past, mut before) = (Vec::new(), Vec::new(), Vec::<Leaf>::new());
    let function_name = function;
    for (i, mode) in modes.iter().enumerate() {
        let extents: Vec<Leaf> = leaves_of(mode)
            .into_iter()
            .map(value)
            .collect::<Option<_>>()?;
        let size = product(&extents, 1)?;
        let q = product(&before, 1)?;
        let last = i + 1 == modes.len();
        let scaled = |d: &Leaf| product(&[d.clone(), q.clone()], 1);
        match tiles.get(i) {
            None => past.push(Node::Leaf(size.clone(), q.clone())),
            Some(t) if two(t) => {
                let f = function;
                parts.push(part(t, i, &extents, &size, &q, last, f, &mut checks)?);
            }
            Some(t) => match dynamic_tile(t) {
                Some((s, d)) => {
                    let (s, d) = (value(s)?, d.map_or(Some(Leaf::Static(1)), value)?);
                    let tile = Node::Leaf(s.clone(), scaled(&d)?);
                    let whole = matches!(s, Leaf::Static(1)) || matches!(d, Leaf::Static(0));
                    let (span, rest) = (ident(&format!("span{i}")), ident(&format!("rest{i}")));
                    let private = emit::private();
                    let (st, dt, mt) = (tokens(&s), tokens(&d), tokens(&size));
                    let rest_node = if whole {
                        // `tile_rest` only for its check of the extent.
                        let check = quote!(#private::tile_rest(#function, #mt, #st, 1));
                        checks.push((check, quote!((_, _))));
                        Node::Leaf(size.clone(), q.clone())
                    } else {
                        let check = quote!(#private::tile_rest(#function, #mt, #st, #dt));
                        checks.push((check, quote!((#span, #rest))));
                        if !last {
                            let extents = extents.iter().map(tokens);
                            let hold =
                                quote!(#private::mode_holds(#function, [#(#extents),*], #span));
                            checks.push((hold, quote!(())));
                        }
                        let last_leaf = Node::Leaf(
                            Leaf::Computed(rest.clone()),
                            scaled(&Leaf::Computed(span.clone()))?,
                        );
                        if matches!(d, Leaf::Static(1)) {
                            last_leaf
                        } else {
                            Node::Tuple(vec![Node::Leaf(d.clone(), q.clone()), last_leaf])
                        }
                    };
                    parts.push((tile, rest_node));
                }
                None => {
                    let t = divide_rest::static_tile(t)?;
                    if t.leaf_modes().any(|(s, d)| d < 0 || s == 0) {
                        return None;
                    }
                    let span = divide_rest::span(&t)?;
                    let holes = complement(&t, span).ok()?;
                    if !last {
                        match &size {
                            Leaf::Static(n) if n % span == 0 => {}
                            Leaf::Static(_) => return None,
                            Leaf::Computed(_) => {
                                let private = emit::private();
                                let extents = extents.iter().map(tokens);
                                let span = emit::int(span);
                                let hold =
                                    quote!(#private::mode_holds(#function, [#(#extents),*], #span));
                                checks.push((hold, quote!(())));
                            }
                        }
                    }
                    let tile = static_node(t.shape(), t.stride(), &q)?;
                    let mut rest = Vec::new();
                    for (s, d) in holes.leaf_modes().filter(|&(s, _)| s != 1) {
                        rest.push(Node::Leaf(Leaf::Static(s), scaled(&Leaf::Static(d))?));
                    }
                    let ceil = match &size {
                        Leaf::Static(n) => Leaf::Static(n / span + i64::from(n % span != 0)),
                        Leaf::Computed(t) => {
                            let (private, span) = (emit::private(), emit::int(span));
                            Leaf::Computed(quote!(#private::ceil_div(#t, #span)))
                        }
                    };
                    rest.push(Node::Leaf(ceil, scaled(&Leaf::Static(span))?));
                    let rest = if rest.len() == 1 {
                        rest.remove(0)
                    } else {
                        Node::Tuple(rest)
                    };
                    parts.push((tile, rest));
                }
            },
        }
        before.extend(extents);
    }
    let (tiles_n, rests): (Vec<Node>, Vec<Node>) = parts.into_iter().unzip();
    let b = by_mode_b(divide_form, tiles_n, rests, past);
    let mut all = leaves.to_vec();
    let b_shape = written(&b, true, &mut all, divide);
    let b_stride = written(&b, false, &mut all, divide);
    let b = Expr::new(
        ExprKind::Layout(Box::new(b_shape), Box::new(b_stride)),
        divide.span,
    );
    let expr = with_composition(e, at, divide, a, b)?;
    // Every dynamic leaf of `A`'s shape and the tiler, bound once.
    let mut binds = Vec::new();
    let mut ks = Vec::new();
    dynamic_leaves(shape, &mut ks);
    dynamic_leaves(tiler, &mut ks);
    ks.sort_unstable();
    ks.dedup();
    for k in ks {
        binds.push((k, ident(&format!("leaf{k}"))));
    }
    let _ = function_name;
    nested::types(&expr).then_some(Checked {
        expr,
        leaves: all,
        binds,
        checks,
        root: false,
    })
}

pub(crate) fn dynamic_leaves(e: &Expr, out: &mut Vec<usize>) {
    match &e.kind {
        ExprKind::Dynamic(k) => out.push(*k),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter().for_each(|i| dynamic_leaves(i, out));
        }
        ExprKind::Layout(s, d) => {
            dynamic_leaves(s, out);
            dynamic_leaves(d, out);
        }
        _ => {}
    }
}

/// A static tile's nesting, every stride times `q`.
pub(crate) fn static_node(
    shape: &layout_core::IntTuple,
    stride: &layout_core::IntTuple,
    q: &Leaf,
) -> Option<Node> {
    use layout_core::IntTuple as T;
    match (shape, stride) {
        (T::Int(s), T::Int(d)) => Some(Node::Leaf(
            Leaf::Static(*s),
            product(&[Leaf::Static(*d), q.clone()], 1)?,
        )),
        (T::Tuple(s), T::Tuple(d)) if s.len() == d.len() => {
            let items = s.iter().zip(d).map(|(s, d)| static_node(s, d, q));
            Some(Node::Tuple(items.collect::<Option<_>>()?))
        }
        _ => None,
    }
}

impl Expander<'_> {
    /// The code of a call rewritten by [`reader`]: the leaves bound, the
    /// checks, then the call typed over the rewritten operand.
    pub(crate) fn tile_dynamic(&self, c: Checked) -> syn::Result<TokenStream> {
        let mut leaves = c.leaves;
        let mut binds = Vec::new();
        for (k, name) in &c.binds {
            let value = self.leaf(*k);
            binds.push(quote!(let #name: usize = #value;));
            leaves[*k] = name.clone();
        }
        let ast = Ast {
            expr: c.expr.clone(),
            spans: self.ast.spans.clone(),
            leaves,
            zero_sized: self.ast.zero_sized,
        };
        // The whole input is its expander's root (`is_root`).
        let expr = if c.root { &ast.expr } else { &c.expr };
        let mut body = Expander {
            ast: &ast,
            value: None,
        }
        .expr(expr)?;
        let error = ident("error");
        for (check, ok) in c.checks.into_iter().rev() {
            body = quote! {
                match #check {
                    ::core::result::Result::Ok(#ok) => #body,
                    ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
                }
            };
        }
        Ok(quote!({ #(#binds)* #body }))
    }
}
