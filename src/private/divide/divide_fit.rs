//! A named tile in a typed divide's tiler, checked where its name stands:
//! `layout!(type logical_divide(L, (#t, 2)))` gives `Divide::logical_divide(&L,
//! (FitsMode::<_, F>::fit_mode(t), C::<2>))`, the call spanned at `#t`. The mode the
//! tile divides is not known to the macro (`t`'s type is not, and `L` may be
//! named too); rustc infers it when it picks the divide of that mode
//! ([`DivideMode`] for [`TileFor`]), and then asks [`FitsMode`] at the name, so
//! that a tile nesting deeper than its mode (CuTe: "logical_divide: Too many
//! modes in tiler.", a `static_assert`) is one error there, with a sentence.
//! A written-out tuple tile (`((#t, 2), 4)`) is asked alike at its `(`, and
//! each tile in it at its own token (a [`TileFor`] inside a tuple fits any
//! mode, its own check inferring the sub-mode), so that a tuple deeper
//! than its mode is one error at its `(` and a named tile deeper than its
//! sub-mode one error at its name.
//! A whole named tiler (`logical_divide(L, #t)`, and a tiling partition's,
//! `local_tile(L, #t, c)`: `Tiler` for [`TileFor`] in `named_partition.rs`) is
//! asked [`TilerFits`] of the layout's shape alike; with a step
//! (`local_tile(L, #t, c, step)`), the entries the step keeps
//! ([`StepTilerFits`](crate::__private::StepTilerFits)).
//!
//! The divide itself never fails on a [`TileFor`]: [`ModeTile`] maps every tile
//! to one that divides the mode (itself where it fits, else [`UnitTile`]s),
//! so that the call's own bounds hold and rustc reports nothing more. The
//! crate does not compile then, so no value of that type is made.
//!
//! The checks are here; the tile that stands in for a [`TileFor`] in the
//! divide ([`ModeTile`], [`TilerOf`]) is in `divide_fit/tiles.rs`, and the
//! divides of a [`TileFor`] (by that tile) in `divide_fit/divides.rs`.

use core::marker::PhantomData;

use crate::__private::divide_mode::UnitTile;
use crate::__private::int::C;
use crate::__private::poisoned::Poisoned;
use crate::__private::tiler_prefix::PrefixTilerFits;
use crate::tensor::typed::LayoutShape;

mod divides;
mod prefix;
mod tiles;

pub use tiles::{LeafMode, ModeKind, ModeTile, SameRank, TilerOf, TupleTile};

/// A tile `T` for a mode (or a tiler for a layout's shape) `S`, checked
/// where it was written ([`FitTile`]). A compile error prints a named
/// tile inside a written-out tuple tile this way: `((#t, 2), 4)` with
/// `t: C<2>` is the tile `(TileFor<C<2>, _>, C<2>)`, the `_` the mode it
/// divides, not known at the tuple.
pub struct TileFor<T, S>(pub(in crate::__private) PhantomData<fn() -> (T, S)>);

/// A mode (of shape `Self`) that the tile `T` divides, as the typed
/// divides take it: a static extent or [`UnitTile`] divides any mode, and a
/// tuple of tiles of at most its rank a tuple mode, each its sub-mode (the
/// others kept whole; a tuple of one tile a leaf too: `divide_fit/prefix.rs`). (The mode is
/// `Self`, so that rustc waits for the divide to infer it rather than
/// guess it from the tile's one impl.)
///
/// `F` is the function the tile is written in ([`tilers`]), so that the
/// error names it.
#[diagnostic::on_unimplemented(
    message = "`{F}`: the tile `{T}` does not fit the mode `{Self}`: write a static extent (`C<N>`, `UnitTile`) or a tuple of ≤ one per sub-mode (CuTe: \"Too many modes in tiler\")"
)]
pub trait FitsMode<T, F>: Sized {
    /// The tile `t` for this mode (`Self`, which rustc infers from the
    /// divide). What `layout!` calls at a named tile, as the trait's own
    /// function: a trait's own `Self` bound has no span, so a tile that
    /// does not nest is the message and the label, with no "required by a
    /// bound" note into this file.
    #[inline(always)]
    fn fit_mode(_tile: T) -> TileFor<T, Self> {
        TileFor(PhantomData)
    }
}

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
    message = "`{F}`: the named tiler `{Self}` does not fit the shape `{S}`: one static tile per mode, tuples for tuple modes (CuTe: \"Too many modes in tiler\")"
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

/// Where a named tile stands. `layout!` asks a mode's tile, a whole tiler
/// and a step's tiler by [`FitsMode::fit_mode`],
/// [`PrefixTilerFits::fit_tiler_prefix`](crate::__private::PrefixTilerFits::fit_tiler_prefix)
/// and [`StepTilerFits::fit_tiler_step`](crate::__private::StepTilerFits::fit_tiler_step), the checks' own functions, whose
/// failure has no "required by a bound" note into this file.
pub trait FitTile: Sized {
    /// The tile, for the mode rustc infers from the divide `F` ([`tilers`]).
    #[inline(always)]
    fn fit_mode<F, S>(self) -> TileFor<Self, S>
    where
        S: FitsMode<Self, F>,
    {
        TileFor(PhantomData)
    }
    /// The whole tiler, for the layout's shape, in the function `F`.
    #[inline(always)]
    fn fit_tiler<F, L>(self) -> TileFor<Self, L>
    where
        L: LayoutShape,
        Self: TilerFits<L::Shape, F>,
    {
        TileFor(PhantomData)
    }
    /// The whole tiler of a tiling partition, for the layout's first
    /// modes (the others kept whole), in the function `F`.
    #[inline(always)]
    fn fit_tiler_prefix<F, L>(self) -> TileFor<Self, L>
    where
        L: LayoutShape,
        Self: PrefixTilerFits<L::Shape, F>,
    {
        TileFor(PhantomData)
    }
}

impl<T> FitTile for T {}

// A tile checked where it stands inside a written-out tuple tile
// (`((#t, 2), 4)`): its own `fit_mode` asked whether it fits, so the
// tuple around it takes it as it is (the sub-mode `S` inferred here).
#[diagnostic::do_not_recommend]
impl<S, F, T> FitsMode<TileFor<T, S>, F> for S {}

/// A tuple tile fits a tuple mode of its rank, each tile its sub-mode
/// (shorter tiles: `divide_fit/prefix.rs`).
macro_rules! tuple_fits {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $S:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<F, $($T, $S: FitsMode<$T, F>),*> FitsMode<($($T,)*), F> for ($($S,)*) {}

        #[diagnostic::do_not_recommend]
        impl<F, $($T, $S: FitsMode<$T, F>),*> FitsTiler<($($T,)*), F> for ($($S,)*) {}
    };
}

for_each_rank!(tuple_fits);
