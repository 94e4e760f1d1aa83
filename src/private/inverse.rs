//! The run-time checks of `layout!(type right_inverse(L))` and
//! `layout!(type left_inverse(L))` (layout-macros/src/typed/inverse.rs,
//! left_inverse.rs): the typed result's modes are decided while compiling
//! from `L`'s static strides, as CuTe's are; these say when a run-time
//! extent or stride would make the core take other modes, so the typed
//! path returns an error instead of a different layout, and when a
//! run-time extent makes `L` overlap itself (no left inverse).
//!
//! Here `right_inverse`'s quick comparisons and its two entry points; the
//! core's construction they fall back to is inverse_construct.rs, and
//! `left_inverse`'s checks are inverse_left.rs.

use super::algebra::AlgebraError;
use super::inverse_construct::right_inverse_construct;

/// `right_inverse`'s quick comparisons: whether the core's coalesce
/// merges the mode `extent:stride` with the mode `next_extent:next_stride`
/// after it, the modes between them all of extent 1 (`between_one`):
/// `extent·stride == next_stride`, both extents above 1.
#[inline]
#[must_use]
pub const fn inverse_merges(
    extent: usize,
    stride: usize,
    between_one: bool,
    next_extent: usize,
    next_stride: usize,
) -> bool {
    let meets = match extent.checked_mul(stride) {
        Some(span) => span == next_stride,
        None => false,
    };
    meets && between_one && extent > 1 && next_extent > 1
}

/// `right_inverse`'s quick comparisons: whether the product of `factors`
/// is `stride` (never where the product overflows, as the core's reach
/// stops there).
#[inline]
#[must_use]
pub const fn reach_is<const K: usize>(stride: usize, factors: [usize; K]) -> bool {
    let mut product = 1usize;
    let mut i = 0;
    while i < K {
        product = match product.checked_mul(factors[i]) {
            Some(p) => p,
            None => return false,
        };
        i += 1;
    }
    product == stride
}

/// `right_inverse`: whether the typed chain `typed` (the modes of `L` it
/// took, `(extent, stride, where the mode starts in L's domain)`, in
/// order), decided while compiling from `L`'s static strides as CuTe's
/// is, gives the core's layout at these values of `L`'s flat `leaves`.
/// The core's construction is run on the values (its coalesce, CuTe's
/// exchange sort by stride, the fold taking each mode whose stride is the
/// reach) and the two results compared coalesced; where they differ, the
/// error names the first mode where the two chains part (the core's, or
/// the typed chain's where the core's ends first). Where `quick` holds
/// (the caller's comparisons, a few per mode, showed the core takes the
/// typed modes, `L`'s leaves below inverse_fits.rs's bound), nothing more
/// runs: the construction is the cold path, `values` called only there.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] where `L` passes `i64` (the core
/// refuses it); [`AlgebraError::InverseMode`] where the layouts differ.
#[inline(always)]
pub fn right_inverse_is_cores<const N: usize, const M: usize>(
    function: &'static str,
    quick: bool,
    values: impl FnOnce() -> Inverse<N, M>,
) -> Result<(), AlgebraError> {
    if quick {
        Ok(())
    } else {
        right_inverse_construct(function, values, Read::Layout)
    }
}

/// [`right_inverse_is_cores`] for a `right_inverse` that is the operand
/// of a one-argument `complement` (layout-macros/src/typed/read.rs): the
/// outer call reads only its complement up to its cosize, so the check
/// compares the complements of the core's result and the typed one (the
/// gaps between the modes each chain took, `same_complement`) instead
/// of the results: `complement(right_inverse((4,5):(d,4)))` at `d = 1`,
/// where the core's inverse is `20:1` and the typed one `1:0`, both with
/// the complement `1:0`. Where `quick` holds the results are one, and so
/// are their complements.
///
/// # Errors
/// [`AlgebraError::InverseMode`] where the two complements differ.
#[inline(always)]
pub fn right_inverse_complement_is_cores<const N: usize, const M: usize>(
    function: &'static str,
    quick: bool,
    values: impl FnOnce() -> Inverse<N, M>,
) -> Result<(), AlgebraError> {
    if quick {
        Ok(())
    } else {
        right_inverse_construct(function, values, Read::Complement)
    }
}

/// What the call around the `right_inverse` reads of it: the layout, or
/// its complement alone.
#[derive(Clone, Copy)]
pub(super) enum Read {
    Layout,
    Complement,
}

/// `L`'s flat leaves `(extent, stride)` and the typed chain's modes
/// `(extent, stride, start)`.
pub type Inverse<const N: usize, const M: usize> =
    ([(usize, usize); N], [(usize, usize, usize); M]);
