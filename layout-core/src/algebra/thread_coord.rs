//! Which thread is which in a thread layout, for
//! [`local_partition`](super::local_partition): CuTe's `thr.get_flat_coord(idx)`, the tiler
//! `product_each(shape(thr))`, and the thread named by a coordinate.

use alloc::string::ToString;
use alloc::vec::Vec;

use super::{Coord, Tiler};
use crate::error::{AlgebraRefusal, CallError, DomainError, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;

/// CuTe's `product_each(shape(thr))`, the tiler of
/// [`local_partition`](super::local_partition):
/// the size of each mode of `thr`, always by mode (CuTe wraps a rank-1
/// shape), each as `make_layout(size)`.
pub fn thread_tiler(thr: &Layout) -> Result<Tiler> {
    let sizes = thr.shape().modes().iter().map(IntTuple::size);
    let sizes = sizes.map(|s| s.map(IntTuple::Int)).collect::<Result<_>>()?;
    Tiler::try_from(IntTuple::Tuple(sizes))
}

/// CuTe's `thr.get_flat_coord(idx)`: each leaf's coordinate is
/// `(idx / stride) % extent`, gathered per top-level mode into one
/// colexicographic index; one integer for a rank-1 layout. A leaf of
/// extent above 1 with a stride of 0 or below is refused
/// ([`AlgebraRefusal::NonPositiveStride`](crate::AlgebraRefusal::NonPositiveStride)).
pub fn thread_coord(thr: &Layout, idx: i64) -> Result<Coord> {
    let mut leaf = 0;
    let mut per_mode = |mode: &Layout| -> Result<i64> {
        let (mut index, mut prefix) = (0i64, 1i64);
        for (extent, stride) in mode.leaf_modes() {
            let c = match (extent, stride) {
                (1, _) => 0,
                (_, 1..) => (idx / stride) % extent,
                _ => {
                    let mode = leaf;
                    return Err(AlgebraRefusal::NonPositiveStride {
                        mode,
                        extent,
                        stride,
                    }
                    .into());
                }
            };
            leaf += 1;
            // Below the mode's size, which fits.
            index += c * prefix;
            prefix *= extent;
        }
        Ok(index)
    };
    if thr.rank() == 1 {
        return per_mode(thr).map(Coord::Int);
    }
    let modes: Result<Vec<Coord>> = thr
        .modes()
        .iter()
        .map(|m| per_mode(m).map(Coord::Int))
        .collect();
    modes.map(Coord::Tuple)
}

/// The thread named by its coordinate `c` in `thr`'s shape instead of its
/// index (CuTe's `local_partition` takes an index; `layout-dsl`'s typed
/// partitions take either): one colexicographic index per top-level mode,
/// CuTe's `crd2crd(c, shape(thr), product_each(shape(thr)))`, as
/// [`thread_coord`] gives. Each entry is one integer for its whole mode
/// or a tuple nested like it; a tuple of another rank is
/// [`DomainError::RankMismatch`](crate::DomainError::RankMismatch), an entry past its mode
/// [`DomainError::IndexOutOfRange`](crate::DomainError::IndexOutOfRange).
///
/// ```
/// use layout_core::{Layout, algebra::{thread_coord, thread_coord_at, Coord}};
/// let thr: Layout = "((2,2),4):((1,8),2)".parse().unwrap();
/// let c: Coord = "((1,1),2)".parse::<layout_core::IntTuple>().unwrap().into();
/// assert_eq!(thread_coord_at(&thr, &c).unwrap().to_string(), "(3,2)");
/// // The same thread as index thr((1,1),2) = 1 + 8 + 4 = 13.
/// assert_eq!(thread_coord(&thr, 13).unwrap().to_string(), "(3,2)");
/// ```
pub fn thread_coord_at(thr: &Layout, c: &Coord) -> Result<Coord> {
    fn index_in(c: &Coord, shape: &IntTuple) -> Result<i64> {
        match (c, shape) {
            (Coord::Int(n), s) => {
                let size = s.size()?;
                match (0..size).contains(n) {
                    true => Ok(*n),
                    false => Err(DomainError::IndexOutOfRange {
                        what: "thread coordinate",
                        index: *n,
                        size,
                    }
                    .into()),
                }
            }
            (Coord::Tuple(cs), IntTuple::Tuple(ss)) if cs.len() == ss.len() => {
                let (mut index, mut prefix) = (0i64, 1i64);
                for (c, s) in cs.iter().zip(ss) {
                    // Each term is below the mode's size, which fits.
                    index += index_in(c, s)? * prefix;
                    prefix *= s.size()?;
                }
                Ok(index)
            }
            (Coord::Tuple(cs), IntTuple::Tuple(ss)) => Err(DomainError::RankMismatch {
                expected: ss.len(),
                found: cs.len(),
            }
            .into()),
            (Coord::Underscore, _) => Err(CallError::WrongType {
                expected: "an integer or a tuple of them (a thread coordinate)",
                found: "`_`",
            }
            .into()),
            (c, s) => Err(DomainError::CoordinateTooDeep {
                coord: c.to_string(),
                extent: s.to_string(),
            }
            .into()),
        }
    }
    match (thr.rank(), c) {
        (1, c) | (_, c @ Coord::Underscore) => index_in(c, thr.shape()).map(Coord::Int),
        (_, Coord::Tuple(cs)) if cs.len() == thr.rank() => {
            let modes = thr.shape().modes();
            let indices = cs.iter().zip(modes.iter()).map(|(c, s)| index_in(c, s));
            indices
                .map(|i| i.map(Coord::Int))
                .collect::<Result<_>>()
                .map(Coord::Tuple)
        }
        (rank, c) => Err(DomainError::RankMismatch {
            expected: rank,
            found: match c {
                Coord::Tuple(cs) => cs.len(),
                _ => 1,
            },
        }
        .into()),
    }
}

/// `idx` when it is below the number of threads `size(thr)` (CuTe wraps).
pub fn check_thread_index(thr: &Layout, idx: i64) -> Result<()> {
    let size = thr.size();
    match (0..size).contains(&idx) {
        true => Ok(()),
        false => Err(DomainError::IndexOutOfRange {
            what: "thread index",
            index: idx,
            size,
        }
        .into()),
    }
}
