//! What the typed products (`layout!(type logical_product(…))`, the
//! regrouped ones and `blocked_product`/`raked_product`,
//! `layout-macros/src/typed/product.rs`) call at run time for a complement hole
//! whose span does not divide its stride: CuTe divides anyway
//! (`min_stride / result_stride`, rounding down), and its product is exact
//! when `B` reaches only the copies below that hole.
//!
//! The rule, and why it is exact, is the core's
//! (`layout_core::algebra::ProductHoles`, which the core's own products
//! follow): these functions are its `usize` face with the facade's errors,
//! so every door answers the same set. One thing only the typed door has:
//! a dynamic extent 1 below the hole (`span != exact`), where the core,
//! which drops that mode, sees other holes; such a hole is never rounded.

use layout_core::algebra::{ProductHoles, RoundedHole};

use super::algebra::AlgebraError;
use super::compose::complement_hole;

/// The holes seen so far: their product (saturating), and once a hole was
/// rounded down, the product up to it with its stride and span (the
/// core's [`ProductHoles`], counted in `u64`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holes(ProductHoles);

impl Holes {
    /// After static holes whose product is `below`, none rounded.
    #[must_use]
    #[inline]
    pub const fn new(below: usize) -> Holes {
        Holes(ProductHoles::new(below as u64))
    }

    /// After static holes whose product is `below`, one of which, below
    /// `stride` over `span`, was rounded down, the product of the holes up
    /// to it being `limit` (the typed products decide their static holes
    /// while compiling, by the same rule).
    #[must_use]
    #[inline]
    pub const fn rounded(below: usize, stride: usize, span: usize, limit: usize) -> Holes {
        let rounded = RoundedHole {
            stride: stride as u64,
            span: span as u64,
            hole: match stride.checked_div(span) {
                Some(hole) => hole as u64,
                None => 0,
            },
            limit: limit as u64,
        };
        Holes(ProductHoles::from_parts(below as u64, Some(rounded)))
    }
}

/// A product's hole below a static `stride` over the `span` of the modes
/// below (`exact`: the span the core sees, see `complement_hole`): the
/// core's rule ([`ProductHoles::next`]: exact when `span` divides
/// `stride`, else rounded down if `stride > span`) where no mode
/// below has a dynamic extent 1 (`span == exact`); otherwise
/// `complement_hole`'s answer or errors.
#[inline]
pub const fn product_hole(
    function: &'static str,
    stride: usize,
    span: usize,
    exact: usize,
    holes: Holes,
) -> Result<(usize, Holes), AlgebraError> {
    // usize → u64 is lossless; a hole is at most `stride`, a usize.
    if span == exact || (span != 0 && stride % span == 0) {
        if let Ok((hole, next)) = holes.0.next(stride as u64, span as u64) {
            return Ok((hole as usize, Holes(next)));
        }
    }
    match complement_hole(function, stride, span, exact) {
        Ok(hole) => Ok((hole, Holes(holes.0.times(hole as u64)))),
        Err(e) => Err(e),
    }
}

/// `B`, whose offsets reach `cosize - 1`, stays in the copies below the
/// rounded hole (if there was one, [`ProductHoles::fits`]); else the
/// hole's stride and span.
#[inline]
pub const fn product_fits(
    function: &'static str,
    cosize: usize,
    holes: Holes,
) -> Result<(), AlgebraError> {
    match holes.0.rounded() {
        Some(r) if !holes.0.fits(cosize as u64) => Err(AlgebraError::NotComplementable {
            function,
            stride: r.stride as usize,
            span: r.span as usize,
        }),
        _ => Ok(()),
    }
}
