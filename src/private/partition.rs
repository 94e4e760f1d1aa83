//! Typed partitions of typed layouts whose top-level modes are leaves or
//! tuples of leaves: CuTe's `local_tile`, `outer_partition`,
//! `local_partition`, `_` slicing and `Step` projections, with the result's
//! nesting fixed while compiling. Each is one walk over the modes as
//! type-level lists (`list.rs`); per mode a few multiplies, and for a
//! dynamic extent a `div_ceil`: straight-line code, no allocation. Static
//! leaves stay static through [`Over`](super::Over) and
//! [`Times`](super::Times) (a tile of a static extent is a
//! [`Quot`](super::Quot), a tile's stride a [`Prod`](super::Prod)).
//!
//! CuTe's definitions, per mode and its tile (`zipped_divide` splits the
//! mode into the tile and the rest, `divide_mode.rs`: for a leaf `s:d` by
//! `T`, the tile `T:d` and the rest `ceil(s/T):T·d`):
//! - `local_tile(L, T, c)` keeps every tile mode, then the rest modes whose
//!   coordinate is `_` (`X`); an integer `c` picks tile `c` of the rest
//!   (colexicographic over a nested rest), a tuple slices the rest's modes.
//!   A tiler with fewer entries than `L` has modes (after a `Step`'s
//!   projection, say) divides the first modes and keeps the others whole
//!   (CuTe's `append<R1>(c, _)`); a tiler of rank 1 keeps its tile as one
//!   mode `(T)`, as CuTe's slice by a single `_` does (`typed_partition.rs`).
//! - `outer_partition(L, T, c)` keeps every rest mode (the modes past the
//!   tiler whole); the tile coordinate `c < size(tile)` moves the base by
//!   the tile's offset at `c`.
//! - `local_partition(L, thr, i)` is `outer_partition` by the sizes of the
//!   thread layout's modes at the thread's index in each (`threads.rs`,
//!   `thr.get_flat_coord(i)`).
//! - `slice(L, c)` (`slice_modes.rs`) keeps the modes whose coordinate is `X` (inside a tuple
//!   coordinate, the sub-modes, at the top level as CuTe's `slice`).
//!
//! Errors name the values: a coordinate past its extent, a thread index
//! past the thread layout, a stride whose product overflows, a nested
//! mode whose leaves and tile do not divide one another.

// The members of this family live in `partition/`; `private/mod.rs` imports
// each by name, so a path such as `super::partition_bound` names it there.
pub(super) mod named_partition;
pub(super) mod outer_modes;
pub(super) mod partition_bound;
pub(super) mod partition_prefix;
pub(super) mod partition_residue;
pub(super) mod threads;
pub(super) mod tile_check;
pub(super) mod tile_coord_nesting;
pub(super) mod tile_residue;
pub(super) mod tile_residue_read;
pub(super) mod tiler_prefix;
pub(super) mod typed_partition;

use layout_core::{DomainError, Error, ErrorKind};

use super::algebra::AlgebraError;
use super::divide_mode::{DivMode, div_error};
use super::int::C;
use super::list::{Chain, Cons, Nil};
use super::slice_modes::SliceEntry;
use super::tree::Shape;
use crate::tensor::X;

pub use outer_modes::OuterModes;

pub(super) fn out_of_range(what: &'static str, index: usize, size: usize) -> Error {
    let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    DomainError::IndexOutOfRange {
        what,
        index: clamp(index),
        size: clamp(size),
    }
    .into()
}

pub(crate) fn overflow(_: AlgebraError) -> Error {
    ErrorKind::Overflow("a partition's stride times its tile extent overflows usize").into()
}

/// One element of CuTe's `Step`: `C<1>` keeps the mode, [`X`] drops it.
pub trait StepMode {}
impl StepMode for C<1> {}
impl StepMode for X {}

/// CuTe's `dice(step, t)`: the elements of `L` whose step is `C<1>`.
pub trait Dice<L> {
    /// The kept elements.
    type Out;
    /// The kept elements.
    fn dice(l: L) -> Self::Out;
}

impl Dice<Nil> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn dice(_: Nil) -> Nil {
        Nil
    }
}

impl<H, L, St: Dice<L>> Dice<Cons<H, L>> for Cons<C<1>, St> {
    type Out = Cons<H, St::Out>;
    #[inline(always)]
    fn dice(l: Cons<H, L>) -> Self::Out {
        Cons(l.0, St::dice(l.1))
    }
}

impl<H, L, St: Dice<L>> Dice<Cons<H, L>> for Cons<X, St> {
    type Out = St::Out;
    #[inline(always)]
    fn dice(l: Cons<H, L>) -> Self::Out {
        St::dice(l.1)
    }
}

/// `local_tile`'s walk: a tiler list (`Self`, a static extent or a tuple
/// of them per mode) and a coordinate list `CL` (per mode `usize`, [`X`],
/// or a tuple of them for a nested rest) over the modes `SL:DL`: each mode
/// divided ([`DivMode`]), its rest sliced by its coordinate.
#[diagnostic::on_unimplemented(
    message = "the tiler, the tile coordinate and the typed layout differ in rank",
    label = "one static tile extent and one coordinate entry (an integer or `X`) per top-level mode of the tensor, or fewer (the modes past the tiler kept whole)",
    note = "left unmatched: the tiler's extents `{Self}` against the layout's extents `{SL}` and the coordinate's entries `{CL}` (`Nil`: none left; the tiler and the coordinate have one rank); project a longer tiler with a `Step`, as CuTe's `Step<_1,X,_1>`"
)]
pub trait TileModes<SL, DL, CL> {
    /// The tile's shape modes.
    type TileS;
    /// The tile's stride modes.
    type TileD;
    /// The rest modes kept by `X`.
    type RestS;
    /// Their strides.
    type RestD;
    /// The four lists; `offset` grows by each picked tile's offset.
    /// `within` stays `true` only if every coordinate of the result is one
    /// of the layout's: per leaf mode no partial tile kept by `X` and a
    /// picked tile `k` whole (`(k+1)·T ≤ s`); a tuple mode tiled exactly.
    #[allow(clippy::type_complexity)]
    fn tile(
        self,
        s: SL,
        d: DL,
        c: CL,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error>;
    /// [`TileModes::tile`] for a masked tile: a leaf mode picked by an
    /// integer `k` under a static extent `T` is neither checked against
    /// its grid (`k` past it leaves no coordinate admitted, `i + T·k < s`
    /// fails) nor its rest stride `T·d` against overflow (the rest is
    /// sliced away; the base `k·T·d` wraps as CuTe's integers do, and is
    /// read only through an admitted element, whose offset is exact).
    /// `within` is not kept (the cuts say more).
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn tile_masked(
        self,
        s: SL,
        d: DL,
        c: CL,
        offset: &mut usize,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error>
    where
        Self: Sized,
    {
        self.tile(s, d, c, offset, &mut true)
    }
    /// Whether every entry is a leaf mode picked by an integer under a
    /// static extent (and the tiler and the coordinate cover every mode):
    /// where [`TileModes::tile_whole`] applies. Only there: a kept grid
    /// mode (`X`) would need a test of extent 0 and its rest stride's
    /// check anyway (measured: `(k, X)` 71.6 -> 81.2 instructions with a
    /// quick walk over it, callgrind).
    const PICKED: bool = false;
    /// [`TileModes::tile`] for a plain tile (its static tiler known by
    /// its type: no value taken, so that [`TileModes::tile`] can still
    /// take it) whose every entry is a leaf mode picked by an integer `k`
    /// under a static extent `T` ([`TileModes::PICKED`]), quick where that
    /// is exact: where every picked tile is whole (`k < s/T`) or the
    /// partial last one (`k = s/T`, `s mod T ≠ 0`: the grid's `ceil(s/T)`
    /// tiles hold it), none is checked against its grid nor its rest
    /// stride `T·d` against overflow. Each such tile proves its mode has a
    /// coordinate (`s > T·k ≥ 0`), so the tensor has one, the tile's first
    /// element (`T·k` per mode) is one of the tensor's, and its offset
    /// `Σ k·T·d` (wrapping, as [`TileModes::tile_masked`]'s) is exact. A
    /// partial tile clears `within` (its offsets past the tensor's are
    /// the caller's to check against the engine, as [`TileModes::tile`]'s
    /// caller does); a whole one leaves it, every offset of it being one
    /// of the tensor's. `None` (a past-the-grid tile, a mode of extent 0,
    /// or another entry): take [`TileModes::tile`] from the start, which
    /// names the error.
    #[allow(clippy::type_complexity)]
    #[inline(always)]
    fn tile_whole(
        s: SL,
        d: DL,
        c: &CL,
        offset: &mut usize,
        within: &mut bool,
    ) -> Option<(Self::TileS, Self::TileD, Self::RestS, Self::RestD)> {
        let _ = (s, d, c, offset, within);
        None
    }
}

impl TileModes<Nil, Nil, Nil> for Nil {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Nil;
    type RestD = Nil;
    const PICKED: bool = true;
    #[inline(always)]
    fn tile(
        self,
        _: Nil,
        _: Nil,
        _: Nil,
        _: &mut usize,
        _: &mut bool,
    ) -> Result<(Nil, Nil, Nil, Nil), Error> {
        Ok((Nil, Nil, Nil, Nil))
    }
    #[inline(always)]
    fn tile_whole(
        _: Nil,
        _: Nil,
        _: &Nil,
        _: &mut usize,
        _: &mut bool,
    ) -> Option<(Nil, Nil, Nil, Nil)> {
        Some((Nil, Nil, Nil, Nil))
    }
}

// A tiler with fewer modes than the layout (CuTe's `local_tile` of a
// `Step` that keeps fewer tiler entries than the tensor has modes, or a
// short tiler): `zipped_divide` divides only the first modes, and the rest
// modes of the others are the modes themselves, which CuTe's `inner_partition`
// keeps (its `append<R1>(coord, _)` pads the coordinate with `_`).
impl<S, SL, D, DL> TileModes<Cons<S, SL>, Cons<D, DL>, Nil> for Nil {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Cons<S, SL>;
    type RestD = Cons<D, DL>;
    #[inline(always)]
    fn tile(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        _: Nil,
        _: &mut usize,
        _: &mut bool,
    ) -> Result<(Nil, Nil, Cons<S, SL>, Cons<D, DL>), Error> {
        Ok((Nil, Nil, s, d))
    }
}

/// The slice of one rest mode by its coordinate entry.
type RestSlice<S, D, T, Cd> =
    <Cd as SliceEntry<<S as DivMode<D, T>>::RestS, <S as DivMode<D, T>>::RestD>>::S;
/// Its strides.
type RestSliceD<S, D, T, Cd> =
    <Cd as SliceEntry<<S as DivMode<D, T>>::RestS, <S as DivMode<D, T>>::RestD>>::D;

impl<T, TL, S, SL, D, DL, Cd, CL> TileModes<Cons<S, SL>, Cons<D, DL>, Cons<Cd, CL>> for Cons<T, TL>
where
    S: DivMode<D, T, TileS: Shape, RestS: Shape> + Shape,
    Cd: SliceEntry<S::RestS, S::RestD, S: Chain<TL::RestS>, D: Chain<TL::RestD>>,
    TL: TileModes<SL, DL, CL>,
{
    type TileS = Cons<S::TileS, TL::TileS>;
    type TileD = Cons<S::TileD, TL::TileD>;
    type RestS = <RestSlice<S, D, T, Cd> as Chain<TL::RestS>>::Out;
    type RestD = <RestSliceD<S, D, T, Cd> as Chain<TL::RestD>>::Out;
    const PICKED: bool = S::DEPTH == 0 && Cd::SINGLE && <S as DivMode<D, T>>::PICKED && TL::PICKED;
    #[inline(always)]
    fn tile(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<Cd, CL>,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error> {
        let (ts, td, rs, rd) = s.0.div_mode(d.0).map_err(div_error)?;
        let (size, tile) = (Shape::size(&s.0), Shape::size(&ts));
        *within &= match c.0.single() {
            // Tile `k` of a leaf holds coordinates `k·tile … (k+1)·tile - 1`.
            Some(k) if S::DEPTH == 0 => tile != 0 && k < size / tile,
            _ => tiled_exactly(size, tile, Shape::size(&rs)),
        };
        let what = "a tile coordinate";
        let (ks, kd) = c.0.slice_entry(rs, rd, offset, what)?;
        let (ts2, td2, rs2, rd2) = self.1.tile(s.1, d.1, c.1, offset, within)?;
        Ok((Cons(ts, ts2), Cons(td, td2), ks.concat(rs2), kd.concat(rd2)))
    }
    #[inline(always)]
    fn tile_masked(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<Cd, CL>,
        offset: &mut usize,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error> {
        if S::DEPTH == 0 {
            if let (Some(k), Some((ks, kd)), Some((ts, td, step))) =
                (c.0.single(), Cd::picked_modes(), s.0.picked_leaf(&d.0))
            {
                *offset = offset.wrapping_add(k.wrapping_mul(step));
                let (ts2, td2, rs2, rd2) = self.1.tile_masked(s.1, d.1, c.1, offset)?;
                return Ok((Cons(ts, ts2), Cons(td, td2), ks.concat(rs2), kd.concat(rd2)));
            }
        }
        let (ts, td, rs, rd) = s.0.div_mode(d.0).map_err(div_error)?;
        let (ks, kd) = c.0.slice_entry(rs, rd, offset, "a tile coordinate")?;
        let (ts2, td2, rs2, rd2) = self.1.tile_masked(s.1, d.1, c.1, offset)?;
        Ok((Cons(ts, ts2), Cons(td, td2), ks.concat(rs2), kd.concat(rd2)))
    }
    #[inline(always)]
    fn tile_whole(
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: &Cons<Cd, CL>,
        offset: &mut usize,
        within: &mut bool,
    ) -> Option<(Self::TileS, Self::TileD, Self::RestS, Self::RestD)> {
        if S::DEPTH == 0 {
            if let (Some(k), Some((ks, kd)), Some((ts, td, step))) =
                (c.0.single(), Cd::picked_modes(), s.0.picked_leaf(&d.0))
            {
                let size = Shape::size(&s.0);
                let tile = Shape::size(&ts);
                if tile == 0 {
                    return None;
                }
                // Whole: `T·(k+1) ≤ s`, so `s ≥ T > 0` (a coordinate). Else
                // the last, partial, tile: `T·k < s < T·(k+1)`, so `s > 0`.
                if k >= size / tile {
                    if k != size / tile || size % tile == 0 {
                        return None;
                    }
                    *within = false;
                }
                *offset = offset.wrapping_add(k.wrapping_mul(step));
                let (ts2, td2, rs2, rd2) = TL::tile_whole(s.1, d.1, &c.1, offset, within)?;
                return Some((Cons(ts, ts2), Cons(td, td2), ks.concat(rs2), kd.concat(rd2)));
            }
        }
        None
    }
}

/// Whether a tuple mode of `size` coordinates splits into whole tiles: `tile`
/// coordinates each, `tiles` of them, none past the mode. Then every
/// coordinate of a tile (or of a partition across tiles) is one of the
/// mode's; a partial tile (`tile · tiles > size`) is not.
#[inline(always)]
pub(super) fn tiled_exactly(size: usize, tile: usize, tiles: usize) -> bool {
    tile.checked_mul(tiles) == Some(size)
}
