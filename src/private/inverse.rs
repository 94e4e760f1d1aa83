//! The run-time check of `layout!(type right_inverse(L))`
//! (layout-macros/src/inverse.rs): the typed result's modes are decided
//! while compiling from `L`'s static strides, as CuTe's are; this says when
//! a run-time extent would make the core take other modes, so the typed
//! path returns an error instead of a different layout.

use super::algebra::AlgebraError;

/// `right_inverse`: the chain of modes the typed result holds ends at a
/// dynamic `reach`; a mode `extent:stride` left out with `stride == reach`
/// and `extent > 1` would continue the core's chain.
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
