//! Reading a masked tile's residue (`tile_residue.rs`'s [`TileCuts`]):
//! whether a coordinate is admitted (the tile's entries first, then the
//! rest's, each [`Span`] taking the next rest entry), by a tuple or one
//! integer, and the admitted coordinates walked in the tile's order
//! without a division or a test per element.

use super::partition_residue::{BelowEach, Cut, SplitBelow, WalkAdmitted, WholeCuts};
use super::tile_residue::{Picked, Span, TileCuts, TileExtent};
use crate::__private::int::C;
use crate::__private::list::{Chain, Cons, Nil};
use crate::__private::tree::Shape;

/// The tile's cuts (`Self`, one per tile mode) against the tile's
/// coordinates `TC` and the rest coordinates `RC` (the kept grid modes'
/// first, one per [`Span`], then those of `RV`, the modes past the tiler).
pub trait TileBelow<TC, RC, RV> {
    /// Whether every coordinate is admitted.
    fn tile_below(&self, t: &TC, r: &RC, rv: &RV) -> bool;
}

impl<RC: BelowEach<RV>, RV> TileBelow<Nil, RC, RV> for Nil {
    #[inline(always)]
    fn tile_below(&self, _: &Nil, r: &RC, rv: &RV) -> bool {
        r.below_each(rv)
    }
}

impl<T: TileExtent, TV, TC, RC, RV> TileBelow<Cons<usize, TC>, RC, RV> for Cons<Picked<T>, TV>
where
    TV: TileBelow<TC, RC, RV>,
{
    #[inline(always)]
    fn tile_below(&self, t: &Cons<usize, TC>, r: &RC, rv: &RV) -> bool {
        self.0.span.admits(t.0, self.0.k) && self.1.tile_below(&t.1, r, rv)
    }
}

impl<T: TileExtent, TV, TC, RC, RV> TileBelow<Cons<usize, TC>, Cons<usize, RC>, RV>
    for Cons<Span<T>, TV>
where
    TV: TileBelow<TC, RC, RV>,
{
    #[inline(always)]
    fn tile_below(&self, t: &Cons<usize, TC>, r: &Cons<usize, RC>, rv: &RV) -> bool {
        self.0.admits(t.0, r.0) && self.1.tile_below(&t.1, &r.1, rv)
    }
}

/// A list (`Self`) split after as many entries as `TV` has.
pub trait SplitAs<TV> {
    /// The first entries.
    type Head: Copy;
    /// The others.
    type Tail: Copy;
    /// The two parts.
    fn split_as(&self) -> (Self::Head, Self::Tail);
}

impl<L: Copy> SplitAs<Nil> for L {
    type Head = Nil;
    type Tail = L;
    #[inline(always)]
    fn split_as(&self) -> (Nil, L) {
        (Nil, *self)
    }
}

impl<V, TV, H: Copy, L: SplitAs<TV>> SplitAs<Cons<V, TV>> for Cons<H, L> {
    type Head = Cons<H, L::Head>;
    type Tail = L::Tail;
    #[inline(always)]
    fn split_as(&self) -> (Self::Head, L::Tail) {
        let (h, t) = self.1.split_as();
        (Cons(self.0, h), t)
    }
}

// A coordinate list of a tile: the tile's entries, then the rest's.
impl<CL, TV, RV> BelowEach<TileCuts<TV, RV>> for CL
where
    CL: SplitAs<TV>,
    TV: TileBelow<CL::Head, CL::Tail, RV>,
{
    #[inline(always)]
    fn below_each(&self, v: &TileCuts<TV, RV>) -> bool {
        let (t, r) = self.split_as();
        v.tile.tile_below(&t, &r, &v.rest)
    }
}

/// One integer split colexicographically over the shapes (`Self`), the
/// last taking what is left, as the typed layouts split it; `None` where
/// a mode before the last is empty (no coordinate).
pub trait SplitIndex {
    /// One `usize` per shape.
    type Coord: Copy;
    /// The coordinate.
    fn split_index(&self, index: usize) -> Option<Self::Coord>;
}

impl<S> SplitIndex for Cons<S, Nil> {
    type Coord = Cons<usize, Nil>;
    #[inline(always)]
    fn split_index(&self, index: usize) -> Option<Self::Coord> {
        Some(Cons(index, Nil))
    }
}

impl<S: Shape, A, SL> SplitIndex for Cons<S, Cons<A, SL>>
where
    Cons<A, SL>: SplitIndex,
{
    type Coord = Cons<usize, <Cons<A, SL> as SplitIndex>::Coord>;
    #[inline(always)]
    fn split_index(&self, index: usize) -> Option<Self::Coord> {
        let n = self.0.size();
        let rest = self.1.split_index(index.checked_div(n)?)?;
        Some(Cons(index % n, rest))
    }
}

/// The tile's cuts for the rest coordinate `RC` (`Self` the tile's
/// cuts): per tile mode the cut of step 1 of its coordinates there
/// ([`Span`]'s `min(T, s - T·j)`), what [`WalkAdmitted`] walks.
pub trait TileAt<RC> {
    /// One `Cut<C<1>>` per tile mode.
    type Cuts: Copy;
    /// The cuts.
    fn tile_at(&self, r: &RC) -> Self::Cuts;
}

impl<RC> TileAt<RC> for Nil {
    type Cuts = Nil;
    #[inline(always)]
    fn tile_at(&self, _: &RC) -> Nil {
        Nil
    }
}

impl<T: TileExtent, TV: TileAt<RC>, RC> TileAt<RC> for Cons<Picked<T>, TV> {
    type Cuts = Cons<Cut<C<1>>, TV::Cuts>;
    #[inline(always)]
    fn tile_at(&self, r: &RC) -> Self::Cuts {
        Cons(self.0.span.at(self.0.k), self.1.tile_at(r))
    }
}

impl<T: TileExtent, TV: TileAt<RC>, RC> TileAt<Cons<usize, RC>> for Cons<Span<T>, TV> {
    type Cuts = Cons<Cut<C<1>>, TV::Cuts>;
    #[inline(always)]
    fn tile_at(&self, r: &Cons<usize, RC>) -> Self::Cuts {
        Cons(self.0.at(r.0), self.1.tile_at(&r.1))
    }
}

/// The number of coordinates of a list of shapes (`Self`), wrapping.
pub trait ListCount {
    /// The product of the sizes.
    fn list_count(&self) -> usize;
}

impl ListCount for Nil {
    #[inline(always)]
    fn list_count(&self) -> usize {
        1
    }
}

impl<S: Shape, SL: ListCount> ListCount for Cons<S, SL> {
    #[inline(always)]
    fn list_count(&self) -> usize {
        self.0.size().wrapping_mul(self.1.list_count())
    }
}

/// The kept grid modes of a tile (`Self` its cuts): one `()` per
/// [`Span`], what the walk splits the rest modes' shapes by.
pub trait SpansOf {
    /// One `()` per [`Span`] (the number of kept grid modes).
    type Spans: Copy;
}

impl SpansOf for Nil {
    type Spans = Nil;
}

impl<T, TV: SpansOf> SpansOf for Cons<Picked<T>, TV> {
    type Spans = TV::Spans;
}

impl<T, TV: SpansOf> SpansOf for Cons<Span<T>, TV> {
    type Spans = Cons<(), TV::Spans>;
}

impl<TV, RV, TS, RS> WalkAdmitted<TS> for TileCuts<TV, RV>
where
    TS: SplitAs<TV>,
    TS::Head: ListCount,
    TV: SpansOf,
    TS::Tail: SplitAs<TV::Spans, Head: WholeCuts<Cuts: Chain<RV, Out = RS>>>,
    RV: Copy,
    RS: WalkAdmitted<TS::Tail>,
    TV: TileAt<RS::Coord, Cuts: WalkAdmitted<TS::Head>>,
    <TV::Cuts as WalkAdmitted<TS::Head>>::Coord: Chain<RS::Coord, Out: Copy>,
{
    type Coord = <<TV::Cuts as WalkAdmitted<TS::Head>>::Coord as Chain<RS::Coord>>::Out;
    #[inline(always)]
    fn walk_admitted<F: FnMut(Self::Coord, usize)>(&self, s: &TS, f: &mut F) {
        let (ts, rs) = s.split_as();
        let (spans, _) = rs.split_as();
        let tile_count = ts.list_count();
        // The kept grid modes walked whole, the modes past the tiler by
        // their cuts; per rest coordinate the tile's cuts at it.
        let rest = spans.whole_cuts().concat(self.rest);
        rest.walk_admitted(&rs, &mut |r, ri| {
            let first = ri.wrapping_mul(tile_count);
            self.tile.tile_at(&r).walk_admitted(&ts, &mut |t, ti| {
                f(t.concat(r), first.wrapping_add(ti));
            });
        });
    }
}

// One integer for the whole tile: split over its shapes, then as above.
impl<SL: SplitIndex, TV, RV> SplitBelow<SL> for TileCuts<TV, RV>
where
    SL::Coord: BelowEach<TileCuts<TV, RV>>,
{
    #[inline(always)]
    fn split_below(&self, s: &SL, index: usize) -> bool {
        s.split_index(index).is_some_and(|c| c.below_each(self))
    }
}
