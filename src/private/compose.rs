//! What typed composition on dynamic leaves (`layout!(type composition(…))`,
//! `layout-macros/src/typed/compose.rs`) calls at run time: one step of CuTe's
//! walk of a leaf `s:d` of the right layout over a mode of the left one,
//! with the divisibility conditions CuTe assumes checked, so that a value
//! that breaks one is an error instead of a wrong layout.

// The members of this family live in `compose/`; `private/mod.rs` imports
// each by name, so a path such as `super::compose_decide` names it there.
pub(super) mod compose_decide;
pub(super) mod compose_decide_static;
pub(super) mod compose_exact;
pub(super) mod compose_fallback;
pub(super) mod compose_folded;
pub(super) mod compose_leaf;
pub(super) mod compose_merge;
pub(super) mod compose_run;
pub(super) mod compose_static;
pub(super) mod compose_static_walk;
pub(super) mod compose_tree;
pub(super) mod compose_value;
pub(super) mod compose_walk;

use super::algebra::AlgebraError;

/// `?` for `const fn` (where `?` is not stable): the value, or return the error.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(value) => value,
            Err(error) => return Err(error),
        }
    };
}
pub(super) use tri;

/// One step of the walk: the extent of the result's mode for this mode of
/// the left layout, what is left of the leaf, and how far it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The extent of the result's mode.
    pub shape: usize,
    /// The leaf's extent still to place in later modes.
    pub rest_shape: usize,
    /// The leaf's stride in units of the next mode.
    pub rest_stride: usize,
    /// The largest coordinate of this mode the leaf reaches.
    pub reach: usize,
}

/// CuTe's step (`composition_impl`) of a leaf with `rest_shape` elements
/// `rest_stride` apart over a mode of extent `extent`:
/// `min(ceil(extent / rest_stride), rest_shape)` elements here, the stride
/// `ceil(rest_stride / extent)` for the next mode. Exact when the leaf
/// stays in this mode, or when the stride and the extent divide one
/// another and the rest is a multiple of this mode's part; else an error.
/// An empty leaf or a stride 0 stays here (extent 1, stride 0 after);
/// any other leaf refuses a mode of extent 0, as the core does. Once the
/// leaf is placed, the stride after is 0 (the later modes have extent 1,
/// where a stride means nothing), which saves CuTe's division.
#[inline]
pub const fn compose_step(
    function: &'static str,
    rest_shape: usize,
    rest_stride: usize,
    extent: usize,
) -> Result<Step, AlgebraError> {
    if rest_shape == 0 || rest_stride == 0 {
        let step = Step {
            shape: 1,
            rest_shape,
            rest_stride: 0,
            reach: 0,
        };
        return Ok(step);
    }
    if extent == 0 {
        return Err(AlgebraError::ZeroExtent { function });
    }
    // ceil(extent / stride) is 1 whenever the stride reaches past the extent.
    let next_shape = if rest_stride >= extent {
        1
    } else {
        div_ceil(extent, rest_stride)
    };
    // The leaf stays in this mode.
    if rest_shape <= next_shape {
        let step = Step {
            shape: rest_shape,
            rest_shape: 1,
            rest_stride: 0,
            reach: (rest_shape - 1) * rest_stride,
        };
        return Ok(step);
    }
    let (stride, extent) = (rest_stride, extent);
    // The stride skips whole copies of this mode: it must be a multiple.
    if next_shape == 1 {
        let (copies, left) = div_rem(stride, extent);
        if left != 0 {
            return Err(AlgebraError::StrideNotDivisible {
                function,
                stride,
                extent,
            });
        }
        let step = Step {
            shape: 1,
            rest_shape,
            rest_stride: copies,
            reach: 0,
        };
        return Ok(step);
    }
    // The leaf covers this mode whole (stride < extent) and goes on: the
    // stride must divide the extent, and the rest be a multiple of it.
    if div_rem(extent, stride).1 != 0 {
        return Err(AlgebraError::StrideNotDivisible {
            function,
            stride,
            extent,
        });
    }
    let (rest, left) = div_rem(rest_shape, next_shape);
    if left != 0 {
        let (shape, part) = (rest_shape, next_shape);
        return Err(AlgebraError::ShapeNotDivisible {
            function,
            shape,
            part,
        });
    }
    Ok(Step {
        shape: next_shape,
        rest_shape: rest,
        rest_stride: 1,
        reach: (next_shape - 1) * stride,
    })
}

/// `(a / b, a % b)` for `b > 0`, in 32 bits when both fit (a 64-bit
/// division costs several times a 32-bit one on common x86 cores, and
/// extents and strides nearly always fit).
#[inline]
pub(super) const fn div_rem(a: usize, b: usize) -> (usize, usize) {
    if (a | b) as u64 <= u32::MAX as u64 {
        let (a, b) = (a as u32, b as u32);
        ((a / b) as usize, (a % b) as usize)
    } else {
        (a / b, a % b)
    }
}

/// `ceil(a / b)` for `b > 0`, as [`div_rem`].
#[inline]
pub(super) const fn div_ceil(a: usize, b: usize) -> usize {
    let (q, r) = div_rem(a, b);
    q + (r != 0) as usize
}

/// The extent of a complement's hole below a mode of static `stride` over
/// the `span` (extent times stride) of the modes below it: `stride / span`.
/// `exact` is the span the core sees, which leaves out the modes whose
/// dynamic extent is 1 (it drops them); where `exact` divides the stride
/// and `span` does not, the layout has a complement but CuTe's nesting
/// (fixed while compiling, a hole at each mode) cannot hold it.
#[inline]
pub const fn complement_hole(
    function: &'static str,
    stride: usize,
    span: usize,
    exact: usize,
) -> Result<usize, AlgebraError> {
    if span != 0 && stride % span == 0 {
        Ok(stride / span)
    } else if exact != 0 && stride % exact == 0 {
        Err(AlgebraError::UnitExtent {
            function,
            reach: stride,
            split: span,
        })
    } else {
        Err(AlgebraError::NotComplementable {
            function,
            stride,
            span: exact,
        })
    }
}

/// The complement's last mode, `ceil(cotarget / span)` at stride `span`,
/// when a mode below has a dynamic extent. Where one is 1, the core's last
/// mode starts lower, at `exact`, and reaches the first multiple of it from
/// `cotarget`; the nesting's holes between `exact` and `span` equal it
/// only when that multiple is one of `span` too.
#[inline]
pub const fn complement_rest(
    function: &'static str,
    cotarget: usize,
    span: usize,
    exact: usize,
) -> Result<usize, AlgebraError> {
    let whole = div_ceil(cotarget, exact);
    // No extent was 1 (the common case): the answer is the quotient (one
    // division, not three). No product is taken: `whole·exact` passes
    // `usize` only where `cotarget + exact` does, so where the cotarget or
    // the span passes `i64::MAX`, which the check past `i64` after this
    // step refuses (layout-macros/src/typed/fits.rs), as the core does.
    if exact == span {
        return Ok(whole);
    }
    let Some(reach) = whole.checked_mul(exact) else {
        return Err(AlgebraError::ProductOverflow {
            function,
            left: whole,
            right: exact,
        });
    };
    if reach % span == 0 {
        Ok(div_ceil(cotarget, span))
    } else {
        Err(AlgebraError::UnitExtent {
            function,
            reach,
            split: span,
        })
    }
}

/// `left * right`, or the error naming both.
#[inline]
pub const fn product(
    function: &'static str,
    left: usize,
    right: usize,
) -> Result<usize, AlgebraError> {
    match left.checked_mul(right) {
        Some(product) => Ok(product),
        None => Err(AlgebraError::ProductOverflow {
            function,
            left,
            right,
        }),
    }
}

/// [`product`] within `i64::MAX`, as the core computes it (a product's
/// cotarget `size(A)·cosize(B)`: the core refuses past it, "a product
/// does not fit in 64 bits", where the result itself may fit).
#[inline]
pub const fn product_i64(
    function: &'static str,
    left: usize,
    right: usize,
) -> Result<usize, AlgebraError> {
    match left.checked_mul(right) {
        Some(product) if product <= i64::MAX as usize => Ok(product),
        _ => Err(AlgebraError::ProductOverflow {
            function,
            left,
            right,
        }),
    }
}

/// The leaves together reach coordinate `reach` of a mode of `extent`:
/// an error unless it stays inside (then nothing carries).
#[inline]
pub const fn no_carry(
    function: &'static str,
    reach: usize,
    extent: usize,
) -> Result<(), AlgebraError> {
    if reach < extent {
        Ok(())
    } else {
        Err(AlgebraError::Carry {
            function,
            reach,
            extent,
        })
    }
}

/// [`no_carry`] for the mode just before `A`'s last (`extent` at
/// `stride`, the last at `last`): a carry out of it is harmless where it
/// continues into the last (`extent * stride == last`), for the two are
/// then one linear mode, `A(x) = stride * x` past `extent` too (CuTe, not
/// checking the carry, answers that layout).
#[inline]
pub const fn no_carry_or_continues(
    function: &'static str,
    reach: usize,
    extent: usize,
    stride: usize,
    last: usize,
) -> Result<(), AlgebraError> {
    match extent.checked_mul(stride) {
        Some(next) if reach >= extent && next == last => Ok(()),
        _ => no_carry(function, reach, extent),
    }
}
