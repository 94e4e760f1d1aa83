//! compose_rewrite.rs's divide `D(A, T)` read as a function when `A`'s
//! shape has dynamic leaves (the tiler static): `A ∘ B`, `B` written out
//! here with leaves computed at run time from `A`'s extents.
//!
//! The core's divides are compositions: by a layout `T`, `A ∘ (T, C)` with
//! `C = complement(T, size A)`; by a by-mode tiler, mode `i` of `A` by
//! entry `Ti` so, the modes past the tiler kept; the zipped, tiled and flat
//! forms regroup the result, `((T0, T1, …), (C0, C1, …, A2, …))` flattened
//! in that order. As a function of one index, a layout is its flattened
//! leaves in order, so `B` needs only that order (its nesting is not the
//! core's: compose_rewrite.rs never types the divide itself so). Mode `i`
//! of `A` is reached through `A`'s index as `Q_i · j` (`Q_i` the product
//! of the sizes of the modes before it), so `B`'s parts for it are `Ti`
//! and `Ci` with every stride times `Q_i`, and a mode past the tiler is
//! `size(A_k) : Q_k`.
//!
//! The core's `complement(T, M)` (algebra/complement.rs) is the holes
//! between `T`'s modes sorted by stride, then `ceil(M / span) : span`,
//! `span` the extent times stride of the last sorted mode, coalesced: as
//! a function, `complement(T, span)` (the holes; its last mode is
//! `1:span`) followed by `ceil(M / span) : span`. Only that last extent
//! depends on `M`, so with `T` static the holes are the core's value here
//! and the last extent is computed at run time
//! (`__private::divide_rest`); its errors (a stride 0 of `T` aside, none
//! depend on `M`) are the core's while compiling.

use layout_core::algebra::{Form, complement};
use layout_core::expr::{Expr, ExprKind};
use layout_core::{Layout, Value, eval};
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::tree::{has_dynamic, is_plain};

/// A leaf of `B`: static, or tokens computing it at run time.
enum Leaf {
    Static(i64),
    Computed(TokenStream),
}

/// `B`'s leaves in order, `(extent, stride)`.
type Modes = Vec<(Leaf, Leaf)>;

/// `B` for the divide `form` of `A` (`shape`, `stride`, plain, some
/// dynamic extent) by the static `tiler`, its computed leaves appended to
/// `leaves` (whose first ones are the input's, by `Dynamic` number).
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
    let user = |k: usize, leaves: &[TokenStream]| {
        let leaf = leaves.get(k)?;
        Some(quote!({ let leaf: usize = #leaf; leaf }))
    };
    // The size of each mode of `A` as parts (static or a leaf's tokens).
    let mode_sizes = |modes: &[Expr], leaves: &[TokenStream]| -> Option<Vec<Vec<Leaf>>> {
        let mut out = Vec::new();
        for m in modes {
            let mut parts = Vec::new();
            for l in leaves_of(m) {
                parts.push(match l.kind {
                    ExprKind::Int(n) => Leaf::Static(n),
                    ExprKind::Dynamic(k) => Leaf::Computed(user(k, leaves)?),
                    _ => return None,
                });
            }
            out.push(parts);
        }
        Some(out)
    };
    let (modes, tiles): (Vec<Expr>, Vec<&Expr>) = match &tiler.kind {
        ExprKind::Tiler(tiles) => match &shape.kind {
            ExprKind::Tuple(items) if tiles.len() <= items.len() => {
                (items.clone(), tiles.iter().collect())
            }
            ExprKind::Tuple(_) => return None,
            _ if tiles.len() == 1 => (vec![shape.clone()], tiles.iter().collect()),
            _ => return None,
        },
        _ => (vec![shape.clone()], vec![tiler]),
    };
    let sizes = mode_sizes(&modes, leaves)?;
    let (mut tile_part, mut rest_part): (Modes, Modes) = (Vec::new(), Vec::new());
    let mut before: Vec<Leaf> = Vec::new();
    for (i, size) in sizes.iter().enumerate() {
        let scale = |d: i64| scaled(&before, d);
        match tiles.get(i) {
            Some(t) => {
                let t = tile(t)?;
                let (holes, span) = holes(&t)?;
                for (s, d) in leaf_modes(&t) {
                    tile_part.push((Leaf::Static(s), scale(d)?));
                }
                for (s, d) in leaf_modes(&holes) {
                    rest_part.push((Leaf::Static(s), scale(d)?));
                }
                rest_part.push((rest(size, span)?, scale(span)?));
            }
            None => rest_part.push((product(size, 1)?, scale(1)?)),
        }
        before.extend(size.iter().map(Leaf::copy));
    }
    let b = match (form, &tiler.kind) {
        // Mode by mode: (T0, C0), (T1, C1), …: each tile and its rest.
        (Form::Logical, ExprKind::Tiler(_)) => by_mode(&tile_part, &rest_part, &tiles),
        _ => vec![tile_part, rest_part],
    };
    let kind = |f: fn(&(Leaf, Leaf)) -> &Leaf, leaves: &mut Vec<TokenStream>| {
        let groups = b.iter().map(|g| {
            let items = g.iter().map(|m| written(f(m), leaves, at)).collect();
            Expr::new(ExprKind::Tuple(items), at.span)
        });
        Expr::new(ExprKind::Tuple(groups.collect()), at.span)
    };
    let shape = kind(|m| &m.0, leaves);
    let stride = kind(|m| &m.1, leaves);
    Some(Expr::new(
        ExprKind::Layout(Box::new(shape), Box::new(stride)),
        at.span,
    ))
}

impl Leaf {
    fn copy(&self) -> Leaf {
        match self {
            Leaf::Static(n) => Leaf::Static(*n),
            Leaf::Computed(t) => Leaf::Computed(t.clone()),
        }
    }
}

/// `(T0, C0), (T1, C1), …, A2, …` from the tiles' leaves and the rests'
/// (each tile's hole leaves and last mode, then one leaf a mode past the
/// tiler), counted again from the tiles.
fn by_mode(tile: &Modes, rest: &Modes, tiles: &[&Expr]) -> Vec<Modes> {
    let (mut out, mut t, mut r) = (Vec::new(), 0, 0);
    for entry in tiles {
        let Some(layout) = self::tile(entry) else {
            return Vec::new();
        };
        let n_tile = leaf_modes(&layout).len();
        let n_rest = holes(&layout).map_or(0, |(h, _)| leaf_modes(&h).len()) + 1;
        let mut group: Modes = tile[t..t + n_tile].iter().map(copy_mode).collect();
        group.extend(rest[r..r + n_rest].iter().map(copy_mode));
        out.push(group);
        (t, r) = (t + n_tile, r + n_rest);
    }
    for m in &rest[r..] {
        out.push(vec![copy_mode(m)]);
    }
    out
}

fn copy_mode(m: &(Leaf, Leaf)) -> (Leaf, Leaf) {
    (m.0.copy(), m.1.copy())
}

/// A tiler entry as a static layout: an extent `n` is `n:1`.
fn tile(t: &Expr) -> Option<Layout> {
    let layout = match &t.kind {
        ExprKind::Int(n) if *n > 0 => {
            let one = Expr::new(ExprKind::Int(1), t.span);
            Expr::new(ExprKind::Layout(Box::new(t.clone()), Box::new(one)), t.span)
        }
        ExprKind::Layout(..) => t.clone(),
        _ => return None,
    };
    match eval(&layout) {
        Ok(Value::Layout(l)) => Some(l),
        _ => None,
    }
}

/// The core's holes of `complement(t, ·)` and the span its last mode
/// starts at: `complement(t, span)` (module doc), `span` the extent times
/// stride of `t`'s last mode by stride (ties by position, as the core
/// sorts), 1 with none. `None` where the core refuses `t` or a stride is
/// negative.
fn holes(t: &Layout) -> Option<(Layout, i64)> {
    let mut modes: Vec<(usize, i64, i64)> = Vec::new();
    for (i, (s, d)) in leaf_modes(t).into_iter().enumerate() {
        if d < 0 || s == 0 {
            return None;
        }
        if s != 1 && d != 0 {
            modes.push((i, s, d));
        }
    }
    modes.sort_by_key(|&(i, _, d)| (d, i));
    let span = match modes.last() {
        Some(&(_, s, d)) => s.checked_mul(d)?,
        None => 1,
    };
    Some((complement(t, span).ok()?, span))
}

/// A layout's leaf modes in order.
fn leaf_modes(l: &Layout) -> Vec<(i64, i64)> {
    l.leaf_modes().collect()
}

/// The leaves of a plain tree, in order.
fn leaves_of(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().flat_map(leaves_of).collect(),
        _ => vec![e],
    }
}

/// `d` times the product of `before`: static where all are.
fn scaled(before: &[Leaf], d: i64) -> Option<Leaf> {
    product(before, d)
}

/// The product of `parts` times `times`.
fn product(parts: &[Leaf], times: i64) -> Option<Leaf> {
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
fn rest(size: &[Leaf], span: i64) -> Option<Leaf> {
    match product(size, 1)? {
        Leaf::Static(n) => Some(Leaf::Static(n / span + i64::from(n % span != 0))),
        Leaf::Computed(t) => {
            let (private, span) = (emit::private(), emit::int(span));
            Some(Leaf::Computed(quote!(#private::divide_rest(#t, #span))))
        }
    }
}

/// A leaf written out: an integer, or a new dynamic leaf.
fn written(l: &Leaf, leaves: &mut Vec<TokenStream>, at: &Expr) -> Expr {
    let kind = match l {
        Leaf::Static(n) => ExprKind::Int(*n),
        Leaf::Computed(t) => {
            leaves.push(t.clone());
            ExprKind::Dynamic(leaves.len() - 1)
        }
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
