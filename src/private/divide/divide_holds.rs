//! The run-time check of a by-mode divide rewritten as one composition
//! (the macro's `divide_by_mode.rs`): `D(A, <T0, T1, …>)` is `A ∘ B`, `B`
//! each mode's `(Ti, Ti*)` with strides scaled by where mode `i` starts in
//! `A`'s index, only where each tiled mode but `A`'s last holds its tile and
//! rest: the span of `Ti`'s complement divides the mode's size. Else `B`'s
//! part for the mode reads past it, into the next mode of `A`, where the
//! core's divide of the mode alone extends it: a refusal naming the
//! values, never that other layout.

use crate::__private::algebra::AlgebraError;
use crate::__private::divide_rest::extents_size;

/// `Ok` where the mode of these `extents` (its size their product) holds
/// its tile and rest, which end at a multiple of `span`; else the error
/// naming the coordinate they reach and the mode's size (`Carry`), or the
/// factors of a size past `usize` (`ProductOverflow`).
#[inline]
pub const fn mode_holds<const N: usize>(
    function: &'static str,
    extents: [usize; N],
    span: usize,
) -> Result<(), AlgebraError> {
    let size = match extents_size(function, extents) {
        Ok(size) => size,
        Err(e) => return Err(e),
    };
    // `span` is a static tile's, at least 1 (the macro checked it).
    if span != 0 && size % span == 0 {
        return Ok(());
    }
    Err(AlgebraError::Carry {
        function,
        reach: size
            .div_ceil(if span == 0 { 1 } else { span })
            .saturating_mul(span)
            .saturating_sub(1),
        extent: size,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mode_holds_where_the_span_divides_its_size() {
        assert_eq!(mode_holds("tiled_divide", [8, 4], 32), Ok(()));
        assert_eq!(mode_holds("tiled_divide", [2, 2, 2], 4), Ok(()));
        assert_eq!(
            mode_holds("tiled_divide", [3, 16], 32),
            Err(AlgebraError::Carry {
                function: "tiled_divide",
                reach: 63,
                extent: 48
            })
        );
        assert_eq!(mode_holds("tiled_divide", [0, 16], 32), Ok(()));
        assert_eq!(
            mode_holds("flat_divide", [usize::MAX, 2], 2),
            Err(AlgebraError::ProductOverflow {
                function: "flat_divide",
                left: usize::MAX,
                right: 2
            })
        );
    }
}
