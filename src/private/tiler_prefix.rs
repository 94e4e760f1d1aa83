//! A named tiler of a tiling partition with fewer entries than the layout
//! has modes (`layout!(type local_tile(#l, #t, c, step))` whose step keeps
//! fewer entries than `l` has modes): CuTe's `zipped_divide` divides the
//! first modes only and `inner_partition` keeps the others whole
//! (`local_tile(t, dice(step, tiler), dice(step, coord))`, then
//! `append<R1>(coord, _)`). The checks and the tiler the partition uses,
//! on type-level lists so that any two ranks match without an impl per
//! pair.

use super::divide_fit::{FitsMode, ModeTile};
use super::list::{Cons, IntoList, Nil};

/// A layout's shape list (`Self`) whose first modes the tiler list `TL`
/// fits, one tile per mode ([`FitsMode`]), in the function `F`: a tiler
/// of at most as many entries as the layout has modes.
pub trait FitsPrefix<TL, F> {}

impl<SL, F> FitsPrefix<Nil, F> for SL {}

impl<S, SL, T, TL, F> FitsPrefix<Cons<T, TL>, F> for Cons<S, SL>
where
    S: FitsMode<T, F>,
    SL: FitsPrefix<TL, F>,
{
}

/// The tiler list (`Self`) as the partition divides the shape list `SL`
/// with it: each tile as [`ModeTile`] gives (itself where it fits, else
/// one that does), the entries past the layout's modes dropped. Total, so
/// that a tiler reported at its name ([`FitsPrefix`]) still makes the
/// partition's own bounds hold.
pub trait PrefixTiler<SL> {
    /// The tiles the partition divides with.
    type Fitted;
}

impl<SL> PrefixTiler<SL> for Nil {
    type Fitted = Nil;
}

impl<T, TL> PrefixTiler<Nil> for Cons<T, TL> {
    type Fitted = Nil;
}

impl<S, SL, T: ModeTile<S>, TL: PrefixTiler<SL>> PrefixTiler<Cons<S, SL>> for Cons<T, TL> {
    type Fitted = Cons<T::Fitted, TL::Fitted>;
}

/// A list (`Self`, a tile coordinate) cut to the length of the list `L`
/// (its tiler, [`PrefixTiler`]): the same list where the two agree.
pub trait TruncTo<L> {
    /// The first entries.
    type Out;
    /// The first entries.
    fn trunc(self) -> Self::Out;
}

impl<L> TruncTo<L> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn trunc(self) -> Nil {
        Nil
    }
}

impl<H, T> TruncTo<Nil> for Cons<H, T> {
    type Out = Nil;
    #[inline(always)]
    fn trunc(self) -> Nil {
        Nil
    }
}

impl<H, T: TruncTo<L>, K, L> TruncTo<Cons<K, L>> for Cons<H, T> {
    type Out = Cons<H, T::Out>;
    #[inline(always)]
    fn trunc(self) -> Self::Out {
        Cons(self.0, self.1.trunc())
    }
}

/// A whole named tiler (`Self`) of a tiling partition that fits a layout
/// of shape `S` (its first modes, [`FitsPrefix`]) in the function `F`:
/// what [`FitTile::fit_tiler_prefix`](super::FitTile::fit_tiler_prefix)
/// asks at the name (as [`TilerFits`](super::TilerFits) a divide's; keyed
/// by the tiler and the shape so that rustc's sentence under the message
/// is short enough to be the span's label).
#[diagnostic::on_unimplemented(
    message = "the named tiler `{Self}` does not fit the layout's shape `{S}`: `{F}` takes at most one tile per mode (the modes past the tiler kept whole), each a static extent (`C<N>`, or `UnitTile`) or, for a tuple mode, a tuple of tiles, one per sub-mode (CuTe static_asserts that a tiler has no more modes than the layout it divides)"
)]
pub trait PrefixTilerFits<S, F> {}

#[diagnostic::do_not_recommend]
impl<T: IntoList, S: IntoList<List: FitsPrefix<T::List, F>>, F> PrefixTilerFits<S, F> for T {}

/// The tiles a whole named tiler `T` divides the shape `S` with
/// ([`PrefixTiler`]).
pub type PrefixList<T, S> = <<T as IntoList>::List as PrefixTiler<<S as IntoList>::List>>::Fitted;
