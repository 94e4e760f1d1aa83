//! The cold paths of `reach.rs`'s [`check_fits`](super::reach::check_fits):
//! a compact layout past the inline size, the core's own rule, and the
//! refusals with their errors. Out of line and cold, the trees by value,
//! so that the caller's loop keeps its values in registers.

use layout_core::{DomainError, Error};

use super::int::Offset;
use super::layout::Layout;
use super::reach::{Colex, Reach};
use super::tree::{Mode, Tree};

/// [`check_fits`] of a compact layout the inline comparison did not
/// accept: one over `reach.rs`'s `HOT_SIZE` elements that fits the buffer is accepted
/// (held by the core, as `check_fits` says of every compact layout that
/// fits), any other refused as before ([`refused_unsigned`]). Cold, the
/// trees by value.
#[cold]
#[inline(never)]
pub(super) fn compact_past_hot<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    shape: S,
    stride: D,
    base: usize,
    len: usize,
) -> Result<(), Error> {
    if let Colex::Size(size) = shape.colex_size(&stride, Colex::Size(1)) {
        if size != 0 && base.saturating_add(size) <= len {
            return Ok(());
        }
    }
    refused_unsigned::<S, D, I>(shape, stride, base, len)
}

/// [`check_fits`] of a non-negative layout that is not compact, whose
/// largest offset the inline comparison (with `min(len, HOT_SIZE)`) did
/// not accept: one whose offsets lie in `0..len` is asked the core's own
/// rule ([`core_holds`], the answer of `held_by_core`'s quick test or
/// its cold check), any other refused as before ([`refused_unsigned`]).
/// Cold, the trees by value.
#[cold]
#[inline(never)]
pub(super) fn reach_past_hot<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    shape: S,
    stride: D,
    base: usize,
    len: usize,
) -> Result<(), Error> {
    if base.saturating_add(shape.reach_saturating(&stride)) < len {
        return core_holds(Layout::<S, D, I>::from_parts(shape, stride), len);
    }
    refused_unsigned::<S, D, I>(shape, stride, base, len)
}

/// The core's own rule, the conversion the tensor's run-time methods
/// make, asked of every layout the quick test does not clear: an empty
/// one too (its run-time walks have nothing to walk, but `view` and
/// `slice` build its core form), and over a buffer of more than
/// `i64::MAX` zero-sized elements (the core's range is the tensor's).
#[cold]
#[inline(never)]
pub(super) fn core_holds<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    layout: Layout<S, D, I>,
    _len: usize,
) -> Result<(), Error> {
    layout.to_core().map(|_| ())
}

/// [`refused`] for a non-negative layout whose checked sums refused: the
/// largest offset (saturated at `i128::MAX` when it passes `usize::MAX`)
/// for the error, computed again off the hot path. Cold, the trees by
/// value (as `refused`).
#[cold]
#[inline(never)]
pub(super) fn refused_unsigned<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    shape: S,
    stride: D,
    base: usize,
    len: usize,
) -> Result<(), Error> {
    // Saturated: the true offset is past `usize::MAX` (or is it).
    let high = match base.saturating_add(shape.reach_saturating(&stride)) {
        usize::MAX => i128::MAX,
        high => high as i128,
    };
    refused::<S, D, I>(shape, stride, "the tensor's largest offset", high, len)
}

/// The answer when the sums refuse: for an empty layout (it fits any
/// buffer) the core's answer, `Ok` when it holds the layout, its overflow
/// error when a value passes `i64::MAX`; the out-of-range error otherwise.
/// Out of line and cold, and asked only here, so that a layout that fits
/// pays nothing for the empty case: for a non-negative layout a leaf of
/// extent 0 gives a reach past any length (`usize::MAX·d` overflows, or is
/// `usize::MAX`, or 0 for `d = 0`), so an empty layout lands here or in
/// `held_by_core`. The trees come by value (a reference would make the
/// caller store them on the hot path), the offset type `I` named.
#[cold]
#[inline(never)]
pub(super) fn refused<S: Mode<D> + Reach<D>, D: Tree, I: Offset>(
    shape: S,
    stride: D,
    what: &'static str,
    index: i128,
    len: usize,
) -> Result<(), Error> {
    if shape.any_empty() {
        return core_holds(Layout::<S, D, I>::from_parts(shape, stride), len);
    }
    let index = i64::try_from(index).unwrap_or(if index < 0 { i64::MIN } else { i64::MAX });
    let size = i64::try_from(len).unwrap_or(i64::MAX);
    Err(DomainError::IndexOutOfRange { what, index, size }.into())
}
