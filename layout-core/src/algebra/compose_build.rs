//! Building composition's result: the shape of `B` with each leaf replaced
//! by its modes, checked once for the whole (composition.rs, divisible.rs).

use alloc::vec::Vec;

use crate::error::Result;
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::{Layout, fits_without_zero};

/// A result's leaf modes as slices, for `build`.
pub(super) struct Built<'a> {
    pub(super) modes: &'a [(i64, i64)],
    pub(super) ends: &'a [usize],
}

impl Built<'_> {
    /// Leaf `m`'s modes (as [`LeafModes::leaf`]).
    #[inline]
    fn leaf(&self, m: usize) -> &[(i64, i64)] {
        let start = if m == 0 { 0 } else { self.ends[m - 1] };
        &self.modes[start..self.ends[m]]
    }
}

/// `shape` (a part of `B`) with leaf `m` replaced by the result's modes
/// for it, `next` counting the leaves.
pub(super) fn build(
    shape: &IntTuple,
    result: &Built<'_>,
    next: &mut usize,
    check: bool,
) -> Result<(IntTuple, IntTuple)> {
    match shape {
        Int(_) => {
            *next += 1;
            leaf_parts(result.leaf(*next - 1), check)
        }
        Tuple(modes) => {
            let (mut shapes, mut strides) = (
                Vec::with_capacity(modes.len()),
                Vec::with_capacity(modes.len()),
            );
            for mode in modes {
                let (s, d) = build(mode, result, next, check)?;
                shapes.push(s);
                strides.push(d);
            }
            level(shapes, strides, check)
        }
    }
}

/// The layout `build` makes. Its reference semantics check every level it
/// builds (`build(true)`: each as `Layout::new` would, so the first failing
/// check names the error). Most results are valid and have no extent 0, and
/// then one check of the whole suffices: every level's size and span are at
/// most the whole's. So build unchecked first, check once, and rebuild with
/// every check only when that fails (for the exact error, or the rare
/// valid result with an extent 0).
pub(super) fn checked_once(build: impl Fn(bool) -> Result<(IntTuple, IntTuple)>) -> Result<Layout> {
    if let Ok((shape, stride)) = build(false) {
        if fits_without_zero(&shape, &stride) {
            return Ok(Layout::from_valid(shape, stride));
        }
    }
    // Checked at its top level too.
    let (shape, stride) = build(true)?;
    Ok(Layout::from_valid(shape, stride))
}

/// One level of a result from its modes' parts, checked as `Layout::new`
/// checks it if `check`.
pub(super) fn level(
    shapes: Vec<IntTuple>,
    strides: Vec<IntTuple>,
    check: bool,
) -> Result<(IntTuple, IntTuple)> {
    let (shape, stride) = (Tuple(shapes), Tuple(strides));
    if check {
        return Layout::new(shape, stride).map(Layout::into_parts);
    }
    Ok((shape, stride))
}

/// The parts of `Layout::from_leaf_modes(modes)` (`modes` not empty),
/// checked as it checks them if `check`.
#[inline]
pub(super) fn leaf_parts(modes: &[(i64, i64)], check: bool) -> Result<(IntTuple, IntTuple)> {
    if check {
        return Layout::from_leaf_modes(modes).map(Layout::into_parts);
    }
    Ok(match *modes {
        [(s, d)] => (Int(s), Int(d)),
        _ => (
            Tuple(modes.iter().map(|m| Int(m.0)).collect()),
            Tuple(modes.iter().map(|m| Int(m.1)).collect()),
        ),
    })
}
