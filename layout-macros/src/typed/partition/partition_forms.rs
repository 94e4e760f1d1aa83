//! Which typed partition a call is (partition.rs's `rule`): the forms
//! of `local_tile`/`inner_partition`, `outer_partition` and
//! `local_partition`, and the checks of their tiler, coordinate and
//! thread layout that decide whether the call is typed at all (else it
//! goes to the core at run time, runtime.rs).

use layout_core::Layout;
use layout_core::Value;
use layout_core::expr::{Expr, ExprKind};

use crate::emit;
use crate::typed::partition::partition_args::{
    Tile, is_index, is_underscore, nested_entries, tiles,
};

/// Which typed partition a call is.
pub(crate) enum Form<'a> {
    /// `local_tile`/`inner_partition`: the tiler's tiles and one
    /// coordinate entry (`Int`, `Dynamic`, `_`, or a tuple of them for a
    /// mode tiled by a tuple) per mode.
    Tile(Vec<Tile>, Vec<&'a Expr>),
    /// `outer_partition`: the tiler's tiles, one entry per mode (an
    /// integer, or a tuple of them for a mode tiled by a tuple).
    Outer(Vec<Tile>, Vec<&'a Expr>),
    /// `outer_partition` whose coordinate has `_` for some tile modes (kept,
    /// first, as CuTe's `tensor_tiled((c…), (_…))`) or fewer entries than
    /// the tiler: the facade's `OuterTiler` (the grid sliced, `Short`).
    OuterX(Vec<Tile>, Vec<&'a Expr>),
    /// `local_tile`/`inner_partition` at one integer: the tile-grid index
    /// (partition_index.rs).
    TileIndex(Vec<Tile>, &'a Expr),
    /// `outer_partition` at one integer: the element index in the tile.
    OuterIndex(Vec<Tile>, &'a Expr),
    /// `local_partition`: the thread layout, the index (or the thread's
    /// coordinate in it), the step's marks.
    Threads(Layout, &'a Expr, Option<Vec<bool>>),
}

/// `local_tile`'s tiler and coordinate, projected by the step's marks; a
/// tuple coordinate entry only where its mode's tile is a tuple.
pub(crate) fn tile<'a>(t: &'a Expr, c: &'a Expr, step: Option<Vec<bool>>) -> Option<Form<'a>> {
    let (mut tiles, mut coord) = (tiles(t)?, nested_entries(c)?);
    if let Some(marks) = step {
        if marks.len() != tiles.len() || marks.len() != coord.len() {
            return None;
        }
        let kept = |i: &usize| marks[*i];
        tiles = (0..tiles.len())
            .filter(kept)
            .map(|i| tiles[i].clone())
            .collect();
        coord = (0..coord.len()).filter(kept).map(|i| coord[i]).collect();
    }
    // The coordinate may be shorter than the tiler (CuTe pads it with `_`)
    // or longer (its entries past the tiler slice the modes kept whole,
    // checked against them in `Rule::fits`).
    let takes = tiles.iter().zip(&coord).all(|(t, c)| t.takes(c));
    takes.then_some(Form::Tile(tiles, coord))
}

/// Whether `c` slices a mode `mode` that no tile divides (a mode past the
/// tiler, which `local_tile` keeps whole): an integer, a dynamic leaf or
/// `_`; a tuple only for a tuple mode of its rank, entry by entry.
pub(crate) fn slices_whole(c: &Expr, mode: &Expr) -> bool {
    match (&c.kind, &mode.kind) {
        (ExprKind::Int(n), _) => *n >= 0,
        (ExprKind::Dynamic(_), _) => true,
        (ExprKind::Tuple(cs), ExprKind::Tuple(ms)) => {
            cs.len() == ms.len() && cs.iter().zip(ms).all(|(c, m)| slices_whole(c, m))
        }
        _ => is_underscore(c),
    }
}

/// `local_partition`'s thread layout: static, of any nesting the typed
/// layouts take, its extent-1 leaves at coordinate 0 and its other
/// strides positive (CuTe's idx2crd).
pub(crate) fn threads<'a>(
    thr: &Expr,
    index: &'a Expr,
    step: Option<Vec<bool>>,
) -> Option<Form<'a>> {
    if crate::tree::has_dynamic(thr) || !matches!(thr.kind, ExprKind::Layout(..)) {
        return None;
    }
    let Ok(Value::Layout(thr)) = layout_core::eval(thr) else {
        return None;
    };
    let positive = thr.leaf_modes().all(|(s, d)| s == 1 || d > 0);
    let step_ok = step.as_ref().is_none_or(|m| m.len() == thr.rank());
    let typable = emit::layout_type(&thr, true).is_ok();
    (positive
        && (is_index(index) || thread_coordinate(index, thr.shape(), true))
        && step_ok
        && typable
        && matches!(thr.shape(), layout_core::IntTuple::Tuple(_)))
    .then_some(Form::Threads(thr, index, step))
}

/// A thread coordinate in the thread layout's shape `shape`, as the
/// facade's `ThreadIndex` takes it: at the top, one entry per top-level
/// mode; each entry an integer (static or dynamic) for its whole mode, or a
/// tuple nested like the mode. Another rank is the core's error at the
/// coordinate (valid.rs), so it is not typed.
fn thread_coordinate(c: &Expr, shape: &layout_core::IntTuple, top: bool) -> bool {
    use layout_core::IntTuple;
    match (&c.kind, shape) {
        (ExprKind::Tuple(cs), IntTuple::Tuple(ss)) => {
            cs.len() == ss.len()
                && cs
                    .iter()
                    .zip(ss)
                    .all(|(c, s)| thread_coordinate(c, s, false))
        }
        _ => !top && is_index(c),
    }
}
