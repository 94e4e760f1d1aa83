//! `layout!(type rank(#a))`, `type depth(#a)`, `type cosize(#a)` and
//! `type crd2idx(c, #a)`: CuTe's queries whose answers are static integers
//! (`Int<N>`) when what they read is static, as static leaves
//! (static_query.rs). The macro cannot see `a`'s type, so the expansion
//! asks it here, at the name, through each trait's own function (rustc
//! then reports an unmet bound there with the trait's message, no note):
//!
//! - rank and depth read the nesting only (CuTe's `rank_v`, `depth_v`),
//!   static for any typed layout or shape, run-time leaves included:
//!   [`NestingLeaves`];
//! - cosize reads every extent and stride: [`CosizeInTheType`] holds for a
//!   typed layout whose leaves are all static;
//! - an offset reads the coordinate too: [`Crd2idxInTheType`] holds for an
//!   all-static layout and a coordinate of it (the macro writes the
//!   coordinate's integers as `C<N>`, and refuses a run-time one itself).

use super::construct_like::StaticStrides;
use super::construct_values::LeafValues;
use super::coord::TypedCoord;
use super::int::Offset;
use super::layout::Layout;
use super::static_int::StaticInt;
use super::static_query::{CosizeOf, Crd2idxOf, ShapeDepth, ShapeRank};
use super::tree::{Mode, Shape, Tree};

/// The shape whose nesting `type rank(#a)` and `type depth(#a)` read: a
/// typed layout's, or the value itself when it is a shape.
#[diagnostic::on_unimplemented(
    message = "`type rank(#…)` and `type depth(#…)` ask a typed layout or a shape (a tuple of `usize`/`C<N>`) for its nesting, but the named value `{Self}` is neither"
)]
pub trait NestingLeaves {
    /// The shape.
    type Shape: Shape;
    /// CuTe's `rank_v`: the number of top-level modes, in the type.
    #[inline(always)]
    fn rank_leaf(&self) -> ShapeRank<Self::Shape> {
        ShapeRank::default()
    }
    /// CuTe's `depth_v`: the nesting depth, in the type.
    #[inline(always)]
    fn depth_leaf(&self) -> ShapeDepth<Self::Shape> {
        ShapeDepth::default()
    }
}

impl<S: Mode<D>, D: Tree, I: Offset> NestingLeaves for Layout<S, D, I> {
    type Shape = S;
}

// A layout is not a `Shape`, so the two impls do not overlap. Not
// recommended, so that another value is reported as not this trait (its
// message) rather than as not a `Shape`.
#[diagnostic::do_not_recommend]
impl<T: Shape> NestingLeaves for T {
    type Shape = T;
}

/// A typed layout whose cosize is in its type: every extent and stride
/// static. `type cosize(#a)` passes the value through this trait's own
/// function, so a run-time leaf (or a value that is no layout) is one
/// error at the name.
#[diagnostic::on_unimplemented(
    message = "`type cosize(#…)` puts the cosize in its type (CuTe's `cosize` of a static layout, `Int<N>`), but `{Self}` is not a typed layout whose extents and strides are all static: with a run-time leaf the cosize is a run-time integer, which `cosize(#…)` without `type` gives"
)]
pub trait CosizeInTheType {
    /// The cosize leaf.
    type Out: StaticInt;
    /// The cosize, as a static leaf.
    fn cosize_in_the_type(&self) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D> + StaticStrides, D: Tree + StaticStrides, I: Offset> CosizeInTheType
    for Layout<S, D, I>
{
    type Out = CosizeOf<S, D>;
    #[inline(always)]
    fn cosize_in_the_type(&self) -> CosizeOf<S, D> {
        CosizeOf::default()
    }
}

/// A typed layout in which the static coordinate `Cd` has its offset in
/// the type: every extent and stride static, and `Cd` (its integers
/// `C<N>`) a coordinate of it, as `crd2idx` takes one.
#[diagnostic::on_unimplemented(
    message = "`type crd2idx(…, #…)` puts the offset in its type (CuTe's `crd2idx` of a static coordinate in a static layout, `Int<N>`), but `{Self}` is not a typed layout whose extents and strides are all static with `{Cd}` a coordinate of it: with a run-time leaf the offset is a run-time integer, which `crd2idx(…, #…)` without `type` gives"
)]
pub trait Crd2idxInTheType<Cd> {
    /// The offset leaf.
    type Out: StaticInt;
    /// The offset of `coord`, as a static leaf.
    fn crd2idx_in_the_type(&self, coord: Cd) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<Cd, S, D, I> Crd2idxInTheType<Cd> for Layout<S, D, I>
where
    Cd: LeafValues<Usizes: TypedCoord<S, D>> + StaticStrides,
    S: Mode<D> + StaticStrides,
    D: Tree + StaticStrides,
    I: Offset,
{
    type Out = Crd2idxOf<Cd, S, D>;
    #[inline(always)]
    fn crd2idx_in_the_type(&self, _: Cd) -> Crd2idxOf<Cd, S, D> {
        Crd2idxOf::default()
    }
}
