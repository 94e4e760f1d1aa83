//! Typed partitions of flat typed layouts (every top-level mode a single
//! leaf): CuTe's `local_tile`, `outer_partition`, `local_partition`, `_`
//! slicing and `Step` projections, with the result's nesting fixed while
//! compiling. Each is one walk over the modes as type-level lists
//! (`list.rs`); per mode a few multiplies, and for a dynamic extent a
//! `div_ceil`: straight-line code, no allocation. Static leaves stay static
//! through [`Over`] and [`Times`] (a tile of a static extent is a
//! [`Quot`](super::Quot), a tile's stride a [`Prod`](super::Prod)).
//!
//! CuTe's definitions, per mode `s:d` of the layout and tile extent `T`
//! (`zipped_divide` splits the mode into the tile `T:d` and the rest
//! `ceil(s/T):T·d`):
//! - `local_tile(L, T, c)` keeps every tile mode, then the rest modes whose
//!   coordinate is `_` (`X`); an integer `c` moves the base by `c·T·d`.
//! - `outer_partition(L, T, c)` keeps every rest mode (the modes past the
//!   tiler whole); the tile coordinate `c < T` moves the base by `c·d`.
//! - `local_partition(L, thr, i)` is `outer_partition` by the thread
//!   layout's shape at the thread's coordinate `(i / d_k) % s_k`
//!   (`thr.get_flat_coord(i)`).
//! - `slice(L, c)` keeps the modes whose coordinate is `X`.
//!
//! Errors name the values: a coordinate past its extent, a thread index
//! past the thread layout, a stride whose product overflows.

use layout_core::{Error, ErrorKind};

use super::algebra::AlgebraError;
use super::int::{C, Int};
use super::list::{Cons, Nil};
use super::static_int::{Over, StaticInt, Times};
use crate::tensor::X;

fn out_of_range(what: &'static str, index: usize, size: usize) -> Error {
    let clamp = |x: usize| i64::try_from(x).unwrap_or(i64::MAX);
    ErrorKind::IndexOutOfRange {
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

/// A slice coordinate (a list of `usize` and [`X`]) over shape list `SL`
/// and stride list `DL`: the modes under `X`, the base moved by the rest.
#[diagnostic::on_unimplemented(
    message = "the slice coordinate and the typed layout differ in rank",
    label = "one entry (an integer or `X`) per top-level mode of the tensor",
    note = "left unmatched: the coordinate's entries `{Self}` against the layout's extents `{SL}` (`Nil`: none left)"
)]
pub trait SliceModes<SL, DL> {
    /// The kept shape leaves.
    type S;
    /// The kept stride leaves.
    type D;
    /// The kept modes; `offset` grows by `c·d` per integer `c`.
    fn slice(self, s: SL, d: DL, offset: &mut usize) -> Result<(Self::S, Self::D), Error>;
}

impl SliceModes<Nil, Nil> for Nil {
    type S = Nil;
    type D = Nil;
    #[inline(always)]
    fn slice(self, _: Nil, _: Nil, _: &mut usize) -> Result<(Nil, Nil), Error> {
        Ok((Nil, Nil))
    }
}

impl<S: Int, SL, D: Int, DL, CL: SliceModes<SL, DL>> SliceModes<Cons<S, SL>, Cons<D, DL>>
    for Cons<usize, CL>
{
    type S = CL::S;
    type D = CL::D;
    #[inline(always)]
    fn slice(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        offset: &mut usize,
    ) -> Result<(CL::S, CL::D), Error> {
        if self.0 >= s.0.get() {
            return Err(out_of_range("a slice coordinate", self.0, s.0.get()));
        }
        *offset = offset.wrapping_add(self.0.wrapping_mul(d.0.get()));
        self.1.slice(s.1, d.1, offset)
    }
}

impl<S: Int, SL, D: Int, DL, CL: SliceModes<SL, DL>> SliceModes<Cons<S, SL>, Cons<D, DL>>
    for Cons<X, CL>
{
    type S = Cons<S, CL::S>;
    type D = Cons<D, CL::D>;
    #[inline(always)]
    fn slice(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        offset: &mut usize,
    ) -> Result<(Self::S, Self::D), Error> {
        let (ks, kd) = self.1.slice(s.1, d.1, offset)?;
        Ok((Cons(s.0, ks), Cons(d.0, kd)))
    }
}

/// `local_tile`'s walk: a tiler list (`Self`, static extents) and a
/// coordinate list `CL` (`usize` or [`X`]) over the modes `SL:DL`.
#[diagnostic::on_unimplemented(
    message = "the tiler, the tile coordinate and the typed layout differ in rank",
    label = "one static tile extent and one coordinate entry (an integer or `X`) per top-level mode of the tensor",
    note = "left unmatched: the tiler's extents `{Self}` against the layout's extents `{SL}` and the coordinate's entries `{CL}` (`Nil`: none left); project a longer tiler with a `Step`, as CuTe's `Step<_1,X,_1>`"
)]
pub trait TileModes<SL, DL, CL> {
    /// The tile's shape leaves (the tiler).
    type TileS;
    /// The tile's stride leaves (the layout's).
    type TileD;
    /// The shapes of the rest modes under `X`.
    type RestS;
    /// Their strides.
    type RestD;
    /// The four lists; `offset` grows by `c·T·d` per integer `c`.
    /// `within` stays `true` only if every coordinate of the tile is one
    /// of the layout's (no partial tile: see [`TileRest::rest`]).
    #[allow(clippy::type_complexity)]
    fn tile(
        self,
        s: SL,
        d: DL,
        c: CL,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error>;
}

impl TileModes<Nil, Nil, Nil> for Nil {
    type TileS = Nil;
    type TileD = Nil;
    type RestS = Nil;
    type RestD = Nil;
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
}

/// The rest mode of one tiled mode, kept (`X`) or sliced (`usize`).
pub trait TileRest<S, D, T> {
    /// The kept shape list, prepended to `RS`.
    type S<RS>;
    /// The kept stride list, prepended to `RD`.
    type D<RD>;
    /// Keeps or slices `s:d` tiled by `T`; clears `within` when the
    /// tile's elements in this mode can reach past `s` (a partial tile:
    /// the kept grid when `T` does not divide `s`, the sliced tile `c`
    /// when `(c+1)·T > s`).
    #[allow(clippy::type_complexity)]
    fn rest<RS, RD>(
        self,
        s: S,
        d: D,
        rs: RS,
        rd: RD,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::S<RS>, Self::D<RD>), Error>;
}

impl<T: StaticInt, S: Over<T>, D: Times<T>> TileRest<S, D, T> for X {
    type S<RS> = Cons<S::Out, RS>;
    type D<RD> = Cons<D::Out, RD>;
    #[inline(always)]
    fn rest<RS, RD>(
        self,
        s: S,
        d: D,
        rs: RS,
        rd: RD,
        _: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::S<RS>, Self::D<RD>), Error> {
        *within &= s.get() % T::VALUE as usize == 0;
        let step = d.times(T::default(), "local_tile").map_err(overflow)?;
        Ok((Cons(s.over(), rs), Cons(step, rd)))
    }
}

impl<T: StaticInt, S: Over<T>, D: Times<T>> TileRest<S, D, T> for usize {
    type S<RS> = RS;
    type D<RD> = RD;
    #[inline(always)]
    fn rest<RS, RD>(
        self,
        s: S,
        d: D,
        rs: RS,
        rd: RD,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(RS, RD), Error> {
        let tiles = s.over().get();
        if self >= tiles {
            return Err(out_of_range("a tile coordinate", self, tiles));
        }
        *within &= self < s.get() / T::VALUE as usize;
        let step = d.times(T::default(), "local_tile").map_err(overflow)?;
        *offset = offset.wrapping_add(self.wrapping_mul(step.get()));
        Ok((rs, rd))
    }
}

impl<T, TL, S, SL, D, DL, Cd, CL> TileModes<Cons<S, SL>, Cons<D, DL>, Cons<Cd, CL>> for Cons<T, TL>
where
    T: StaticInt,
    D: Int,
    Cd: TileRest<S, D, T>,
    TL: TileModes<SL, DL, CL>,
{
    type TileS = Cons<T, TL::TileS>;
    type TileD = Cons<D, TL::TileD>;
    type RestS = Cd::S<TL::RestS>;
    type RestD = Cd::D<TL::RestD>;
    #[inline(always)]
    fn tile(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<Cd, CL>,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::TileS, Self::TileD, Self::RestS, Self::RestD), Error> {
        let (ts, td, rs, rd) = self.1.tile(s.1, d.1, c.1, offset, within)?;
        let (rs, rd) = c.0.rest(s.0, d.0, rs, rd, offset, within)?;
        Ok((Cons(self.0, ts), Cons(d.0, td), rs, rd))
    }
}

/// `outer_partition`'s walk: a tiler list (`Self`, static extents) with
/// one coordinate per tile (`CL`, `usize`s) over the modes `SL:DL`; the
/// modes past the tiler pass through.
#[diagnostic::on_unimplemented(
    message = "the thread layout (or tiler) and the typed layout it partitions differ in rank",
    label = "one thread-layout mode per top-level mode of the tensor",
    note = "left unmatched: the tiler's extents `{Self}` against the layout's extents `{SL}` (`Nil`: none left); project a longer thread layout with a `Step`, as CuTe's `Step<_1,X>`"
)]
pub trait OuterModes<SL, DL, CL> {
    /// The rest modes' shapes.
    type S;
    /// Their strides.
    type D;
    /// The rest modes; `offset` grows by `c·d` per mode. `within` stays
    /// `true` only if every coordinate of the result is one of the
    /// layout's: per mode `c + T·(ceil(s/T)-1) < s`, that is
    /// `c ≤ (s-1) mod T` (the last, partial tile still holds column `c`).
    fn outer(
        self,
        s: SL,
        d: DL,
        c: CL,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::S, Self::D), Error>;
}

impl<SL, DL> OuterModes<SL, DL, Nil> for Nil {
    type S = SL;
    type D = DL;
    #[inline(always)]
    fn outer(self, s: SL, d: DL, _: Nil, _: &mut usize, _: &mut bool) -> Result<(SL, DL), Error> {
        Ok((s, d))
    }
}

impl<T, TL, S, SL, D, DL, CL> OuterModes<Cons<S, SL>, Cons<D, DL>, Cons<usize, CL>> for Cons<T, TL>
where
    T: StaticInt,
    S: Over<T>,
    D: Times<T>,
    TL: OuterModes<SL, DL, CL>,
{
    type S = Cons<S::Out, TL::S>;
    type D = Cons<D::Out, TL::D>;
    #[inline(always)]
    fn outer(
        self,
        s: Cons<S, SL>,
        d: Cons<D, DL>,
        c: Cons<usize, CL>,
        offset: &mut usize,
        within: &mut bool,
    ) -> Result<(Self::S, Self::D), Error> {
        if c.0 >= T::VALUE as usize {
            return Err(out_of_range(
                "a coordinate in the tile",
                c.0,
                T::VALUE as usize,
            ));
        }
        // An empty `s` wraps to a large `s-1`: the answer does not matter,
        // the result has no coordinate.
        *within &= c.0 <= s.0.get().wrapping_sub(1) % T::VALUE as usize;
        *offset = offset.wrapping_add(c.0.wrapping_mul(d.0.get()));
        let step =
            d.0.times(T::default(), "outer_partition")
                .map_err(overflow)?;
        let (rs, rd) = self.1.outer(s.1, d.1, c.1, offset, within)?;
        Ok((Cons(s.0.over(), rs), Cons(step, rd)))
    }
}

/// A thread layout's `get_flat_coord(i)`: `(i / d_k) % s_k` per mode.
pub trait FlatCoord<DL> {
    /// One `usize` per mode.
    type Out;
    /// The coordinates; a stride-0 mode (no inverse) is an error.
    fn flat_coord(&self, d: &DL, index: usize) -> Result<Self::Out, Error>;
}

impl FlatCoord<Nil> for Nil {
    type Out = Nil;
    #[inline(always)]
    fn flat_coord(&self, _: &Nil, _: usize) -> Result<Nil, Error> {
        Ok(Nil)
    }
}

impl<S: Int, SL: FlatCoord<DL>, D: Int, DL> FlatCoord<Cons<D, DL>> for Cons<S, SL> {
    type Out = Cons<usize, SL::Out>;
    #[inline(always)]
    fn flat_coord(&self, d: &Cons<D, DL>, index: usize) -> Result<Self::Out, Error> {
        let (s, d0) = (self.0.get(), d.0.get());
        if d0 == 0 || s == 0 {
            return Err(ErrorKind::Overflow(
                "a thread layout's mode of stride 0 or extent 0 has no thread coordinate",
            )
            .into());
        }
        Ok(Cons((index / d0) % s, self.1.flat_coord(&d.1, index)?))
    }
}

/// Column-major strides for a shape list, starting at `Acc`: CuTe's
/// compact layout (`make_layout(shape)`, `make_tensor_like`), static
/// where the extents are.
pub trait Compact<Acc> {
    /// The stride list.
    type D;
    /// The strides; a dynamic product that overflows is an error.
    fn compact(&self, acc: Acc) -> Result<Self::D, Error>;
}

impl<Acc> Compact<Acc> for Nil {
    type D = Nil;
    #[inline(always)]
    fn compact(&self, _: Acc) -> Result<Nil, Error> {
        Ok(Nil)
    }
}

impl<Acc: Times<S>, S: Int, SL: Compact<Acc::Out>> Compact<Acc> for Cons<S, SL> {
    type D = Cons<Acc, SL::D>;
    #[inline(always)]
    fn compact(&self, acc: Acc) -> Result<Self::D, Error> {
        let next = acc.times(self.0, "make_layout").map_err(overflow)?;
        Ok(Cons(acc, self.1.compact(next)?))
    }
}
