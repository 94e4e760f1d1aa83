//! A named tiler of a tiling partition with fewer entries than the layout
//! has modes (`layout!(type local_tile(#l, #t, c, step))` whose step keeps
//! fewer entries than `l` has modes): CuTe's `zipped_divide` divides the
//! first modes only and `inner_partition` keeps the others whole
//! (`local_tile(t, dice(step, tiler), dice(step, coord))`, then
//! `append<R1>(coord, _)`). The checks and the tiler the partition uses,
//! on type-level lists so that any two ranks match without an impl per
//! pair.
//!
//! The tile coordinate has its own rank, up to the layout's (CuTe's
//! `inner_partition` slices `zipped_divide`'s rest mode, which has one
//! mode per mode of the layout, by `append<R1>(coord, _)`): entries past
//! the tiler slice the modes kept whole (`local_tile((16,32,64), (2,4),
//! (1,2,3))` is tile `(1,2)` of the first two modes at column 3 of the
//! third, CuTe's `(_2,_4):(_1,16)` at 1666), and a coordinate shorter
//! than the tiler is padded with `_` (CuTe's `append` again).

use layout_core::Error;

use core::marker::PhantomData;

use crate::__private::divide_fit::{FitsMode, ModeTile, TileFor};
use crate::__private::list::{Chain, Cons, IntoList, Nil};
use crate::__private::partition::TileModes;
use crate::__private::slice_modes::SliceEntry;
use crate::tensor::X;
use crate::tensor::typed::LayoutShape;

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
/// what `layout!` asks at the name by its own function
/// ([`PrefixTilerFits::fit_tiler_prefix`]) (as [`TilerFits`](crate::__private::TilerFits) a divide's; keyed
/// by the tiler and the shape so that rustc's sentence under the message
/// is short enough to be the span's label).
#[diagnostic::on_unimplemented(
    message = "`{F}`: the named tiler `{Self}` does not fit the shape `{S}`: ≤ one static tile per mode, tuples for tuple modes (CuTe: \"Too many modes in tiler\")"
)]
pub trait PrefixTilerFits<S, F>: Sized {
    /// The tiler, for a layout `L` of shape `S` (which rustc infers from
    /// the partition). What `layout!` calls at a named tiler, as the
    /// trait's own function (no "required by a bound" note, as
    /// [`FitsMode::fit_mode`]).
    #[inline(always)]
    fn fit_tiler_prefix<L: LayoutShape<Shape = S>>(self) -> TileFor<Self, L> {
        TileFor(PhantomData)
    }
}

#[diagnostic::do_not_recommend]
impl<T: IntoList, S: IntoList<List: FitsPrefix<T::List, F>>, F> PrefixTilerFits<S, F> for T {}

/// The tiles a whole named tiler `T` divides the shape `S` with
/// ([`PrefixTiler`]).
pub type PrefixList<T, S> = <<T as IntoList>::List as PrefixTiler<<S as IntoList>::List>>::Fitted;

// The tiler is used up but the coordinate is not: its next entry slices
// the next mode kept whole, as CuTe's `inner_partition` slices the rest
// mode `(r0,…,rk,s(k+1),…)` by the whole coordinate. Every coordinate of
// such a slice is one of the layout's, so `within` is unchanged; an entry
// past its mode is the slice's error.
impl<S, SL, D, DL, Cd, CL> TileModes<Cons<S, SL>, Cons<D, DL>, Cons<Cd, CL>> for Nil
where
    Cd: SliceEntry<S, D, S: Chain<<Nil as TileModes<SL, DL, CL>>::RestS>>,
    Cd: SliceEntry<S, D, D: Chain<<Nil as TileModes<SL, DL, CL>>::RestD>>,
    Nil: TileModes<SL, DL, CL, TileS = Nil, TileD = Nil>,
{
    type TileS = Nil;
    type TileD = Nil;
    type RestS = <<Cd as SliceEntry<S, D>>::S as Chain<<Nil as TileModes<SL, DL, CL>>::RestS>>::Out;
    type RestD = <<Cd as SliceEntry<S, D>>::D as Chain<<Nil as TileModes<SL, DL, CL>>::RestD>>::Out;
    #[inline(always)]
    fn tile(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<Cd, CL>,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Nil, Nil, Self::RestS, Self::RestD), Error> {
        let (ks, kd) = c.0.slice_entry(s.0, d.0, offset, "a tile coordinate")?;
        let (_, _, rs, rd) = Nil.tile(s.1, d.1, c.1, offset, within)?;
        Ok((Nil, Nil, ks.concat(rs), kd.concat(rd)))
    }
}

// The coordinate is used up but the tiler is not: CuTe's `append<R1>(coord,
// _)` pads it with `_`, which keeps each remaining rest mode.
impl<T, TL, S, SL, D, DL> TileModes<Cons<S, SL>, Cons<D, DL>, Nil> for Cons<T, TL>
where
    Cons<T, TL>: TileModes<Cons<S, SL>, Cons<D, DL>, Cons<X, Nil>>,
{
    type TileS = <Cons<T, TL> as TileModes<Cons<S, SL>, Cons<D, DL>, Cons<X, Nil>>>::TileS;
    type TileD = <Cons<T, TL> as TileModes<Cons<S, SL>, Cons<D, DL>, Cons<X, Nil>>>::TileD;
    type RestS = <Cons<T, TL> as TileModes<Cons<S, SL>, Cons<D, DL>, Cons<X, Nil>>>::RestS;
    type RestD = <Cons<T, TL> as TileModes<Cons<S, SL>, Cons<D, DL>, Cons<X, Nil>>>::RestD;
    #[inline(always)]
    fn tile(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        _: Nil,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error> {
        self.tile(s, d, Cons(X, Nil), offset, within)
    }
}

/// A list (`Self`) with at most as many entries as the list `L`.
pub trait AtMost<L> {}

impl<L> AtMost<L> for Nil {}

impl<H, T: AtMost<L>, K, L> AtMost<Cons<K, L>> for Cons<H, T> {}

/// A tile coordinate (`Self`) of a named partition with at most one entry
/// per top-level mode of the layout's shape `S`: asked at the coordinate,
/// so that a longer one is one error there (the partition then takes the
/// coordinate cut to the layout's rank, [`TruncTo`], and reports nothing
/// more).
#[diagnostic::on_unimplemented(
    message = "the tile coordinate `{Self}` has more entries than the shape `{S}` has top-level modes: write at most one per mode (CuTe's `append<R>(coord, _)` asserts it)"
)]
pub trait TileCoordFits<S>: Sized {
    /// The coordinate, for a layout of shape `S` (which rustc infers from
    /// the partition). What `layout!` calls at the coordinate, as the
    /// trait's own function: a trait's own `Self` bound has no span, so a
    /// coordinate too long is the message and the label, with no
    /// "required by a bound" note into the library.
    #[inline(always)]
    fn fit_coord(self) -> CoordFit<Self, S> {
        CoordFit(self, PhantomData)
    }
}

#[diagnostic::do_not_recommend]
impl<Cd: IntoList<List: AtMost<S::List>>, S: IntoList> TileCoordFits<S> for Cd {}

/// The tiles of an `outer_partition` tiler, as a list: a named tiler's
/// (a [`TileFor`](crate::__private::TileFor)) or a written-out tuple's.
pub trait TilerList {
    /// The list of the tiles.
    type List;
    /// The tiles as the tuple written (what [`OuterCoordFits`] names).
    type Tuple;
}

impl<T: IntoList, L> TilerList for crate::__private::TileFor<T, L> {
    type List = T::List;
    type Tuple = T;
}

impl<T: IntoList> TilerList for T {
    type List = T::List;
    type Tuple = T;
}

/// `outer_partition`'s coordinate (`Self`, a position in the tile) with at
/// most one entry per tile of the tiler `T` (a tuple): asked at the
/// coordinate, so that a longer one is one error there. Keyed by the tuple,
/// not its list (`Cons<C<2>, Nil>`), so that rustc's sentence is short
/// enough for the label, without a help line.
#[diagnostic::on_unimplemented(
    message = "the coordinate `{Self}` of `outer_partition` has more entries than its tiler: one entry (its position in that tile) per tile at most (CuTe's `append<R0>(coord, _)` static_asserts)"
)]
pub trait OuterCoordFits<T>: Sized {
    /// The coordinate, for the tiler `T` (inferred from the partition);
    /// what `layout!` calls at it (as [`TileCoordFits::fit_coord`]).
    #[inline(always)]
    fn fit_outer_coord(self) -> CoordFit<Self, T> {
        CoordFit(self, PhantomData)
    }
}

/// A partition's coordinate `Cd`, checked where it was written against
/// `S` (the layout's shape, or `outer_partition`'s tiler).
pub struct CoordFit<Cd, S>(pub(in crate::__private) Cd, PhantomData<fn() -> S>);

#[diagnostic::do_not_recommend]
impl<Cd: IntoList<List: AtMost<T::List>>, T: IntoList> OuterCoordFits<T> for Cd {}

/// A whole named tiler (`Self`) of a divide, as the divide takes it for a
/// layout of shape `S` (`divide_fit.rs`'s `Divide` of a [`TileFor`](crate::__private::TileFor)):
/// a tuple of at most as many tiles as `S` has modes (the modes past it
/// passed through, as CuTe's divides keep them), each as [`ModeTile`]
/// gives it ([`PrefixTiler`]); what is not a tuple of tiles at all (a
/// lone extent, a run-time value, a layout) the [`UnitTile`](crate::__private::UnitTile)s of
/// `S`. Total, so that a tiler reported at its name ([`PrefixTilerFits`])
/// still makes the divide's bounds hold.
pub trait PrefixTilerOf<S> {
    /// The tiler the divide uses.
    type Fitted;
}

/// Not a tuple of tiles: the error is at the name.
macro_rules! prefix_not_tiles {
    ($(<$($g:ident),*> $ty:ty),* $(,)?) => {
        $(
            impl<S: crate::__private::ModeKind $(, $g)*> PrefixTilerOf<S> for $ty {
                type Fitted = S::Units;
            }
        )*
    };
}

prefix_not_tiles!(
    <> usize, <> u8, <> u16, <> u32, <> u64, <> u128,
    <> isize, <> i8, <> i16, <> i32, <> i64, <> i128,
    <> crate::__private::UnitTile,
    <L, D, I> crate::__private::Layout<L, D, I>,
    <I, K> crate::__private::Poisoned<I, K>,
);

impl<S: crate::__private::ModeKind, const N: i64> PrefixTilerOf<S> for crate::__private::C<N> {
    type Fitted = S::Units;
}

macro_rules! prefix_tuples {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        impl<S: IntoList, $($T),*> PrefixTilerOf<S> for ($($T,)*)
        where
            ($($T,)*): IntoList<List: PrefixTiler<S::List, Fitted: crate::__private::IntoTuple>>,
        {
            type Fitted = <<<($($T,)*) as IntoList>::List as PrefixTiler<S::List>>::Fitted as crate::__private::IntoTuple>::Tuple;
        }
    };
}

for_each_rank!(prefix_tuples);
