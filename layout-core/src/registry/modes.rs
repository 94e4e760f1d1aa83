//! CuTe's mode editing, layout analysis and integer-tuple arithmetic: one
//! entry each. (`size`, `shape`, … with mode indices are CuTe's queries,
//! in `registry/cute.rs`.) CuTe's template arguments are trailing integer
//! arguments: `get<1,0>(L)` is `get(L, 1, 0)`.

use super::calls::algebra;
use super::mode_calls as calls;
use super::{Arith, Construct, Query, TypedForm};
use super::{BASE, Function, Kind, Narration, Returns};
use crate::algebra as alg;
use crate::coerce::Accepts::{Int, IntTuple, Layout, LayoutOrIntTuple};
use crate::value::Value;

/// The functions of this section, in README order.
pub(super) const FUNCTIONS: &[Function] = &[
    // ---- mode access and editing ----
    Function {
        name: "get",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::LAYOUT,
        narration: Narration::GetMode,
        usage: "get(X, I…)",
        arity: 2..=usize::MAX,
        args: &[LayoutOrIntTuple, Int],
        returns: Returns::LikeArg(0),
        about: "mode I of X, then its mode J, … (CuTe's get<I,J,…>)",
        example: "get(((2,4),(3,5)):((3,6),(1,24)), 1, 0)",
        apply: calls::get,
        ..BASE
    },
    Function {
        name: "take",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::LAYOUT,
        narration: Narration::Take { gather: false },
        usage: "take(X, B, E)",
        arity: 3..=3,
        args: &[LayoutOrIntTuple, Int, Int],
        returns: Returns::LikeArg(0),
        about: "the tuple of modes B..E (E = -1: to the end)",
        example: "take((2,3,4,5):(1,2,6,24), 1, 3)",
        apply: calls::take,
        ..BASE
    },
    Function {
        name: "select",
        on_basis: super::basis::LAYOUT,
        narration: Narration::Select,
        usage: "select(X, I…)",
        arity: 2..=usize::MAX,
        args: &[LayoutOrIntTuple, Int],
        returns: Returns::LikeArg(0),
        about: "the tuple of modes I, J, … in that order",
        example: "select((2,3,4,5):(1,2,6,24), 3, 0)",
        apply: calls::select,
        ..BASE
    },
    Function {
        name: "group",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::LAYOUT,
        narration: Narration::Take { gather: true },
        usage: "group(X, B, E)",
        arity: 3..=3,
        args: &[LayoutOrIntTuple, Int, Int],
        returns: Returns::LikeArg(0),
        about: "modes B..E gathered into one mode (E = -1: to the end)",
        example: "group((2,3,4,5):(1,2,6,24), 1, 3)",
        apply: calls::group,
        ..BASE
    },
    Function {
        name: "append",
        on_composed: super::swizzle::RECOMPOSE,
        on_basis: super::basis::LAYOUT,
        narration: Narration::Append { last: true },
        usage: "append(X, M[, N])",
        arity: 2..=3,
        args: &[LayoutOrIntTuple, LayoutOrIntTuple, Int],
        returns: Returns::LikeArg(0),
        about: "M as a new last mode (with N: copies of M up to rank N)",
        example: "append((2,3):(1,2), 4:6)",
        apply: |a| calls::extend(a, true),
        ..BASE
    },
    Function {
        name: "prepend",
        on_basis: super::basis::LAYOUT,
        narration: Narration::Append { last: false },
        usage: "prepend(X, M[, N])",
        arity: 2..=3,
        args: &[LayoutOrIntTuple, LayoutOrIntTuple, Int],
        returns: Returns::LikeArg(0),
        about: "M as a new first mode (with N: copies of M up to rank N)",
        example: "prepend((2,3):(1,2), 4:6)",
        apply: |a| calls::extend(a, false),
        ..BASE
    },
    Function {
        name: "replace",
        on_basis: super::basis::LAYOUT,
        narration: Narration::Replace,
        usage: "replace(X, I, M)",
        arity: 3..=3,
        args: &[LayoutOrIntTuple, Int, LayoutOrIntTuple],
        returns: Returns::LikeArg(0),
        about: "mode I replaced by M",
        example: "replace((2,3,4):(1,2,6), 1, (3,1):(2,0))",
        apply: calls::replace,
        ..BASE
    },
    Function {
        name: "unflatten",
        on_basis: super::basis::LAYOUT,
        narration: Narration::Unflatten,
        usage: "unflatten(X, PROFILE)",
        arity: 2..=2,
        args: &[LayoutOrIntTuple, IntTuple],
        returns: Returns::LikeArg(0),
        blame: calls::unflatten_blame,
        about: "the modes of a flat X nested as PROFILE's leaves",
        example: "unflatten((2,3,4,5):(1,2,6,24), ((1,1),(1,1)))",
        apply: calls::unflatten,
        ..BASE
    },
    Function {
        name: "with_shape",
        narration: Narration::WithShape,
        usage: "with_shape(L, SHAPE)",
        arity: 2..=2,
        args: &[Layout, IntTuple],
        blame: calls::with_shape_blame,
        about: "L read through SHAPE: composition(L, make_layout(SHAPE))",
        example: "with_shape((8,4):(4,1), (4,(2,4)))",
        apply: calls::with_shape,
        ..BASE
    },
    // ---- analysis ----
    Function {
        name: "coshape",
        typed: TypedForm::Query(Query::Coshape),
        on_basis: super::basis::COSHAPE,
        narration: Narration::Coshape,
        usage: "coshape(L[, I…])",
        arity: 1..=usize::MAX,
        args: &[Layout, Int],
        returns: Returns::Always(Kind::IntTuple),
        about: "the codomain's extent, 1 + Σ (s-1)·abs(d) (of mode I…)",
        example: "coshape((4,3):(3,-1))",
        apply: calls::coshape,
        ..BASE
    },
    Function {
        name: "nullspace",
        narration: Narration::Nullspace,
        usage: "nullspace(L)",
        args: &[Layout],
        about: "the indices L maps to 0, as a layout into L's index space",
        example: "nullspace((2,3,4):(0,1,0))",
        blame: algebra,
        apply: |a| alg::nullspace(a.layout(0)?).map(super::layout_of),
        ..BASE
    },
    Function {
        name: "max_common_vector",
        on_swizzle: super::composed_calls::MAX_COMMON_VECTOR,
        narration: Narration::MaxCommon,
        usage: "max_common_vector(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        returns: Returns::Always(Kind::Int),
        about: "the most offsets 0,1,… that A and B reach at the same indices",
        example: "max_common_vector((8,4):(1,8), (2,4,4):(1,2,8))",
        blame: algebra,
        apply: |a| calls::max_common(a, false),
        ..BASE
    },
    Function {
        name: "max_common_layout",
        on_swizzle: super::composed_calls::MAX_COMMON_LAYOUT,
        narration: Narration::MaxCommon,
        usage: "max_common_layout(A, B)",
        arity: 2..=2,
        args: &[Layout, Layout],
        about: "the indices of that common vector: R with A(R(i)) = B(R(i)) = i",
        example: "max_common_layout((4,8):(8,1), (4,8):(8,1))",
        blame: algebra,
        apply: |a| calls::max_common(a, true),
        ..BASE
    },
    Function {
        name: "max_alignment",
        on_swizzle: super::composed_calls::MAX_ALIGNMENT,
        narration: Narration::MaxAlignment,
        usage: "max_alignment(L)",
        args: &[Layout],
        returns: Returns::Always(Kind::Int),
        about: "the largest n such that L's offsets come in aligned runs of n",
        example: "max_alignment((6,2):(1,12))",
        blame: algebra,
        apply: calls::max_alignment,
        ..BASE
    },
    Function {
        name: "compatible",
        narration: Narration::Compatible,
        usage: "compatible(A, B)",
        arity: 2..=2,
        args: &[LayoutOrIntTuple],
        returns: Returns::Always(Kind::Bool),
        about: "whether every coordinate of shape A is one of shape B",
        example: "compatible((2,12), (2,(3,4)))",
        apply: |a| calls::relation(a, alg::compatible),
        ..BASE
    },
    Function {
        name: "congruent",
        narration: Narration::Congruent,
        usage: "congruent(A, B)",
        arity: 2..=2,
        args: &[LayoutOrIntTuple],
        returns: Returns::Always(Kind::Bool),
        about: "whether shapes A and B nest the same way",
        example: "congruent((2,(3,4)), (5,(6,7)))",
        apply: |a| calls::relation(a, alg::congruent),
        ..BASE
    },
    Function {
        name: "weakly_congruent",
        narration: Narration::WeaklyCongruent,
        usage: "weakly_congruent(A, B)",
        arity: 2..=2,
        args: &[LayoutOrIntTuple],
        returns: Returns::Always(Kind::Bool),
        about: "whether B nests at least as deeply as A, wherever A nests",
        example: "weakly_congruent((1,1), ((2,3),(4,5)))",
        apply: |a| calls::relation(a, alg::weakly_congruent),
        ..BASE
    },
    Function {
        name: "evenly_divides",
        narration: Narration::EvenlyDivides,
        usage: "evenly_divides(SHAPE, TILER)",
        arity: 2..=2,
        args: &[LayoutOrIntTuple, IntTuple],
        returns: Returns::Always(Kind::Bool),
        about: "whether TILER cuts SHAPE into whole tiles (by mode for a tuple)",
        example: "evenly_divides((8,6), (4,3))",
        blame: calls::division_blame,
        apply: calls::evenly_divides,
        ..BASE
    },
    Function {
        name: "crd2crd",
        narration: Narration::Crd2crd,
        usage: "crd2crd(C, FROM, TO)",
        arity: 3..=3,
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        about: "the coordinate of shape TO at the index of coordinate C of FROM",
        example: "crd2crd(5, (2,3), (3,2))",
        apply: |a| {
            alg::crd2crd(&a.int_tuple(0)?, &a.int_tuple(1)?, &a.int_tuple(2)?).map(Value::IntTuple)
        },
        ..BASE
    },
    // ---- integer-tuple arithmetic ----
    Function {
        name: "product_each",
        typed: TypedForm::Arith(Arith::ProductEach),
        narration: Narration::ProductEach,
        usage: "product_each(T)",
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        about: "the size of each top-level mode, as a tuple",
        example: "product_each((2,(3,4),5))",
        apply: |a| alg::product_each(&a.int_tuple(0)?).map(Value::IntTuple),
        ..BASE
    },
    Function {
        name: "shape_div",
        typed: TypedForm::Arith(Arith::ShapeDiv),
        narration: Narration::ShapeDiv { strict: true },
        usage: "shape_div(A, B)",
        arity: 2..=2,
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        about: "A / B by mode, an integer B folded across A's modes; each pair must divide",
        example: "shape_div((4,5,6), 40)",
        blame: calls::division_blame,
        apply: |a| alg::shape_div(&a.int_tuple(0)?, &a.int_tuple(1)?).map(Value::IntTuple),
        ..BASE
    },
    Function {
        name: "ceil_div",
        typed: TypedForm::Arith(Arith::CeilDiv),
        narration: Narration::ShapeDiv { strict: false },
        usage: "ceil_div(A, B)",
        arity: 2..=2,
        args: &[IntTuple],
        returns: Returns::Always(Kind::IntTuple),
        about: "A / B rounded up, by mode (missing modes of B are 1)",
        example: "ceil_div((7,9,5), (2,4))",
        blame: calls::division_blame,
        apply: |a| alg::ceil_div(&a.int_tuple(0)?, &a.int_tuple(1)?).map(Value::IntTuple),
        ..BASE
    },
    Function {
        name: "filter_zeros",
        typed: TypedForm::Construct(Construct::FilterZeros),
        on_basis: super::basis::FILTER_ZEROS,
        narration: Narration::FilterZeros,
        usage: "filter_zeros(X[, PROFILE])",
        arity: 1..=2,
        args: &[LayoutOrIntTuple, IntTuple],
        returns: Returns::LikeArg(0),
        about: "extent 1 at every stride-0 leaf of a layout (at PROFILE's 0s); a tuple's 0s become 1",
        example: "filter_zeros((2,3,4):(0,1,0))",
        apply: calls::filter_zeros,
        ..BASE
    },
];
