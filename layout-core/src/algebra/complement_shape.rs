//! `complement(A, SHAPE)`: CuTe's complement with a tuple cotarget, a thin
//! layer over the integer [`complement`].

use super::complement;
use crate::error::{DomainError, Result, mul};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// The complement of `a` up to the shape `cotarget` (CuTe's
/// `complement(layout, cotarget)` with a tuple cotarget).
///
/// CuTe does not use the cotarget's size here: past the span `S` of `a`'s
/// modes it repeats `a` `size(ceil_div(cotarget, S))` times, where
/// `ceil_div` divides the cotarget's extents by `S` left to right, each by
/// what the ones before have not absorbed. So `complement(2:2, (3,5))` is
/// `(2,3):(1,4)`, where `complement(2:2, 15)` is `(2,4):(1,4)`. An integer
/// cotarget is the integer complement.
///
/// # Errors
///
/// [`OutOfRange`](crate::DomainError::OutOfRange) for an extent of a tuple cotarget
/// below 1 (CuTe divides by it); the errors of [`complement`].
///
/// ```
/// use layout_core::{complement_to_shape, Layout};
/// let a: Layout = "2:2".parse().unwrap();
/// let c = complement_to_shape(&a, &"(3,5)".parse().unwrap()).unwrap();
/// assert_eq!(c.to_string(), "(2,3):(1,4)");
/// ```
pub fn complement_to_shape(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if let IntTuple::Int(m) = cotarget {
        return complement(a, *m);
    }
    if let Some(found) = cotarget.leaves().find(|&m| m < 1) {
        return Err(DomainError::OutOfRange {
            what: "an extent of complement's cotarget",
            min: 1,
            found,
        }
        .into());
    }
    // Refuses what the integer complement refuses, with its error (the
    // cotarget 1 is one every complementable layout accepts).
    complement(a, 1)?;
    // The span of the modes that matter (stacked, so the largest reach).
    let span = a
        .leaf_modes()
        .filter(|&(s, d)| s != 1 && d != 0)
        .try_fold(1, |span, (s, d)| {
            Ok::<_, crate::Error>(span.max(mul(s, d)?))
        })?;
    let (mut copies, mut rest) = (1, span);
    for m in cotarget.leaves() {
        copies = mul(copies, ceil_div(m, rest))?;
        rest = ceil_div(rest, m);
    }
    // The integer complement repeats `a` ⌈cotarget/span⌉ times.
    complement(a, mul(span, copies)?)
}

/// `⌈a/b⌉` for `a ≥ 0`, `b ≥ 1`.
fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}
