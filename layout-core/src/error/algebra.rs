//! [`AlgebraRefusal`]: operands the layout algebra has no exact answer for.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::boxed::Box;
use alloc::string::String;
use core::fmt;

/// The layout algebra refusing operands it has no exact answer for, rather
/// than guessing one: a composition no layout can be (or that cannot be
/// decided), a complement of modes that do not stack, a product past a hole
/// CuTe rounds down, strides a function is not defined for, swizzles that do
/// not merge, composed or scaled-basis layouts an operation cannot take
/// exactly. Where there is a witness, the variant names it.
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum AlgebraRefusal {
    /// A composition `A ∘ B` that no layout can be: along one leaf of `B`,
    /// the offsets `A(B(i))` fit no layout of that leaf's extent (nor any
    /// refinement of it); `index` is the witness.
    NotAdmissible {
        /// The leaf's position among `B`'s leaves.
        mode: usize,
        /// The leaf, `extent:stride`.
        leaf: String,
        /// Its extent.
        extent: i64,
        /// The first index no layout can agree with.
        index: i64,
        /// `A(B(index))` there.
        value: i64,
    },
    /// A composition whose leaves are each a layout, but whose sum is not
    /// `A(B(i))` at the witness `index`.
    NotAdditive {
        /// The coordinate of `B` at the witness.
        coord: String,
        /// The witness index.
        index: i64,
        /// `A(B(index))`.
        value: i64,
        /// What every candidate layout gives there.
        sum: i64,
    },
    /// A composition divisibility cannot prove and that would take more
    /// than `limit` reads of `A` to check: refused rather than guessed.
    CompositionUndecided {
        /// The reads a check would take.
        size: i64,
        /// The most allowed.
        limit: i64,
    },
    /// A negative stride given to a function defined only for non-negative ones.
    NegativeStride {
        /// The function (`complement`, …).
        function: &'static str,
        /// The mode's position.
        mode: usize,
        /// Its stride.
        stride: i64,
    },
    /// A zero or negative stride where `idx2crd` needs to divide by it.
    NonPositiveStride {
        /// The mode's position.
        mode: usize,
        /// Its extent.
        extent: i64,
        /// Its stride.
        stride: i64,
    },
    /// `complement` of a layout whose modes, sorted by stride, do not stack.
    NotInjective {
        /// The overlapping mode (sorted by stride).
        mode: usize,
        /// Its stride.
        stride: i64,
        /// The span of the modes below it.
        span: i64,
    },
    /// `left_inverse` of a layout with a non-zero stride, a multiple of the
    /// next smaller one, inside the span of the mode below it (sorted by
    /// stride): a collision, so not injective and no inverse.
    LeftInverseOverlap {
        /// The stride.
        stride: i64,
        /// The span (`extent·stride`) of the mode below it.
        span: i64,
    },
    /// `left_inverse` of a layout with a stride that is not a multiple of
    /// the next smaller non-zero one: CuTe's divisibility condition.
    LeftInverseNotDivisible {
        /// The stride.
        stride: i64,
        /// The next smaller non-zero stride.
        below: i64,
    },
    /// `complement` of a layout whose holes are not a layout.
    NotComplementable {
        /// The mode (sorted by stride).
        mode: usize,
        /// Its stride.
        stride: i64,
        /// The span of the modes below it.
        span: i64,
    },
    /// A product whose `A` has a complement hole CuTe rounds down (its
    /// stride not a multiple of the span below it) and whose `B` reaches
    /// past the copies of `A` that fit in it: CuTe's next copy would start
    /// at the rest's stride, leaving offsets no copy covers, which is not a
    /// product (README, "where we differ").
    ProductPastHole {
        /// `A`'s stride (sorted by stride).
        stride: i64,
        /// The span of `A`'s modes below it.
        span: i64,
        /// `⌊stride / span⌋`, CuTe's rounded hole.
        hole: i64,
        /// How many copies of `A` `B` may reach: its offsets must stay below.
        limit: i64,
        /// `B`'s largest offset (or its smallest, if negative).
        reach: i64,
    },
    /// `composition` of two swizzles that CuTe cannot merge into one.
    CannotMergeSwizzles {
        /// The first swizzle, in notation.
        first: String,
        /// The second swizzle, in notation.
        second: String,
        /// Why, in words.
        why: &'static str,
    },
    /// An operation on a composed layout that CuTe does not define, or
    /// whose result this crate could not check (an inverse law that fails
    /// somewhere, a swizzle a layout does not carry bit for bit).
    ComposedUnsupported {
        /// The operation (`right inverse`, `composition with a swizzle`, …).
        what: &'static str,
        /// The composed layout (or layout) in notation.
        of: String,
        /// Why, in words (with the witness where there is one).
        why: String,
    },
    /// A layout with scaled-basis strides (`1@0`) that CuTe cannot build
    /// or that an operation cannot take exactly; the sentence says why.
    ScaledBasis(String),
    /// A composition refusal ([`NotAdmissible`](Self::NotAdmissible) or
    /// [`NotAdditive`](Self::NotAdditive)) whose left layout's offsets stand
    /// for coordinates (the facade's identity tensor packs each coordinate
    /// into one integer): the same sentence, its offsets written as the
    /// coordinates, since the packed integer (`2147483649`) names nothing a
    /// person wrote.
    InCoordinates {
        /// The refusal, its offsets as the left layout's integers.
        refusal: Box<AlgebraRefusal>,
        /// Its `value`, `A(B(index))`, as a coordinate (`(1,1)`).
        value: String,
        /// Its `sum` (a `NotAdditive`'s; unused for a `NotAdmissible`), as
        /// a coordinate.
        sum: String,
    },
}

impl AlgebraRefusal {
    /// The sentence of a `NotAdmissible` or `NotAdditive` with its offsets
    /// written by `value` and `sum`: one text for both the integer and the
    /// coordinate forms. `None` for the other variants.
    fn composition_sentence(
        &self,
        f: &mut fmt::Formatter<'_>,
        value: &dyn fmt::Display,
        sum: &dyn fmt::Display,
    ) -> Option<fmt::Result> {
        Some(match self {
            AlgebraRefusal::NotAdmissible {
                mode,
                leaf,
                extent,
                index,
                ..
            } => write!(
                f,
                "composition is not admissible: on leaf {mode} of the right layout ({leaf}), A(B({index})) = {value}, and no layout of extent {extent} (nor any refinement of it) agrees with A(B(i)) for every i <= {index}"
            ),
            AlgebraRefusal::NotAdditive { coord, index, .. } => write!(
                f,
                "composition is not admissible: A(B({index})) = {value} at coordinate {coord} of the right layout, but every layout of its shape (modes possibly refined) that agrees with A(B(i)) for i < {index} gives {sum} there (A∘B on each of that coordinate's modes alone, summed)"
            ),
            _ => return None,
        })
    }
}

impl fmt::Display for AlgebraRefusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use AlgebraRefusal::*;
        match self {
            NotAdmissible { value, .. } => {
                self.composition_sentence(f, value, &"").unwrap_or(Ok(()))
            }
            NotAdditive { value, sum, .. } => {
                self.composition_sentence(f, value, sum).unwrap_or(Ok(()))
            }
            InCoordinates {
                refusal,
                value,
                sum,
            } => refusal
                .composition_sentence(f, value, sum)
                .unwrap_or_else(|| write!(f, "{refusal}")),
            CompositionUndecided { size, limit } => write!(
                f,
                "composition cannot be decided: the right layout's modes meet in the left layout where divisibility proves nothing, and checking point by point would read A at {size} indices (the limit is {limit})"
            ),
            NegativeStride {
                function,
                mode,
                stride,
            } => write!(
                f,
                "{function} needs non-negative strides, but mode {mode} has stride {stride}"
            ),
            NonPositiveStride {
                mode,
                extent,
                stride,
            } => write!(
                f,
                "idx2crd needs positive strides, but mode {mode} of extent {extent} has stride {stride}"
            ),
            NotInjective { mode, stride, span } => write!(
                f,
                "complement needs the modes of the layout, sorted by stride, to stack: mode {mode} (stride {stride}) starts inside the span {span} of the modes below it, so the layout is not injective or its modes interleave"
            ),
            LeftInverseOverlap { stride, span } => write!(
                f,
                "left_inverse needs an injective layout: its stride {stride}, sorted among the non-zero strides, starts inside the span {span} of the mode below it"
            ),
            LeftInverseNotDivisible { stride, below } => write!(
                f,
                "left_inverse needs each non-zero stride, sorted, to be a multiple of the one below it (CuTe's divisibility condition): stride {stride} is not a multiple of {below}"
            ),
            NotComplementable { mode, stride, span } => write!(
                f,
                "complement needs each stride to be a multiple of the span below it: stride {stride} of mode {mode} is not a multiple of {span}"
            ),
            ProductPastHole {
                stride,
                span,
                hole,
                limit,
                reach,
            } => write!(
                f,
                "A's stride {stride} is not a multiple of the span {span} of the modes below it: CuTe rounds that hole of the complement down to {hole}, a product only while B's offsets stay below {limit}, and B reaches offset {reach} (CuTe's next copy of A would leave offsets that no copy covers)"
            ),
            CannotMergeSwizzles { first, second, why } => {
                write!(f, "cannot compose {first} with {second}: {why}")
            }
            ComposedUnsupported { what, of, why } => {
                write!(f, "cannot take the {what} of {of}: {why}")
            }
            ScaledBasis(why) => write!(f, "{why}"),
        }
    }
}

impl core::error::Error for AlgebraRefusal {}
