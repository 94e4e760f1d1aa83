//! A named layout's coordinate, asked by `layout!(crd2idx(COORD, #A))` at
//! the coordinate's token ([`CoordIn`]) before it calls `A.crd2idx`; a
//! nested coordinate one tuple at a time ([`CoordRanksIn`](super::CoordRanksIn),
//! [`CoordEntryIn`](super::CoordEntryIn): `nesting_check.rs`).

use super::basis::BasisLayout;
use super::composed::Composed;
use super::coord::TypedCoord;
use super::identity::UnitStride;
use super::int::Int;
use super::layout::Layout;
use super::poisoned::{Poisoned, Unknown};
use super::swizzle::TypedSwizzle;
use super::tree::Tree;
use super::typed_layout::TypedLayout;

/// The shape and stride types a typed layout's `crd2idx` reads a
/// coordinate against: a [`Layout`]'s, a [`BasisLayout`]'s (its strides
/// the shape's own), a [`Composed`] layout's inner layout's, and
/// [`Unknown`] for a [`Poisoned`] stand-in, which takes any coordinate.
pub trait CoordSpace {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
}

impl<S, D, I> CoordSpace for Layout<S, D, I> {
    type Shape = S;
    type Stride = D;
}

impl<S: UnitStride, O, const K: usize> CoordSpace for BasisLayout<S, O, K> {
    type Shape = S;
    type Stride = S::D;
}

impl<Sw: TypedSwizzle, O: Int, L: TypedLayout> CoordSpace for Composed<Sw, O, L> {
    type Shape = L::Shape;
    type Stride = L::Stride;
}

impl<I, K> CoordSpace for Poisoned<I, K> {
    type Shape = Unknown;
    type Stride = Unknown;
}

/// A coordinate (`Self`) of a typed layout of shape `S` and stride `D`,
/// asked by `layout!(crd2idx(COORD, #A))` at the coordinate before it
/// calls `A.crd2idx`: the trait's own function, so that a coordinate that
/// does not fit is one error at its token with no "required by a bound"
/// note into the library (the method's bound, [`TypedCoord`], adds one).
/// Its result is the projection `Self::Checked`, which rustc cannot name
/// for such a coordinate, so the method reports nothing more.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout of shape `{S}`: write one `usize`, or a tuple of them nested like the shape"
)]
pub trait CoordIn<S, D> {
    /// `Self`.
    type Checked;
    /// `self`, unchanged; `layout` fixes `S` and `D`.
    fn coord_in<L: CoordSpace<Shape = S, Stride = D>>(self, layout: &L) -> Self::Checked;
}

#[diagnostic::do_not_recommend]
impl<Cd: TypedCoord<S, D>, S: Tree, D> CoordIn<S, D> for Cd {
    type Checked = Cd;
    #[inline(always)]
    fn coord_in<L: CoordSpace<Shape = S, Stride = D>>(self, _: &L) -> Cd {
        self
    }
}

/// A [`Poisoned`] stand-in takes any coordinate (one mistake, one error).
impl<Cd> CoordIn<Unknown, Unknown> for Cd {
    type Checked = Cd;
    #[inline(always)]
    fn coord_in<L: CoordSpace<Shape = Unknown, Stride = Unknown>>(self, _: &L) -> Cd {
        self
    }
}
