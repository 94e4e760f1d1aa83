//! The run-time checks of `layout!(type right_inverse(L))` and
//! `layout!(type left_inverse(L))` (layout-macros/src/typed/inverse.rs,
//! left_inverse.rs): the typed result's modes are decided while compiling
//! from `L`'s static strides, as CuTe's are; these say when a run-time
//! extent or stride would make the core take other modes, so the typed
//! path returns an error instead of a different layout, and when a
//! run-time extent makes `L` overlap itself (no left inverse).

use super::algebra::AlgebraError;

/// `right_inverse`: a mode `extent:stride` the typed chain left out meets
/// one of the chain's reaches (`stride == reach`, `extent > 1`): where
/// `reach` is the chain's end, it would continue the core's chain; where
/// the chain went on through a mode after it, the core would take it
/// first. Also `left_inverse`'s modes of stride 0 (`reach` 0): only the
/// last stays in CuTe's result, where the core's merges them all.
#[inline]
pub const fn inverse_stops(
    function: &'static str,
    reach: usize,
    extent: usize,
    stride: usize,
) -> Result<(), AlgebraError> {
    if reach == stride && extent > 1 {
        Err(AlgebraError::InverseMode {
            function,
            extent,
            stride,
        })
    } else {
        Ok(())
    }
}

/// `right_inverse`: the mode `extent:stride`, which the typed chain left
/// out, and the chain's mode of stride `next_stride` after it, the modes
/// between them all of extent 1 (`between_one`): the core's coalesce
/// merges the two (`extent·stride == next_stride`, both extents above 1),
/// so its chain cannot enter the second where the typed chain does.
#[inline]
pub const fn inverse_merges(
    function: &'static str,
    extent: usize,
    stride: usize,
    between_one: bool,
    next_extent: usize,
    next_stride: usize,
) -> Result<(), AlgebraError> {
    let meets = match extent.checked_mul(stride) {
        Some(span) => span == next_stride,
        None => false,
    };
    if meets && between_one && extent > 1 && next_extent > 1 {
        Err(AlgebraError::InverseMode {
            function,
            extent,
            stride,
        })
    } else {
        Ok(())
    }
}

/// `right_inverse`: the chain's mode `extent:stride` and the mode
/// `next_extent:next_stride` after it, which the typed chain left out, the
/// modes between them all of extent 1 (`between_one`): the core's coalesce
/// merges the two, so its chain goes on from their merged span where the
/// typed chain takes another mode. The error names the mode left out.
#[inline]
pub const fn inverse_merged_into(
    function: &'static str,
    extent: usize,
    stride: usize,
    between_one: bool,
    next_extent: usize,
    next_stride: usize,
) -> Result<(), AlgebraError> {
    match inverse_merges(
        function,
        extent,
        stride,
        between_one,
        next_extent,
        next_stride,
    ) {
        Ok(()) => Ok(()),
        Err(_) => Err(AlgebraError::InverseMode {
            function,
            extent: next_extent,
            stride: next_stride,
        }),
    }
}

/// `left_inverse`: a mode of dynamic extent and nonzero `stride`, which
/// the core drops where the extent is 1 and the typed result keeps (its
/// modes were fixed while compiling, as CuTe's). The two agree only where
/// the mode is the one of largest stride and starts where the mode below
/// it ends (`below_span == stride`; `None`: no mode below it).
#[inline]
pub const fn left_unit(
    function: &'static str,
    extent: usize,
    stride: usize,
    below_span: Option<usize>,
) -> Result<(), AlgebraError> {
    let ends_there = match below_span {
        Some(span) => span == stride,
        None => false,
    };
    if extent == 1 && !ends_there {
        Err(AlgebraError::InverseMode {
            function,
            extent,
            stride,
        })
    } else {
        Ok(())
    }
}

/// `extent · stride`, `usize::MAX` where it overflows (a span no stride
/// reaches).
#[inline]
#[must_use]
pub const fn left_span(extent: usize, stride: usize) -> usize {
    match extent.checked_mul(stride) {
        Some(span) => span,
        None => usize::MAX,
    }
}

/// `left_inverse`: `stride`, the next larger after the mode of span
/// `span`, starts inside it (the core's `LeftInverseOverlap`).
#[inline]
pub const fn left_overlap(
    function: &'static str,
    stride: usize,
    span: usize,
) -> Result<(), AlgebraError> {
    if stride < span {
        Err(AlgebraError::LeftInverseOverlap {
            function,
            stride,
            span,
        })
    } else {
        Ok(())
    }
}
