//! [`ErrorKind`]: every way the core can fail, each with its numbers,
//! every variant and field documented. Each variant's message, its
//! `Display`, is in the sibling `message.rs`, in the same order.

use alloc::string::String;

use crate::access::AccessInput;

/// What went wrong. Every variant's message names the numbers that failed.
///
/// The message is the variant's `Display`; where in the source text it went
/// wrong is the [`Error`](crate::Error)'s span, not part of the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- text ----
    /// A character the notation has no use for (`$`, `;`, …). Escaped in
    /// the message, so a NUL or a control character in the input cannot
    /// garble the one-line error of a batch or a terminal.
    BadCharacter(char),
    /// A token where the grammar expects something else.
    UnexpectedToken {
        /// What the parser wanted there, in words (`a number`, `)`, …).
        expected: &'static str,
        /// The token found instead, as written.
        found: String,
    },
    /// The text ended where the grammar expects more.
    UnexpectedEnd {
        /// What the parser wanted there, in words.
        expected: &'static str,
    },
    /// An opening bracket without its closing one.
    Unclosed {
        /// The opening bracket: `(` or `<`.
        open: char,
    },
    /// A closing bracket without an opening one.
    Unmatched(char),
    /// Text after a complete expression.
    TrailingInput {
        /// The first token after the expression, as written.
        found: String,
    },
    /// An integer literal outside `i64`.
    IntegerTooLarge(String),
    /// Brackets nested deeper than the parser's limit (which keeps it off
    /// the end of the stack).
    TooDeep {
        /// The deepest nesting accepted.
        limit: usize,
    },

    // ---- names and arguments ----
    /// A call of a function the registry does not know.
    UnknownFunction {
        /// The name as written.
        name: String,
        /// The known function closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A bare name that is not a tag (`LayoutLeft`, `RowMajor`, …).
    UnknownName {
        /// The name as written.
        name: String,
        /// The known name closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A call with too few or too many arguments.
    WrongArgumentCount {
        /// The function called.
        name: &'static str,
        /// How many it takes, in words (`2 arguments`, `1 or 2 arguments`).
        expected: String,
        /// How many the call has.
        found: usize,
    },
    /// An argument (or operand) of the wrong kind of value.
    WrongType {
        /// The kinds of value accepted there, in words.
        expected: &'static str,
        /// The kind of value given, in words ([`Value::describe`](crate::Value::describe)).
        found: &'static str,
    },
    /// A dynamic leaf of the `layout!` macro where only a value known while
    /// compiling will do.
    DynamicValue,

    // ---- layouts and coordinates ----
    /// A shape and a stride of different nesting.
    NotCongruent {
        /// The shape, in notation.
        shape: String,
        /// The stride, in notation.
        stride: String,
    },
    /// A negative extent in a shape (or in a tiler's shorthand `n`).
    NegativeExtent(i64),
    /// A coordinate tuple whose rank differs from the mode it indexes.
    RankMismatch {
        /// The mode's rank.
        expected: usize,
        /// The coordinate's rank.
        found: usize,
    },
    /// A coordinate tuple where the shape has a single extent.
    CoordinateTooDeep {
        /// The coordinate, in notation.
        coord: String,
        /// The extent it indexes.
        extent: String,
    },
    /// An integer split over a mode of size 0, which no index fits.
    ZeroSizeMode {
        /// The mode's position.
        mode: usize,
        /// The whole shape, in notation.
        shape: String,
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
    /// An access the analysis does not model (`access`): a TV layout not
    /// of rank 2, an element size not a power of two up to 16 bytes, values
    /// per access that do not fit.
    UnsupportedAccess {
        /// Which input is at fault.
        input: AccessInput,
        /// The sentence saying why (the whole message).
        why: String,
    },
    /// A result that does not fit in 64 bits; the payload is the whole
    /// message, a sentence saying which number.
    Overflow(&'static str),
    /// A number below the least its role allows.
    OutOfRange {
        /// The number's role (`the cotarget`, `a rank`, …).
        what: &'static str,
        /// The least allowed.
        min: i64,
        /// The number given.
        found: i64,
    },

    // ---- algebra preconditions ----
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
    /// `complement` of a layout whose modes, sorted by stride, do not stack.
    NotInjective {
        /// The overlapping mode (sorted by stride).
        mode: usize,
        /// Its stride.
        stride: i64,
        /// The span of the modes below it.
        span: i64,
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
    /// A by-mode tiler with more elements than the layout has modes.
    TilerTooLong {
        /// The tiler's rank.
        tiler: usize,
        /// The layout's rank.
        layout: usize,
    },
    /// A tiled MMA's atom layout with more than the three modes `(M,N,K)`.
    AtomLayoutRank {
        /// The layout's rank.
        rank: usize,
    },

    // ---- constructors and recasts ----
    /// An order (`make_ordered_layout`, `tile_to_shape`) whose nesting does
    /// not fit the shape it orders: a tuple where the shape has an integer,
    /// or a tuple of another rank.
    OrderMismatch {
        /// The order, in notation.
        order: String,
        /// The shape, in notation.
        shape: String,
    },
    /// Two modes of extent above 1 given the same place in an order, so
    /// no compact layout follows it (CuTe would give both the same stride).
    OrderTie {
        /// The order, in notation.
        order: String,
        /// The place both modes have.
        place: i64,
        /// The extent of the first of them.
        first: i64,
        /// The extent of the second.
        second: i64,
    },
    /// `tile_to_shape` of a block that does not tile the target shape.
    BlockNotDividing {
        /// The mode.
        mode: usize,
        /// The block's extent there (its size, for a hierarchical mode).
        block: i64,
        /// The target's extent there.
        target: i64,
    },
    /// `tile_to_shape` of a block with more modes than the target shape.
    BlockRankTooHigh {
        /// The block's rank.
        block: usize,
        /// The target shape's rank.
        target: usize,
    },
    /// An upcast by a width ratio that a stride neither divides nor is a
    /// multiple of, so the wider elements do not line up with the layout.
    RecastNotDivisible {
        /// The width ratio.
        n: i64,
        /// The leaf mode (counted over the flattened layout).
        mode: usize,
        /// Its stride.
        stride: i64,
    },
    /// A downcast of a layout without a stride-1 mode: there are no
    /// adjacent elements to split.
    NoUnitStride {
        /// The layout, in notation.
        layout: String,
    },

    // ---- kernel-library idioms: broadcasting, descriptors, positions, views ----
    /// Two extents at one axis that are neither equal nor 1.
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
    NotBroadcastable {
        /// The layout's extent, in notation.
        from: String,
        /// The target extent, in notation.
        to: String,
        /// The axis of the target shape.
        axis: usize,
    },
    /// A layout of higher rank than the shape it is broadcast to.
    BroadcastRank {
        /// The layout's rank.
        from: usize,
        /// The target shape's rank.
        to: usize,
    },
    /// An axis outside `-rank..rank`.
    AxisOutOfRange {
        /// The axis given.
        axis: i64,
        /// The rank it indexes.
        rank: usize,
    },
    /// A nested tuple where a flat one is needed.
    NotFlat {
        /// The tuple's role (`a block shape`, …).
        what: &'static str,
        /// The tuple, in notation.
        found: String,
    },
    /// A hierarchical mode where a function needs a single extent.
    ModeNotLeaf {
        /// The function.
        function: &'static str,
        /// The mode's position.
        mode: usize,
        /// Its shape, in notation.
        shape: String,
    },
    /// A coordinate outside its axis.
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
    IndexOutOfRange {
        /// The index' role (`an index`, `a block index`, …).
        what: &'static str,
        /// The index.
        index: i64,
        /// The size it must stay below.
        size: i64,
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
    /// A descriptor whose lengths and strides differ in number.
    DescriptorRank {
        /// How many lengths.
        lengths: usize,
        /// How many strides.
        strides: usize,
    },
    /// A descriptor stride that must be positive but is not.
    DescriptorStrideNotPositive {
        /// The descriptor's tag (`RowMajor`, `ColumnMajor`).
        tag: &'static str,
        /// The dimension.
        dim: usize,
        /// Its stride.
        stride: i64,
    },
    /// A descriptor stride too small to step over the dimension inside it.
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
    SameDiagonalDims {
        /// The dimension given twice.
        dim: usize,
    },
    /// A table longer than [`TABLE_LIMIT`](crate::TABLE_LIMIT).
    TableTooLarge {
        /// The entries it would have.
        size: i64,
        /// The most allowed.
        limit: i64,
    },

    // ---- modes and integer-tuple arithmetic ----
    /// A rank larger than [`PAD_RANK_LIMIT`](crate::PAD_RANK_LIMIT) to pad to.
    RankTooLarge {
        /// The rank asked for.
        rank: usize,
        /// The most allowed.
        limit: usize,
    },
    /// A mode index past the rank of the value it indexes.
    ModeOutOfRange {
        /// The mode index given.
        mode: i64,
        /// The rank of the value indexed.
        rank: usize,
    },
    /// Modes `[begin, end)` that are not a range of the value's modes.
    ModeRangeOutOfRange {
        /// The first mode.
        begin: i64,
        /// One past the last mode.
        end: i64,
        /// The rank of the value.
        rank: usize,
        /// `"non-empty "` when the function needs at least one mode, else empty.
        nonempty: &'static str,
    },
    /// `unflatten` with a profile whose leaves do not match the modes one to one.
    ProfileMismatch {
        /// Leaves of the profile.
        profile: usize,
        /// Modes of the flat value.
        modes: usize,
    },
    /// Two tuples whose ranks the function needs to match.
    TupleRanks {
        /// The function.
        function: &'static str,
        /// What it needs, in words (`equal ranks`, …).
        need: &'static str,
        /// The first tuple's rank.
        left: usize,
        /// The second tuple's rank.
        right: usize,
    },
    /// `shape_div` of two extents neither of which divides the other.
    NotDivisible {
        /// The dividend.
        a: i64,
        /// The divisor.
        b: i64,
    },
    /// A layout with scaled-basis strides (`1@0`) that CuTe cannot build
    /// or that an operation cannot take exactly; the sentence says why.
    ScaledBasis(String),

    // ---- tensor algorithms ----
    /// `gemm` operands whose ranks are none of CuTe's five forms
    /// (`(V)x(V)=>(V)`, `(M)x(N)=>(M,N)`, `(M,K)x(N,K)=>(M,N)`,
    /// `(V,M)x(V,N)=>(V,M,N)`, `(V,M,K)x(V,N,K)=>(V,M,N)`).
    GemmRanks {
        /// A's rank.
        a: usize,
        /// B's rank.
        b: usize,
        /// C's rank.
        c: usize,
    },
    /// `gemm` operands whose extents of one mode disagree.
    GemmExtents {
        /// The mode and the two operands (`K of A and B`).
        mode: &'static str,
        /// The first operand's extent.
        left: usize,
        /// The second operand's extent.
        right: usize,
    },
}

impl ErrorKind {
    /// Whether this is composition refusing `A ∘ B` (no layout can be it,
    /// or it cannot be decided): the right operand's fault, and what a
    /// divide or product built on composition reports as its own.
    #[must_use]
    pub fn is_composition_refusal(&self) -> bool {
        matches!(
            self,
            ErrorKind::NotAdmissible { .. }
                | ErrorKind::NotAdditive { .. }
                | ErrorKind::CompositionUndecided { .. }
        )
    }
}
