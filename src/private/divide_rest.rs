//! The run-time part of `layout!(type …)` of a call that reads a divide by
//! a layout tiler as a function (layout-macros/src/divide_layout.rs): the
//! divide is `A ∘ (T, complement(T, size A))`, and where an extent of `A`
//! is dynamic, `size A` is a value.

use super::algebra::AlgebraError;

/// The product of a layout's extents (its size), or the error naming the
/// two factors that overflow, as the core refuses a size it cannot hold.
#[inline]
pub const fn extents_size<const N: usize>(
    function: &'static str,
    extents: [usize; N],
) -> Result<usize, AlgebraError> {
    let mut size = 1usize;
    let mut i = 0;
    while i < N {
        size = match size.checked_mul(extents[i]) {
            Some(product) => product,
            None => {
                return Err(AlgebraError::ProductOverflow {
                    function,
                    left: size,
                    right: extents[i],
                });
            }
        };
        i += 1;
    }
    Ok(size)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_size_is_the_product_or_the_overflowing_factors() {
        assert_eq!(extents_size("logical_divide", [3, 4, 5]), Ok(60));
        assert_eq!(extents_size("logical_divide", []), Ok(1));
        assert_eq!(
            extents_size("zipped_divide", [usize::MAX, 2, 0]),
            Err(AlgebraError::ProductOverflow {
                function: "zipped_divide",
                left: usize::MAX,
                right: 2
            })
        );
    }
}
