//! Which elements of a tile lie inside the tensor it was cut from: the
//! residue a masked `local_tile` carries ([`TileCuts`]), as
//! `partition_residue.rs` gives a masked partition's.
//!
//! # Why these cuts are the residue
//!
//! `local_tile` divides each top-level mode of `t` (size `s`) by its
//! static tile `T` (CuTe's `zipped_divide`: the mode composed with
//! `(T, R):(1, T)`), so the tile's coordinate `i` (in the tile mode) and
//! the grid's `j` (in the rest mode) stand for the mode's coordinate
//! `i + T·j`, one of `t`'s iff `i < T` and `i + T·j < s` (exactly, no
//! wrap; then `j < ceil(s/T) = R`, in the rest's domain).
//! - The grid coordinate given (`k`): the tile mode alone, its
//!   coordinates `i < min(T, s - T·k)`: one [`Cut`] of step 1, the
//!   partition's rule with `c = 0` (`T·k < s`: the slice checked `k < R`).
//! - The grid mode kept (`X`): a cut spanning two modes of the tile,
//!   [`Span`] (`i` in the tile mode, `j` in its rest mode): the share's
//!   coordinate is tile modes first, then the kept rest modes in mode
//!   order, then the modes past the tiler, so each `Span` takes the next
//!   rest coordinate.
//! - A tuple mode tiled exactly (`T · size(rest) = s`): every coordinate
//!   is one of the mode's, and the same two rules say so (`i + T·j < T·R`
//!   iff `j < R`). Not tiled exactly: no such cut says it (as a
//!   partition's, `partition_residue.rs`), `general` asks the caller to
//!   refuse the tile.
//! - A mode past the tiler is kept whole (`X`): a whole cut; given an
//!   integer, nothing (the slice checked it).
//!
//! `outer_partition` is `local_partition`'s walk with the tile coordinate
//! for the thread's: `ModeResidues` itself.

use super::partition_residue::{BelowEach, Cut, SplitBelow, WalkAdmitted, WholeCuts};
use crate::__private::divide_mode::{DivMode, UnitTile};
use crate::__private::int::C;
use crate::__private::list::{Chain, Cons, Nil};
use crate::__private::tree::Shape;
use crate::tensor::X;

/// A tiler entry whose extent is known while compiling: a static extent
/// or [`UnitTile`] (a tile of 1).
pub trait TileExtent: Copy {
    /// The extent.
    const EXTENT: usize;
}

impl<const N: i64> TileExtent for C<N> {
    const EXTENT: usize = if N < 0 { 0 } else { N as usize };
}

impl TileExtent for UnitTile {
    const EXTENT: usize = 1;
}

/// A tile mode with its grid mode kept: the mode's size `s`; the tile's
/// coordinate `i` and the grid's `j` are one of the mode's iff `i < T`
/// and `i + T·j < s` (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Span<T> {
    s: usize,
    t: T,
}

impl<T: TileExtent> Span<T> {
    /// Whether the tile's `i` and the grid's `j` stand for one of the
    /// mode's coordinates (a product or sum past `usize::MAX` does not).
    #[inline(always)]
    pub fn admits(&self, i: usize, j: usize) -> bool {
        i < T::EXTENT
            && match j.checked_mul(T::EXTENT).and_then(|x| x.checked_add(i)) {
                Some(x) => x < self.s,
                None => false,
            }
    }

    /// How many of the tile's coordinates at grid coordinate `j` are the
    /// mode's: `min(T, s - T·j)`, as a cut of step 1.
    #[inline(always)]
    fn at(&self, j: usize) -> Cut<C<1>> {
        let room = j
            .checked_mul(T::EXTENT)
            .map_or(0, |x| self.s.saturating_sub(x));
        Cut::first(room.min(T::EXTENT))
    }
}

/// The residue of a masked tile: per tiled mode a [`Cut`] of step 1 (the
/// grid coordinate given) or a [`Span`] (kept), in `TV`; the whole cuts of
/// the modes past the tiler, in `RV` (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCuts<TV, RV> {
    tile: TV,
    rest: RV,
}

/// `local_tile`'s residue walk: a tiler list (`Self`, static extents)
/// over the shapes `SL` (strides `DL`, for a tuple mode's divide) at the
/// coordinate list `CL` (`usize` or [`X`] per entry, shorter or longer
/// than the tiler as `TileModes` takes it).
pub trait TileResidues<SL, DL, CL> {
    /// The tiled modes' cuts.
    type Tile: Copy;
    /// The cuts of the modes past the tiler kept.
    type Rest: Copy;
    /// The cuts; `general` is set where none says the residue (a tuple
    /// mode not tiled exactly).
    fn tile_residues(
        &self,
        s: &SL,
        d: &DL,
        c: &CL,
        general: &mut bool,
    ) -> TileCuts<Self::Tile, Self::Rest>;
}

impl TileResidues<Nil, Nil, Nil> for Nil {
    type Tile = Nil;
    type Rest = Nil;
    #[inline(always)]
    fn tile_residues(&self, _: &Nil, _: &Nil, _: &Nil, _: &mut bool) -> TileCuts<Nil, Nil> {
        TileCuts {
            tile: Nil,
            rest: Nil,
        }
    }
}

// The tiler and the coordinate used up: the modes left are kept whole.
impl<S: Shape, SL, DL> TileResidues<Cons<S, SL>, DL, Nil> for Nil
where
    Cons<S, SL>: WholeCuts,
{
    type Tile = Nil;
    type Rest = <Cons<S, SL> as WholeCuts>::Cuts;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        _: &DL,
        _: &Nil,
        _: &mut bool,
    ) -> TileCuts<Nil, Self::Rest> {
        TileCuts {
            tile: Nil,
            rest: s.whole_cuts(),
        }
    }
}

// Past the tiler an integer picks one coordinate of a mode kept whole (the
// slice checked it): no mode, nothing to cut.
impl<S, SL, D, DL, CL> TileResidues<Cons<S, SL>, Cons<D, DL>, Cons<usize, CL>> for Nil
where
    Nil: TileResidues<SL, DL, CL, Tile = Nil>,
{
    type Tile = Nil;
    type Rest = <Nil as TileResidues<SL, DL, CL>>::Rest;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        d: &Cons<D, DL>,
        c: &Cons<usize, CL>,
        general: &mut bool,
    ) -> TileCuts<Nil, Self::Rest> {
        Nil.tile_residues(&s.1, &d.1, &c.1, general)
    }
}

// Past the tiler `X` keeps the mode whole.
impl<S: Shape, SL, D, DL, CL> TileResidues<Cons<S, SL>, Cons<D, DL>, Cons<X, CL>> for Nil
where
    Nil: TileResidues<SL, DL, CL, Tile = Nil>,
{
    type Tile = Nil;
    type Rest = Cons<Cut<C<1>>, <Nil as TileResidues<SL, DL, CL>>::Rest>;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        d: &Cons<D, DL>,
        c: &Cons<X, CL>,
        general: &mut bool,
    ) -> TileCuts<Nil, Self::Rest> {
        let next = Nil.tile_residues(&s.1, &d.1, &c.1, general);
        TileCuts {
            tile: Nil,
            rest: Cons(Cut::first(s.0.size()), next.rest),
        }
    }
}

// The coordinate used up before the tiler: padded with `X` (CuTe's
// `append<R1>(coord, _)`, as `TileModes`).
impl<T, TL, S, SL, DL> TileResidues<Cons<S, SL>, DL, Nil> for Cons<T, TL>
where
    Cons<T, TL>: TileResidues<Cons<S, SL>, DL, Cons<X, Nil>>,
{
    type Tile = <Cons<T, TL> as TileResidues<Cons<S, SL>, DL, Cons<X, Nil>>>::Tile;
    type Rest = <Cons<T, TL> as TileResidues<Cons<S, SL>, DL, Cons<X, Nil>>>::Rest;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        d: &DL,
        _: &Nil,
        general: &mut bool,
    ) -> TileCuts<Self::Tile, Self::Rest> {
        self.tile_residues(s, d, &Cons(X, Nil), general)
    }
}

/// Whether a tuple mode `s` (strides `d`) splits into whole tiles of `T`
/// (its rest as the tile's divide makes it); a leaf always does here (its
/// partial tile is what the cuts say).
#[inline(always)]
fn tiled_exactly<S: Shape + DivMode<D, T, RestS: Shape> + Copy, D: Copy, T: TileExtent>(
    s: &S,
    d: &D,
) -> bool {
    if S::DEPTH == 0 {
        return true;
    }
    // The divide succeeded already (the tile was made); an error here
    // refuses the tile all the same.
    match <S as DivMode<D, T>>::div_mode(*s, *d) {
        Ok((_, _, rest, _)) => T::EXTENT.checked_mul(Shape::size(&rest)) == Some(s.size()),
        Err(_) => false,
    }
}

// The grid coordinate given: the tile mode's coordinates below
// `min(T, s - T·k)`.
impl<T, TL, S, SL, D, DL, CL> TileResidues<Cons<S, SL>, Cons<D, DL>, Cons<usize, CL>>
    for Cons<T, TL>
where
    T: TileExtent,
    S: Shape + DivMode<D, T, RestS: Shape> + Copy,
    D: Copy,
    TL: TileResidues<SL, DL, CL>,
{
    type Tile = Cons<Cut<C<1>>, TL::Tile>;
    type Rest = TL::Rest;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        d: &Cons<D, DL>,
        c: &Cons<usize, CL>,
        general: &mut bool,
    ) -> TileCuts<Self::Tile, Self::Rest> {
        *general |= !tiled_exactly::<S, D, T>(&s.0, &d.0);
        let span = Span {
            s: s.0.size(),
            t: self.0,
        };
        let next = self.1.tile_residues(&s.1, &d.1, &c.1, general);
        TileCuts {
            tile: Cons(span.at(c.0), next.tile),
            rest: next.rest,
        }
    }
}

// The grid mode kept: a cut spanning the tile mode and its rest mode.
impl<T, TL, S, SL, D, DL, CL> TileResidues<Cons<S, SL>, Cons<D, DL>, Cons<X, CL>> for Cons<T, TL>
where
    T: TileExtent,
    S: Shape + DivMode<D, T, RestS: Shape> + Copy,
    D: Copy,
    TL: TileResidues<SL, DL, CL>,
{
    type Tile = Cons<Span<T>, TL::Tile>;
    type Rest = TL::Rest;
    #[inline(always)]
    fn tile_residues(
        &self,
        s: &Cons<S, SL>,
        d: &Cons<D, DL>,
        c: &Cons<X, CL>,
        general: &mut bool,
    ) -> TileCuts<Self::Tile, Self::Rest> {
        *general |= !tiled_exactly::<S, D, T>(&s.0, &d.0);
        let span = Span {
            s: s.0.size(),
            t: self.0,
        };
        let next = self.1.tile_residues(&s.1, &d.1, &c.1, general);
        TileCuts {
            tile: Cons(span, next.tile),
            rest: next.rest,
        }
    }
}

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

impl<TV, TC, RC, RV> TileBelow<Cons<usize, TC>, RC, RV> for Cons<Cut<C<1>>, TV>
where
    TV: TileBelow<TC, RC, RV>,
{
    #[inline(always)]
    fn tile_below(&self, t: &Cons<usize, TC>, r: &RC, rv: &RV) -> bool {
        self.0.admits(t.0) && self.1.tile_below(&t.1, r, rv)
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

impl<TV: TileAt<RC>, RC> TileAt<RC> for Cons<Cut<C<1>>, TV> {
    type Cuts = Cons<Cut<C<1>>, TV::Cuts>;
    #[inline(always)]
    fn tile_at(&self, r: &RC) -> Self::Cuts {
        Cons(self.0, self.1.tile_at(r))
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

impl<TV: SpansOf> SpansOf for Cons<Cut<C<1>>, TV> {
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
