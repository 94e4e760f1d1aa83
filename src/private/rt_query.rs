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
//! - cosize reads every extent and stride: [`CosizeLeaf`] gives a typed
//!   layout's [`CosizeOf`], which [`CosizeInTheType`] takes when every
//!   leaf is static;
//! - an offset reads the coordinate, the strides of the modes it enters
//!   and the extents it splits an integer over: [`Crd2idxLeaf`] gives
//!   [`Crd2idxOf`], which [`OffsetInTheType`] takes when the coordinate is
//!   one of the layout and those leaves are static ([`OffsetReads`],
//!   CuTe's rule: `crd2idx((1,2), (m,8):(8,1))` is static; the macro
//!   writes the coordinate's integers as `C<N>`, and refuses a run-time
//!   one itself).
//!
//! Each check is a trait on the leaf whose function returns it unchanged:
//! a failed check leaves the leaf's type known, so rustc reports it once
//! (a failed bound on a trait with an associated type is reported again
//! where the result's type is needed).

use super::construct_like::StaticStrides;
use super::construct_values::LeafValues;
use super::coord::TypedCoord;
use super::int::{C, Int, Offset};
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

// One impl per kind (a layout, an extent, a tuple of each rank), none a
// blanket over `Shape`: another value then matches no impl and is this
// trait's one error at the name (a blanket impl whose bound fails is
// reported twice, the second time at the whole call). Not recommended, so
// that rustc lists no impls under the error.
#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, I: Offset> NestingLeaves for Layout<S, D, I> {
    type Shape = S;
}

#[diagnostic::do_not_recommend]
impl NestingLeaves for usize {
    type Shape = usize;
}

#[diagnostic::do_not_recommend]
impl<const N: i64> NestingLeaves for C<N> {
    type Shape = C<N>;
}

macro_rules! nesting_tuple {
    // `()` is no shape.
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($S,)*> NestingLeaves for ($($S,)*)
        where
            ($($S,)*): Shape,
        {
            type Shape = Self;
        }
    };
}

for_each_rank!(nesting_tuple);

/// The cosize of a typed layout as a leaf, [`CosizeOf`] (its value read
/// from the types; static only when every leaf is, which
/// [`CosizeInTheType`] then asks). `type cosize(#a)` asks the named value
/// here first, at the name: a shape has no cosize.
#[diagnostic::on_unimplemented(
    message = "`type cosize(#…)` asks a typed layout for its cosize, but the named value `{Self}` is not one (CuTe has no cosize of a shape)"
)]
pub trait CosizeLeaf {
    /// The cosize leaf.
    type Out;
    /// The cosize leaf.
    fn cosize_leaf(&self) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D>, D: Tree, I: Offset> CosizeLeaf for Layout<S, D, I> {
    type Out = CosizeOf<S, D>;
    #[inline(always)]
    fn cosize_leaf(&self) -> CosizeOf<S, D> {
        CosizeOf::default()
    }
}

/// A cosize that is in its type: every extent and stride of the layout
/// static. `type cosize(#a)` passes its leaf through this trait's own
/// function, so a run-time leaf is one error at the name, no note.
#[diagnostic::on_unimplemented(
    message = "`type cosize(#…)` needs a static layout (CuTe's `cosize` is an `Int<N>` only then); `{Self}` (shape, stride) has a run-time leaf: `cosize(#…)` without `type` gives it"
)]
pub trait CosizeInTheType: Sized {
    /// The cosize, unchanged.
    #[inline(always)]
    fn cosize_in_the_type(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<S: Mode<D> + StaticStrides, D: Tree + StaticStrides> CosizeInTheType for CosizeOf<S, D> {}

/// The offset of the coordinate `Cd` in a typed layout as a leaf,
/// [`Crd2idxOf`] (static only when the leaves it reads are and `Cd` is a coordinate
/// of the layout, which [`OffsetInTheType`] asks).
#[diagnostic::on_unimplemented(
    message = "`type crd2idx(…, #…)` asks a typed layout for an offset, but the named value `{Self}` is not one"
)]
pub trait Crd2idxLeaf<Cd> {
    /// The offset leaf.
    type Out;
    /// The offset leaf of `coord`.
    fn crd2idx_leaf(&self, coord: Cd) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<Cd: Tree, S: Mode<D>, D: Tree, I: Offset> Crd2idxLeaf<Cd> for Layout<S, D, I> {
    type Out = Crd2idxOf<Cd, S, D>;
    #[inline(always)]
    fn crd2idx_leaf(&self, _: Cd) -> Crd2idxOf<Cd, S, D> {
        Crd2idxOf::default()
    }
}

/// An offset that is in its type: `Cd` a coordinate of the layout (one
/// integer, or a tuple nested like the shape, as `crd2idx` takes it) whose
/// offset reads only static leaves ([`OffsetReads`]; the macro writes the
/// coordinate's integers as `C<N>` and refuses a run-time one itself).
/// One check for both, so that a coordinate of another rank is one error,
/// not also one about run-time leaves.
#[diagnostic::on_unimplemented(
    message = "`type crd2idx`: no static offset for `{Self}` (coordinate, shape, stride): the coordinate does not fit or reads a run-time leaf; drop `type`"
)]
pub trait OffsetInTheType: Sized {
    /// The offset, unchanged.
    #[inline(always)]
    fn offset_in_the_type(self) -> Self {
        self
    }
}

#[diagnostic::do_not_recommend]
impl<Cd, S, D> OffsetInTheType for Crd2idxOf<Cd, S, D>
where
    Cd: LeafValues<Usizes: TypedCoord<S, D>> + OffsetReads<S, D>,
    S: Mode<D>,
    D: Tree,
{
}

/// A static coordinate (`Self`, its integers `C<N>`) whose offset in a
/// layout of shape `S` and stride `D` reads only static leaves, as CuTe's
/// `crd2idx` is then an `Int<N>`: the stride of every mode it enters, and
/// the extents of the modes an integer is split over but the last (which
/// takes the rest, whatever its extent). A full coordinate reads no
/// extent: `crd2idx((1,2), (m,8):(8,1))` is static.
#[doc(hidden)]
pub trait OffsetReads<S, D> {}

/// The rest of an integer split over a tuple mode, passed to its last
/// mode: a static integer whose value the walk computes.
#[doc(hidden)]
pub struct Rest;

/// An integer coordinate entry: `C<N>`, or the rest of one.
#[doc(hidden)]
pub trait IntEntry {}
impl<const N: i64> IntEntry for C<N> {}
impl IntEntry for Rest {}

// An integer at a single extent reads the stride only.
impl<I: IntEntry, S: Int, D: StaticInt> OffsetReads<S, D> for I {}

// A tuple coordinate at a tuple mode: each entry at its mode.
macro_rules! tuple_reads {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $Cd:ident))*) => {
        impl<$($Cd: OffsetReads<$S, $D>, $S, $D,)*> OffsetReads<($($S,)*), ($($D,)*)> for ($($Cd,)*) {}
    };
}

for_each_rank!(tuple_reads);

// An integer at a tuple mode: split over the modes but the last, which
// are read whole (their sizes, every stride); the last takes the rest.
macro_rules! split_reads {
    (0;) => {};
    ($rank:literal; $($field:tt)*) => {
        split_reads!(@split [] $($field)*);
    };
    (@split [$(($ii:tt $SS:ident $DD:ident $cc:ident))*] ($i:tt $S:ident $D:ident $c:ident)) => {
        impl<I: IntEntry, $($SS: StaticStrides, $DD: StaticStrides,)* $S, $D>
            OffsetReads<($($SS,)* $S,), ($($DD,)* $D,)> for I
        where
            Rest: OffsetReads<$S, $D>,
        {
        }
    };
    (@split [$($init:tt)*] $head:tt $($rest:tt)+) => {
        split_reads!(@split [$($init)* $head] $($rest)+);
    };
}

for_each_rank!(split_reads);
