//! [`DomainError`]: arguments outside a function's domain, by their shapes,
//! ranks, modes, coordinates or indices.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::string::String;
use core::fmt;

/// Arguments outside the function's domain: shapes, ranks, modes,
/// coordinates or indices that do not fit together or lie outside what the
/// function takes (a shape and a stride of different nesting, a coordinate
/// of the wrong rank, an index past a size, a mode past a rank, a table or
/// rank past its limit). Strides the algebra cannot take are an
/// [`AlgebraRefusal`](crate::AlgebraRefusal).
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DomainError {
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
    /// A number below the least its role allows.
    OutOfRange {
        /// The number's role (`the cotarget`, `a rank`, …).
        what: &'static str,
        /// The least allowed.
        min: i64,
        /// The number given.
        found: i64,
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
    /// An axis outside `-rank..rank`.
    AxisOutOfRange {
        /// The axis given.
        axis: i64,
        /// The rank it indexes.
        rank: usize,
    },
    /// A table longer than [`TABLE_LIMIT`](crate::TABLE_LIMIT).
    TableTooLarge {
        /// The entries it would have.
        size: i64,
        /// The most allowed.
        limit: i64,
    },
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
    /// A tensor partition whose tiler does not divide the tensor (a
    /// partial tile, which CuTe reads past the end) and whose offsets
    /// reach past the engine: the refusal names the doors that predicate it.
    PartialTile {
        /// The tile's extent and the tensor's extent it does not divide,
        /// when the partition knows which mode it is.
        extents: Option<(i64, i64)>,
        /// The offset past the engine (the largest, or the smallest when negative).
        index: i64,
        /// The engine's length.
        size: i64,
    },
}

impl fmt::Display for DomainError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use DomainError::*;
        match self {
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
            OutOfRange { what, min, found } => {
                write!(f, "{what} must be at least {min}, got {found}")
            }
            TilerTooLong { tiler, layout } => write!(
                f,
                "the tiler has {tiler} modes but the layout only has {layout}"
            ),
            AtomLayoutRank { rank } => write!(
                f,
                "an atom layout has at most 3 modes (M,N,K), but this one has {rank}"
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
            AxisOutOfRange { axis, rank } => write!(
                f,
                "axis {axis} is out of range for rank {rank}: it must be at least -{rank} and less than {rank}"
            ),
            TableTooLarge { size, limit } => write!(
                f,
                "a table of {size} entries is larger than the limit of {limit}"
            ),
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
            GemmRanks { a, b, c } => write!(
                f,
                "gemm has no form for ranks ({a}) x ({b}) => ({c}): CuTe's are (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N) and (V,M,K)x(V,N,K)=>(V,M,N)"
            ),
            GemmExtents { mode, left, right } => {
                write!(f, "gemm: {mode} differ ({left} and {right})")
            }
            PartialTile {
                extents,
                index,
                size,
            } => {
                f.write_str("a partial tile: ")?;
                match extents {
                    Some((tile, extent)) => write!(
                        f,
                        "the tile's extent {tile} does not divide the tensor's extent {extent}"
                    )?,
                    None => f.write_str("the tiler does not divide the tensor")?,
                }
                write!(
                    f,
                    ", so the last tile reaches offset {index}, out of range 0..{size} of the storage; to predicate the elements past the end, partition a `Residue` of the tensor, or read the tile through `typed::Unbounded` (`copy_if`, `axpby_if`)"
                )
            }
        }
    }
}

impl core::error::Error for DomainError {}
