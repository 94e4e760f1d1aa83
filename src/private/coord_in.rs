//! A named layout's coordinate, asked by `layout!(crd2idx(COORD, #A))` at
//! the coordinate's token ([`CoordIn`]) before it calls `A.crd2idx`.

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
use crate::tensor::typed::ModeShape;

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
    message = "`{Self}` is not a coordinate of a layout of shape `{S}`: a coordinate is one `usize`, or a tuple of them nested like the shape"
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

/// A nested coordinate (`Self`, a tuple with a tuple entry) with one
/// entry per top-level mode of the shape `S`, asked by
/// `layout!(crd2idx(COORD, #A))` at the coordinate's `(` in place of
/// [`CoordIn`]: only the rank, an impl per rank with no where-clause, so
/// that a tuple entry that does not nest is not a failed where-clause
/// (which rustc reports, then the method's bound a second time with its
/// note) but [`CoordEntryIn`]'s error at the entry. The same nesting rule
/// as a slice coordinate's (`tensor::typed::SliceCoordIn`), whose shapes
/// per mode ([`ModeShape`]) it shares.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout of shape `{S}`: a coordinate is one `usize`, or a tuple of them nested like the shape"
)]
pub trait CoordRanksIn<S> {
    /// `Self`.
    type Checked;
    /// Each top-level mode's shape, a tuple of [`ModeShape`].
    type Modes;
    /// `self`, unchanged, and the modes' shapes; `layout` fixes `S`.
    fn coord_ranks_in<L: CoordSpace<Shape = S>>(self, layout: &L) -> (Self::Checked, Self::Modes);
}

/// A tuple entry (`Self`) of a nested `crd2idx` coordinate against its
/// mode, of shape `M`: a tuple of the mode's rank (an integer fits any
/// mode and is not asked). Asked by `layout!(crd2idx(COORD, #A))` at the
/// entry's `(`.
#[diagnostic::on_unimplemented(
    message = "the coordinate's entry `{Self}` is not nested like its mode `{M}`: write one `usize` for the whole mode, or one entry per sub-mode"
)]
pub trait CoordEntryIn<M> {
    /// `Self`.
    type Checked;
    /// Each sub-mode's shape, a tuple of [`ModeShape`].
    type Modes;
    /// `self`, unchanged, and the sub-modes' shapes.
    fn coord_entry_in(self, mode: ModeShape<M>) -> (Self::Checked, Self::Modes);
}

/// The impls of one rank: a tuple of it in a shape (or mode) of the same
/// rank, and in [`Unknown`] (a failed `layout!`'s stand-in).
macro_rules! ranked {
    ($rank:literal; $(($i:tt $A:ident $M:ident $B:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($A, $M),*> CoordRanksIn<($($M,)*)> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<$M>,)*);
            #[inline(always)]
            fn coord_ranks_in<L: CoordSpace<Shape = ($($M,)*)>>(self, _: &L) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<$M>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> CoordRanksIn<Unknown> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<ranked!(@unknown $A)>,)*);
            #[inline(always)]
            fn coord_ranks_in<L: CoordSpace<Shape = Unknown>>(self, _: &L) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<ranked!(@unknown $A)>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A, $M),*> CoordEntryIn<($($M,)*)> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<$M>,)*);
            #[inline(always)]
            fn coord_entry_in(self, _: ModeShape<($($M,)*)>) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<$M>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> CoordEntryIn<Unknown> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<ranked!(@unknown $A)>,)*);
            #[inline(always)]
            fn coord_entry_in(self, _: ModeShape<Unknown>) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<ranked!(@unknown $A)>::new(),)*))
            }
        }
    };
    // `Unknown`, once per entry.
    (@unknown $A:ident) => {
        Unknown
    };
}

for_each_rank!(ranked);
