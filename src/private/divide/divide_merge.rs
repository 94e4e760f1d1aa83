//! The walk of a tile over a nested mode ([`Spread`]) past a run-time leaf
//! that does not divide what is left of the tile: the leaf is merged with
//! the leaves after it while they continue it (the next leaf's stride is
//! the run's extent times its stride), as CuTe's static `coalesce` merges
//! such leaves before its composition walk, and the core does with every
//! value. `((n,3),4):((1,2),6)` by `3` with `n = 2` is the mode `6:1`: the
//! tile `3:1` and the rest `2:3`, which the typed result (its nesting fixed
//! while compiling: the tile `(t0,t1)`, the rest `(r0,r1)`) holds as
//! `(3,1):(1,2)` and `(2,1):(3,6)`: the same offsets as the core's, the
//! merged leaves after the first of the run taking 1 of the tile and 1 of
//! the rest.
//!
//! A run that never divides (or a leaf that does not continue it) keeps
//! the first refusal, which names the leaf and what was left of the tile.
//! CuTe with the same run-time leaf does not merge and, without a check,
//! answers a layout of another size (`((2,1),_2)` for a tile of 6).

use crate::__private::algebra::AlgebraError;
use crate::__private::divide_leaf::{CeilOver, Clamp, clamp_dynamic};
use crate::__private::divide_mode::Spread;
use crate::__private::int::Int;
use crate::__private::list::{Cons, Nil};
use crate::__private::static_int::Times;

/// The merged leaves so far: their extent and the first one's stride, and
/// the refusal that started the run (what is reported if the run fails).
#[derive(Clone, Copy, Debug)]
pub struct Run {
    extent: usize,
    stride: usize,
    refused: AlgebraError,
}

impl Run {
    /// The run the leaf `s:d` starts when it refused a tile (`refused`).
    pub(crate) fn start(s: usize, d: usize, refused: AlgebraError) -> Run {
        Run {
            extent: s,
            stride: d,
            refused,
        }
    }

    /// The run with the leaf `s:d` after it, if that leaf continues it.
    fn extend(self, s: usize, d: usize) -> Result<Run, AlgebraError> {
        let continues = self.extent > 0 && d == self.extent.wrapping_mul(self.stride);
        let extent = self.extent.checked_mul(s).filter(|_| continues);
        let extent = extent.ok_or(self.refused)?;
        Ok(Run { extent, ..self })
    }

    /// `x` as the leaf type `T` (a dynamic leaf, wherever a run can start;
    /// a static one only for its own value).
    pub(crate) fn leaf<T: Int>(&self, x: usize) -> Result<T, AlgebraError> {
        i64::try_from(x)
            .ok()
            .and_then(T::from_i64)
            .ok_or(self.refused)
    }
}

/// What [`SpreadMerged::spread_merged`] gives: [`Spread`]'s four lists for
/// `S` over the strides `DL`, then the run's part of the tile and of the
/// rest.
pub type Merged<S, DL, R> = Result<
    (
        <S as Spread<DL, R>>::TileS,
        <S as Spread<DL, R>>::TileD,
        <S as Spread<DL, R>>::RestS,
        <S as Spread<DL, R>>::RestD,
        usize,
        usize,
    ),
    AlgebraError,
>;

/// [`Spread`] for the leaves after the first of a [`Run`]: `Self`'s first
/// leaf joins the run; the run's tile and rest extents, for the run's
/// first leaf, come back with the lists.
pub trait SpreadMerged<DL, R>: Spread<DL, R> {
    /// The four lists, and the run's part of the tile and of the rest.
    fn spread_merged(self, d: DL, r: R, run: Run) -> Merged<Self, DL, R>;
}

/// The last leaf ends the run, which takes what is left of the tile (the
/// tiles past it may be partial, as past any last leaf).
impl<S: CeilOver<R>, D: Times<R>, R: Int> SpreadMerged<Cons<D, Nil>, R> for Cons<S, Nil> {
    #[inline]
    fn spread_merged(self, d: Cons<D, Nil>, r: R, run: Run) -> Merged<Self, Cons<D, Nil>, R> {
        let step = d.0.times(r, "local_tile")?;
        let run = run.extend(self.0.get(), d.0.get())?;
        let (one_tile, one_rest) = (run.leaf(1)?, run.leaf(1)?);
        let rest = run.extent.div_ceil(r.get());
        Ok((
            Cons(one_tile, Nil),
            d,
            Cons(one_rest, Nil),
            Cons(step, Nil),
            r.get(),
            rest,
        ))
    }
}

impl<S, S2, SL, D, D2, DL, R> SpreadMerged<Cons<D, Cons<D2, DL>>, R> for Cons<S, Cons<S2, SL>>
where
    R: Int,
    S: Clamp<R>,
    D: Times<R>,
    Cons<S2, SL>: SpreadMerged<Cons<D2, DL>, S::Next>,
{
    #[inline]
    fn spread_merged(
        self,
        d: Cons<D, Cons<D2, DL>>,
        r: R,
        run: Run,
    ) -> Merged<Self, Cons<D, Cons<D2, DL>>, R> {
        let step = d.0.times(r, "local_tile")?;
        let run = run.extend(self.0.get(), d.0.get())?;
        let (one_tile, one_rest) = (run.leaf(1)?, run.leaf(1)?);
        // The run divides what is left of the tile: the leaves after it
        // walk on; else the next leaf joins the run.
        let (ts, td, rs, rd, take, rest) = match clamp_dynamic(run.extent, r.get()) {
            Ok((take, next, rest)) => {
                let (ts, td, rs, rd) = self.1.spread(d.1, run.leaf(next)?)?;
                (ts, td, rs, rd, take, rest)
            }
            Err(_) => self.1.spread_merged(d.1, run.leaf(r.get())?, run)?,
        };
        Ok((
            Cons(one_tile, ts),
            Cons(d.0, td),
            Cons(one_rest, rs),
            Cons(step, rd),
            take,
            rest,
        ))
    }
}
