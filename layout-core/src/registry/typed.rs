//! Which typed Rust code the `layout!` macro writes for a call with dynamic
//! leaves: [`Function::typed`](super::Function::typed). The macro dispatches
//! on this field, never on a function's name; the Rust paths it emits for
//! each form are the macro's own.

use crate::algebra::Form;

/// The typed form of a call whose arguments have dynamic leaves (static
/// calls are folded by the core whatever this says). Where the form's
/// conditions on the operands do not hold, the macro falls back to a
/// run-time call into the core.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TypedForm {
    /// No typed form: a run-time call into the core (a `Result`).
    RunTime,
    /// A query of a typed layout or of a written-out integer tuple: a
    /// method call (`crd2idx`, `size`, …), no `type` needed.
    Query(Query),
    /// Integer-tuple arithmetic of written-out tuples: straight-line code
    /// giving a Rust tuple, no `type` needed (`product_each`, …).
    Arith(Arith),
    /// After `type`: `composition(A, B)` as straight-line code.
    Composition,
    /// After `type`: a divide grouped in this form.
    Divide(Form),
    /// After `type`: a product grouped in this form.
    Product(Form),
    /// After `type`: `blocked_product` (`raked: false`) or `raked_product`.
    ZipProduct {
        /// Whether the copies are interleaved (CuTe's `raked_product`).
        raked: bool,
    },
    /// After `type`: `coalesce(A)`.
    Coalesce,
    /// After `type`: `complement(A, M)`.
    Complement,
    /// After `type`: `flatten(L)` of a written-out layout (its leaves at
    /// one level: structure only).
    Flatten,
    /// After `type`: `right_inverse(L)` of a written-out layout with
    /// static strides.
    RightInverse,
    /// After `type`: `left_inverse(L)` of a written-out layout with static
    /// strides (CuTe requires them; its extents may be dynamic).
    LeftInverse,
    /// After `type`: a constructor from a shape or a layout's shape.
    Construct(Construct),
    /// After `type`: `tile_to_shape(A, SHAPE[, ORDER])`.
    TileToShape,
    /// After `type`: one of CuTe's partitions of a layout.
    Partition(Partition),
    /// A composed layout `Sw<B,M,S> o OFFSET o INNER` whose inner layout
    /// keeps its dynamic leaves typed.
    Composed,
    /// `slice(C, L)` (`dice: false`, CuTe's `slice_and_offset`: the
    /// facade's `tensor::typed::slice_and_offset`, `Result<(layout, base),
    /// Error>`) or
    /// `dice(C, L)` (`dice: true`: the modes where `C` has an integer, a
    /// typed layout; `tensor::typed::dice` of a named layout) of a
    /// written-out layout with dynamic leaves, a dynamic coordinate, or a
    /// named layout: no `type` needed.
    Slice {
        /// CuTe's `dice`: the modes `slice` drops.
        dice: bool,
    },
}

/// A query the typed layouts and tuples answer by a method.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Query {
    /// `crd2idx(C, L)` or `crd2idx(C, SHAPE, STRIDE)`: an offset.
    Crd2idx,
    /// `size(L[, I…])` or `size(SHAPE)`.
    Size,
    /// `cosize(L[, I…])`.
    Cosize,
    /// `coshape(L[, I…])`: for integer strides, the cosize.
    Coshape,
    /// `rank(X)`: structure, known from the written form.
    Rank,
    /// `depth(X)`: structure, known from the written form.
    Depth,
    /// `idx2crd(I, SHAPE)`: a coordinate tuple.
    Idx2crd,
}

/// When CuTe's answer to a query is a static integer (`Int<N>`), so that
/// `layout!(type …)` puts it in a type: what must be static (a `C<N>`, in
/// the type) for it to be. Elsewhere the answer is a run-time integer,
/// which no type holds, and `type` is an error at the run-time leaf or at
/// the named value that has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum StaticAnswer {
    /// Every extent of the (selected) shape: `size` (CuTe's `size` is a
    /// product of extents; a stride does not matter).
    Extents,
    /// Nothing: the nesting alone decides (`rank`, `depth`: CuTe's
    /// `rank_v`, `depth_v`), so the answer is static for any typed layout
    /// or shape, run-time leaves included.
    Nesting,
    /// Every extent and stride of the (selected) layout: `cosize`
    /// (`1 + Σ (s-1)·|d|`).
    Leaves,
    /// Every leaf of the coordinate, the extents and the strides:
    /// `crd2idx`.
    CoordinateAndLeaves,
}

impl Query {
    /// When the query's answer is static ([`StaticAnswer`]); `None` for a
    /// query that answers a tuple (`coshape`, `idx2crd`).
    ///
    /// ```
    /// use layout_core::registry::{Query, StaticAnswer};
    /// assert_eq!(Query::Rank.static_answer(), Some(StaticAnswer::Nesting));
    /// assert_eq!(Query::Idx2crd.static_answer(), None);
    /// ```
    pub const fn static_answer(self) -> Option<StaticAnswer> {
        match self {
            Query::Size => Some(StaticAnswer::Extents),
            Query::Rank | Query::Depth => Some(StaticAnswer::Nesting),
            Query::Cosize => Some(StaticAnswer::Leaves),
            Query::Crd2idx => Some(StaticAnswer::CoordinateAndLeaves),
            Query::Coshape | Query::Idx2crd => None,
        }
    }
}

/// Integer-tuple arithmetic the macro writes out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Arith {
    /// `product_each(T)`: each mode's size.
    ProductEach,
    /// `shape_div(A, B)`: exact division, mode by mode.
    ShapeDiv,
    /// `ceil_div(A, B)`: division rounding up, mode by mode.
    CeilDiv,
}

/// A constructor the macro types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Construct {
    /// `make_ordered_layout(SHAPE, ORDER)`.
    Ordered,
    /// `make_layout_like(L)`.
    LayoutLike,
    /// `make_fragment_like(SHAPE | L)`.
    FragmentLike,
    /// `filter_zeros(L)`.
    FilterZeros,
    /// `make_layout(SHAPE[, LayoutLeft|LayoutRight|STRIDE])`: CuTe's
    /// compact layout of a shape (or the shape with the given strides).
    Layout,
}

/// A partition the macro types.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Partition {
    /// `local_tile` and `inner_partition`: the tile at a coordinate (the
    /// registry's arity says which takes a step).
    Tile,
    /// `outer_partition`: one element of every tile.
    Outer,
    /// `local_partition`: a thread's elements.
    Threads,
}
