//! The message of each [`ErrorKind`]: its `Display`, one sentence per
//! variant, in the order and families of the enum (kind.rs), which says
//! what each variant and field means.

use alloc::string::String;
use core::fmt;

use super::ErrorKind;

/// The one-line message `layout eval`, the macro's `compile_error!` and
/// the CLI print; it names the numbers that failed, never the position
/// (the [`Error`](crate::Error)'s span says where).
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use ErrorKind::*;
        match self {
            // ---- text ----
            BadCharacter(c) => write!(f, "unexpected character `{}`", c.escape_debug()),
            UnexpectedToken { expected, found } => write!(f, "expected {expected}, found {found}"),
            UnexpectedEnd { expected } => {
                write!(f, "expected {expected}, but the expression ended")
            }
            Unclosed { open } => write!(f, "`{open}` is never closed"),
            Unmatched(bracket) => write!(f, "unmatched `{bracket}`"),
            TrailingInput { found } => {
                write!(
                    f,
                    "unexpected {} after the end of the expression",
                    Echo(found)
                )
            }
            IntegerTooLarge(text) => write!(f, "integer {} does not fit in 64 bits", Echo(text)),
            TooDeep { limit } => write!(f, "brackets nest more than {limit} deep"),

            // ---- names and arguments ----
            UnknownFunction { name, suggestion } => {
                write!(
                    f,
                    "unknown function {}{}",
                    Echo(name),
                    did_you_mean(suggestion)
                )
            }
            UnknownName { name, suggestion } => {
                write!(f, "unknown name {}{}", Echo(name), did_you_mean(suggestion))
            }
            WrongArgumentCount {
                name,
                expected,
                found,
            } => write!(
                f,
                "`{name}` takes {expected}, but {found} {} given",
                if *found == 1 { "was" } else { "were" }
            ),
            WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            DynamicValue => write!(
                f,
                "a dynamic value cannot be used here: this needs a value known at compile time"
            ),

            // ---- layouts and coordinates ----
            NotCongruent { shape, stride } => write!(
                f,
                "shape {shape} and stride {stride} are not congruent (they must have the same nesting)"
            ),
            NegativeExtent(extent) => write!(f, "shape extent {extent} is negative"),
            RankMismatch { expected, found } => write!(
                f,
                "coordinate has rank {found} but the mode it indexes has rank {expected}"
            ),
            CoordinateTooDeep { coord, extent } => write!(
                f,
                "coordinate {coord} is a tuple but the mode it indexes is the single extent {extent}"
            ),
            ZeroSizeMode { mode, shape } => write!(
                f,
                "cannot split an index over mode {mode} of shape {shape}: its size is 0"
            ),
            CannotMergeSwizzles { first, second, why } => {
                write!(f, "cannot compose {first} with {second}: {why}")
            }
            ComposedUnsupported { what, of, why } => {
                write!(f, "cannot take the {what} of {of}: {why}")
            }
            UnsupportedAccess { why, .. } => write!(f, "{why}"),
            Overflow(sentence) => write!(f, "{sentence}"),
            OutOfRange { what, min, found } => {
                write!(f, "{what} must be at least {min}, got {found}")
            }

            // ---- algebra preconditions ----
            NotAdmissible {
                mode,
                leaf,
                extent,
                index,
                value,
            } => write!(
                f,
                "composition is not admissible: on leaf {mode} of the right layout ({leaf}), A(B({index})) = {value}, and no layout of extent {extent} (nor any refinement of it) agrees with A(B(i)) for every i <= {index}"
            ),
            NotAdditive {
                coord,
                index,
                value,
                sum,
            } => write!(
                f,
                "composition is not admissible: A(B({index})) = {value} at coordinate {coord} of the right layout, but every layout of its shape (modes possibly refined) that agrees with A(B(i)) for i < {index} gives {sum} there (A∘B on each of that coordinate's modes alone, summed)"
            ),
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
            NotInjective { mode, stride, span } => write!(
                f,
                "complement needs the modes of the layout, sorted by stride, to stack: mode {mode} (stride {stride}) starts inside the span {span} of the modes below it, so the layout is not injective or its modes interleave"
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
            TilerTooLong { tiler, layout } => write!(
                f,
                "the tiler has {tiler} modes but the layout only has {layout}"
            ),
            AtomLayoutRank { rank } => write!(
                f,
                "an atom layout has at most 3 modes (M,N,K), but this one has {rank}"
            ),

            // ---- constructors and recasts ----
            OrderMismatch { order, shape } => write!(
                f,
                "order {order} does not fit shape {shape}: each tuple of the order needs a mode of the same rank"
            ),
            OrderTie {
                order,
                place,
                first,
                second,
            } => write!(
                f,
                "order {order} gives two modes (of extents {first} and {second}) the same place {place}: a compact layout needs each mode its own"
            ),
            BlockNotDividing {
                mode,
                block,
                target,
            } => write!(
                f,
                "tile_to_shape needs the block to divide the target: mode {mode} has block extent {block} and target extent {target}"
            ),
            BlockRankTooHigh { block, target } => write!(
                f,
                "tile_to_shape needs a block of at most the target's rank {target}, but the block has rank {block}"
            ),
            RecastNotDivisible { n, mode, stride } => write!(
                f,
                "upcast by {n} needs each stride to divide {n} or be a multiple of it, but leaf mode {mode} has stride {stride}"
            ),
            NoUnitStride { layout } => write!(
                f,
                "downcast needs a mode of stride 1 (adjacent elements), but {layout} has none"
            ),

            // ---- kernel-library idioms: broadcasting, descriptors, positions, views ----
            CannotBroadcast {
                left, right, axis, ..
            } => write!(
                f,
                "cannot broadcast extent {left} with extent {right} at axis {axis}"
            ),
            NotBroadcastable { from, to, axis } => write!(
                f,
                "cannot broadcast extent {from} to extent {to} at axis {axis}"
            ),
            BroadcastRank { from, to } => write!(
                f,
                "cannot broadcast a layout of rank {from} to a shape of rank {to}"
            ),
            AxisOutOfRange { axis, rank } => write!(
                f,
                "axis {axis} is out of range for rank {rank}: it must be at least -{rank} and less than {rank}"
            ),
            NotFlat { what, found } => {
                write!(f, "{what} must be a flat tuple of integers, found {found}")
            }
            ModeNotLeaf {
                function,
                mode,
                shape,
            } => write!(
                f,
                "{function} needs mode {mode} to be a single extent, but it is {shape}"
            ),
            CoordOutOfRange {
                what,
                coord,
                axis,
                extent,
            } => write!(
                f,
                "{what} {coord} is out of range for axis {axis} of extent {extent}"
            ),
            IndexOutOfRange { what, index, size } => {
                write!(f, "{what} {index} is out of range 0..{size}")
            }
            NonPositiveStride {
                mode,
                extent,
                stride,
            } => write!(
                f,
                "idx2crd needs positive strides, but mode {mode} of extent {extent} has stride {stride}"
            ),
            DescriptorRank { lengths, strides } => write!(
                f,
                "the descriptor has {lengths} lengths but {strides} strides"
            ),
            DescriptorStrideNotPositive { tag, dim, stride } => write!(
                f,
                "{tag} needs positive strides (only the last two may be 0 or negative, to be computed), but dimension {dim} has stride {stride}"
            ),
            DescriptorStrideTooSmall {
                tag,
                dim,
                stride,
                needed,
                inner,
                extent,
                inner_stride,
            } => write!(
                f,
                "{tag} needs stride {stride} of dimension {dim} to be at least {needed}, extent {extent} times stride {inner_stride} of dimension {inner} inside it"
            ),
            SameDiagonalDims { dim } => write!(
                f,
                "diagonal needs two different dimensions, but both are dimension {dim}"
            ),
            TableTooLarge { size, limit } => write!(
                f,
                "a table of {size} entries is larger than the limit of {limit}"
            ),

            // ---- modes and integer-tuple arithmetic ----
            RankTooLarge { rank, limit } => {
                write!(f, "a rank of {rank} is larger than the limit of {limit}")
            }
            ModeOutOfRange { mode, rank } => {
                write!(f, "mode {mode} is out of range: the value has rank {rank}")
            }
            ModeRangeOutOfRange {
                begin,
                end,
                rank,
                nonempty,
            } => write!(
                f,
                "modes [{begin},{end}) are not a {nonempty}range of the value's {rank} modes"
            ),
            ProfileMismatch { profile, modes } => write!(
                f,
                "the profile has {profile} leaves but the flat value has {modes} modes"
            ),
            TupleRanks {
                function,
                need,
                left,
                right,
            } => write!(f, "{function} needs {need}, got ranks {left} and {right}"),
            NotDivisible { a, b } => write!(f, "shape_div needs {a} and {b} to divide one another"),
            ScaledBasis(why) => write!(f, "{why}"),

            // ---- tensor algorithms ----
            GemmRanks { a, b, c } => write!(
                f,
                "gemm has no form for ranks ({a}) x ({b}) => ({c}): CuTe's are (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) and (V,M,K)x(V,N,K)=>(V,M,N)"
            ),
            GemmExtents { mode, left, right } => {
                write!(f, "gemm: {mode} differ ({left} and {right})")
            }
        }
    }
}

impl core::error::Error for ErrorKind {}

/// `; did you mean `NAME`?` after an unknown name with a close known one.
fn did_you_mean(suggestion: &Option<&'static str>) -> String {
    match suggestion {
        Some(s) => alloc::format!("; did you mean `{s}`?"),
        None => String::new(),
    }
}

/// Input text quoted in a message: whole up to [`Echo::LONGEST`]
/// characters, else its start and its length, so that a megabyte token
/// still gives a one-line message of a readable length (the span says
/// where it is).
struct Echo<'a>(&'a str);

impl Echo<'_> {
    const LONGEST: usize = 64;
    /// How much of a longer text is shown.
    const START: usize = 32;
}

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chars = self.0.chars().count();
        if chars <= Echo::LONGEST {
            return write!(f, "`{}`", self.0);
        }
        let start: String = self.0.chars().take(Echo::START).collect();
        write!(f, "`{start}…` ({chars} characters)")
    }
}
