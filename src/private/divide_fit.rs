//! A named tile in a typed divide's tiler, checked where its name stands:
//! `layout!(type logical_divide(L, (#t, 2)))` gives `Divide::logical_divide(&L,
//! (FitTile::fit_mode(t), C::<2>))`, the call spanned at `#t`. The mode the
//! tile divides is not known to the macro (`t`'s type is not, and `L` may be
//! named too); rustc infers it when it picks the divide of that mode
//! ([`DivideMode`] for [`Fit`]), and then asks [`FitsMode`] at the name, so
//! that a tile nesting deeper than its mode (CuTe: "logical_divide: Too many
//! modes in tiler.", a `static_assert`) is one error there, with a sentence.
//! A written-out tuple tile (`((#t, 2), 4)`) is asked alike at its `(`, and
//! each tile in it at its own token (a [`Fit`] inside a tuple fits any
//! mode, its own check inferring the sub-mode), so that a tuple deeper
//! than its mode is one error at its `(` and a named tile deeper than its
//! sub-mode one error at its name.
//! A whole named tiler (`logical_divide(L, #t)`, and a tiling partition's,
//! `local_tile(L, #t, c)`: `Tiler` for [`Fit`] in `named_partition.rs`) is
//! asked [`TilerFits`] of the layout's shape alike; with a step
//! (`local_tile(L, #t, c, step)`), the entries the step keeps
//! ([`StepTilerFits`]).
//!
//! The divide itself never fails on a [`Fit`]: [`ModeTile`] maps every tile
//! to one that divides the mode (itself where it fits, else [`UnitTile`]s),
//! so that the call's own bounds hold and rustc reports nothing more. The
//! crate does not compile then, so no value of that type is made.

use core::marker::PhantomData;

use super::algebra::AlgebraError;
use super::divide::{Divide, DivideMode};
use super::divide_mode::{DivMode, UnitTile};
use super::gemm_form::Rank;
use super::int::{C, Int};
use super::layout::Layout;
use super::named_partition::{StepMarks, StepTilerFits};
use super::poisoned::Poisoned;
use super::static_complement::{No, Yes};
use super::tiler_prefix::PrefixTilerFits;
use crate::tensor::typed::LayoutShape;

/// A tile `T` for a mode (or a tiler for a layout's shape) `S`, checked
/// where it was written ([`FitTile`]).
pub struct Fit<T, S>(PhantomData<fn() -> (T, S)>);

/// A mode (of shape `Self`) that the tile `T` divides, as the typed
/// divides take it: a static extent or [`UnitTile`] divides any mode, and a
/// tuple of tiles of its rank a tuple mode, each its sub-mode. (The mode is
/// `Self`, so that rustc waits for the divide to infer it rather than
/// guess it from the tile's one impl.)
///
/// `F` is the function the tile is written in ([`tilers`]), so that the
/// error names it.
#[diagnostic::on_unimplemented(
    message = "the tile `{T}` does not fit the mode `{Self}` it divides: `{F}` takes for each mode one static extent (`C<N>`, or `UnitTile`) or, for a tuple mode, a tuple of tiles, one per sub-mode (CuTe static_asserts that a tile has no more modes than the mode it divides)"
)]
pub trait FitsMode<T, F> {}

/// A layout's shape (`Self`) that the whole tiler `T` fits: one tile per
/// mode (`F` as for [`TilerFits`]).
pub trait FitsTiler<T, F> {}

/// A whole named tiler (`Self`) that fits a layout of shape `S` (its
/// [`FitsTiler`]), in the function `F` ([`tilers`]): what
/// [`FitTile::fit_tiler`] asks at the name. Keyed by the tiler and the
/// shape, not the layout, so that
/// rustc's sentence under the message ("the trait `TilerFits<(usize,
/// usize), local_tile>` is not implemented for `((C<2>, C<2>), C<8>)`") is
/// short enough to be the span's label, not one more `help` line (a trait
/// keyed by the layout type prints a sentence too long for a label).
#[diagnostic::on_unimplemented(
    message = "the named tiler `{Self}` does not fit the layout's shape `{S}`: `{F}` takes one tile per mode, each a static extent (`C<N>`, or `UnitTile`) or, for a tuple mode, a tuple of tiles, one per sub-mode (CuTe static_asserts that a tiler has no more modes than the layout it divides)"
)]
pub trait TilerFits<S, F> {}

#[diagnostic::do_not_recommend]
impl<T, S: FitsTiler<T, F>, F> TilerFits<S, F> for T {}

#[diagnostic::do_not_recommend]
impl<S, F, const N: i64> FitsMode<C<N>, F> for S {}

#[diagnostic::do_not_recommend]
impl<S, F> FitsMode<UnitTile, F> for S {}

// A failed `layout!` already reported its error.
#[diagnostic::do_not_recommend]
impl<S, F, I, K> FitsMode<Poisoned<I, K>, F> for S {}

#[diagnostic::do_not_recommend]
impl<S, F, I, K> FitsTiler<Poisoned<I, K>, F> for S {}

/// One uninhabited type per function that takes named tiles (the
/// registry's divides and tiling partitions), named as the function: the
/// `F` of [`FitsMode`] and [`TilerFits`], which their errors print, so that
/// each names the call it is in. The list comes from the registry
/// (`layout_macros::__tiling_functions!`), as the macro's paths to them do.
/// Re-exported as `layout_dsl::typed::tilers`, a path rustc may shorten to
/// the bare name in an error (it does not shorten a `doc(hidden)` path).
#[allow(non_camel_case_types)]
pub mod tilers {
    ::layout_macros::__tiling_functions!();
}

/// Where a named tile stands: the call the macro writes at its name.
pub trait FitTile: Sized {
    /// The tile, for the mode rustc infers from the divide `F` ([`tilers`]).
    #[inline(always)]
    fn fit_mode<F, S>(self) -> Fit<Self, S>
    where
        S: FitsMode<Self, F>,
    {
        Fit(PhantomData)
    }
    /// The whole tiler, for the layout's shape, in the function `F`.
    #[inline(always)]
    fn fit_tiler<F, L>(self) -> Fit<Self, L>
    where
        L: LayoutShape,
        Self: TilerFits<L::Shape, F>,
    {
        Fit(PhantomData)
    }
    /// The whole tiler of a tiling partition, for the layout's first
    /// modes (the others kept whole), in the function `F`.
    #[inline(always)]
    fn fit_tiler_prefix<F, L>(self) -> Fit<Self, L>
    where
        L: LayoutShape,
        Self: PrefixTilerFits<L::Shape, F>,
    {
        Fit(PhantomData)
    }
    /// The whole tiler of a partition with the step `St`, for the
    /// layout's shape once diced by the step, in the function `F`.
    #[inline(always)]
    fn fit_tiler_step<F, L, St>(self, _step: &St) -> Fit<Self, L>
    where
        L: LayoutShape,
        St: StepMarks<Self>,
        Self: StepTilerFits<L::Shape, <St as StepMarks<Self>>::Checked, F>,
    {
        Fit(PhantomData)
    }
}

impl<T> FitTile for T {}

/// Whether a mode is a leaf or a tuple of some rank, and the tile of
/// [`UnitTile`]s that divides it whatever it is.
pub trait ModeKind {
    /// `LeafMode`, or `Rank<N>` for a tuple of `N` modes.
    type Kind;
    /// `UnitTile` for a leaf, a tuple of them for a tuple.
    type Units;
}

/// The kind of a leaf mode.
pub struct LeafMode;

impl<S: Int> ModeKind for S {
    type Kind = LeafMode;
    type Units = UnitTile;
}

/// Whether two kinds are the same rank of tuple.
pub trait SameRank {
    /// [`Yes`] or [`No`].
    type Same;
}

impl<const K: usize> SameRank for (Rank<K>, LeafMode) {
    type Same = No;
}

/// `Self` as a tile of the mode `S` ([`FitsMode`]), or where it does not
/// fit, one that does: total, so the divide's bounds always hold.
pub trait ModeTile<S> {
    /// The tile the divide uses.
    type Fitted;
}

impl<S, const N: i64> ModeTile<S> for C<N> {
    type Fitted = C<N>;
}

impl<S> ModeTile<S> for UnitTile {
    type Fitted = UnitTile;
}

// A tile checked where it stands inside a written-out tuple tile
// (`((#t, 2), 4)`): its own `fit_mode` asked whether it fits, so the
// tuple around it takes it as it is (the sub-mode `S` inferred here).
#[diagnostic::do_not_recommend]
impl<S, F, T> FitsMode<Fit<T, S>, F> for S {}

impl<S, T: ModeTile<S>> ModeTile<S> for Fit<T, S> {
    type Fitted = T::Fitted;
}

/// What is not a tile at all (a run-time extent, a typed layout, which
/// only the core takes as a tile) divides as [`UnitTile`]s: the error is at
/// the name ([`FitsMode`]).
macro_rules! not_tiles {
    ($(<$($g:ident),*> $ty:ty),* $(,)?) => {
        $(
            impl<S: ModeKind $(, $g)*> ModeTile<S> for $ty {
                type Fitted = S::Units;
            }
            impl<S: ModeKind $(, $g)*> TilerOf<S> for $ty {
                type Fitted = S::Units;
            }
        )*
    };
}

not_tiles!(
    <> usize, <> u8, <> u16, <> u32, <> u64, <> u128,
    <> isize, <> i8, <> i16, <> i32, <> i64, <> i128,
    <L, D, I> Layout<L, D, I>,
);

impl<S, I, K> ModeTile<S> for Poisoned<I, K> {
    type Fitted = Poisoned<I, K>;
}

/// A tuple tile over a mode, by whether the two are tuples of one rank
/// (`Same`): tile by tile, else [`ModeKind::Units`].
pub trait TupleTile<S, Same> {
    /// The tile the divide uses.
    type Fitted;
}

/// `Self` as a whole tiler of a layout of shape `S` ([`FitsTiler`]), or
/// where it does not fit, one that does.
pub trait TilerOf<S> {
    /// The tiler the divide uses.
    type Fitted;
}

impl<S: ModeKind, const N: i64> TilerOf<S> for C<N> {
    type Fitted = S::Units;
}

impl<S: ModeKind> TilerOf<S> for UnitTile {
    type Fitted = S::Units;
}

impl<S: ModeKind, I, K> TilerOf<S> for Poisoned<I, K> {
    type Fitted = S::Units;
}

macro_rules! tuple_fits {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $S:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<F, $($T, $S: FitsMode<$T, F>),*> FitsMode<($($T,)*), F> for ($($S,)*) {}

        #[diagnostic::do_not_recommend]
        impl<F, $($T, $S: FitsMode<$T, F>),*> FitsTiler<($($T,)*), F> for ($($S,)*) {}

        impl<$($S),*> ModeKind for ($($S,)*) {
            type Kind = Rank<$rank>;
            type Units = ($(units!($S),)*);
        }

        impl<$($T,)* S: ModeKind> ModeTile<S> for ($($T,)*)
        where
            (Rank<$rank>, S::Kind): SameRank,
            Self: TupleTile<S, <(Rank<$rank>, S::Kind) as SameRank>::Same>,
        {
            type Fitted = <Self as TupleTile<S, <(Rank<$rank>, S::Kind) as SameRank>::Same>>::Fitted;
        }

        impl<$($T,)* S: ModeKind> TilerOf<S> for ($($T,)*)
        where
            Self: ModeTile<S>,
        {
            type Fitted = <Self as ModeTile<S>>::Fitted;
        }

        impl<$($T: ModeTile<$S>, $S),*> TupleTile<($($S,)*), Yes> for ($($T,)*) {
            type Fitted = ($($T::Fitted,)*);
        }

        impl<$($T,)* S: ModeKind> TupleTile<S, No> for ($($T,)*) {
            type Fitted = S::Units;
        }
    };
}

/// `UnitTile`, once per mode.
macro_rules! units {
    ($_s:ident) => {
        UnitTile
    };
}

for_each_rank!(tuple_fits);

/// [`SameRank`] for every pair of tuple ranks.
macro_rules! rank_pairs {
    ($({$rank:literal; $($_fields:tt)*})*) => {
        rank_pairs!(@ [] $($rank)*);
    };
    (@ [$($done:literal)*] $head:literal $($rest:literal)*) => {
        impl SameRank for (Rank<$head>, Rank<$head>) {
            type Same = Yes;
        }
        $(
            impl SameRank for (Rank<$head>, Rank<$done>) {
                type Same = No;
            }
            impl SameRank for (Rank<$done>, Rank<$head>) {
                type Same = No;
            }
        )*
        rank_pairs!(@ [$($done)* $head] $($rest)*);
    };
    (@ [$($done:literal)*]) => {};
}

::layout_macros::__ranks!(rank_pairs);

/// A checked tile divides its mode as the tile [`ModeTile`] gives.
impl<S, D, T> DivideMode<D, Fit<T, S>> for S
where
    T: ModeTile<S>,
    S: DivideMode<D, T::Fitted>,
{
    type TileS = <S as DivideMode<D, T::Fitted>>::TileS;
    type TileD = <S as DivideMode<D, T::Fitted>>::TileD;
    type RestS = <S as DivideMode<D, T::Fitted>>::RestS;
    type RestD = <S as DivideMode<D, T::Fitted>>::RestD;
    type LogicalS = <S as DivideMode<D, T::Fitted>>::LogicalS;
    type LogicalD = <S as DivideMode<D, T::Fitted>>::LogicalD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn divide_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        <S as DivideMode<D, T::Fitted>>::divide_mode(self, d, function)
    }
    #[inline(always)]
    fn logical_mode(
        self,
        d: D,
        function: &'static str,
    ) -> Result<(Self::LogicalS, Self::LogicalD), AlgebraError> {
        <S as DivideMode<D, T::Fitted>>::logical_mode(self, d, function)
    }
}

/// A checked tile divides its mode in the typed partitions' walk too
/// (`local_tile(#l, (#t, 8), …)`), as the tile [`ModeTile`] gives.
impl<S, D, T> DivMode<D, Fit<T, S>> for S
where
    T: ModeTile<S>,
    S: DivMode<D, T::Fitted>,
{
    type TileS = <S as DivMode<D, T::Fitted>>::TileS;
    type TileD = <S as DivMode<D, T::Fitted>>::TileD;
    type RestS = <S as DivMode<D, T::Fitted>>::RestS;
    type RestD = <S as DivMode<D, T::Fitted>>::RestD;
    #[inline(always)]
    #[allow(clippy::type_complexity)]
    fn div_mode(
        self,
        d: D,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), AlgebraError> {
        <S as DivMode<D, T::Fitted>>::div_mode(self, d)
    }
}

/// A checked whole tiler divides the layout as the tiler
/// [`PrefixTilerOf`](super::tiler_prefix::PrefixTilerOf) gives (perhaps
/// fewer tiles than the layout has modes: the others pass through).
impl<S, D, I, T> Divide<Fit<T, Layout<S, D, I>>> for Layout<S, D, I>
where
    T: super::tiler_prefix::PrefixTilerOf<S>,
    T::Fitted: Default,
    Layout<S, D, I>: Divide<T::Fitted>,
{
    type Logical = <Self as Divide<T::Fitted>>::Logical;
    type Zipped = <Self as Divide<T::Fitted>>::Zipped;
    type Tiled = <Self as Divide<T::Fitted>>::Tiled;
    type Flat = <Self as Divide<T::Fitted>>::Flat;
    #[inline(always)]
    fn logical_divide(&self, _: Fit<T, Self>) -> Result<Self::Logical, AlgebraError> {
        Divide::logical_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn zipped_divide(&self, _: Fit<T, Self>) -> Result<Self::Zipped, AlgebraError> {
        Divide::zipped_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn tiled_divide(&self, _: Fit<T, Self>) -> Result<Self::Tiled, AlgebraError> {
        Divide::tiled_divide(self, T::Fitted::default())
    }
    #[inline(always)]
    fn flat_divide(&self, _: Fit<T, Self>) -> Result<Self::Flat, AlgebraError> {
        Divide::flat_divide(self, T::Fitted::default())
    }
}
