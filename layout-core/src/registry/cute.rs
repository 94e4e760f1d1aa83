//! CuTe's functions: one entry each.

use super::calls::{self, algebra, first};
use super::mode_calls::{self, sub_layout};
use super::{BASE, Function, Kind, Narration, Returns, Tiling, layout_of, tiled, tiled_by};
use super::{Construct, Query, TypedForm};
use crate::algebra::{self as alg, Form};
use crate::coerce::Accepts::{Any, Int, IntTuple, Layout, LayoutOrIntTuple, MajorOrStride, Tiler};
use crate::value::Value;

/// CuTe's layout functions: queries, one-layout operations, the algebra of
/// two layouts, coordinates and construction.
pub(super) const FUNCTIONS: &[Function] = &[
    // ---- queries ----
    Function {
        name: "size",
        typed: TypedForm::Query(Query::Size),
        on_composed: super::swizzle::KEEP,
        on_basis: super::basis::KEEP,
        narration: Narration::Size,
        usage: "size(X[, I…])",
        arity: 1..=usize::MAX,
        args: &[LayoutOrIntTuple, Int],
        returns: Returns::Always(Kind::Int),
        about: "the number of coordinates: the product of the extents (of mode I…)",
        example: "size((2,4):(1,2))",
        apply: calls::size,
        ..BASE
    },
    Function {
        name: "cosize",
        typed: TypedForm::Query(Query::Cosize),
        on_composed: super::swizzle::KEEP,
        on_basis: super::basis::COSIZE,
        narration: Narration::Cosize,
        usage: "cosize(L[, I…])",
        arity: 1..=usize::MAX,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::Int),
        about: "1 + Σ (s-1)·abs(d): one past the largest offset (of mode I…)",
        example: "cosize((2,4):(4,1))",
        apply: |a| Ok(calls::int(sub_layout(a)?.cosize())),
        ..BASE
    },
    Function {
        name: "rank",
        typed: TypedForm::Query(Query::Rank),
        on_composed: super::swizzle::KEEP,
        on_basis: super::basis::KEEP,
        narration: Narration::Rank,
        usage: "rank(X[, I…])",
        arity: 1..=usize::MAX,
        args: &[Tiler, Int],
        returns: Returns::Always(Kind::Int),
        about: "the number of top-level modes (of mode I…)",
        example: "rank((2,(3,4)))",
        apply: |a| mode_calls::rank_depth(a, false),
        ..BASE
    },
    Function {
        name: "depth",
        typed: TypedForm::Query(Query::Depth),
        on_composed: super::swizzle::KEEP,
        on_basis: super::basis::KEEP,
        narration: Narration::Depth,
        usage: "depth(X[, I…])",
        arity: 1..=usize::MAX,
        args: &[LayoutOrIntTuple, Int],
        returns: Returns::Always(Kind::Int),
        about: "how deeply the shape nests, 0 for an integer (of mode I…)",
        example: "depth((2,(3,4)))",
        apply: |a| mode_calls::rank_depth(a, true),
        ..BASE
    },
    Function {
        name: "shape",
        on_composed: super::swizzle::KEEP,
        on_basis: super::basis::KEEP,
        narration: Narration::Part,
        usage: "shape(L[, I…])",
        arity: 1..=usize::MAX,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::IntTuple),
        about: "the layout's shape (of mode I…)",
        example: "shape((2,4):(4,1))",
        apply: |a| Ok(Value::IntTuple(sub_layout(a)?.shape().clone())),
        ..BASE
    },
    Function {
        name: "stride",
        on_basis: super::basis::STRIDES,
        narration: Narration::Part,
        usage: "stride(L[, I…])",
        arity: 1..=usize::MAX,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::IntTuple),
        about: "the layout's stride (of mode I…)",
        example: "stride((2,4):(4,1))",
        apply: |a| Ok(Value::IntTuple(sub_layout(a)?.stride().clone())),
        ..BASE
    },
    // ---- one layout ----
    Function {
        name: "coalesce",
        typed: TypedForm::Coalesce,
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::COALESCE,
        narration: Narration::Coalesce,
        usage: "coalesce(L[, PROFILE])",
        arity: 1..=2,
        args: &[Layout, IntTuple],
        blame: algebra,
        about: "the same function with the fewest modes (by mode, as deep as PROFILE)",
        example: "coalesce((2,(1,6)):(1,(6,2)))",
        apply: calls::coalesce,
        ..BASE
    },
    Function {
        name: "filter",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::FILTER,
        narration: Narration::Filter,
        usage: "filter(L)",
        args: &[Layout],
        blame: algebra,
        about: "the layout without its stride-0 and extent-1 modes, coalesced",
        example: "filter((2,3,2):(1,0,2))",
        apply: |a| alg::filter(a.layout(0)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "flatten",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::LAYOUT,
        narration: Narration::Flatten,
        usage: "flatten(X)",
        args: &[LayoutOrIntTuple],
        returns: Returns::LikeArg(0),
        about: "every leaf at one level, in order",
        example: "flatten(((2,2),(3,5)):((1,2),(4,12)))",
        apply: calls::flatten,
        ..BASE
    },
    Function {
        name: "complement",
        typed: TypedForm::Complement,
        on_composed: super::swizzle::KEEP,
        narration: Narration::Complement,
        usage: "complement(A[, M|SHAPE])",
        arity: 1..=2,
        args: &[Layout, IntTuple],
        blame: calls::complement_blame,
        about: "the layout of A's holes up to M or the shape SHAPE (default cosize A)",
        example: "complement((2,2):(1,6), 24)",
        apply: calls::complement,
        ..BASE
    },
    Function {
        name: "right_inverse",
        on_composed: super::swizzle::RIGHT_INVERSE,
        on_swizzle: super::composed_calls::INVERSE,
        narration: Narration::RightInverse,
        usage: "right_inverse(L)",
        args: &[Layout],
        blame: algebra,
        about: "R with L(R(i)) = i for the longest prefix of L's offsets",
        example: "right_inverse((4,2):(2,1))",
        apply: |a| alg::right_inverse(a.layout(0)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "left_inverse",
        on_composed: super::swizzle::LEFT_INVERSE,
        on_swizzle: super::composed_calls::INVERSE,
        narration: Narration::LeftInverse,
        usage: "left_inverse(L)",
        args: &[Layout],
        blame: algebra,
        about: "R with R(L(i)) = i for every index of L",
        example: "left_inverse((4,2):(2,1))",
        apply: |a| alg::left_inverse(a.layout(0)?).map(layout_of),
        ..BASE
    },
    // ---- two layouts ----
    Function {
        on_swizzle: super::composed_calls::COMPOSITION,
        on_basis: super::basis::COMPOSITION,
        ..tiled_by(
            "composition",
            "composition(A, B)",
            Tiling::Composition,
            "A ∘ B: R(c) = A(B(c)), shaped like B",
            "composition((6,2):(8,2), (4,3):(3,1))",
            |a| alg::composition(a.layout(0)?, &a.composition_tiler(1)?).map(layout_of),
        )
    },
    tiled(
        "logical_divide",
        "logical_divide(A, T)",
        Tiling::Divide(Form::Logical),
        "A ∘ (T, complement(T, size A)): tiles of T, then across tiles",
        "logical_divide((4,2,3):(2,1,8), 4:2)",
    ),
    tiled(
        "zipped_divide",
        "zipped_divide(A, T)",
        Tiling::Divide(Form::Zipped),
        "logical_divide grouped as ((tiles…),(rests…))",
        "zipped_divide((4,6):(1,4), (2,3))",
    ),
    tiled(
        "tiled_divide",
        "tiled_divide(A, T)",
        Tiling::Divide(Form::Tiled),
        "logical_divide grouped as ((tiles…),rest0,rest1,…)",
        "tiled_divide((4,6):(1,4), (2,3))",
    ),
    tiled(
        "flat_divide",
        "flat_divide(A, T)",
        Tiling::Divide(Form::Flat),
        "logical_divide grouped as (tile0,tile1,…,rest0,rest1,…)",
        "flat_divide((4,6):(1,4), (2,3))",
    ),
    Function {
        on_swizzle: super::composed_calls::LOGICAL_PRODUCT,
        ..tiled(
            "logical_product",
            "logical_product(A, T)",
            Tiling::Product(Form::Logical),
            "(A, complement(A, size A · cosize T) ∘ T): A, then copies of A laid out as T",
            "logical_product((2,2):(4,1), 6:1)",
        )
    },
    tiled(
        "zipped_product",
        "zipped_product(A, T)",
        Tiling::Product(Form::Zipped),
        "logical_product grouped as ((A modes…),(copy modes…))",
        "zipped_product((2,2):(1,2), (2,2))",
    ),
    tiled(
        "tiled_product",
        "tiled_product(A, T)",
        Tiling::Product(Form::Tiled),
        "logical_product grouped as ((A modes…),copy0,copy1,…)",
        "tiled_product((2,2):(1,2), (2,2))",
    ),
    tiled(
        "flat_product",
        "flat_product(A, T)",
        Tiling::Product(Form::Flat),
        "logical_product grouped as (A0,A1,…,copy0,copy1,…)",
        "flat_product((2,2):(1,2), (2,2))",
    ),
    Function {
        name: "blocked_product",
        typed: TypedForm::ZipProduct { raked: false },
        on_composed: super::swizzle::RECOMPOSE,
        narration: Narration::Tiling,
        usage: "blocked_product(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        blame: algebra,
        tiling: Some(Tiling::ZipProduct { raked: false }),
        about: "copies of the block A arranged as B, mode i = (A_i, B_i)",
        example: "blocked_product((2,2):(1,2), (2,3):(3,1))",
        apply: |a| alg::blocked_product(a.layout(0)?, a.layout(1)?).map(layout_of),
        ..BASE
    },
    Function {
        name: "raked_product",
        typed: TypedForm::ZipProduct { raked: true },
        on_composed: super::swizzle::RECOMPOSE,
        narration: Narration::Tiling,
        usage: "raked_product(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        blame: algebra,
        tiling: Some(Tiling::ZipProduct { raked: true }),
        about: "copies of A interleaved as B, mode i = (B_i, A_i)",
        example: "raked_product((2,2):(1,2), (2,3):(3,1))",
        apply: |a| alg::raked_product(a.layout(0)?, a.layout(1)?).map(layout_of),
        ..BASE
    },
    // ---- coordinates and construction ----
    Function {
        name: "crd2idx",
        typed: TypedForm::Query(Query::Crd2idx),
        on_composed: super::swizzle::SWIZZLED_OFFSET,
        on_basis: super::basis::CRD2IDX,
        narration: Narration::Crd2idx,
        usage: "crd2idx(C, L|SHAPE[, STRIDE])",
        arity: 2..=3,
        args: &[IntTuple, LayoutOrIntTuple, IntTuple],
        returns: Returns::Always(Kind::Int),
        blame: first,
        about: "the offset of coordinate C (an integer is split over the shape)",
        example: "crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))",
        apply: calls::crd2idx,
        ..BASE
    },
    Function {
        name: "idx2crd",
        typed: TypedForm::Query(Query::Idx2crd),
        narration: Narration::Idx2crd,
        usage: "idx2crd(I, SHAPE[, LayoutLeft|LayoutRight|STRIDE])",
        arity: 2..=3,
        args: &[IntTuple, IntTuple, MajorOrStride],
        returns: Returns::Always(Kind::IntTuple),
        blame: calls::idx2crd_blame,
        about: "the natural coordinate of index I (of offset I under a compact or given stride)",
        example: "idx2crd(5, (2,3))",
        apply: calls::idx2crd,
        ..BASE
    },
    Function {
        name: "make_layout",
        typed: TypedForm::Construct(Construct::Layout),
        narration: Narration::MakeLayout,
        usage: "make_layout(SHAPE|L0[, LayoutLeft|LayoutRight|STRIDE|L1, …])",
        arity: 1..=usize::MAX,
        args: &[LayoutOrIntTuple, Any],
        about: "a compact layout of SHAPE, SHAPE:STRIDE, or the layouts as its modes",
        example: "make_layout((2,3), LayoutRight)",
        apply: calls::make_layout,
        ..BASE
    },
];
