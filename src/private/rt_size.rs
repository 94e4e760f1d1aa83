//! `layout!(type size(#a))`: CuTe's `size` of a static layout, whose
//! answer is a static integer (`Int<N>`), as a static leaf: the shape's
//! [`SizeOf`] (a [`Prod`](super::Prod) of its extents, zero-sized, its
//! value an associated `const`). The macro cannot see `a`'s type, so the
//! expansion asks it here, at the name: a shape with a run-time extent has
//! a run-time size (CuTe's `size` is then a run-time `int`), which no type
//! holds, and [`SizeInTheType`] refuses it there (one error, no note).

use super::int::{C, Offset};
use super::layout::Layout;
use super::leaf_list::LeafList;
use super::mode::Get;
use super::shape_size::{FromSize, ListSize, SizeOf};
use super::static_int::StaticInt;
use super::tree::{Mode, Shape, Tree};

/// The size of a typed layout or of a shape, as its size leaf: static when
/// every extent is, a `usize` otherwise ([`SizeInTheType`] then refuses it).
#[diagnostic::on_unimplemented(
    message = "`type size(#…)` asks a typed layout or a shape (a tuple of `usize`/`C<N>`) for its size, but the named value `{Self}` is neither"
)]
pub trait SizeLeaf {
    /// The size leaf.
    type Out: FromSize;
    /// The size leaf.
    fn size_leaf(&self) -> Self::Out;
}

// Not recommended, as every impl of this trait: the message says what the
// named value must be, and rustc lists no impl under it.
#[diagnostic::do_not_recommend]
impl<S: Mode<D> + LeafList<List: ListSize>, D: Tree, I: Offset> SizeLeaf for Layout<S, D, I> {
    type Out = SizeOf<S>;
    #[inline(always)]
    fn size_leaf(&self) -> SizeOf<S> {
        FromSize::from_size(self.size())
    }
}

// A shape: one extent, or a tuple (per rank, not a blanket impl over
// `Shape`, so that another value has no impl to try and is this trait's
// one error at the name, rather than one about its leaves).
#[diagnostic::do_not_recommend]
impl SizeLeaf for usize {
    type Out = usize;
    #[inline(always)]
    fn size_leaf(&self) -> usize {
        *self
    }
}

#[diagnostic::do_not_recommend]
impl<const N: i64> SizeLeaf for C<N> {
    type Out = C<N>;
    #[inline(always)]
    fn size_leaf(&self) -> C<N> {
        *self
    }
}

macro_rules! size_leaf_tuple {
    // `()` is no shape.
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($S,)*> SizeLeaf for ($($S,)*)
        where
            ($($S,)*): Shape + LeafList<List: ListSize>,
        {
            type Out = SizeOf<Self>;
            #[inline(always)]
            fn size_leaf(&self) -> SizeOf<Self> {
                FromSize::from_size(self.size())
            }
        }
    };
}

for_each_rank!(size_leaf_tuple);

/// A size that is in its type: a static leaf. `type size(#a)` passes its
/// answer through this trait's own function, whose `Self` bound rustc
/// reports at the name with no note (as `rt::CosizeOfALayout`).
#[diagnostic::on_unimplemented(
    message = "`type size(#…)` puts the size in its type (CuTe's `size` of a static layout, `Int<N>`), but the named value (or the mode asked) has a run-time extent, so its size is a run-time integer (`{Self}`): `size(#…)` without `type` gives it"
)]
pub trait SizeInTheType: Sized {
    /// The size, unchanged.
    #[inline(always)]
    fn size_in_the_type(self) -> Self {
        self
    }
}

// Not recommended, so that a `usize` is reported as not this trait (its
// message) rather than as not a `StaticInt`.
#[diagnostic::do_not_recommend]
impl<T: StaticInt> SizeInTheType for T {}

/// Mode `K` of a named value, for `type size(#a, K, …)` (CuTe's
/// `size<K>(a)`; also `rank`, `depth`, `cosize`): a typed layout's mode as a layout (its leaves any
/// static or `usize` leaf), a shape's as a shape.
#[diagnostic::on_unimplemented(
    message = "`type size(#…, {K}, …)` (or `rank`, `depth`, `cosize`) asks for mode {K} of the named value, but `{Self}` has no mode {K} (a typed layout or a shape has one mode per element of its top tuple, one for a single extent)"
)]
pub trait ModeAt<const K: usize> {
    /// The mode.
    type Out;
    /// The mode.
    fn mode_at(&self) -> Self::Out;
}

#[diagnostic::do_not_recommend]
impl<const K: usize, S: Mode<D> + Get<K, D>, D: Tree, I: Offset> ModeAt<K> for Layout<S, D, I> {
    type Out = Layout<S::Mode, S::StrideMode, I>;
    #[inline(always)]
    fn mode_at(&self) -> Self::Out {
        self.mode::<K>()
    }
}

// A layout is not a `Shape`, so the two impls do not overlap; a shape's
// modes select as from its own tree (a tree of `Int`s is a stride tree).
impl<const K: usize, T: Shape + Get<K, T>> ModeAt<K> for T {
    type Out = T::Mode;
    #[inline(always)]
    fn mode_at(&self) -> T::Mode {
        self.shape_mode()
    }
}
