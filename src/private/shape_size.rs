//! A shape's size as a leaf: static (a [`Prod`](super::Prod) of the extents, CuTe's
//! `size<I>` of an all-static mode) when every extent is, a `usize`
//! otherwise. The type folds the leaf list with [`Times`], as the typed
//! algebra folds its products; the value is the shape's size.

use super::int::{C, Int};
use super::leaf_list::LeafList;
use super::list::{Cons, Nil};
use super::static_int::{StaticInt, Times};

/// A size leaf made from the size the shape computes: a static leaf
/// ignores it (its value is in its type, equal by construction), a `usize`
/// is it.
pub trait FromSize: Int {
    /// The leaf for `size`.
    fn from_size(size: usize) -> Self;
}

impl FromSize for usize {
    #[inline(always)]
    fn from_size(size: usize) -> usize {
        size
    }
}

impl<T: StaticInt> FromSize for T {
    #[inline(always)]
    fn from_size(_: usize) -> T {
        T::default()
    }
}

/// The product of a leaf list's extents as a leaf type.
pub trait ListSize {
    /// `C<1>` for no leaves; `Prod<…>` when every leaf is static; `usize` otherwise.
    type Out: FromSize;
}

impl ListSize for Nil {
    type Out = C<1>;
}

impl<S: Times<SL::Out, Out: FromSize>, SL: ListSize> ListSize for Cons<S, SL> {
    type Out = <S as Times<SL::Out>>::Out;
}

/// The size leaf of shape `S`: [`ListSize`] of its leaves.
pub type SizeOf<S> = <<S as LeafList>::List as ListSize>::Out;
