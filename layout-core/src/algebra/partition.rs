//! CuTe's partitioning of a tensor (`tensor_impl.hpp`), as the layout
//! algebra it is: `zipped_divide` by a tiler, then a slice of the result.
//!
//! - [`inner_partition`] (= [`local_tile`]): the tile at a coordinate of the
//!   tiles' mode, `zipped_divide(L, T)(_, coord)`: what one tile covers.
//! - [`outer_partition`]: the element at a coordinate inside every tile,
//!   `zipped_divide(L, T)(coord, _)`: what lies across the tiles.
//! - [`local_partition`]: thread `idx` of a thread layout takes its element
//!   of every thread-layout-shaped tile, `outer_partition(L,
//!   product_each(shape(thr)), thr.get_flat_coord(idx))`.
//!
//! Each gives a [`View`]: the kept modes and the offset where they start (a
//! tensor's new base). The optional step (CuTe's `Step<_1, X, _1>`, written
//! `(1,X,1)` or `(1,_,1)`: `X` is CuTe's alias of `_`) keeps the modes of the
//! tiler and coordinate (or of the thread layout) marked with an integer and
//! drops those marked `X` ([`dice_tiler`], [`dice_coord`]).
//!
//! Stricter than CuTe, which checks nothing at run time: every integer of
//! the slicing coordinate must lie in its mode ([`DomainError::IndexOutOfRange`]),
//! a thread index below the number of threads, and a thread layout's strides
//! positive where its extent is above 1 (CuTe would divide by 0).

use alloc::vec;
use alloc::vec::Vec;

use super::{
    Coord, Tiler, check_domain, check_thread_index, dice, slice_and_offset, thread_coord,
    thread_tiler, zipped_divide,
};
use crate::error::{DomainError, Result};
use crate::idioms::View;
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// CuTe's `inner_partition(L, tiler, coord)`: the tile at `coord` of
/// `zipped_divide(L, tiler)`'s tiles' mode. A tuple `coord` shorter than
/// that mode is padded with `_` (CuTe's `append<R1>(coord, _)`: the extra
/// tile modes stay); an integer indexes the mode as a whole.
///
/// ```
/// use layout_core::{inner_partition, Coord, Layout, Tiler, IntTuple};
/// let l: Layout = "(8,8):(1,8)".parse().unwrap();
/// let tiler = Tiler::try_from(IntTuple::from([4, 2])).unwrap();
/// let tile = inner_partition(&l, &tiler, &Coord::from(IntTuple::from([1, 2]))).unwrap();
/// assert_eq!(tile.to_string(), "view((4,2):(1,8),36)");
/// ```
pub fn inner_partition(layout: &Layout, tiler: &Tiler, coord: &Coord) -> Result<View> {
    let tiled = zipped_divide(layout, tiler)?;
    slice_and_offset(&inner_coord(&tiled, coord.clone())?, &tiled)
}

/// CuTe's `outer_partition(L, tiler, coord)`: the element at `coord` inside
/// every tile of `zipped_divide(L, tiler)` (padded with `_` like
/// [`inner_partition`]'s).
///
/// ```
/// use layout_core::{outer_partition, Coord, Layout, Tiler, IntTuple};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// let tiler = Tiler::try_from(IntTuple::from([2, 2])).unwrap();
/// let share = outer_partition(&l, &tiler, &Coord::from(IntTuple::from([1, 0]))).unwrap();
/// assert_eq!(share.to_string(), "view((4,2):(2,16),1)");
/// ```
pub fn outer_partition(layout: &Layout, tiler: &Tiler, coord: &Coord) -> Result<View> {
    let tiled = zipped_divide(layout, tiler)?;
    slice_and_offset(&outer_coord(&tiled, coord.clone())?, &tiled)
}

/// CuTe's `local_tile(L, tiler, coord[, step])`: [`inner_partition`] by the
/// tiler and coordinate, each first projected by `step` when given.
///
/// ```
/// use layout_core::{local_tile, Coord, Layout, Tiler, IntTuple};
/// // A (16,8) column-major A of a GEMM tiled (BLK_M,BLK_N,BLK_K) = (4,2,4),
/// // CTA (1,0,_), step (1,X,1): A's tiles are (BLK_M,BLK_K,k).
/// let a: Layout = "(16,8):(1,16)".parse().unwrap();
/// let tiler = Tiler::try_from(IntTuple::from([4, 2, 4])).unwrap();
/// let cta = Coord::Tuple(vec![Coord::Int(1), Coord::Int(0), Coord::Underscore]);
/// let step = Coord::Tuple(vec![Coord::Int(1), Coord::Underscore, Coord::Int(1)]);
/// let ga = local_tile(&a, &tiler, &cta, Some(&step)).unwrap();
/// assert_eq!(ga.to_string(), "view((4,4,2):(1,16,64),4)");
/// ```
pub fn local_tile(
    layout: &Layout,
    tiler: &Tiler,
    coord: &Coord,
    step: Option<&Coord>,
) -> Result<View> {
    match step {
        None => inner_partition(layout, tiler, coord),
        Some(step) => inner_partition(
            layout,
            &dice_tiler(step, tiler.clone())?,
            &dice_coord(step, coord.clone())?,
        ),
    }
}

/// CuTe's `local_partition(L, thr, idx[, step])`: [`outer_partition`] by
/// the sizes of `thr`'s modes at thread `idx`'s coordinate
/// ([`thread_coord`]); with a step, of the thread layout projected by it
/// (CuTe's `dice(step, thr)`), `idx` still counting the whole `thr`.
///
/// ```
/// use layout_core::{local_partition, Layout};
/// let l: Layout = "(8,4):(1,8)".parse().unwrap();
/// // 2x2 threads numbered row-major: thread 1 is at (0,1).
/// let threads: Layout = "(2,2):(2,1)".parse().unwrap();
/// let mine = local_partition(&l, &threads, 1, None).unwrap();
/// assert_eq!(mine.to_string(), "view((4,2):(2,16),8)");
/// ```
pub fn local_partition(
    layout: &Layout,
    thr: &Layout,
    idx: i64,
    step: Option<&Coord>,
) -> Result<View> {
    check_thread_index(thr, idx)?;
    let projected;
    let thr = match step {
        None => thr,
        Some(step) => {
            projected = dice_threads(step, thr)?;
            &projected
        }
    };
    outer_partition(layout, &thread_tiler(thr)?, &thread_coord(thr, idx)?)
}

/// The slicing coordinate of [`inner_partition`] on `tiled` (a zipped
/// divide): `(_…, coord)`, `coord` padded with `_` and checked in range.
pub fn inner_coord(tiled: &Layout, coord: Coord) -> Result<Coord> {
    let (inner, outer) = zipped_ranks(tiled);
    let full = Coord::Tuple(vec![underscores(inner), padded(coord, outer)?]);
    check_domain(&full, tiled.shape(), "tile coordinate")?;
    Ok(full)
}

/// The slicing coordinate of [`outer_partition`] on `tiled`: `(coord, _…)`.
pub fn outer_coord(tiled: &Layout, coord: Coord) -> Result<Coord> {
    let (inner, outer) = zipped_ranks(tiled);
    let full = Coord::Tuple(vec![padded(coord, inner)?, underscores(outer)]);
    check_domain(&full, tiled.shape(), "tile coordinate")?;
    Ok(full)
}

/// CuTe's `dice(step, tiler)`: the tiler's modes the step marks with an
/// integer; a mode marked `_` (`X`) is dropped, a nested step projects the
/// mode, and a tiler layout is diced as a layout.
pub fn dice_tiler(step: &Coord, tiler: Tiler) -> Result<Tiler> {
    match (step, tiler) {
        (Coord::Int(_), t) => Ok(t),
        (Coord::Underscore, _) => Ok(Tiler::ByMode(Vec::new())),
        (Coord::Tuple(steps), Tiler::ByMode(modes)) if steps.len() == modes.len() => {
            let mut kept = Vec::new();
            for (s, m) in steps.iter().zip(modes) {
                match s {
                    Coord::Int(_) => kept.push(m),
                    Coord::Underscore => {}
                    nested => kept.push(dice_tiler(nested, m)?),
                }
            }
            Ok(Tiler::ByMode(kept))
        }
        (Coord::Tuple(_), Tiler::Layout(l)) => dice(step, &l).map(Tiler::Layout),
        (Coord::Tuple(steps), Tiler::ByMode(modes)) => Err(step_ranks(
            "a step with one mark per mode of the tiler",
            steps.len(),
            modes.len(),
        )),
    }
}

/// CuTe's `dice(step, coord)`: the coordinate's modes the step marks with
/// an integer.
pub fn dice_coord(step: &Coord, coord: Coord) -> Result<Coord> {
    match (step, coord) {
        (Coord::Int(_), c) => Ok(c),
        (Coord::Underscore, _) => Ok(Coord::Tuple(Vec::new())),
        (Coord::Tuple(steps), Coord::Tuple(modes)) if steps.len() == modes.len() => {
            let mut kept = Vec::new();
            for (s, m) in steps.iter().zip(modes) {
                match s {
                    Coord::Int(_) => kept.push(m),
                    Coord::Underscore => {}
                    nested => kept.push(dice_coord(nested, m)?),
                }
            }
            Ok(Coord::Tuple(kept))
        }
        (Coord::Tuple(steps), c) => {
            let modes = match c {
                Coord::Tuple(modes) => modes.len(),
                _ => 1,
            };
            Err(step_ranks(
                "a step with one mark per mode of the coordinate",
                steps.len(),
                modes,
            ))
        }
    }
}

/// CuTe's `dice(step, thr)` of a thread layout, the step as long as the
/// layout's rank when it is a tuple.
pub fn dice_threads(step: &Coord, thr: &Layout) -> Result<Layout> {
    match step {
        Coord::Tuple(steps) if steps.len() != thr.rank() => Err(step_ranks(
            "a step with one mark per mode of the thread layout",
            steps.len(),
            thr.rank(),
        )),
        _ => dice(step, thr),
    }
}

/// A step whose rank is not that of what it projects (CuTe's dice
/// static_asserts "Mismatched Ranks").
fn step_ranks(need: &'static str, step: usize, modes: usize) -> crate::error::Error {
    DomainError::TupleRanks {
        function: "dice",
        need,
        left: step,
        right: modes,
    }
    .into()
}

/// `_`, or a tuple of `rank` of them (CuTe's `repeat<rank>(_)`).
fn underscores(rank: usize) -> Coord {
    match rank {
        1 => Coord::Underscore,
        n => Coord::Tuple(vec![Coord::Underscore; n]),
    }
}

/// CuTe's `append<rank>(coord, _)`: a tuple coordinate padded with `_` to
/// `rank`; longer than `rank` is an error (CuTe's does not compile).
fn padded(coord: Coord, rank: usize) -> Result<Coord> {
    match coord {
        Coord::Tuple(mut v) if v.len() <= rank => {
            v.resize(rank, Coord::Underscore);
            Ok(Coord::Tuple(v))
        }
        Coord::Tuple(v) => Err(DomainError::RankMismatch {
            expected: rank,
            found: v.len(),
        }
        .into()),
        other => Ok(other),
    }
}

/// The ranks of the two modes of a zipped divide.
fn zipped_ranks(zipped: &Layout) -> (usize, usize) {
    let shape = zipped.shape();
    let rank = |i| shape.mode(i).map_or(0, IntTuple::rank);
    (rank(0), rank(1))
}
