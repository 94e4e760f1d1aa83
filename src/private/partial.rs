//! What the typed products (`layout!(type logical_product(…))` and the
//! regrouped ones, `layout-macros/src/product.rs`) call at run time for a
//! complement hole whose span does not divide its stride: CuTe divides
//! anyway (`min_stride / result_stride`, rounding down), and its product
//! is exact when `B` reaches only the copies below that hole.
//!
//! Why: the holes below the first such stride `d` are exact, so the copies
//! of `A`'s modes below `d` at the offsets `span·i`, `i < ⌊d / span⌋`, lie
//! side by side inside `[0, d)`; `A`'s modes from `d` up stack exactly
//! (every later hole must divide, checked as before), so their offsets
//! are multiples of `d` apart, and the sums stay distinct. If `B`'s
//! offsets stay below the product of the holes up to that one, the
//! product is `(A, C∘B)` with `C` a true partial complement: CuTe's answer,
//! and injective. Where `B` reaches further, CuTe's next copy jumps to the
//! rest's stride; that is no complement, so the product is refused,
//! naming the stride and the span that do not divide.

use super::algebra::AlgebraError;
use super::compose::complement_hole;

/// The holes seen so far: their product (saturating), and once a hole was
/// rounded down, the product up to it (`limit`) with its stride and span.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Holes {
    below: usize,
    limit: usize,
    stride: usize,
    span: usize,
}

impl Holes {
    /// After static holes whose product is `below`, none rounded.
    #[inline]
    pub const fn new(below: usize) -> Holes {
        Holes {
            below,
            limit: usize::MAX,
            stride: 0,
            span: 0,
        }
    }
}

/// A product's hole below a static `stride` over the `span` of the modes
/// below (`exact`: the span the core sees, see `complement_hole`): exact
/// when `span` divides `stride`; rounded down once, where no mode below
/// has a dynamic extent 1 (`span == exact`) and the hole is not empty;
/// otherwise `complement_hole`'s errors.
#[inline]
pub const fn product_hole(
    function: &'static str,
    stride: usize,
    span: usize,
    exact: usize,
    holes: Holes,
) -> Result<(usize, Holes), AlgebraError> {
    let rounded = span != 0 && stride % span != 0;
    let hole = if rounded && holes.limit == usize::MAX && span == exact && stride > span {
        stride / span
    } else {
        match complement_hole(function, stride, span, exact) {
            Ok(hole) => hole,
            Err(e) => return Err(e),
        }
    };
    let below = holes.below.saturating_mul(hole);
    let next = if rounded {
        Holes {
            below,
            limit: below,
            stride,
            span,
        }
    } else {
        Holes { below, ..holes }
    };
    Ok((hole, next))
}

/// `B`, whose offsets reach `cosize - 1`, stays in the copies below the
/// rounded hole (if there was one); else the hole's stride and span.
#[inline]
pub const fn product_fits(
    function: &'static str,
    cosize: usize,
    holes: Holes,
) -> Result<(), AlgebraError> {
    if cosize <= holes.limit {
        Ok(())
    } else {
        Err(AlgebraError::NotComplementable {
            function,
            stride: holes.stride,
            span: holes.span,
        })
    }
}
