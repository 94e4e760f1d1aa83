//! `local_tile`/`inner_partition` of a written-out layout whose tile
//! extent is used up by the first leaves of a static mode (partition.rs):
//! CuTe's composition walks the mode (after `coalesce_x`) and stops once
//! the tile's rest is a static 1 (`is_constant<1, rest_shape>`), so the
//! tile holds those first leaves only (`local_tile(((2,4,8),m):((1,2,16),
//! 128), (4,4), c)`: the mode is `(8,8):(1,16)` and the tile `_4:_1`, not
//! `(4,1):(1,16)`). The facade's spread (`DivMode`) keeps one tile entry a
//! leaf, so the mode is split before it is typed: its first leaves stay
//! the mode the tile divides (one leaf alone is a leaf, as CuTe's
//! `unwrap`), the others move to a new mode after every mode of `L`, which
//! the coordinate slices whole (a mode past the tiler). The mode's integer
//! coordinate, the colexicographic index of a tile in `(s0/t0, …, sj/tj,
//! s(j+1), …)`, is split alike: `c mod P` for the first leaves (`P` the
//! number of tiles there), `c / P` for the moved ones. The offset and every
//! element are the same; only the nesting (CuTe's) and the coordinate
//! bound of the moved leaves (checked as a slice there) differ.
//!
//! Only with a coordinate of one integer entry per mode of `L` (nothing
//! kept by `_`, so the result is the tile modes alone) and a mode of
//! static leaves (the split fixed while compiling, no run-time extent 0 in
//! a dropped tile entry).

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};

use crate::emit::MAX_RANK;
use crate::typed::partition::partition_args::{Tile, entry, entry_type};

/// A mode split: its place in `L` and the number of tiles `P` its kept
/// leaves hold.
#[derive(Clone, Copy)]
pub struct Split {
    /// The mode of `L` (the moved leaves are a mode after all of `L`'s).
    pub mode: usize,
    /// The tiles in the kept leaves: the coordinate's `c mod P` there,
    /// `c / P` for the moved leaves.
    pub tiles: i64,
}

/// `L`'s shape and stride with each such mode split, and the splits in
/// mode order (none: `None`).
pub fn split(
    shape: &Expr,
    stride: &Expr,
    tiles: &[Tile],
    coord: &[&Expr],
) -> Option<(Expr, Expr, Vec<Split>)> {
    let (ExprKind::Tuple(s), ExprKind::Tuple(d)) = (&shape.kind, &stride.kind) else {
        return None;
    };
    let integer = |c: &Expr| matches!(c.kind, ExprKind::Int(n) if n >= 0) || is_leaf(c);
    if coord.len() != s.len() || tiles.len() > s.len() {
        return None;
    }
    let (mut shapes, mut strides) = (s.clone(), d.clone());
    let (mut moved_s, mut moved_d, mut splits) = (Vec::new(), Vec::new(), Vec::new());
    for (i, tile) in tiles.iter().enumerate() {
        let Tile::Extent(t) = tile else { continue };
        let (Some(extents), Some(steps)) = (ints(&s[i]), ints(&d[i])) else {
            continue;
        };
        let Some((kept, per)) = used_up(&extents, *t) else {
            continue;
        };
        if !integer(coord[i]) || kept >= extents.len() {
            continue;
        }
        let part = |e: &Expr, xs: &[i64]| {
            let node = |kind| Expr::new(kind, e.span);
            match xs {
                [x] => node(ExprKind::Int(*x)),
                xs => node(ExprKind::Tuple(
                    xs.iter().map(|x| node(ExprKind::Int(*x))).collect(),
                )),
            }
        };
        shapes[i] = part(&s[i], &extents[..kept]);
        strides[i] = part(&d[i], &steps[..kept]);
        moved_s.push(part(&s[i], &extents[kept..]));
        moved_d.push(part(&d[i], &steps[kept..]));
        splits.push(Split {
            mode: i,
            tiles: per,
        });
    }
    if splits.is_empty() || shapes.len() + moved_s.len() > MAX_RANK {
        return None;
    }
    shapes.extend(moved_s);
    strides.extend(moved_d);
    let node = |e: &Expr, items| Expr::new(ExprKind::Tuple(items), e.span);
    Some((node(shape, shapes), node(stride, strides), splits))
}

/// The coordinate's entries for the split layout, and the `let`s that
/// bind each split mode's integer once: `c mod P` in its place, `c / P`
/// for its moved leaves after every mode of `L`.
pub fn coord_entries(
    coord: &[&Expr],
    splits: &[Split],
    leaf: &dyn Fn(usize) -> TokenStream,
) -> (Vec<TokenStream>, Vec<TokenStream>) {
    let (mut binds, mut entries, mut moved) = (Vec::new(), Vec::new(), Vec::new());
    for (i, c) in coord.iter().enumerate() {
        let Some(split) = splits.iter().find(|s| s.mode == i) else {
            entries.push(entry(c, leaf));
            continue;
        };
        let tiles = Literal::usize_suffixed(split.tiles as usize);
        // One tile in the kept leaves: their coordinate is 0, the moved
        // leaves take `c` (no `c % 1` for clippy's `modulo_one` to flag).
        if split.tiles == 1 {
            entries.push(quote!(0usize));
            moved.push(entry(c, leaf));
            continue;
        }
        match c.kind {
            ExprKind::Int(n) => {
                let (n, p) = (n as usize, split.tiles as usize);
                let (low, high) = (
                    Literal::usize_suffixed(n % p),
                    Literal::usize_suffixed(n / p),
                );
                entries.push(quote!(#low));
                moved.push(quote!(#high));
            }
            _ => {
                let name = format_ident!("split{}", i, span = Span::mixed_site());
                let value = entry(c, leaf);
                binds.push(quote!(let #name: usize = #value;));
                entries.push(quote!(#name % #tiles));
                moved.push(quote!(#name / #tiles));
            }
        }
    }
    entries.extend(moved);
    (binds, entries)
}

/// The types of [`coord_entries`]' values.
pub fn coord_types(coord: &[&Expr], splits: &[Split]) -> Vec<TokenStream> {
    let moved = splits.iter().map(|_| quote!(usize));
    coord.iter().map(|c| entry_type(c)).chain(moved).collect()
}

/// A dynamic coordinate leaf.
fn is_leaf(c: &Expr) -> bool {
    matches!(c.kind, ExprKind::Dynamic(_))
}

/// The leaves of a flat tuple of static integers (two or more).
fn ints(e: &Expr) -> Option<Vec<i64>> {
    let ExprKind::Tuple(items) = &e.kind else {
        return None;
    };
    let leaves: Option<Vec<i64>> = (items.iter())
        .map(|x| match x.kind {
            ExprKind::Int(n) if n >= 1 => Some(n),
            _ => None,
        })
        .collect();
    leaves.filter(|l| l.len() >= 2)
}

/// The tile `t` spread over `extents` as the facade's `DivMode` (leaf `j`
/// takes `min(sj, r)` of the `r` left, each part dividing its leaf and
/// `r`): how many first leaves it takes up (the rest a 1 after them), and
/// the number of tiles there, `Π sj / tj`; `None` where a part does not
/// divide (CuTe refuses; partition.rs checks it) or the tile reaches the
/// last leaf.
fn used_up(extents: &[i64], t: i64) -> Option<(usize, i64)> {
    let (mut r, mut per) = (t, 1i64);
    for (j, &s) in extents.iter().enumerate() {
        let take = s.min(r);
        if take == 0 || r % take != 0 || s % take != 0 {
            return None;
        }
        per = per.checked_mul(s / take)?;
        r /= take;
        if r == 1 {
            return Some((j + 1, per));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::used_up;

    #[test]
    fn a_tile_is_used_up_by_the_first_leaves_that_hold_it() {
        // (8,8) by 4: the first leaf, 2 tiles there.
        assert_eq!(used_up(&[8, 8], 4), Some((1, 2)));
        // (2,4,8) by 8: the first two leaves, 1 tile.
        assert_eq!(used_up(&[2, 4, 8], 8), Some((2, 1)));
        // (2,4,8) by 4: 2 of the first, 2 of the second, 2 tiles there.
        assert_eq!(used_up(&[2, 4, 8], 4), Some((2, 2)));
        // Up to the last leaf: nothing to split.
        assert_eq!(used_up(&[2, 4], 8), Some((2, 1)));
        assert_eq!(used_up(&[2, 4], 16), None);
        // A part that does not divide its leaf.
        assert_eq!(used_up(&[6, 8], 4), None);
    }
}
