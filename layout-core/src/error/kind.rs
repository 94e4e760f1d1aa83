//! [`ErrorKind`]: every way the core can fail, each with its numbers.

use alloc::string::String;

/// What went wrong. Every variant's message names the numbers that failed.
///
/// The message is the variant's `Display`; where in the source text it went
/// wrong is the [`Error`](crate::Error)'s span, not part of the kind.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- text ----
    /// A character the notation has no use for (`$`, `;`, …).
    #[error("unexpected character `{0}`")]
    BadCharacter(char),
    /// A token where the grammar expects something else.
    #[error("expected {expected}, found {found}")]
    UnexpectedToken {
        /// What the parser wanted there, in words (`a number`, `)`, …).
        expected: &'static str,
        /// The token found instead, as written.
        found: String,
    },
    /// The text ended where the grammar expects more.
    #[error("expected {expected}, but the expression ended")]
    UnexpectedEnd {
        /// What the parser wanted there, in words.
        expected: &'static str,
    },
    /// An opening bracket without its closing one.
    #[error("`{open}` is never closed")]
    Unclosed {
        /// The opening bracket: `(` or `<`.
        open: char,
    },
    /// A closing bracket without an opening one.
    #[error("unmatched `{0}`")]
    Unmatched(char),
    /// Text after a complete expression.
    #[error("unexpected `{found}` after the end of the expression")]
    TrailingInput {
        /// The first token after the expression, as written.
        found: String,
    },
    /// An integer literal outside `i64`.
    #[error("integer `{0}` does not fit in 64 bits")]
    IntegerTooLarge(String),
    /// Brackets nested deeper than the parser's limit (which keeps it off
    /// the end of the stack).
    #[error("brackets nest more than {limit} deep")]
    TooDeep {
        /// The deepest nesting accepted.
        limit: usize,
    },

    // ---- names and arguments ----
    /// A call of a function the registry does not know.
    #[error("unknown function `{name}`{}", did_you_mean(suggestion))]
    UnknownFunction {
        /// The name as written.
        name: String,
        /// The known function closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A bare name that is not a tag (`LayoutLeft`, `RowMajor`, …).
    #[error("unknown name `{name}`{}", did_you_mean(suggestion))]
    UnknownName {
        /// The name as written.
        name: String,
        /// The known name closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A call with too few or too many arguments.
    #[error("`{name}` takes {expected}, but {found} {} given", if *found == 1 { "was" } else { "were" })]
    WrongArgumentCount {
        /// The function called.
        name: &'static str,
        /// How many it takes, in words (`2 arguments`, `1 or 2 arguments`).
        expected: String,
        /// How many the call has.
        found: usize,
    },
    /// An argument (or operand) of the wrong kind of value.
    #[error("expected {expected}, found {found}")]
    WrongType {
        /// The kinds of value accepted there, in words.
        expected: &'static str,
        /// The kind of value given, in words ([`Value::describe`](crate::Value::describe)).
        found: &'static str,
    },
    /// A dynamic leaf of the `layout!` macro where only a value known while
    /// compiling will do.
    #[error("a dynamic value cannot be used here: this needs a value known at compile time")]
    DynamicValue,

    // ---- layouts and coordinates ----
    /// A shape and a stride of different nesting.
    #[error(
        "shape {shape} and stride {stride} are not congruent (they must have the same nesting)"
    )]
    NotCongruent {
        /// The shape, in notation.
        shape: String,
        /// The stride, in notation.
        stride: String,
    },
    /// A negative extent in a shape (or in a tiler's shorthand `n`).
    #[error("shape extent {0} is negative")]
    NegativeExtent(i64),
    /// A coordinate tuple whose rank differs from the mode it indexes.
    #[error("coordinate has rank {found} but the mode it indexes has rank {expected}")]
    RankMismatch {
        /// The mode's rank.
        expected: usize,
        /// The coordinate's rank.
        found: usize,
    },
    /// A coordinate tuple where the shape has a single extent.
    #[error("coordinate {coord} is a tuple but the mode it indexes is the single extent {extent}")]
    CoordinateTooDeep {
        /// The coordinate, in notation.
        coord: String,
        /// The extent it indexes.
        extent: String,
    },
    /// An integer split over a mode of size 0, which no index fits.
    #[error("cannot split an index over mode {mode} of shape {shape}: its size is 0")]
    ZeroSizeMode {
        /// The mode's position.
        mode: usize,
        /// The whole shape, in notation.
        shape: String,
    },
    /// `composition` of two swizzles that CuTe cannot merge into one.
    #[error("cannot compose {first} with {second}: {why}")]
    CannotMergeSwizzles {
        /// The first swizzle, in notation.
        first: String,
        /// The second swizzle, in notation.
        second: String,
        /// Why, in words.
        why: &'static str,
    },
    /// An access the analysis does not model (`access`), the sentence
    /// saying why: a TV layout not of rank 2, an element size not a power
    /// of two up to 16 bytes.
    #[error("{0}")]
    UnsupportedAccess(String),
    /// A result that does not fit in 64 bits; the payload is the whole
    /// message, a sentence saying which number.
    #[error("{0}")]
    Overflow(&'static str),
    /// A number below the least its role allows.
    #[error("{what} must be at least {min}, got {found}")]
    OutOfRange {
        /// The number's role (`the cotarget`, `a rank`, …).
        what: &'static str,
        /// The least allowed.
        min: i64,
        /// The number given.
        found: i64,
    },

    // ---- algebra preconditions ----
    /// A composition `A ∘ B` that CuTe's algorithm cannot build exactly:
    /// a stride or extent of `B` and an extent of `A` that do not divide
    /// one another.
    #[error(
        "composition is not admissible: {what} {rhs} of the right layout and extent {lhs} of mode {mode} of the (coalesced) left layout {left} do not divide one another"
    )]
    NotAdmissible {
        /// Which number of the right layout: `stride` or `extent`.
        what: &'static str,
        /// That number.
        rhs: i64,
        /// The extent of the left layout's mode.
        lhs: i64,
        /// The mode's position in the coalesced left layout.
        mode: usize,
        /// The coalesced left layout, in notation.
        left: String,
    },
    /// A negative stride given to a function defined only for non-negative ones.
    #[error("{function} needs non-negative strides, but mode {mode} has stride {stride}")]
    NegativeStride {
        /// The function (`complement`, …).
        function: &'static str,
        /// The mode's position.
        mode: usize,
        /// Its stride.
        stride: i64,
    },
    /// `complement` of a layout that reaches some offset twice.
    #[error(
        "complement needs an injective layout: mode {mode} (stride {stride}) overlaps the modes below it, which already span {span}"
    )]
    NotInjective {
        /// The overlapping mode (sorted by stride).
        mode: usize,
        /// Its stride.
        stride: i64,
        /// The span of the modes below it.
        span: i64,
    },
    /// `complement` of a layout whose holes are not a layout.
    #[error(
        "complement needs each stride to be a multiple of the span below it: stride {stride} of mode {mode} is not a multiple of {span}"
    )]
    NotComplementable {
        /// The mode (sorted by stride).
        mode: usize,
        /// Its stride.
        stride: i64,
        /// The span of the modes below it.
        span: i64,
    },
    /// A by-mode tiler with more elements than the layout has modes.
    #[error("the tiler has {tiler} modes but the layout only has {layout}")]
    TilerTooLong {
        /// The tiler's rank.
        tiler: usize,
        /// The layout's rank.
        layout: usize,
    },

    // ---- kernel-library idioms: broadcasting, descriptors, positions, views ----
    /// Two extents at one axis that are neither equal nor 1.
    #[error("cannot broadcast extent {left} with extent {right} at axis {axis}")]
    CannotBroadcast {
        /// The extent broadcast so far.
        left: i64,
        /// The extent that does not match it.
        right: i64,
        /// The axis, counted from the left of the result.
        axis: usize,
        /// Which shape (argument) brought the extent `right`.
        operand: usize,
    },
    /// A layout mode that cannot be stretched to the target extent.
    #[error("cannot broadcast extent {from} to extent {to} at axis {axis}")]
    NotBroadcastable {
        /// The layout's extent, in notation.
        from: String,
        /// The target extent, in notation.
        to: String,
        /// The axis of the target shape.
        axis: usize,
    },
    /// A layout of higher rank than the shape it is broadcast to.
    #[error("cannot broadcast a layout of rank {from} to a shape of rank {to}")]
    BroadcastRank {
        /// The layout's rank.
        from: usize,
        /// The target shape's rank.
        to: usize,
    },
    /// An axis outside `-rank..rank`.
    #[error(
        "axis {axis} is out of range for rank {rank}: it must be at least -{rank} and less than {rank}"
    )]
    AxisOutOfRange {
        /// The axis given.
        axis: i64,
        /// The rank it indexes.
        rank: usize,
    },
    /// A nested tuple where a flat one is needed.
    #[error("{what} must be a flat tuple of integers, found {found}")]
    NotFlat {
        /// The tuple's role (`a block shape`, …).
        what: &'static str,
        /// The tuple, in notation.
        found: String,
    },
    /// A hierarchical mode where a function needs a single extent.
    #[error("{function} needs mode {mode} to be a single extent, but it is {shape}")]
    ModeNotLeaf {
        /// The function.
        function: &'static str,
        /// The mode's position.
        mode: usize,
        /// Its shape, in notation.
        shape: String,
    },
    /// A coordinate outside its axis.
    #[error("{what} {coord} is out of range for axis {axis} of extent {extent}")]
    CoordOutOfRange {
        /// The coordinate's role (`a start coordinate`, …).
        what: &'static str,
        /// The coordinate.
        coord: i64,
        /// The axis.
        axis: usize,
        /// The axis' extent.
        extent: i64,
    },
    /// An index outside `0..size`.
    #[error("{what} {index} is out of range 0..{size}")]
    IndexOutOfRange {
        /// The index' role (`an index`, `a block index`, …).
        what: &'static str,
        /// The index.
        index: i64,
        /// The size it must stay below.
        size: i64,
    },
    /// A zero or negative stride where `idx2crd` needs to divide by it.
    #[error(
        "idx2crd needs positive strides, but mode {mode} of extent {extent} has stride {stride}"
    )]
    NonPositiveStride {
        /// The mode's position.
        mode: usize,
        /// Its extent.
        extent: i64,
        /// Its stride.
        stride: i64,
    },
    /// A descriptor whose lengths and strides differ in number.
    #[error("the descriptor has {lengths} lengths but {strides} strides")]
    DescriptorRank {
        /// How many lengths.
        lengths: usize,
        /// How many strides.
        strides: usize,
    },
    /// A descriptor stride that must be positive but is not.
    #[error(
        "{tag} needs positive strides (only the last two may be 0 or negative, to be computed), but dimension {dim} has stride {stride}"
    )]
    DescriptorStrideNotPositive {
        /// The descriptor's tag (`RowMajor`, `ColumnMajor`).
        tag: &'static str,
        /// The dimension.
        dim: usize,
        /// Its stride.
        stride: i64,
    },
    /// A descriptor stride too small to step over the dimension inside it.
    #[error(
        "{tag} needs stride {stride} of dimension {dim} to be at least {needed}, extent {extent} times stride {inner_stride} of dimension {inner} inside it"
    )]
    DescriptorStrideTooSmall {
        /// The descriptor's tag.
        tag: &'static str,
        /// The dimension.
        dim: usize,
        /// Its stride.
        stride: i64,
        /// The least stride it needs.
        needed: i64,
        /// The dimension inside it.
        inner: usize,
        /// That dimension's extent.
        extent: i64,
        /// That dimension's stride.
        inner_stride: i64,
    },
    /// `diagonal` of a dimension with itself.
    #[error("diagonal needs two different dimensions, but both are dimension {dim}")]
    SameDiagonalDims {
        /// The dimension given twice.
        dim: usize,
    },
    /// A table longer than [`TABLE_LIMIT`](crate::TABLE_LIMIT).
    #[error("a table of {size} entries is larger than the limit of {limit}")]
    TableTooLarge {
        /// The entries it would have.
        size: i64,
        /// The most allowed.
        limit: i64,
    },
}

fn did_you_mean(suggestion: &Option<&'static str>) -> String {
    match suggestion {
        Some(s) => alloc::format!("; did you mean `{s}`?"),
        None => String::new(),
    }
}
