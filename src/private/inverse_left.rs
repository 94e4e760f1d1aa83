//! The run-time checks of `layout!(type left_inverse(L))`
//! (layout-macros/src/typed/left_inverse.rs): where a run-time extent or
//! stride would make the core take other modes than the typed result's,
//! fixed while compiling, or make `L` overlap itself (no left inverse).

use super::algebra::AlgebraError;

/// `left_inverse`'s modes of stride 0 (`reach` 0, `stride` 0): an error
/// where the mode `extent:stride` meets the reach with `extent > 1`; only
/// the last such mode stays in CuTe's result, where the core's merges
/// them all.
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
