//! What typed algebra on dynamic leaves (`layout!(type logical_divide(…))`)
//! calls at run time: straight-line helpers, and the error that names the
//! values a run-time check refused.
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
        /// What the stride is multiplied by (a tile's extent, or the
        /// stride of the right layout in a composition).
        factor: usize,
    },
    /// A stride and a mode extent where neither divides the other, so the
    /// elements a composition walks do not fit one layout mode (CuTe's
    /// "stride divisibility condition", checked at run time).
    StrideNotDivisible {
        /// The algebra function.
        function: &'static str,
        /// The walking stride (in units of the mode).
        stride: usize,
        /// The extent of the mode of the left layout.
        extent: usize,
    },
    /// An extent of the right layout that is not a multiple of the part
    /// of it one mode of the left layout takes (CuTe's "shape
    /// divisibility condition", checked at run time).
    ShapeNotDivisible {
        /// The algebra function.
        function: &'static str,
        /// The extent still to place.
        shape: usize,
        /// The part of it the mode takes.
        part: usize,
    },
    /// Two leaves of the right layout reach coordinates of one mode of the
    /// left layout that sum past its extent: the sum carries into the next
    /// mode, and no layout of the right's shape is the composition.
    Carry {
        /// The algebra function.
        function: &'static str,
        /// The largest coordinate the leaves reach together.
        reach: usize,
        /// The extent of the mode of the left layout.
        extent: usize,
    },
    /// A layout's mode has extent 0 where the core refuses one (a
    /// composition's left layout but its last mode, a complement).
    ZeroExtent {
        /// The algebra function.
        function: &'static str,
    },
    /// A complement mode of the core's answer that the typed result's
    /// nesting cannot hold: a mode of dynamic extent 1, which the core
    /// drops, leaves one mode of the answer reaching `reach`, and CuTe's
    /// nesting (fixed while compiling) splits it at `split`, which does not
    /// divide it.
    UnitExtent {
        /// The algebra function.
        function: &'static str,
        /// Where the core's mode ends (a stride of the layout, or the
        /// cotarget rounded up to the mode's stride).
        reach: usize,
        /// Where the nesting splits it (the span of the modes below).
        split: usize,
    },
    /// A stride that is not a multiple of the span (extent times stride)
    /// of the modes below it: the layout has no complement.
    NotComplementable {
        /// The algebra function.
        function: &'static str,
        /// The stride (a static leaf).
        stride: usize,
        /// The span of the modes below it.
        span: usize,
    },
    /// `left * right` does not fit a `usize` (a stride of a result).
    ProductOverflow {
        /// The algebra function.
        function: &'static str,
        /// The left factor.
        left: usize,
        /// The right factor.
        right: usize,
    },
    /// `left + right` does not fit a `usize` (a stride of a result).
    SumOverflow {
        /// The algebra function.
        function: &'static str,
        /// The left term.
        left: usize,
        /// The right term.
        right: usize,
    },
    /// Two parts of a shape given the same order, both of extent above 1
    /// (`make_ordered_layout`): they would share a stride.
    OrderTie {
        /// The algebra function.
        function: &'static str,
        /// The order they share.
        place: i64,
        /// The first part's size.
        first: usize,
        /// The second part's size.
        second: usize,
    },
    /// A mode of the target whose size is not a multiple of the block's
    /// (`tile_to_shape`).
    BlockNotDividing {
        /// The algebra function.
        function: &'static str,
        /// The mode.
        mode: usize,
        /// The block's size in that mode.
        block: usize,
        /// The target's size in that mode.
        target: usize,
    },
    /// A division by 0 (`shape_div`, `ceil_div`).
    ZeroDivisor {
        /// The algebra function.
        function: &'static str,
        /// The extent divided.
        dividend: usize,
    },
    /// Two extents of which neither divides the other (`shape_div`, CuTe's
    /// static assertion).
    NotDivisible {
        /// The algebra function.
        function: &'static str,
        /// The extent divided.
        dividend: usize,
        /// The divisor.
        divisor: usize,
    },
    /// A static leaf folded while compiling differs from the value the
    /// run-time walk computes for it (`compose_static.rs` copies the walk
    /// to fold all-static leaves): a defect in this crate, reported
    /// instead of a layout that might be wrong. Never seen in the tests,
    /// which compare the two walks over every small input.
    FoldedDiffers {
        /// The algebra function.
        function: &'static str,
        /// The run-time walk's value.
        walked: usize,
        /// The folded leaf's value.
        folded: usize,
    },
    /// A mode that changes which modes the core's inverse takes, where
    /// the typed result's nesting (fixed while compiling, as CuTe's) is
    /// decided without it (`right_inverse`: a mode whose stride the chain
    /// meets, or one the core's coalesce merges; `left_inverse`: a mode of
    /// dynamic extent 1, which the core drops).
    InverseMode {
        /// The algebra function.
        function: &'static str,
        /// The mode's extent.
        extent: usize,
        /// The mode's stride.
        stride: usize,
    },
    /// `left_inverse`: a stride that starts inside the span (extent times
    /// stride) of the mode of the next smaller stride, a dynamic extent
    /// making it so: the layout is not injective, and has no left inverse
    /// (the core's `LeftInverseOverlap`).
    LeftInverseOverlap {
        /// The algebra function.
        function: &'static str,
        /// The stride.
        stride: usize,
        /// The span of the mode below it (`usize::MAX` if it overflows).
        span: usize,
    },
    /// A divide read past its size, where the core's divide continues at
    /// `core` (its last leaf's extent times stride) and the typed divide's
    /// last mode `extent:stride` (CuTe's nesting, fixed while compiling)
    /// continues elsewhere: no typed result of that nesting is the core's.
    Continuation {
        /// The algebra function.
        function: &'static str,
        /// Where the core's divide continues past its size.
        core: usize,
        /// The typed divide's last extent.
        extent: usize,
        /// The typed divide's last stride.
        stride: usize,
    },
    /// A layout whose size or offsets pass `i64::MAX` at the leaf
    /// `extent:stride` (the size times `extent`, or the largest offset plus
    /// `(extent - 1)·stride`), which the core refuses ("the layout's
    /// offsets do not fit in 64 bits"): the typed path refuses it too
    /// (`right_inverse`, `left_inverse`, whose results would not show it).
    OffsetsOverflow {
        /// The algebra function.
        function: &'static str,
        /// The leaf's extent.
        extent: usize,
        /// The leaf's stride.
        stride: usize,
    },
    /// `recast_layout` to a narrower element: no mode of stride 1 (after
    /// the widening step, if any) to spread the narrower elements over
    /// (CuTe's "Downcast requires adjacent elements", the core's
    /// `NoUnitStride`).
    NoUnitStride {
        /// The algebra function.
        function: &'static str,
    },
}

impl AlgebraError {
    /// The same refusal naming `function`, where a step a caller is built
    /// of (the holes' complement, the composition inside a product) named
    /// itself: the user called `function`. Cold: only a refusal comes here.
    #[cold]
    #[inline(never)]
    #[must_use]
    pub(crate) fn naming(self, function: &'static str) -> Self {
        use AlgebraError as E;
        match self {
            E::Overflow { stride, factor, .. } => E::Overflow {
                function,
                stride,
                factor,
            },
            E::StrideNotDivisible { stride, extent, .. } => E::StrideNotDivisible {
                function,
                stride,
                extent,
            },
            E::ShapeNotDivisible { shape, part, .. } => E::ShapeNotDivisible {
                function,
                shape,
                part,
            },
            E::Carry { reach, extent, .. } => E::Carry {
                function,
                reach,
                extent,
            },
            E::ZeroExtent { .. } => E::ZeroExtent { function },
            E::UnitExtent { reach, split, .. } => E::UnitExtent {
                function,
                reach,
                split,
            },
            E::NotComplementable { stride, span, .. } => E::NotComplementable {
                function,
                stride,
                span,
            },
            E::ProductOverflow { left, right, .. } => E::ProductOverflow {
                function,
                left,
                right,
            },
            E::SumOverflow { left, right, .. } => E::SumOverflow {
                function,
                left,
                right,
            },
            E::OffsetsOverflow { extent, stride, .. } => E::OffsetsOverflow {
                function,
                extent,
                stride,
            },
            E::NoUnitStride { .. } => E::NoUnitStride { function },
            other => other,
        }
    }
}

impl core::error::Error for AlgebraError {}

/// `ceil(a / b)` for a static `b > 0` (the macro checked it): `(a + b -
/// 1) / b` where the sum does not wrap, an add and a shift for a power of
/// two (`div_ceil`'s quotient and remainder test were five instructions),
/// else `div_ceil` (and its panic for `b = 0`). A run-time `b` takes
/// [`ceil_div_dynamic`].
///
/// ```
/// use layout_dsl::__private::ceil_div;
/// assert_eq!((ceil_div(0, 8), ceil_div(9, 8), ceil_div(usize::MAX, 8)), (0, 2, 1 << 61));
/// ```
#[inline]
#[must_use]
pub const fn ceil_div(a: usize, b: usize) -> usize {
    match a.checked_add(b.wrapping_sub(1)) {
        Some(sum) if b != 0 => sum / b,
        _ => a.div_ceil(b),
    }
}

/// `ceil(a / b)` for a run-time `b > 0`: the quotient and the remainder of
/// one division (the sum of [`ceil_div`] would add a wrap test to it).
#[inline]
#[must_use]
pub const fn ceil_div_dynamic(a: usize, b: usize) -> usize {
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
