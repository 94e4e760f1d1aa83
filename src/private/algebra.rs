//! What typed algebra on dynamic leaves (`layout!(type logical_divide(…))`)
//! calls at run time: straight-line helpers, and the error that names the
//! values a run-time check refused.

use core::fmt;

/// A run-time value that typed algebra refused, with the values. The typed
/// result would otherwise be wrong (here: a stride that does not fit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AlgebraError {
    /// `stride * factor` does not fit a `usize`.
    Overflow {
        /// The algebra function.
        function: &'static str,
        /// The stride, a dynamic leaf.
        stride: usize,
        /// The static factor (a tile's extent).
        factor: usize,
    },
}

impl fmt::Display for AlgebraError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgebraError::Overflow {
                function,
                stride,
                factor,
            } => write!(
                f,
                "in `{function}`: the stride {stride} times the tile extent {factor} overflows usize"
            ),
        }
    }
}

impl core::error::Error for AlgebraError {}

/// `ceil(a / b)` for a static `b > 0` (the macro checked it).
#[inline]
#[must_use]
pub const fn ceil_div(a: usize, b: usize) -> usize {
    a.div_ceil(b)
}

/// `stride * factor`, or the error naming both.
#[inline]
pub const fn scale(
    function: &'static str,
    stride: usize,
    factor: usize,
) -> Result<usize, AlgebraError> {
    match stride.checked_mul(factor) {
        Some(product) => Ok(product),
        None => Err(AlgebraError::Overflow {
            function,
            stride,
            factor,
        }),
    }
}
