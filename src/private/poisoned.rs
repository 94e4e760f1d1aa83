//! What a `layout!` call that failed to compile stands for (the macro's
//! `fallback.rs`), so that the code around it reports no error of its own.
//! Nothing here ever runs: the crate did not compile.

// The members of this family live in `poisoned/`; `private/mod.rs` imports
// each by name, so a path such as `super::poisoned_ops` names it there.
pub(super) mod poisoned_ops;
pub(super) mod poisoned_partition;

use core::fmt;
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;

use layout_core::Error;

/// A value of any type the context asks for, without diverging (so no
/// "unreachable statement" follows the failed call).
pub const fn poisoned<T>() -> T {
    panic!("a `layout!` call that did not compile")
}

/// A typed layout that failed to compile: every method of the typed
/// `Layout` (layout.rs), each accepting anything, and every trait it has.
/// `I` is the offset type the layout would have had; `K` its coordinate
/// type, when the shape was written out (else [`Unknown`]).
pub struct Poisoned<I = usize, K = Unknown>(PhantomData<fn() -> (I, K)>);

/// A shape, stride or coordinate of a [`Poisoned`] layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Unknown;

impl<I, K> Poisoned<I, K> {
    pub const NEW: Self = Poisoned(PhantomData);

    pub fn crd2idx<T>(&self, _: T) -> I {
        poisoned()
    }
    pub fn at(&self, _: usize) -> I {
        poisoned()
    }
    pub fn idx2crd(&self, _: usize) -> K {
        poisoned()
    }
    pub fn checked_at(&self, _: usize) -> Option<I> {
        poisoned()
    }
    pub fn checked_crd2idx<T>(&self, _: T) -> Option<I> {
        poisoned()
    }
    pub fn size(&self) -> usize {
        poisoned()
    }
    pub fn cosize(&self) -> I {
        poisoned()
    }
    pub const fn rank(&self) -> usize {
        poisoned()
    }
    pub const fn depth(&self) -> usize {
        poisoned()
    }
    pub const fn shape(&self) -> Unknown {
        Unknown
    }
    pub const fn stride(&self) -> Unknown {
        Unknown
    }
    pub fn to_core(&self) -> Result<layout_core::Layout, Error> {
        poisoned()
    }
    /// A mode's coordinate type is not known from the input.
    pub fn mode<const M: usize>(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn get<const M: usize>(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn mode_shape<const M: usize>(&self) -> Unknown {
        Unknown
    }
    pub fn mode_stride<const M: usize>(&self) -> Unknown {
        Unknown
    }
    pub fn mode_size<const M: usize>(&self) -> usize {
        poisoned()
    }
    pub const fn mode_rank<const M: usize>(&self) -> usize {
        poisoned()
    }
    pub const fn mode_depth<const M: usize>(&self) -> usize {
        poisoned()
    }
    pub fn mode_cosize<const M: usize>(&self) -> I {
        poisoned()
    }
    /// The mode-editing methods (edit_layout.rs), with any indices and modes.
    pub fn take<const B: usize, const E: usize>(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn select<T>(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn group<const B: usize, const E: usize>(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn append<T>(&self, _: T) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn prepend<T>(&self, _: T) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn replace<const M: usize, X, Y>(&self, _: impl ModeArg<X, Y>) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    pub fn flatten(&self) -> Poisoned<I> {
        Poisoned(PhantomData)
    }
    /// As `Divide::logical_divide`, with any tiler.
    pub fn logical_divide<T>(&self, _: T) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
    /// As `Divide::zipped_divide`, with any tiler.
    pub fn zipped_divide<T>(&self, _: T) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

/// The typed algebra's traits, so that a call on a failed layout (the
/// trait imported, as a real layout needs) reports nothing and leaves no
/// import unused: each gives another poisoned layout. (`Compose` names a
/// typed `Layout`: a rank-1 one.)
impl<B, I, K> super::Compose<B> for Poisoned<I, K> {
    type Shape = usize;
    type Stride = usize;
    fn composition(&self, _: B) -> Result<super::Layout<usize, usize>, super::AlgebraError> {
        poisoned()
    }
}

impl<M, I, K> super::Complement<M> for Poisoned<I, K> {
    type Out = Poisoned<I>;
    fn complement(&self, _: M) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

impl<I, K> super::Coalesce for Poisoned<I, K> {
    type Out = Poisoned<I>;
    fn coalesce(&self) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

impl<I, K> super::FilterZeros for Poisoned<I, K> {
    type Out = Poisoned<I>;
    fn filter_zeros(&self) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

impl<B, I, K> super::Product<B> for Poisoned<I, K> {
    type Logical = Poisoned<I>;
    type Zipped = Poisoned<I>;
    type Tiled = Poisoned<I>;
    type Flat = Poisoned<I>;
    fn logical_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
    fn zipped_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
    fn tiled_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
    fn flat_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

impl<B, I, K> super::RankedProduct<B> for Poisoned<I, K> {
    type Blocked = Poisoned<I>;
    type Raked = Poisoned<I>;
    fn blocked_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
    fn raked_product(&self, _: B) -> Result<Poisoned<I>, super::AlgebraError> {
        Ok(Poisoned(PhantomData))
    }
}

/// So that a failed layout given to a tensor reports nothing more.
impl<I, K> crate::tensor::AsLayout for Poisoned<I, K> {
    type View = layout_core::Layout;

    fn to_core(&self) -> Result<alloc::borrow::Cow<'_, layout_core::Layout>, Error> {
        poisoned()
    }
    fn size(&self) -> usize {
        poisoned()
    }
}

#[diagnostic::do_not_recommend]
impl<C, I, K> crate::tensor::IndexBy<C> for Poisoned<I, K> {
    fn offset_of(&self, _: C) -> Option<isize> {
        poisoned()
    }
}

/// A mode for `Poisoned::replace`, whose type arguments `X`, `Y` stand
/// where `Layout::replace` names the mode's shape and stride, so that
/// `replace::<0, _, _>(m)` infers them as it does on a typed layout.
#[doc(hidden)]
pub trait ModeArg<X, Y> {}
impl<X, Y, J> ModeArg<X, Y> for super::Layout<X, Y, J> {}
impl<J, K> ModeArg<Unknown, Unknown> for Poisoned<J, K> {}

// By hand rather than derived: a derive would require `I` and `K` to have
// each trait, and a coordinate tuple wider than 12 has none.
impl<I, K> Clone for Poisoned<I, K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<I, K> Copy for Poisoned<I, K> {}

impl<I, K> Default for Poisoned<I, K> {
    fn default() -> Self {
        Self::NEW
    }
}

impl<I, K> PartialEq for Poisoned<I, K> {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl<I, K> Eq for Poisoned<I, K> {}

impl<I, K> Hash for Poisoned<I, K> {
    fn hash<H: Hasher>(&self, _: &mut H) {}
}

impl<I, K> fmt::Debug for Poisoned<I, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Poisoned")
    }
}

impl<I, K> fmt::Display for Poisoned<I, K> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<layout! error>")
    }
}

/// So that a failed layout passed to generic code (`L: TypedLayout`), or
/// used as the inner layout of a [`Composed`](super::Composed), reports
/// nothing more: its shape and stride are those of its coordinate type
/// ([`PoisonedShape`]), so a coordinate nested as the written shape fits.
impl<I: super::Offset + Eq + Hash, K: PoisonedShape> super::TypedLayout for Poisoned<I, K> {
    type Shape = K::Shape;
    type Stride = K::Shape;
    type Offset = I;

    fn shape(&self) -> K::Shape {
        poisoned()
    }
    fn stride(&self) -> K::Shape {
        poisoned()
    }
    fn size(&self) -> usize {
        poisoned()
    }
    fn cosize(&self) -> I {
        poisoned()
    }
    fn rank(&self) -> usize {
        poisoned()
    }
    fn depth(&self) -> usize {
        poisoned()
    }
    fn crd2idx<Cd: super::TypedCoord<K::Shape, K::Shape>>(&self, _: Cd) -> I {
        poisoned()
    }
    fn at(&self, _: usize) -> I {
        poisoned()
    }
    fn idx2crd(&self, _: usize) -> <K::Shape as super::Shape>::Coord {
        poisoned()
    }
}

/// The shape a [`Poisoned`] layout has in generic code: its coordinate
/// type `K` when the shape was written out (a tuple of `usize` nested as
/// the shape, which is a shape of `usize` leaves itself), else one `usize`.
pub trait PoisonedShape {
    /// The shape, also the stride tree.
    type Shape: super::Mode<Self::Shape> + super::Tree;
}

impl<K: super::Mode<K> + super::Tree> PoisonedShape for K {
    type Shape = K;
}

impl PoisonedShape for Unknown {
    type Shape = usize;
}

/// The core form of a failed layout (`Composed::to_core` and a tensor over
/// a swizzled layout ask for it).
impl<I, K> TryFrom<Poisoned<I, K>> for layout_core::Layout {
    type Error = Error;
    fn try_from(_: Poisoned<I, K>) -> Result<layout_core::Layout, Error> {
        poisoned()
    }
}
