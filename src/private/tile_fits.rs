//! The check past `i64` of a masked tile of a tensor
//! (`tensor::typed::local_tile_masked`, `local_tile_step_masked`): the
//! tile alone, each run-time leaf compared with the largest value that
//! keeps every layout of the tile's type within the core's rule, a
//! constant computed while compiling from the type ([`leaf_bound`]).
//!
//! Why the tile alone: the tensor's layout is one the core holds
//! (`Tensor::new`'s check), so [`partition_fits`](super::partition_fits)'s
//! reading of it (`(m|n) < 2^31` for `(m,n):(1,m)`) adds nothing; the
//! tile still needs its own check, since past its residue no engine bounds
//! it (a mode of extent 1 and any stride, tiled by 4; `(32,8):(1,m)`
//! reaches `7m + 31`, past `i64` where `(m,1):(1,m)` fits).
//!
//! Why not a power of two: `m < 2^60` compiles to a copy, a shift and a
//! branch (`shr` and `jne` do not fuse), `m ≤ (2^63 - 32) / 7` to one
//! comparison with a register (the bound loaded once, before the caller's
//! loop) and its branch, which fuse: benches/cute_paired's
//! `tile_read_masked` (BENCHMARKS.md, "maskread").

use layout_core::Error;

use super::fits_bound::walk;
use super::fits_value::FitsCore;
use super::int::Offset;
use super::layout::Layout;
use super::slice_base::fits_exactly;
use super::text::Node;
use super::tree::{Mode, Tree};
use super::walk::Form;

const MAX: u128 = i64::MAX as u128;

/// `Ok(())` where a masked tile of a tensor fits the core's `i64` as a
/// partition's result (fits.rs's `CoreFit`): every run-time leaf (a stride
/// by its magnitude) at most `leaf_bound` of the tile's type, one
/// comparison each (none for a static leaf: it folds); else the exact
/// check, out of line and cold. Only the tile is read: its operand is a
/// tensor's layout, which the core holds.
///
/// # Errors
/// [`ErrorKind::Overflow`](layout_core::ErrorKind::Overflow) where the
/// tile passes `i64::MAX`.
#[inline(always)]
pub fn tensor_tile_fits<P: FitsCore>(tile: &P) -> Result<(), Error> {
    if const { P::ALWAYS_FITS } {
        return Ok(());
    }
    match const { P::LEAF_BOUND } {
        Some(bound) if tile.leaves_at_most(bound) => Ok(()),
        _ => fits_exactly((), *tile),
    }
}

/// Whether every leaf of `layout` (a stride by its magnitude) is at most
/// `bound`: [`FitsCore::leaves_at_most`] of a layout.
#[inline(always)]
pub(super) fn leaves_at_most<S: Mode<D>, D: Tree, I: Offset>(
    layout: &Layout<S, D, I>,
    bound: usize,
) -> bool {
    let (shape, stride) = (layout.shape().desc(), S::strides(&layout.stride()));
    let mut within = true;
    S::Form::leaves(&shape, &stride, &mut |e, d| {
        let d = if I::SIGNED {
            (d as isize).unsigned_abs()
        } else {
            d
        };
        // `&`, not `&&`: one flag, no branch per leaf.
        within &= (e <= bound) & (d <= bound);
    });
    within
}

/// The largest `v` such that every layout of these trees whose run-time
/// leaves are at most `v` has its offsets and its size within
/// `i64::MAX` (the core's rule; its static leaves as they are), or
/// `None` where none is (the static leaves alone pass it: every layout
/// goes to the exact check). Fitting is monotone in `v`: the largest by
/// bisection, 63 walks, once per tile type while compiling.
pub(super) const fn leaf_bound(shape: Node, stride: Node) -> Option<usize> {
    if !fits_at(shape, stride, 0) {
        return None;
    }
    let (mut lo, mut hi) = (0u128, MAX);
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits_at(shape, stride, mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Some(lo as usize)
}

/// Whether every layout of these trees with run-time leaves `v` fits:
/// its offsets' reach and its size within `i64::MAX`.
const fn fits_at(shape: Node, stride: Node, v: u128) -> bool {
    let (mut span, mut size, mut small) = (0u128, 1u128, true);
    walk(shape, stride, v, (&mut span, &mut size), &mut small);
    span <= MAX && size <= MAX
}
