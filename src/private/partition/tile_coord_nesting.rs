//! A nested tile coordinate of a `type` partition of a named layout
//! (`layout!(type local_tile(#h, #t, ((1,2),(3,4))))`, `outer_partition(#h,
//! (2, 8), (1,(3,4)))`, by a named or a written-out tiler), asked one tuple at a time at
//! its `(` as a nested slice coordinate is (`coord_in.rs`,
//! `typed_slice_nesting.rs`): a tuple entry that does not nest is one
//! error at that entry, not the partition's bound at the tiler's name and
//! again over the whole call.
//!
//! The entries index what the typed divide computes, not the layout's
//! shape: `local_tile`'s the rest modes (`TileModes::RestS`, one per mode
//! of the layout, those past the tiler the modes themselves), whose
//! nesting may differ from the mode's (CuTe's `zipped_divide((4,m):(1,4),
//! 4)` leaves the rest `m:4`, a leaf, of the tuple mode `(4,m)`);
//! `outer_partition`'s the tile modes (a position in the tile).

use crate::__private::ModeForm;
use crate::__private::divide_fit::TileFor;
use crate::__private::divide_mode::DivMode;
use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::named_partition::DiceTrunc;
use crate::__private::poisoned::{Poisoned, Unknown};
use crate::__private::tiler_prefix::{PrefixList, PrefixTiler};
use crate::tensor::X;
use crate::tensor::typed::ModeShape;

/// What a divide by a tiler list (`Self`) of the modes `SL` (strides `DL`)
/// leaves: the rest modes (`Rest`, one per mode, the modes past the tiler
/// themselves) and the tile modes (`Tile`, one per tile).
pub trait DividedModes<SL, DL> {
    /// The rest modes' shapes, a list.
    type Rest;
    /// The tile modes' shapes, a list.
    type Tile;
}

impl<SL, DL> DividedModes<SL, DL> for Nil {
    type Rest = SL;
    type Tile = Nil;
}

// A tiler longer than the layout: reported at its name (`PrefixTilerFits`).
impl<T, TL> DividedModes<Nil, Nil> for Cons<T, TL> {
    type Rest = Nil;
    type Tile = Nil;
}

impl<T, TL, S, SL, D, DL> DividedModes<Cons<S, SL>, Cons<D, DL>> for Cons<T, TL>
where
    S: DivMode<D, T>,
    TL: DividedModes<SL, DL>,
{
    type Rest = Cons<S::RestS, TL::Rest>;
    type Tile = Cons<S::TileS, TL::Tile>;
}

/// A tiler (`Self`) of the layout `L` as the partition divides with it:
/// the modes its tile coordinate indexes. A named tiler (a [`TileFor`])
/// divides with the tiles [`PrefixList`] gives, a written-out one (a
/// tuple) with itself.
pub trait TiledModes<L> {
    /// `local_tile`'s: the rest modes, a list.
    type Rest;
    /// `outer_partition`'s: the tile modes, a list.
    type Tile;
}

impl<T, S, D, I> TiledModes<Layout<S, D, I>> for TileFor<T, Layout<S, D, I>>
where
    T: IntoList<List: PrefixTiler<S::List>>,
    S: IntoList,
    D: IntoList,
    PrefixList<T, S>: DividedModes<S::List, D::List>,
{
    type Rest = <PrefixList<T, S> as DividedModes<S::List, D::List>>::Rest;
    type Tile = <PrefixList<T, S> as DividedModes<S::List, D::List>>::Tile;
}

impl<T, S, D, I> TiledModes<Layout<S, D, I>> for T
where
    T: IntoList<List: DividedModes<S::List, D::List>>,
    S: IntoList,
    D: IntoList,
{
    type Rest = <T::List as DividedModes<S::List, D::List>>::Rest;
    type Tile = <T::List as DividedModes<S::List, D::List>>::Tile;
}

/// A failed `layout!`'s stand-in takes any coordinate (one mistake, one
/// error): no modes, each entry's [`Unknown`].
impl<T, I, K> TiledModes<Poisoned<I, K>> for T {
    type Rest = Nil;
    type Tile = Nil;
}

/// The shapes ([`ModeShape`]) of the modes `RL` a coordinate list
/// (`Self`) indexes, one per entry, as their [`ModeForm`]s (a folded static
/// leaf `Extent`, so that the entry's message prints no `CeilQuot<…>`); [`Unknown`] past `RL` (a coordinate
/// too long, reported at it by `TileCoordFits`/`OuterCoordFits`). Total.
pub trait EntryModes<RL> {
    /// The shapes, a list.
    type Modes;
    /// The shapes (zero-sized).
    fn entry_modes() -> Self::Modes;
}

impl<RL> EntryModes<RL> for Nil {
    type Modes = Nil;
    #[inline(always)]
    fn entry_modes() -> Nil {
        Nil
    }
}

impl<A, CL: EntryModes<RL>, M: ModeForm, RL> EntryModes<Cons<M, RL>> for Cons<A, CL> {
    type Modes = Cons<ModeShape<M::Form>, CL::Modes>;
    #[inline(always)]
    fn entry_modes() -> Self::Modes {
        Cons(ModeShape::new(), CL::entry_modes())
    }
}

impl<A, CL: EntryModes<Nil>> EntryModes<Nil> for Cons<A, CL> {
    type Modes = Cons<ModeShape<Unknown>, CL::Modes>;
    #[inline(always)]
    fn entry_modes() -> Self::Modes {
        Cons(ModeShape::new(), CL::entry_modes())
    }
}

/// A nested tile coordinate (`Self`) of a named partition whose tiler
/// leaves the modes `R` (a list): asked by `layout!` at the coordinate's
/// `(`, it answers the modes each entry indexes, which [`TileEntryIn`](crate::__private::TileEntryIn)
/// then asks each tuple entry against. Only the ranks, and total (a
/// coordinate too long is `TileCoordFits`'s error), so that a tuple entry
/// that does not nest is that entry's one error.
pub trait TileCoordIn<R>: Sized {
    /// `Self`.
    type Checked;
    /// Each entry's mode, a tuple of [`ModeShape`].
    type Modes;
    /// `self` and its entries' modes: `local_tile`'s rest modes of
    /// `tiler` dividing `layout`.
    fn tile_coord_in<T, L>(self, layout: &L, tiler: &T) -> (Self::Checked, Self::Modes)
    where
        T: TiledModes<L, Rest = R>;
    /// `self` and its entries' modes: `outer_partition`'s tile modes.
    fn outer_coord_in<T, L>(self, layout: &L, tiler: &T) -> (Self::Checked, Self::Modes)
    where
        T: TiledModes<L, Tile = R>;
}

impl<Cd, R> TileCoordIn<R> for Cd
where
    Cd: IntoList<List: EntryModes<R, Modes: IntoTuple>>,
{
    type Checked = Cd;
    type Modes = <<Cd::List as EntryModes<R>>::Modes as IntoTuple>::Tuple;
    #[inline(always)]
    fn tile_coord_in<T, L>(self, _: &L, _: &T) -> (Self, Self::Modes)
    where
        T: TiledModes<L, Rest = R>,
    {
        (
            self,
            <Cd::List as EntryModes<R>>::entry_modes().into_tuple(),
        )
    }
    #[inline(always)]
    fn outer_coord_in<T, L>(self, _: &L, _: &T) -> (Self, Self::Modes)
    where
        T: TiledModes<L, Tile = R>,
    {
        (
            self,
            <Cd::List as EntryModes<R>>::entry_modes().into_tuple(),
        )
    }
}

/// A tiler (`Self`) of the layout `L` projected by the step `St`
/// (`local_tile(#l, #t, c, step)`, CuTe's `dice(step, tiler)`): the rest
/// modes the diced tiler leaves, which the kept coordinate entries index
/// in order. A named tiler's diced tiles as [`PrefixTiler`] fits them
/// (`named_partition.rs`), a written-out one's themselves; both cut where
/// the step and the tiler differ in rank (reported elsewhere), so total.
pub trait StepTiledModes<L, St> {
    /// The rest modes, a list.
    type Rest;
}

/// The diced tiles of a named tiler `T` over the shape `S`, as the step
/// `St` keeps them and the partition fits them.
type DicedFitted<St, T, S> =
    <<<St as IntoList>::List as DiceTrunc<<T as IntoList>::List>>::Out as PrefixTiler<
        <S as IntoList>::List,
    >>::Fitted;

impl<T, S, D, I, St> StepTiledModes<Layout<S, D, I>, St> for TileFor<T, Layout<S, D, I>>
where
    T: IntoList,
    St: IntoList<List: DiceTrunc<T::List, Out: PrefixTiler<S::List>>>,
    S: IntoList,
    D: IntoList,
    DicedFitted<St, T, S>: DividedModes<S::List, D::List>,
{
    type Rest = <DicedFitted<St, T, S> as DividedModes<S::List, D::List>>::Rest;
}

impl<T, S, D, I, St> StepTiledModes<Layout<S, D, I>, St> for T
where
    T: IntoList,
    St: IntoList<List: DiceTrunc<T::List, Out: DividedModes<S::List, D::List>>>,
    S: IntoList,
    D: IntoList,
{
    type Rest = <<St::List as DiceTrunc<T::List>>::Out as DividedModes<S::List, D::List>>::Rest;
}

/// A failed `layout!`'s stand-in: each entry's mode [`Unknown`].
impl<T, I, K, St> StepTiledModes<Poisoned<I, K>, St> for T {
    type Rest = Nil;
}

/// The shapes ([`ModeShape`], of [`ModeForm`]s) a coordinate list (`Self`)
/// projected by the step list `St` indexes: an entry the step keeps (`C<1>`) the next of
/// the rest modes `RL`, one it drops (`X`) or past the step or the modes
/// [`Unknown`] (any entry, as the step drops it or the rank is reported
/// elsewhere).
pub trait StepEntryModes<St, RL> {
    /// The shapes, a list.
    type Modes;
    /// The shapes (zero-sized).
    fn entry_modes() -> Self::Modes;
}

impl<St, RL> StepEntryModes<St, RL> for Nil {
    type Modes = Nil;
    #[inline(always)]
    fn entry_modes() -> Nil {
        Nil
    }
}

/// The entries past the step, and those it drops: [`Unknown`].
macro_rules! unknown_entry {
    ($($st:ty => $rest:ty, <$($g:ident),*>;)*) => {
        $(
            impl<A, CL: StepEntryModes<$rest, RL>, RL $(, $g)*> StepEntryModes<$st, RL> for Cons<A, CL> {
                type Modes = Cons<ModeShape<Unknown>, CL::Modes>;
                #[inline(always)]
                fn entry_modes() -> Self::Modes {
                    Cons(ModeShape::new(), CL::entry_modes())
                }
            }
        )*
    };
}

unknown_entry! {
    Nil => Nil, <>;
    Cons<X, St> => St, <St>;
}

impl<A, CL, St, M, RL> StepEntryModes<Cons<C<1>, St>, Cons<M, RL>> for Cons<A, CL>
where
    CL: StepEntryModes<St, RL>,
    M: ModeForm,
{
    type Modes = Cons<ModeShape<M::Form>, CL::Modes>;
    #[inline(always)]
    fn entry_modes() -> Self::Modes {
        Cons(ModeShape::new(), CL::entry_modes())
    }
}

impl<A, CL, St> StepEntryModes<Cons<C<1>, St>, Nil> for Cons<A, CL>
where
    CL: StepEntryModes<St, Nil>,
{
    type Modes = Cons<ModeShape<Unknown>, CL::Modes>;
    #[inline(always)]
    fn entry_modes() -> Self::Modes {
        Cons(ModeShape::new(), CL::entry_modes())
    }
}

/// [`TileCoordIn`] for `local_tile` with a step (`Self`, the coordinate,
/// which the step projects as it does the tiler): each entry's mode,
/// asked at the coordinate's `(`; total, so that a tuple entry that does
/// not nest is [`TileEntryIn`](crate::__private::TileEntryIn)'s one error.
pub trait TileStepCoordIn<St, R>: Sized {
    /// `Self`.
    type Checked;
    /// Each entry's mode, a tuple of [`ModeShape`].
    type Modes;
    /// `self` and its entries' modes: the rest modes of `tiler`, diced by
    /// `step`, dividing `layout`.
    fn tile_step_coord_in<T, L>(
        self,
        layout: &L,
        tiler: &T,
        step: &St,
    ) -> (Self::Checked, Self::Modes)
    where
        T: StepTiledModes<L, St, Rest = R>;
}

impl<Cd, St, R> TileStepCoordIn<St, R> for Cd
where
    St: IntoList,
    Cd: IntoList<List: StepEntryModes<St::List, R, Modes: IntoTuple>>,
{
    type Checked = Cd;
    type Modes = <<Cd::List as StepEntryModes<St::List, R>>::Modes as IntoTuple>::Tuple;
    #[inline(always)]
    fn tile_step_coord_in<T, L>(self, _: &L, _: &T, _: &St) -> (Self, Self::Modes)
    where
        T: StepTiledModes<L, St, Rest = R>,
    {
        (
            self,
            <Cd::List as StepEntryModes<St::List, R>>::entry_modes().into_tuple(),
        )
    }
}
