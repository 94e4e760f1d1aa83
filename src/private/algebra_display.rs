//! How an [`AlgebraError`] reads: one sentence naming the function, the
//! operand and the values (split from `algebra.rs`, which defines the
//! variants).

use core::fmt;

use super::algebra::AlgebraError;

impl fmt::Display for AlgebraError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AlgebraError::Overflow {
                function,
                stride,
                factor,
            } => write!(
                f,
                "in `{function}`: the stride {stride} times {factor} overflows usize"
            ),
            AlgebraError::StrideNotDivisible {
                function,
                stride,
                extent,
            } => write!(
                f,
                "in `{function}`: the stride {stride} and the extent {extent} of a mode of {} do \
                 not divide one another (CuTe's stride divisibility condition)",
                left(function)
            ),
            AlgebraError::ShapeNotDivisible {
                function,
                shape,
                part,
            } => write!(
                f,
                "in `{function}`: the extent {shape} is not a multiple of the {part} elements one \
                 mode of {} takes (CuTe's shape divisibility condition)",
                left(function)
            ),
            AlgebraError::Carry {
                function,
                reach,
                extent,
            } => write!(
                f,
                "in `{function}`: the right layout's leaves reach coordinate {reach} of a mode of \
                 extent {extent} of {} together, which carries into the next mode",
                left(function)
            ),
            AlgebraError::ZeroExtent { function } => write!(
                f,
                "in `{function}`: a mode of extent 0, which the core refuses here"
            ),
            AlgebraError::UnitExtent {
                function,
                reach,
                split,
            } => write!(
                f,
                "in `{function}`: a mode of dynamic extent 1, which the core drops, leaves a \
                 complement mode reaching {reach}, and the typed result's nesting (CuTe's, fixed \
                 while compiling) splits it at {split}, which does not divide it"
            ),
            AlgebraError::NotComplementable {
                function,
                stride,
                span,
            } => write!(
                f,
                "in `{function}`: the stride {stride} is not a multiple of the span {span} of the \
                 modes below it, so the layout has no complement"
            ),
            AlgebraError::ProductOverflow {
                function,
                left,
                right,
            } => write!(
                f,
                "in `{function}`: the stride {left} times {right} overflows usize"
            ),
            AlgebraError::SumOverflow {
                function,
                left,
                right,
            } => write!(
                f,
                "in `{function}`: the stride {left} plus {right} overflows usize"
            ),
            AlgebraError::ZeroDivisor { function, dividend } => {
                write!(f, "in `{function}`: {dividend} divided by 0")
            }
            AlgebraError::NotDivisible {
                function,
                dividend,
                divisor,
            } => write!(
                f,
                "in `{function}`: neither of {dividend} and {divisor} divides the other"
            ),
            AlgebraError::OrderTie {
                function,
                place,
                first,
                second,
            } => write!(
                f,
                "in `{function}`: two parts of sizes {first} and {second} have the same order \
                 {place}, so they would share a stride"
            ),
            AlgebraError::BlockNotDividing {
                function,
                mode,
                block,
                target,
            } => write!(
                f,
                "in `{function}`: mode {mode} has block size {block}, which does not divide the \
                 target's {target}"
            ),
            AlgebraError::FoldedDiffers {
                function,
                walked,
                folded,
            } => write!(
                f,
                "in `{function}`: a static leaf folded while compiling ({folded}) differs from \
                 the run-time walk's value ({walked}); a defect in layout-dsl, please report it"
            ),
            AlgebraError::InverseMode {
                function,
                extent,
                stride,
            } => write!(
                f,
                "in `{function}`: the mode {extent}:{stride} changes which modes the inverse \
                 takes, and the typed result's modes were fixed while compiling without it \
                 (CuTe's types decide them from the static strides alone); without `type`, \
                 the core computes it at run time"
            ),
            AlgebraError::NoUnitStride { function } => write!(
                f,
                "in `{function}`: a narrower element needs a mode of stride 1 to split (CuTe's \
                 \"Downcast requires adjacent elements\"), and the layout has none"
            ),
            AlgebraError::OffsetsOverflow {
                function,
                extent,
                stride,
            } => write!(
                f,
                "in `{function}`: at the mode {extent}:{stride} the layout's size or offsets \
                 pass i64::MAX, as the core refuses (the layout's offsets do not fit in 64 bits)"
            ),
            AlgebraError::LeftInverseOverlap {
                function,
                stride,
                span,
            } => write!(
                f,
                "in `{function}`: the stride {stride} starts inside the span {span} of the mode \
                 below it, so the layout is not injective and has no left inverse"
            ),
            AlgebraError::Continuation {
                function,
                core,
                extent,
                stride,
            } => write!(
                f,
                "in `{function}`: the divide is read past its size, where the core's divide \
                 continues at {core} and the typed divide's last mode {extent}:{stride} \
                 (CuTe's nesting, fixed while compiling) does not; without `type`, the core \
                 computes it at run time"
            ),
        }
    }
}

/// The layout a composition step walks, as the user wrote it: the left
/// layout of a `composition`, but in a product the complement of the left
/// layout (the gaps its copies go to, CuTe's `complement(A, size(A)·
/// cosize(B))` composed with `B`), whose extents are not `A`'s.
fn left(function: &str) -> &'static str {
    if function.ends_with("_product") || function == "tile_to_shape" {
        "the left layout's complement (where the right layout places its copies)"
    } else {
        "the left layout"
    }
}
