//! CuTe's `outer_partition(t, tiler, coord)` with a coordinate shorter
//! than the tiler: CuTe slices `zipped_divide`'s tile mode by
//! `append<R0>(coord, _)`, so the tile modes past the coordinate are kept,
//! first, before every rest mode (`outer_partition(16×32×64, (2,4), (1))`
//! is `(_4,8,8,64):(16,_2,64,512)` at 1, CUTLASS's print). Typed as the
//! grid of every tile (`TileBy` with `X` everywhere: the tile modes, then
//! the rest modes) sliced by the coordinate, then `X` for every other
//! mode (`SliceBy`, which checks each entry against its extent). A
//! coordinate with [`X`] for a tile mode (`outer_partition(t, tiler, (0,
//! X))`: CuTe's `tensor_tiled((0,_), (_,_))` keeps that tile mode, first)
//! takes the same slice of the grid. A coordinate of integers as long as
//! the tiler takes `OuterBy`'s walk ([`OuterRoute`] chooses).

use layout_core::Error;

use super::typed_index::XsOf;
use crate::__private::{
    Chain, Cons, Fits, IntoList, Nil, OuterBy, PartitionBound, SliceBy, TileBy, TruncTo, X,
};

/// A coordinate as long as the tiler: `OuterBy`'s walk.
#[derive(Clone, Copy, Debug)]
pub struct Whole;

/// A coordinate shorter than the tiler: the grid's slice.
#[derive(Clone, Copy, Debug)]
pub struct Short;

/// Which path a coordinate list (`Self`) takes for the tiler list `TL`:
/// [`Whole`] when as long and free of [`X`], [`Short`] when shorter or an
/// entry is `X` (a longer one matches neither, the error at the
/// coordinate: `OuterCoordFits`).
pub trait OuterRoute<TL> {
    /// [`Whole`] or [`Short`].
    type Route;
}

/// The path one coordinate entry asks for: [`Short`] for [`X`] (its tile
/// mode kept), else [`Whole`] (an integer, or a tuple nested like its
/// tile, which the walk's `ModeIndex` reads).
pub trait EntryRoute {
    /// [`Whole`] or [`Short`].
    type Route;
}

impl EntryRoute for usize {
    type Route = Whole;
}

impl EntryRoute for X {
    type Route = Short;
}

macro_rules! tuple_entry {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_s:ident $_d:ident))*) => {
        impl<$($A,)*> EntryRoute for ($($A,)*) {
            type Route = Whole;
        }
    };
}

/// Applies `$m` to each `{rank; fields}` entry of `__ranks!` (as
/// `crate::__private`'s `for_each_rank!`, which is not in scope here).
macro_rules! each_entry_rank {
    ($m:ident; $({$($entry:tt)*})*) => {
        $($m!($($entry)*);)*
    };
}

::layout_macros::__ranks!(each_entry_rank tuple_entry;);

/// [`Short`] if either is.
pub trait Either<R> {
    /// The path.
    type Out;
}

impl Either<Whole> for Whole {
    type Out = Whole;
}

impl Either<Short> for Whole {
    type Out = Short;
}

impl<R> Either<R> for Short {
    type Out = Short;
}

impl OuterRoute<Nil> for Nil {
    type Route = Whole;
}

impl<A, T> OuterRoute<Cons<A, T>> for Nil {
    type Route = Short;
}

// Longer: reported at the coordinate (`OuterCoordFits`); the named
// tiler's impl cuts it ([`RouteCut`]) so that nothing more is reported.
impl<H, L> OuterRoute<Nil> for Cons<H, L> {
    type Route = Whole;
}

impl<H: EntryRoute<Route: Either<L::Route>>, L: OuterRoute<T>, A, T> OuterRoute<Cons<A, T>>
    for Cons<H, L>
{
    type Route = <H::Route as Either<L::Route>>::Out;
}

/// The coordinate list (`Self`) a named tiler's partition takes on the
/// path `R`: cut to the tiler list `TL` on [`Whole`] (a longer one is
/// already an error at the coordinate), as it is on [`Short`].
pub trait RouteCut<TL, R> {
    /// The coordinate list.
    type Out;
    /// The coordinate list.
    fn route_cut(self) -> Self::Out;
}

impl<CL: TruncTo<TL>, TL> RouteCut<TL, Whole> for CL {
    type Out = CL::Out;
    #[inline(always)]
    fn route_cut(self) -> CL::Out {
        self.trunc()
    }
}

impl<CL, TL> RouteCut<TL, Short> for CL {
    type Out = CL;
    #[inline(always)]
    fn route_cut(self) -> CL {
        self
    }
}

/// The partition by the tiler list `TL` at the coordinate list `CL` on the
/// path `R`.
pub trait OuterVia<TL, CL, R> {
    /// The partition's layout.
    type Output: Fits;
    /// The partition, its first element's offset, and its bound.
    fn outer_via(
        &self,
        tiler: TL,
        coord: CL,
    ) -> Result<(Self::Output, usize, PartitionBound), Error>;
}

impl<L: OuterBy<TL, CL, Output: Fits>, TL, CL> OuterVia<TL, CL, Whole> for L {
    type Output = L::Output;
    #[inline(always)]
    fn outer_via(&self, tiler: TL, coord: CL) -> Result<(L::Output, usize, PartitionBound), Error> {
        self.outer_within(tiler, coord)
    }
}

/// `X` for each entry of `Self` past as many as `CL` has (the tile modes
/// the coordinate leaves), then the list `Rest`.
pub trait PadX<CL, Rest> {
    /// The padding and `Rest`.
    type Out: Copy + Default;
}

impl<Rest: Copy + Default> PadX<Nil, Rest> for Nil {
    type Out = Rest;
}

impl<A, T: PadX<Nil, Rest>, Rest> PadX<Nil, Rest> for Cons<A, T> {
    type Out = Cons<X, T::Out>;
}

impl<A, T: PadX<CT, Rest>, C, CT, Rest> PadX<Cons<C, CT>, Rest> for Cons<A, T> {
    type Out = T::Out;
}

/// The grid's rest modes as `X`: one per entry of the grid's shape past
/// the tile modes.
pub trait GridXs<TL> {
    /// The list of `X`.
    type Xs: Copy + Default;
}

impl<S: IntoList<List: super::typed_index::RestPast<TL, Rest: XsOf>>, D, I, TL> GridXs<TL>
    for crate::typed::Layout<S, D, I>
{
    type Xs = <<S::List as super::typed_index::RestPast<TL>>::Rest as XsOf>::Xs;
}

// `G` the grid, `P` the `X`s after the coordinate, `A` the slice
// coordinate, `O` the partition.
impl<L, TL, CL, G, P, A, O> OuterVia<TL, CL, Short> for L
where
    TL: XsOf,
    L: TileBy<TL, TL::Xs, Output = G>,
    G: GridXs<TL>,
    TL: PadX<CL, G::Xs, Out = P>,
    P: Copy + Default,
    CL: Chain<P, Out = A>,
    G: SliceBy<A, Output = O>,
    O: Fits,
{
    type Output = O;
    #[inline(always)]
    fn outer_via(&self, tiler: TL, coord: CL) -> Result<(O, usize, PartitionBound), Error> {
        let (grid, base, within) = self.tile_within(tiler, TL::Xs::default())?;
        let (part, offset) = grid.slice_by(coord.concat(P::default()))?;
        // Every coordinate of the grid is one of the layout's when it is
        // tiled exactly (`within`); otherwise the general check.
        let mut bound = PartitionBound::new(true);
        let mut unused = 0;
        bound.mode(false, within, 0, 0, &mut unused);
        Ok((part, base.wrapping_add(offset), bound))
    }
}
