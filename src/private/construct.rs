//! What typed constructors on dynamic leaves (`layout!(type
//! make_ordered_layout(…))`, `tile_to_shape`, `layout-macros/src/typed/construct.rs`)
//! call at run time: the checks the core makes, naming the values.

// The members of this family live in `construct/`; `private/mod.rs` imports
// each by name, so a path such as `super::construct_concat` names it there.
pub(super) mod construct_concat;
pub(super) mod construct_like;
pub(super) mod construct_values;
pub(super) mod make_layout;
pub(super) mod tile_compact;
pub(super) mod tile_compact_ordered;
pub(super) mod tile_compact_right;
pub(super) mod tile_target_kind;
pub(super) mod tile_to_shape;

use super::algebra::AlgebraError;

/// Two parts of one order: an error unless one of them has size 0 or 1
/// (then the shared stride is never stepped, as the core accepts).
#[inline]
pub const fn order_tie(
    function: &'static str,
    place: i64,
    first: usize,
    second: usize,
) -> Result<(), AlgebraError> {
    if first > 1 && second > 1 {
        Err(AlgebraError::OrderTie {
            function,
            place,
            first,
            second,
        })
    } else {
        Ok(())
    }
}

/// How many copies of a block of size `block` fill a target mode of size
/// `target`: `target / block`, unless the block is empty or does not
/// divide the target.
#[inline]
pub const fn copies(
    function: &'static str,
    mode: usize,
    block: usize,
    target: usize,
) -> Result<usize, AlgebraError> {
    if block != 0 && target % block == 0 {
        Ok(target / block)
    } else {
        Err(AlgebraError::BlockNotDividing {
            function,
            mode,
            block,
            target,
        })
    }
}

/// `extent`, unless it is 0 (a mode the core cannot split an index over).
#[inline]
pub const fn nonzero(function: &'static str, extent: usize) -> Result<(), AlgebraError> {
    match extent {
        0 => Err(AlgebraError::ZeroExtent { function }),
        _ => Ok(()),
    }
}

/// One division of `shape_div` (`shape`) or `ceil_div`: `ceil(x / y)`,
/// unless `y` is 0, or (`shape_div`) neither of `x` and `y` divides the
/// other, as the core refuses.
#[inline]
pub const fn divide_extent(
    function: &'static str,
    shape: bool,
    x: usize,
    y: usize,
) -> Result<usize, AlgebraError> {
    if y == 0 {
        return Err(AlgebraError::ZeroDivisor {
            function,
            dividend: x,
        });
    }
    if shape && x % y != 0 && (x == 0 || y % x != 0) {
        return Err(AlgebraError::NotDivisible {
            function,
            dividend: x,
            divisor: y,
        });
    }
    Ok(x.div_ceil(y))
}
