//! The arguments of the typed partitions (partition.rs) as the macro reads
//! them: the operand's modes, a tiler of static extents nested like the
//! modes it divides ([`Tile`]), coordinate entries, steps.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Partition;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::tree::has_dynamic;

/// One mode's tile: a static extent (spread over the mode's leaves, the
/// facade's `DivMode`), or a tuple of tiles for a tuple mode of that rank
/// (CuTe's by-mode tiler inside a mode).
#[derive(Clone, Debug)]
pub enum Tile {
    /// A static extent, 1 or more.
    Extent(i64),
    /// One tile per sub-mode.
    Modes(Vec<Tile>),
}

impl Tile {
    /// The tile for `e`: a positive integer, or a non-empty tuple of tiles.
    fn of(e: &Expr) -> Option<Tile> {
        match &e.kind {
            ExprKind::Int(n) if *n >= 1 => Some(Tile::Extent(*n)),
            ExprKind::Tuple(items) if !items.is_empty() => items
                .iter()
                .map(Tile::of)
                .collect::<Option<_>>()
                .map(Tile::Modes),
            _ => None,
        }
    }

    /// The number of elements in a tile (`None` past `i64`).
    pub fn size(&self) -> Option<i64> {
        match self {
            Tile::Extent(n) => Some(*n),
            Tile::Modes(tiles) => tiles.iter().try_fold(1i64, |p, t| p.checked_mul(t.size()?)),
        }
    }

    /// Whether this tile divides the written-out `mode` as the facade
    /// does without a compile error: a tuple of tiles over a tuple mode of
    /// its rank, sub-mode by sub-mode; an extent spread over the mode's
    /// leaves meeting the static conditions ([`spread_fits`]).
    pub fn fits(&self, mode: &Expr) -> bool {
        match (self, &mode.kind) {
            (Tile::Extent(t), _) => {
                let mut leaves = Vec::new();
                leaves_of(mode, &mut leaves);
                spread_fits(&leaves, *t)
            }
            (Tile::Modes(tiles), ExprKind::Tuple(modes)) => {
                tiles.len() == modes.len() && tiles.iter().zip(modes).all(|(t, m)| t.fits(m))
            }
            (Tile::Modes(_), _) => false,
        }
    }

    /// Whether `c` can slice the rest of a mode this tile divides: an
    /// integer, a dynamic leaf or `_` for any rest; a tuple only for a
    /// tuple of tiles, entry by entry (the rest is then a tuple of the
    /// sub-modes' rests).
    pub fn takes(&self, c: &Expr) -> bool {
        match (&c.kind, self) {
            (ExprKind::Int(n), _) => *n >= 0,
            (ExprKind::Dynamic(_), _) => true,
            (ExprKind::Tuple(items), Tile::Modes(tiles)) => {
                items.len() == tiles.len() && tiles.iter().zip(items).all(|(t, c)| t.takes(c))
            }
            _ => is_underscore(c),
        }
    }

    /// The tile as static leaves, `C::<N>` (a type and a value alike).
    pub fn tokens(&self) -> TokenStream {
        match self {
            // CuTe's tile of 1 is `_1:_0` (the facade's `UnitTile`).
            Tile::Extent(1) => {
                let private = emit::private();
                quote!(#private::UnitTile)
            }
            Tile::Extent(n) => emit::static_leaf(*n),
            Tile::Modes(tiles) => emit::tuple(tiles.iter().map(Tile::tokens).collect()),
        }
    }
}

/// A tuple or `<…>` of tiles, one per mode.
pub fn tiles(t: &Expr) -> Option<Vec<Tile>> {
    let (ExprKind::Tuple(items) | ExprKind::Tiler(items)) = &t.kind else {
        return None;
    };
    items.iter().map(Tile::of).collect()
}

/// A shape mode and its stride mode nested alike: a leaf each (a static
/// extent not negative; a static stride of any sign, which makes the
/// layout signed), or tuples of such pairs.
pub fn congruent(s: &Expr, d: &Expr) -> bool {
    let leaf = |e: &Expr, signed: bool| match e.kind {
        ExprKind::Int(n) => signed || n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => false,
    };
    match (&s.kind, &d.kind) {
        (ExprKind::Tuple(s), ExprKind::Tuple(d)) => {
            !s.is_empty() && s.len() == d.len() && s.iter().zip(d).all(|(s, d)| congruent(s, d))
        }
        _ => leaf(s, false) && leaf(d, true),
    }
}

/// The leaves of a written-out tree, in order.
pub fn leaves_of<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| leaves_of(i, out)),
        _ => out.push(e),
    }
}

/// Whether a static tile `t` spread over a mode's leaves (the facade's
/// `DivMode`: leaf `j` takes `min(sj, r)` of the `r` left, the last leaf
/// the rest) meets the conditions the facade asserts while compiling where
/// both numbers are static: each leaf's part divides the leaf and `r`,
/// and the last static leaf is a multiple of what is left (CuTe's
/// `static_assert`s). A dynamic leaf, and every leaf after one, is checked
/// when the code runs. For a single leaf: `s % t == 0`.
pub fn spread_fits(leaves: &[&Expr], t: i64) -> bool {
    let mut left = Some(t);
    for (j, leaf) in leaves.iter().enumerate() {
        let (ExprKind::Int(s), Some(r)) = (&leaf.kind, left) else {
            left = None;
            continue;
        };
        if j + 1 == leaves.len() {
            return s % r == 0;
        }
        let take = (*s).min(r);
        if take == 0 || r % take != 0 || s % take != 0 {
            return false;
        }
        left = Some(r / take);
    }
    true
}

/// Whether a coordinate holds `_` anywhere.
pub fn has_underscore(c: &Expr) -> bool {
    match &c.kind {
        ExprKind::Tuple(items) => items.iter().any(has_underscore),
        _ => is_underscore(c),
    }
}

/// A tuple coordinate whose entries may nest (checked against the tiles
/// by [`Tile::takes`]).
pub fn nested_entries(c: &Expr) -> Option<Vec<&Expr>> {
    let ExprKind::Tuple(items) = &c.kind else {
        return None;
    };
    Some(items.iter().collect())
}

/// One integer coordinate (not a tuple): a non-negative literal or a
/// dynamic leaf.
pub fn is_index(c: &Expr) -> bool {
    match c.kind {
        ExprKind::Int(n) => n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => false,
    }
}

/// A static step: `true` for an integer (keep), `false` for `X`/`_`.
pub fn marks(step: &Expr) -> Option<Vec<bool>> {
    let ExprKind::Tuple(items) = &step.kind else {
        return None;
    };
    items
        .iter()
        .map(|s| match s.kind {
            ExprKind::Int(_) => Some(true),
            _ if is_underscore(s) => Some(false),
            _ => None,
        })
        .collect()
}

/// `_`, or CuTe's alias `X`.
pub fn is_underscore(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Underscore => true,
        ExprKind::Name(n) => n == "X",
        _ => false,
    }
}

/// A coordinate entry as a value: `usize` literals, dynamic leaves from
/// `leaf`, `X`, tuples of them.
pub fn entry(c: &Expr, leaf: &dyn Fn(usize) -> TokenStream) -> TokenStream {
    let private = emit::private();
    match &c.kind {
        ExprKind::Int(n) => {
            let literal = proc_macro2::Literal::usize_suffixed(*n as usize);
            quote!(#literal)
        }
        ExprKind::Dynamic(k) => leaf(*k),
        ExprKind::Tuple(items) => emit::tuple(items.iter().map(|i| entry(i, leaf)).collect()),
        _ => quote!(#private::X),
    }
}

/// The type of [`entry`]'s value.
pub fn entry_type(c: &Expr) -> TokenStream {
    let private = emit::private();
    match &c.kind {
        ExprKind::Int(_) | ExprKind::Dynamic(_) => quote!(usize),
        ExprKind::Tuple(items) => emit::tuple(items.iter().map(entry_type).collect()),
        _ => quote!(#private::X),
    }
}

/// The core's error for a partition's step (`local_tile(L, T, C, STEP)`,
/// `local_partition(L, THR, I, STEP)`) that does not project a written-out
/// tiler, coordinate or thread layout — CuTe's `dice` static_asserts
/// "Mismatched Ranks" — at the step, whatever the layout (named, or with
/// dynamic leaves: the core cannot see it while compiling, and `type`
/// would otherwise take a step of the wrong rank to the run-time path or
/// to an error over the whole call). A coordinate's dynamic entries are 0
/// here: only its ranks are read.
pub fn step_error(form: Partition, args: &[Expr]) -> Option<layout_core::Error> {
    use layout_core::algebra::{dice_coord, dice_threads, dice_tiler};
    use layout_core::{Coord, Value, eval};
    let [_, operand, coordinate, step] = args else {
        return None;
    };
    let written = |e: &Expr| !has_dynamic(e);
    let coord = |e: &Expr| match eval(e).ok()? {
        Value::IntTuple(t) => Some(Coord::from(t)),
        Value::Coord(c) => Some(c),
        _ => None,
    };
    let step_coord = coord(step).filter(|_| written(step))?;
    let error = match form {
        Partition::Threads => {
            let Some(Value::Layout(thr)) = written(operand).then(|| eval(operand).ok()).flatten()
            else {
                return None;
            };
            dice_threads(&step_coord, &thr).err()
        }
        _ => {
            let tiler = written(operand)
                .then(|| eval(operand).ok())
                .flatten()
                .and_then(|t| layout_core::algebra::Tiler::try_from(t).ok());
            let tiler_error = tiler.and_then(|t| dice_tiler(&step_coord, t).err());
            let plain = crate::tree::is_plain(coordinate) || written(coordinate);
            let placed = plain.then(|| crate::valid::placeholders(coordinate, 0));
            let coordinate_error = placed
                .as_ref()
                .and_then(coord)
                .and_then(|c| dice_coord(&step_coord, c).err());
            tiler_error.or(coordinate_error)
        }
    };
    error.map(|e| e.or_at(step.span))
}

/// A static step as the list type `Dice` takes: `C<1>` keeps, `X` drops.
pub fn step_list(marks: &[bool]) -> TokenStream {
    let private = emit::private();
    let kinds = marks.iter().map(|keep| match keep {
        true => quote!(#private::C<1>),
        false => quote!(#private::X),
    });
    quote!(<(#(#kinds,)*) as #private::IntoList>::List)
}

/// A mode as CuTe's composition sees it before dividing it by `tile`
/// (`layout.hpp`, `composition`: `detail::coalesce_x` of the mode, then
/// `composition_impl`): a mode of static leaves divided by one extent is
/// flattened, its leaves of extent 1 dropped, and neighbours merged where
/// `s_i·d_i == d_{i+1}` (`bw_coalesce`, right to left), one leaf if all
/// merge; a tuple of tiles does this per sub-mode. So `(4,8):(1,4)` by 2
/// is `32:1` by 2 (CuTe's rest `_16:_2`), and `(4,8):(1,8)` stays. A mode
/// with a dynamic leaf, whose last leaf is 1 (CuTe's `coalesce_x` then
/// keeps a placeholder extent) or whose merge overflows is kept as written.
pub fn coalesce_mode(shape: &Expr, stride: &Expr, tile: &Tile) -> (Expr, Expr) {
    let kept = || (shape.clone(), stride.clone());
    match (tile, &shape.kind, &stride.kind) {
        (Tile::Extent(_), ExprKind::Tuple(_), ExprKind::Tuple(_)) => {
            let (mut s, mut d) = (Vec::new(), Vec::new());
            leaves_of(shape, &mut s);
            leaves_of(stride, &mut d);
            let ints = |l: &[&Expr]| -> Option<Vec<i64>> {
                l.iter()
                    .map(|e| match e.kind {
                        ExprKind::Int(n) => Some(n),
                        _ => None,
                    })
                    .collect()
            };
            let (Some(s), Some(d)) = (ints(&s), ints(&d)) else {
                return kept();
            };
            match merge(&s, &d) {
                Some(merged) => {
                    let node = |kind| Expr {
                        kind,
                        span: shape.span,
                    };
                    let side = |pick: fn(&(i64, i64)) -> i64| match merged.as_slice() {
                        [one] => node(ExprKind::Int(pick(one))),
                        all => node(ExprKind::Tuple(
                            all.iter().map(|m| node(ExprKind::Int(pick(m)))).collect(),
                        )),
                    };
                    (side(|m| m.0), side(|m| m.1))
                }
                None => kept(),
            }
        }
        (Tile::Modes(tiles), ExprKind::Tuple(s), ExprKind::Tuple(d)) => {
            let (s, d): (Vec<_>, Vec<_>) = s
                .iter()
                .zip(d)
                .enumerate()
                .map(|(i, (s, d))| match tiles.get(i) {
                    Some(t) => coalesce_mode(s, d, t),
                    None => (s.clone(), d.clone()),
                })
                .unzip();
            let node = |kind| Expr {
                kind,
                span: shape.span,
            };
            (node(ExprKind::Tuple(s)), node(ExprKind::Tuple(d)))
        }
        _ => kept(),
    }
}

/// CuTe's `bw_coalesce` of static leaves `s:d`: `None` where the last
/// extent is 1 or a product overflows.
fn merge(s: &[i64], d: &[i64]) -> Option<Vec<(i64, i64)>> {
    let (&last_s, &last_d) = (s.last()?, d.last()?);
    if last_s == 1 {
        return None;
    }
    let mut out = vec![(last_s, last_d)];
    for (&si, &di) in s.iter().zip(d).rev().skip(1) {
        if si == 1 {
            continue;
        }
        let front = out[0];
        if si.checked_mul(di)? == front.1 {
            out[0] = (si.checked_mul(front.0)?, di);
        } else {
            out.insert(0, (si, di));
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::merge;
    use layout_core::Layout;

    /// CuTe's right-to-left merge of static leaves is the core's
    /// left-to-right `coalesce` (the merge condition chains), and keeps
    /// every offset: over all flat modes of 2 and 3 leaves of small
    /// extents and strides (the last extent not 1, which `merge` leaves).
    #[test]
    fn merge_is_the_cores_coalesce() {
        let (extents, strides) = ([1i64, 2, 3, 4], [0i64, 1, 2, 4, 8, -2]);
        let mut checked = 0;
        for n in 2..=3u32 {
            for e in 0..4usize.pow(n) {
                for t in 0..6usize.pow(n) {
                    let s: Vec<i64> = (0..n).map(|i| extents[e / 4usize.pow(i) % 4]).collect();
                    let d: Vec<i64> = (0..n).map(|i| strides[t / 6usize.pow(i) % 6]).collect();
                    let Some(merged) = merge(&s, &d) else {
                        assert_eq!(*s.last().unwrap(), 1);
                        continue;
                    };
                    let text = |s: &[i64], d: &[i64]| {
                        let j = |v: &[i64]| v.iter().map(i64::to_string).collect::<Vec<_>>();
                        format!("({}):({})", j(s).join(","), j(d).join(","))
                    };
                    let l: Layout = text(&s, &d).parse().unwrap();
                    let (ms, md): (Vec<i64>, Vec<i64>) = merged.iter().copied().unzip();
                    let m: Layout = text(&ms, &md).parse().unwrap();
                    let core = layout_core::coalesce(&l);
                    let core_modes: Vec<(i64, i64)> = core.leaf_modes().collect();
                    assert_eq!(merged, core_modes, "{l}");
                    for i in 0..l.size() {
                        assert_eq!(m.at(i).unwrap(), l.at(i).unwrap(), "{l} at {i}");
                    }
                    checked += 1;
                }
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
