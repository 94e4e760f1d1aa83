//! The table itself: one entry per function. A new function is one entry
//! here (and its algebra elsewhere).

use super::calls::{self, algebra, divide, first, whole};
use super::idioms;
use super::{Function, Kind, Returns, Tiling};
use crate::algebra::{self as alg, Form};
use crate::coerce::Accepts::{
    Any, Int, IntTuple, Layout, LayoutOrIntTuple, MajorOrStride, Tiler, View,
};
use crate::value::Value;

/// The fields most entries share: blame the whole call, arguments may be
/// dynamic in the macro, no tiling.
const BASE: Function = Function {
    name: "",
    usage: "",
    arity: 1..=1,
    args: &[],
    returns: Returns::Always(Kind::Layout),
    blame: whole,
    static_only: false,
    tiling: None,
    about: "",
    apply: |_| unreachable!("every entry has its own `apply`"),
};

const fn layout_of(l: crate::Layout) -> Value {
    Value::Layout(l)
}

/// A composition, divide or product of `(A, T)`.
const fn tiled(
    name: &'static str,
    usage: &'static str,
    tiling: Tiling,
    about: &'static str,
    apply: fn(&crate::coerce::Args) -> crate::Result<Value>,
) -> Function {
    Function {
        name,
        usage,
        arity: 2..=2,
        args: &[Layout, Tiler],
        blame: match tiling {
            Tiling::Divide(_) => divide,
            _ => algebra,
        },
        tiling: Some(tiling),
        about,
        apply,
        ..BASE
    }
}

/// Every function the notation knows, CuTe's first, then the kernel-library idioms'.
pub static FUNCTIONS: &[Function] = &[
    // ---- queries ----
    Function {
        name: "size",
        usage: "size(X)",
        args: &[LayoutOrIntTuple],
        returns: Returns::Always(Kind::Int),
        about: "the number of coordinates: the product of the extents",
        apply: calls::size,
        ..BASE
    },
    Function {
        name: "cosize",
        usage: "cosize(L)",
        args: &[Layout],
        returns: Returns::Always(Kind::Int),
        about: "one past the largest offset the layout reaches",
        apply: |a| Ok(calls::int(a.layout(0)?.cosize())),
        ..BASE
    },
    Function {
        name: "rank",
        usage: "rank(X)",
        args: &[Tiler],
        returns: Returns::Always(Kind::Int),
        about: "the number of top-level modes",
        apply: calls::rank,
        ..BASE
    },
    Function {
        name: "depth",
        usage: "depth(X)",
        args: &[LayoutOrIntTuple],
        returns: Returns::Always(Kind::Int),
        about: "how deeply the shape nests (0 for an integer)",
        apply: calls::depth,
        ..BASE
    },
    Function {
        name: "shape",
        usage: "shape(L)",
        args: &[Layout],
        returns: Returns::Always(Kind::IntTuple),
        about: "the layout's shape",
        apply: |a| Ok(Value::IntTuple(a.layout(0)?.shape().clone())),
        ..BASE
    },
    Function {
        name: "stride",
        usage: "stride(L)",
        args: &[Layout],
        returns: Returns::Always(Kind::IntTuple),
        about: "the layout's stride",
        apply: |a| Ok(Value::IntTuple(a.layout(0)?.stride().clone())),
        ..BASE
    },
    // ---- one layout ----
    Function {
        name: "coalesce",
        usage: "coalesce(L[, PROFILE])",
        arity: 1..=2,
        args: &[Layout, IntTuple],
        blame: algebra,
        about: "the same function with the fewest modes (by mode, as deep as PROFILE)",
        apply: calls::coalesce,
        ..BASE
    },
    Function {
        name: "filter",
        usage: "filter(L)",
        args: &[Layout],
        blame: algebra,
        about: "the layout without its stride-0 and extent-1 modes, coalesced",
        apply: |a| alg::filter(a.layout(0)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "flatten",
        usage: "flatten(X)",
        args: &[LayoutOrIntTuple],
        returns: Returns::LikeArg(0),
        about: "every leaf at one level, in order",
        apply: calls::flatten,
        ..BASE
    },
    Function {
        name: "complement",
        usage: "complement(A[, M])",
        arity: 1..=2,
        args: &[Layout, Int],
        blame: calls::complement_blame,
        about: "the layout of A's holes up to M (default cosize A)",
        apply: calls::complement,
        ..BASE
    },
    Function {
        name: "right_inverse",
        usage: "right_inverse(L)",
        args: &[Layout],
        blame: algebra,
        about: "R with L(R(i)) = i for the longest prefix of L's offsets",
        apply: |a| alg::right_inverse(a.layout(0)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "left_inverse",
        usage: "left_inverse(L)",
        args: &[Layout],
        blame: algebra,
        about: "R with R(L(i)) = i for every index of L",
        apply: |a| alg::left_inverse(a.layout(0)?).map(layout_of),
        ..BASE
    },
    // ---- two layouts ----
    tiled(
        "composition",
        "composition(A, B)",
        Tiling::Composition,
        "A ∘ B: R(c) = A(B(c)), shaped like B",
        |a| calls::tiled(a, alg::composition),
    ),
    tiled(
        "logical_divide",
        "logical_divide(A, T)",
        Tiling::Divide(Form::Logical),
        "A ∘ (T, complement(T, size A)): tiles of T, then across tiles",
        |a| calls::divide_as(a, Form::Logical),
    ),
    tiled(
        "zipped_divide",
        "zipped_divide(A, T)",
        Tiling::Divide(Form::Zipped),
        "logical_divide grouped as ((tiles…),(rests…))",
        |a| calls::divide_as(a, Form::Zipped),
    ),
    tiled(
        "tiled_divide",
        "tiled_divide(A, T)",
        Tiling::Divide(Form::Tiled),
        "logical_divide grouped as ((tiles…),rest0,rest1,…)",
        |a| calls::divide_as(a, Form::Tiled),
    ),
    tiled(
        "flat_divide",
        "flat_divide(A, T)",
        Tiling::Divide(Form::Flat),
        "logical_divide grouped as (tile0,tile1,…,rest0,rest1,…)",
        |a| calls::divide_as(a, Form::Flat),
    ),
    tiled(
        "logical_product",
        "logical_product(A, T)",
        Tiling::Product(Form::Logical),
        "(A, complement(A, size A · cosize T) ∘ T): A, then copies of A laid out as T",
        |a| calls::product_as(a, Form::Logical),
    ),
    tiled(
        "zipped_product",
        "zipped_product(A, T)",
        Tiling::Product(Form::Zipped),
        "logical_product grouped as ((A modes…),(copy modes…))",
        |a| calls::product_as(a, Form::Zipped),
    ),
    tiled(
        "tiled_product",
        "tiled_product(A, T)",
        Tiling::Product(Form::Tiled),
        "logical_product grouped as ((A modes…),copy0,copy1,…)",
        |a| calls::product_as(a, Form::Tiled),
    ),
    tiled(
        "flat_product",
        "flat_product(A, T)",
        Tiling::Product(Form::Flat),
        "logical_product grouped as (A0,A1,…,copy0,copy1,…)",
        |a| calls::product_as(a, Form::Flat),
    ),
    Function {
        name: "blocked_product",
        usage: "blocked_product(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        blame: algebra,
        tiling: Some(Tiling::ZipProduct { raked: false }),
        about: "copies of the block A arranged as B, mode i = (A_i, B_i)",
        apply: |a| alg::blocked_product(a.layout(0)?, a.layout(1)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "raked_product",
        usage: "raked_product(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        blame: algebra,
        tiling: Some(Tiling::ZipProduct { raked: true }),
        about: "copies of A interleaved as B, mode i = (B_i, A_i)",
        apply: |a| alg::raked_product(a.layout(0)?, a.layout(1)?).map(layout_of),
        ..BASE
    },
    // ---- coordinates and construction ----
    Function {
        name: "crd2idx",
        usage: "crd2idx(C, L|SHAPE[, STRIDE])",
        arity: 2..=3,
        args: &[IntTuple, LayoutOrIntTuple, IntTuple],
        returns: Returns::Always(Kind::Int),
        blame: first,
        about: "the offset of coordinate C (an integer is split over the shape)",
        apply: calls::crd2idx,
        ..BASE
    },
    Function {
        name: "idx2crd",
        usage: "idx2crd(I, SHAPE[, LayoutLeft|LayoutRight|STRIDE])",
        arity: 2..=3,
        args: &[IntTuple, IntTuple, MajorOrStride],
        returns: Returns::Always(Kind::IntTuple),
        blame: calls::idx2crd_blame,
        about: "the natural coordinate of index I (of offset I under a compact or given stride)",
        apply: calls::idx2crd,
        ..BASE
    },
    Function {
        name: "make_layout",
        usage: "make_layout(SHAPE|L0[, LayoutLeft|LayoutRight|STRIDE|L1, …])",
        arity: 1..=usize::MAX,
        args: &[LayoutOrIntTuple, Any],
        about: "a compact layout of SHAPE, SHAPE:STRIDE, or the layouts as its modes",
        apply: calls::make_layout,
        ..BASE
    },
    // ---- kernel-library idioms ----
    Function {
        name: "broadcast",
        usage: "broadcast(SHAPE[, …])",
        arity: 1..=usize::MAX,
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        blame: idioms::broadcast_blame,
        about: "the shape the flat shapes broadcast to, NumPy's rules",
        apply: idioms::broadcast_shapes,
        ..BASE
    },
    Function {
        name: "broadcast_to",
        usage: "broadcast_to(L, SHAPE)",
        arity: 2..=2,
        args: &[Layout, IntTuple],
        blame: idioms::broadcast_blame,
        about: "L read as SHAPE: stride 0 along broadcast axes",
        apply: idioms::broadcast_layout,
        ..BASE
    },
    Function {
        name: "real_axis",
        usage: "real_axis(AXIS, RANK)",
        arity: 2..=2,
        args: &[Int, Int],
        returns: Returns::Always(Kind::Int),
        about: "a negative axis counted from the end, checked against the rank",
        apply: idioms::real_axis_of,
        ..BASE
    },
    Function {
        name: "descriptor",
        usage: "descriptor(LENGTHS[, STRIDES], TAG)",
        arity: 2..=3,
        args: &[IntTuple, Any, Any],
        blame: idioms::descriptor_blame,
        about: "Composable Kernel's tensor descriptor as a flat layout",
        apply: idioms::descriptor_layout,
        ..BASE
    },
    Function {
        name: "table",
        usage: "table(L)",
        args: &[View],
        returns: Returns::Always(Kind::Table),
        blame: first,
        static_only: true,
        about: "every offset in index order, [L(0),L(1),…]",
        apply: idioms::table_of,
        ..BASE
    },
    Function {
        name: "view",
        usage: "view(L, BASE)",
        arity: 2..=2,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::View),
        about: "L read from offset BASE",
        apply: idioms::view_of,
        ..BASE
    },
    Function {
        name: "positions",
        usage: "positions(L[, START])",
        arity: 1..=2,
        args: &[View, IntTuple],
        returns: Returns::Always(Kind::Table),
        static_only: true,
        about: "the offsets a row-major walk from START visits to the end",
        apply: idioms::positions,
        ..BASE
    },
    Function {
        name: "diagonal",
        usage: "diagonal(L[, OFFSET[, DIM1[, DIM2]]])",
        arity: 1..=4,
        args: &[View, Int],
        returns: Returns::Always(Kind::View),
        blame: idioms::view_blame,
        about: "torch's diagonal: two dims merged into one, their strides summed",
        apply: idioms::diagonal_of,
        ..BASE
    },
    Function {
        name: "stripes",
        usage: "stripes(L, AXIS)",
        arity: 2..=2,
        args: &[View, Int],
        returns: Returns::LikeArg(0),
        blame: idioms::view_blame,
        about: "AXIS first, the other axes grouped: one stripe per other index",
        apply: idioms::stripes_of,
        ..BASE
    },
    Function {
        name: "slice_axis",
        usage: "slice_axis(L, AXIS, I)",
        arity: 3..=3,
        args: &[View, Int, Int],
        returns: Returns::Always(Kind::View),
        blame: idioms::view_blame,
        about: "the sub-tensor at index I of AXIS (torch's select)",
        apply: idioms::slice_axis_of,
        ..BASE
    },
    Function {
        name: "block",
        usage: "block(L, TILE, INDEX)",
        arity: 3..=3,
        args: &[View, IntTuple, IntTuple],
        returns: Returns::Always(Kind::View),
        blame: idioms::block_blame,
        about: "block INDEX of L cut into TILE-shaped blocks (edge blocks cut)",
        apply: idioms::block_of,
        ..BASE
    },
];
