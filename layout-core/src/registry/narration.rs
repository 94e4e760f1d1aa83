//! [`Narration`]: which derivation `layout explain` narrates for a function.

/// Which derivation `layout explain` narrates for a function: its steps
/// are the CLI's, the choice is the registry entry's, so the CLI knows no
/// function by name. Functions narrated alike share a variant; a variant
/// whose narration differs only in a word carries it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[allow(missing_docs)] // Each variant is named after the function(s) it narrates.
pub enum Narration {
    /// No steps: the result only. The default of a new entry; a test of the
    /// CLI requires every entry to have a narration.
    ResultOnly,
    /// A composition, divide or product, as its [`Tiling`](super::Tiling) says.
    Tiling,
    // ---- queries, each also of a mode `I…` ----
    Size,
    Cosize,
    Rank,
    Depth,
    /// `shape` or `stride`: that part of the layout.
    Part,
    /// `get`: a mode picked by indices (a variant named `Get` would make
    /// rustc print the typed `Get` trait by its full path).
    GetMode,
    Coshape,
    // ---- coordinates and one layout ----
    Crd2idx,
    Idx2crd,
    MakeLayout,
    /// `slice` (`dice: false`) or `dice`.
    Slice {
        dice: bool,
    },
    /// `inner_partition` and `local_tile` (`outer: false`), `outer_partition`
    /// and `local_partition`: the zipped divide, then its slice;
    /// `local_partition` (`by_thread: true`) first finds the thread's
    /// coordinate and the tiler in its thread layout.
    Partition {
        outer: bool,
        by_thread: bool,
    },
    Coalesce,
    Filter,
    Flatten,
    Complement,
    RightInverse,
    LeftInverse,
    // ---- constructors and recasts ----
    OrderedLayout,
    LayoutLike,
    FragmentLike,
    /// `make_identity_layout`: the scaled-basis strides, one per mode.
    IdentityLayout,
    TileToShape,
    /// `upcast` (`wider: true`) or `downcast`.
    Recast {
        wider: bool,
    },
    RecastLayout,
    // ---- mode editing and analysis ----
    /// `take` (`gather: false`) or `group`.
    Take {
        gather: bool,
    },
    Select,
    /// `append` (`last: true`) or `prepend`.
    Append {
        last: bool,
    },
    Replace,
    Unflatten,
    WithShape,
    Nullspace,
    /// `max_common_vector` or `max_common_layout`.
    MaxCommon,
    MaxAlignment,
    Compatible,
    Congruent,
    WeaklyCongruent,
    EvenlyDivides,
    Crd2crd,
    ProductEach,
    /// `shape_div` (`strict: true`: each pair divides one way) or `ceil_div`.
    ShapeDiv {
        strict: bool,
    },
    FilterZeros,
    // ---- TV layouts and atoms ----
    /// `layout_tv` or `layout_tv_tile`: `make_tiled_copy`'s steps.
    LayoutTv,
    MmaShape,
    MmaThreads,
    /// `mma_layout` or `copy_layout`: an atom's layout of an operand.
    AtomLayout,
    TiledMma,
    // ---- the kernel-library idioms ----
    Broadcast,
    BroadcastTo,
    RealAxis,
    Descriptor,
    Diagonal,
    Table,
    Stripes,
    SliceAxis,
    Block,
    View,
    Positions,
    // ---- swizzles ----
    Swizzle,
    ComposedLayout,
    Access,
}
