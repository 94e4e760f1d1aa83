//! `layout!(type local_tile(#L, #T, C))` and the other partitions with a
//! named operand: the macro cannot see a named value's numbers, so it
//! calls these, which bind the same traits as the tensor partitions
//! (`crate::tensor::typed`) on the typed layout itself. Each gives what the
//! written-out typed form gives: `Result<(layout, base), Error>`, the base
//! in the layout's offset type (`isize` for a signed layout).

use core::marker::PhantomData;

use layout_core::Error;

use crate::__private::divide_fit::TileFor;
use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoList, Nil};
use crate::__private::partition::Dice;
use crate::__private::partition_bound::PartitionBound;
use crate::__private::slice_base::partition_fits;
use crate::__private::threads::ThreadIndex;
use crate::__private::tiler_prefix::{
    CoordFit, FitsPrefix, PrefixList, PrefixTiler, TilerList, TruncTo,
};
use crate::__private::typed_partition::{Fits, Threads, TileBy};
use crate::tensor::X;
use crate::tensor::typed::{LayoutShape, OuterTiler, ThreadsOf, ThreadsStep, Tiler, TilerStep};
use crate::tensor::typed_outer_short::{OuterRoute, OuterVia, RouteCut};

mod operands;
mod value_operands;
pub use operands::{
    ComposeOperand, DivideTile, LayoutOperand, NotALayout, Partitioned, StaticExtents,
    StaticOperand,
};
pub use value_operands::{CoordOperand, FlattenOperand, IntOperand, StepOperand};

/// A whole named tiler, checked at its name against the layout
/// ([`PrefixTilerFits::fit_tiler_prefix`](crate::__private::PrefixTilerFits::fit_tiler_prefix)), tiles
/// as the tiler [`PrefixTiler`] gives: itself where it fits (perhaps fewer
/// entries than the layout has modes: the others kept whole), else one
/// that does. The coordinate may be longer or shorter than the tiler, up
/// to the layout's rank (CuTe's `inner_partition` slices the whole rest
/// mode by it); it is cut to the layout's rank (`TruncTo`), which
/// changes it only where `TileCoordFits` already reported it at the
/// coordinate, so that the partition's own bounds hold and report nothing
/// more.
impl<T, S, D, I, Cd> Tiler<Layout<S, D, I>, Cd> for TileFor<T, Layout<S, D, I>>
where
    T: IntoList<List: PrefixTiler<S::List, Fitted: Default>>,
    S: IntoList,
    Cd: IntoList<List: TruncTo<S::List>>,
    Layout<S, D, I>: TileBy<PrefixList<T, S>, CutTo<Cd, S::List>, Output: Fits>,
{
    type Output = <Layout<S, D, I> as TileBy<PrefixList<T, S>, CutTo<Cd, S::List>>>::Output;
    #[inline(always)]
    fn tile_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(Self::Output, usize, bool), Error> {
        layout.tile_within(Default::default(), coord.into_list().trunc())
    }
}

/// A coordinate's list cut to the length of the list `L`.
type CutTo<Cd, L> = <<Cd as IntoList>::List as TruncTo<L>>::Out;

/// The list of a tuple diced by a `Step` tuple (CuTe's `dice(step, t)`).
type Diced<St, T> = <<St as IntoList>::List as Dice<<T as IntoList>::List>>::Out;

/// A step (`Self`) with one mark per entry of the named tiler `T` (CuTe's
/// `dice` static_asserts "Mismatched Ranks" otherwise): what
/// [`StepTilerFits::fit_tiler_step`]'s step is asked first.
/// It does not depend on the layout, which rustc has not inferred yet when
/// it reports a step of another rank: [`StepTilerFits`] would name the
/// layout's shape `_`. `Checked` is the step, which `StepTilerFits` is
/// then asked with, so that a wrong rank is this one error (the projection
/// stands in a parameter, not as `Self`, so that rustc still points
/// `StepTilerFits`'s error at the tiler's name).
#[diagnostic::on_unimplemented(
    message = "the step `{Self}` does not have one mark per entry of the named tiler `{T}` (CuTe's `dice` static_asserts \"Mismatched Ranks\"): `C<1>` keeps an entry, `X` drops it"
)]
pub trait StepMarks<T>: Sized {
    /// `Self`.
    type Checked;
    /// The step, checked against the tiler `T`: what `layout!` calls at a
    /// named tiler with a step, as the trait's own function (a trait's own
    /// `Self` bound has no span, so a step of another rank is the message
    /// and the label, with no "required by a bound" note into this file).
    #[inline(always)]
    fn step_marks(_tiler: &T, _step: &Self) -> PhantomData<Self::Checked> {
        PhantomData
    }
}

// An impl per rank, with no where-clause: a step of another rank matches
// none, so that `Checked` has no value and rustc reports this trait alone
// (with a where-clause, `Checked` would still normalize, and
// `StepTilerFits` would be reported with `_` too). The step is `Self`, so
// that rustc waits for it rather than infer it from the tiler's rank.
macro_rules! step_marks {
    ($rank:literal; $(($i:tt $T:ident $St:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($T, $St),*> StepMarks<($($T,)*)> for ($($St,)*) {
            type Checked = Self;
        }
    };
}
for_each_rank!(step_marks);

/// A whole named tiler (`Self`) that fits a layout of shape `S` once
/// projected by the step `St`, in the function `F`: what
/// `layout!` asks at the name ([`StepTilerFits::fit_tiler_step`]) (as [`TilerFits`](crate::__private::TilerFits) without a step; keyed by the
/// tiler and the shape so that rustc's sentence under the message is short
/// enough to be the span's label).
#[diagnostic::on_unimplemented(
    message = "`{F}`: the named tiler `{Self}` under the step `{St}` does not fit the shape `{S}`: ≤ one static tile per mode, tuples for tuple modes (CuTe: \"Too many modes in tiler\")"
)]
pub trait StepTilerFits<S, St, F>: Sized {
    /// The tiler, for a layout `L` of shape `S` (which rustc infers from
    /// the partition) once diced by the step `St` ([`StepMarks::step_marks`]'s
    /// value): what `layout!` calls at the name, as the trait's own
    /// function (no "required by a bound" note, as that one).
    #[inline(always)]
    fn fit_tiler_step<L: LayoutShape<Shape = S>>(self, _step: PhantomData<St>) -> TileFor<Self, L> {
        TileFor(PhantomData)
    }
}

// The diced tiler fits the first modes (a step may keep fewer entries than
// the layout has modes: the others are kept whole, `tiler_prefix.rs`).
#[diagnostic::do_not_recommend]
impl<T, S, St, F> StepTilerFits<S, St, F> for T
where
    T: IntoList,
    St: IntoList<List: Dice<T::List>>,
    S: IntoList<List: FitsPrefix<Diced<St, T>, F>>,
{
}

/// A whole named tiler with a step, checked at its name against the layout
/// ([`StepTilerFits::fit_tiler_step`]): diced by
/// the step, then tiles as the tiler `TilerOf` gives for the diced
/// entries (themselves where they fit, else ones that do), so that the
/// partition's own bounds hold and report nothing more.
/// A step of another rank than the tiler (CuTe's `dice` static_asserts
/// "Mismatched Ranks") is reported at the name by `TiledByStep`; here the
/// tiler is diced by `DiceTrunc`, so the partition's bounds still hold.
/// The diced tiler may have fewer entries than the layout has modes: it
/// divides the first modes, the others kept whole ([`PrefixTiler`]; the
/// coordinate cut to its length, [`TruncTo`], which changes it only where
/// the name already reported an error).
impl<T, S, D, I, Cd, St> TilerStep<Layout<S, D, I>, Cd, St> for TileFor<T, Layout<S, D, I>>
where
    T: IntoList,
    Cd: IntoList,
    S: IntoList,
    St: IntoList<List: DiceTrunc<T::List, Out: PrefixTiler<S::List>> + Dice<Cd::List>>,
    FittedList<St, T, S>: Default,
    Diced<St, Cd>: TruncTo<FittedList<St, T, S>>,
    Layout<S, D, I>: TileBy<FittedList<St, T, S>, CutCoord<St, T, S, Cd>, Output: Fits>,
{
    type Output = <Layout<S, D, I> as TileBy<FittedList<St, T, S>, CutCoord<St, T, S, Cd>>>::Output;
    #[inline(always)]
    fn tile_step_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(Self::Output, usize, bool), Error> {
        let coord = <St::List as Dice<Cd::List>>::dice(coord.into_list());
        layout.tile_within(Default::default(), coord.trunc())
    }
}

/// The list of the tiles a step's diced tiler divides with ([`PrefixTiler`]).
type FittedList<St, T, S> =
    <<<St as IntoList>::List as DiceTrunc<<T as IntoList>::List>>::Out as PrefixTiler<
        <S as IntoList>::List,
    >>::Fitted;

/// The diced coordinate, as many entries as [`FittedList`].
type CutCoord<St, T, S, Cd> = <Diced<St, Cd> as TruncTo<FittedList<St, T, S>>>::Out;

/// CuTe's `dice(step, t)` of a list `L` by a step list (`Self`) where the
/// two may differ in length (the error is elsewhere, at the name): the
/// entries past the shorter one dropped, so that it is total. Types only:
/// the tiler's tiles are static.
pub trait DiceTrunc<L> {
    /// The kept entries.
    type Out;
}

impl<L> DiceTrunc<L> for Nil {
    type Out = Nil;
}

impl<K, St> DiceTrunc<Nil> for Cons<K, St> {
    type Out = Nil;
}

impl<H, L, St: DiceTrunc<L>> DiceTrunc<Cons<H, L>> for Cons<C<1>, St> {
    type Out = Cons<H, St::Out>;
}

impl<H, L, St: DiceTrunc<L>> DiceTrunc<Cons<H, L>> for Cons<X, St> {
    type Out = St::Out;
}

/// `outer_partition`'s whole named tiler, as `local_tile`'s; a shorter
/// coordinate keeps the tile modes past it (`OuterRoute`), a longer one is
/// cut, which changes it only where `OuterCoordFits` reported it.
impl<T, S, D, I, Cd, R, CL, O> OuterTiler<Layout<S, D, I>, Cd> for TileFor<T, Layout<S, D, I>>
where
    T: IntoList<List: PrefixTiler<S::List, Fitted: Default>>,
    S: IntoList,
    Cd: IntoList<
        List: OuterRoute<PrefixList<T, S>, Route = R> + RouteCut<PrefixList<T, S>, R, Out = CL>,
    >,
    Layout<S, D, I>: OuterVia<PrefixList<T, S>, CL, R, Output = O>,
    O: Fits,
{
    type Output = O;
    #[inline(always)]
    fn outer_of(
        self,
        layout: &Layout<S, D, I>,
        coord: Cd,
    ) -> Result<(O, usize, PartitionBound), Error> {
        layout.outer_via(Default::default(), coord.into_list().route_cut())
    }
}

/// A named partition's result: its layout `O` and base in `L`'s offset type.
pub type Named<O, L> = Result<(O, <L as Partitioned>::Base), Error>;

/// The pair of a partition and its base in `L`'s offset type, checked
/// (never a wrapped value: [`Partitioned::base`]), and refused where the
/// layout or the partition passes the core's `i64`, as the written-out
/// partitions' `partition_base` refuses
/// ([`partition_fits`](crate::__private::partition_fits): one comparison,
/// the exact check cold; tests/typed_named_partition_overflow.rs).
#[inline(always)]
fn based<L: Partitioned, O: Fits, W>(
    layout: &L,
    part: Result<(O, usize, W), Error>,
) -> Result<(O, L::Base), Error> {
    let (part, base, _) = part?;
    partition_fits(layout, &part)?;
    Ok((part, layout.base(base)?))
}

/// `local_tile(layout, tiler, coord)` (also `inner_partition`), the
/// coordinate checked where it was written
/// ([`TileCoordFits::fit_coord`](crate::__private::TileCoordFits::fit_coord)).
#[inline(always)]
pub fn named_local_tile<L: Partitioned, T: Tiler<L, Cd>, Cd>(
    layout: &L,
    tiler: T,
    coord: CoordFit<Cd, L::Shape>,
) -> Result<(T::Output, L::Base), Error> {
    based(layout, tiler.tile_of(layout, coord.0))
}

/// `local_tile(layout, tiler, coord, step)`.
#[inline(always)]
pub fn named_local_tile_step<L: Partitioned, T: TilerStep<L, Cd, St>, Cd, St>(
    layout: &L,
    tiler: T,
    coord: Cd,
    _step: St,
) -> Result<(T::Output, L::Base), Error> {
    based(layout, tiler.tile_step_of(layout, coord))
}

/// `outer_partition(layout, tiler, coord)`, the coordinate checked where
/// it was written
/// ([`OuterCoordFits::fit_outer_coord`](crate::__private::OuterCoordFits::fit_outer_coord)).
#[inline(always)]
pub fn named_outer_partition<L, T, Cd>(
    layout: &L,
    tiler: T,
    coord: CoordFit<Cd, T::Tuple>,
) -> Named<T::Output, L>
where
    L: Partitioned,
    T: OuterTiler<L, Cd> + TilerList,
{
    based(layout, tiler.outer_of(layout, coord.0))
}

/// `local_partition(layout, threads, index)`: the index a `usize` or the
/// thread's coordinate ([`ThreadIndex`]).
#[inline(always)]
pub fn named_local_partition<L: Partitioned, P: ThreadsOf<L>, Ix: ThreadIndex<P>>(
    layout: &L,
    threads: &P,
    index: Ix,
) -> Result<(P::Output, L::Base), Error> {
    let coord = index.thread_coord(threads)?;
    based(layout, threads.partition_at(layout, coord))
}

/// `local_partition(layout, threads, index, step)`.
#[inline(always)]
pub fn named_local_partition_step<L, P, Ix, St>(
    layout: &L,
    threads: &P,
    index: Ix,
    _step: St,
) -> Named<<P as ThreadsStep<L, St>>::Output, L>
where
    L: Partitioned,
    P: ThreadsStep<L, St> + Threads,
    Ix: ThreadIndex<P>,
{
    let coord = index.thread_coord(threads)?;
    based(layout, threads.partition_step_at(layout, coord))
}
