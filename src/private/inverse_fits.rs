//! The run-time check that the operand of `layout!(type right_inverse(L))`
//! or `left_inverse(L)` is a layout the core accepts: its size and offsets fit `i64`
//! (`layout_core::Layout::new`). The typed result does not show `L`'s
//! offsets (`right_inverse((2,4):(i64::MAX,1))` is `4:2`), so without the
//! check the typed path answered where the core refuses. Where the
//! inverse has its own run-time comparisons (inverse.rs), the bound joins
//! them and its cold construction runs [`offsets_fit`] first: one branch
//! and one cold call for both; the start of a mode of the inverse (a
//! product of `L`'s extents) may then be refused first, with
//! `ProductOverflow`, where it passes `usize` or `i64`.

use super::algebra::AlgebraError;

/// An error unless `L`'s flat `leaves` `(extent, stride)` give a size and
/// offsets within `i64::MAX`, as the core requires. `quick` is the
/// caller's one comparison (every run-time leaf below a bound the macro
/// computed from the static leaves, under which both fit); only where it
/// fails does the exact check run, cold, on the values `leaves` gives.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf where the size
/// or the largest offset passes `i64::MAX` (or a leaf above it).
#[inline(always)]
pub fn operand_fits<const N: usize>(
    function: &'static str,
    quick: bool,
    leaves: impl FnOnce() -> [(usize, usize); N],
) -> Result<(), AlgebraError> {
    if quick {
        Ok(())
    } else {
        fits_exactly(function, leaves(), false)
    }
}

/// [`operand_fits`] for `left_inverse`, whose core construction also
/// multiplies each mode's extent by its stride (the span the next stride
/// must start past): an error too where that passes `i64::MAX` for a leaf
/// of extent above 1 and nonzero stride (a mode the core's coalesce
/// merges spans what its last leaf spans).
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first such leaf.
#[inline(always)]
pub fn left_operand_fits<const N: usize>(
    function: &'static str,
    quick: bool,
    leaves: impl FnOnce() -> [(usize, usize); N],
) -> Result<(), AlgebraError> {
    if quick {
        Ok(())
    } else {
        fits_exactly(function, leaves(), true)
    }
}

/// [`operand_fits`] past its comparison: the core's rule (fits.rs,
/// [`CoreFit`](super::fits::CoreFit)) on `L`'s leaves, an operand (with
/// `spans` each leaf's `extent·stride` too).
#[cold]
#[inline(never)]
fn fits_exactly<const N: usize>(
    function: &'static str,
    leaves: [(usize, usize); N],
    spans: bool,
) -> Result<(), AlgebraError> {
    let mut fit = super::fits::CoreFit::NEW;
    for (extent, stride) in leaves {
        fit = fit.leaf(extent, stride, spans);
    }
    fit.verdict(function, false)
}

/// The exact check of [`operand_fits`], also run first by the
/// inverse's own cold construction (inverse_construct.rs), where the macro joins
/// the two comparisons into one branch.
pub(super) fn offsets_fit<const N: usize>(
    function: &'static str,
    leaves: [(usize, usize); N],
) -> Result<(), AlgebraError> {
    fits_exactly(function, leaves, false)
}
