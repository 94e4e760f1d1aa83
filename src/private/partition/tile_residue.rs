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
//!   coordinates `i < min(T, s - T·k)`: the two modes' rule at `j = k`
//!   ([`Picked`]). A leaf's `k` is not checked against the grid
//!   (`TileModes::tile_masked`): past it `T·k ≥ s` (or `T·k` passes
//!   `usize::MAX`), and no coordinate is admitted.
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
//! Reading the cuts (a coordinate admitted, the admitted ones walked) is
//! `tile_residue_read.rs`. `outer_partition` is `local_partition`'s walk with the tile coordinate
//! for the thread's: `ModeResidues` itself.

use super::partition_residue::{Cut, WholeCuts};
use crate::__private::divide_mode::{DivMode, UnitTile};
use crate::__private::int::C;
use crate::__private::list::{Cons, Nil};
use crate::__private::tree::Shape;
use crate::tensor::X;

/// A tiler entry whose extent is known while compiling: a static extent
/// or [`UnitTile`] (a tile of 1).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is no tile extent of a masked tile: one static extent per tiled mode",
    label = "a masked tile takes `C<N>` or `UnitTile` per tiled mode; a tuple of extents (a tuple mode divided by mode) needs the plain `local_tile`"
)]
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
    pub(super) fn at(&self, j: usize) -> Cut<C<1>> {
        let room = j
            .checked_mul(T::EXTENT)
            .map_or(0, |x| self.s.saturating_sub(x));
        Cut::first(room.min(T::EXTENT))
    }
}

/// A tile mode whose grid coordinate `k` is given: the [`Span`] read at
/// `j = k` (its coordinates `i < min(T, s - T·k)`). Kept as the span and
/// `k`, not as the count, so that a read at an `i` known while compiling
/// is `T·k + i < s`, one add and a compare (the count was a `sub`, a
/// `cmov` and the compare).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Picked<T> {
    pub(super) span: Span<T>,
    pub(super) k: usize,
}

/// The residue of a masked tile: per tiled mode a [`Picked`] (the grid
/// coordinate given) or a [`Span`] (kept), in `TV`; the whole cuts of
/// the modes past the tiler, in `RV` (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TileCuts<TV, RV> {
    pub(super) tile: TV,
    pub(super) rest: RV,
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
    type Tile = Cons<Picked<T>, TL::Tile>;
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
            tile: Cons(Picked { span, k: c.0 }, next.tile),
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
