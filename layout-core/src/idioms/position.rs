//! A row-major position iterator: an odometer over a layout's leaf
//! coordinates (last leaf fastest) that keeps the offset under the layout up
//! to date with one addition per step, no division or modulo.

use alloc::vec::Vec;

use crate::error::{DomainError, Result, add, mul};
use crate::layout::Layout;

/// Walks the coordinates of a layout in row-major order from a start
/// coordinate, with the offset of each.
///
/// Coordinates are flat: one entry per leaf of the layout's shape. As an
/// [`Iterator`] it yields the offsets; as a cursor
/// ([`is_end`](Positions::is_end), [`coord`](Positions::coord),
/// [`offset`](Positions::offset), [`advance`](Positions::advance)) it also
/// shows the current coordinate, a borrow of its own buffer. Neither
/// allocates per step (only [`new`](Positions::new) allocates, once).
///
/// ```
/// use layout_core::{Layout, Positions};
/// let l: Layout = "(2,3,4,5):(60,20,5,1)".parse().unwrap();
/// let mut p = Positions::new(&l, &[1, 2, 1, 3]).unwrap();
/// assert_eq!(p.offset(), 108);
/// p.advance();
/// assert_eq!((p.coord(), p.offset()), (&[1, 2, 1, 4][..], 109));
/// p.advance();
/// assert_eq!((p.coord(), p.offset()), (&[1, 2, 2, 0][..], 110));
/// // The rest as offsets: 110, 111, …, 119.
/// assert!(p.eq(110..120));
/// ```
#[derive(Clone, Debug)]
#[must_use = "iterators are lazy and do nothing unless consumed"]
pub struct Positions {
    extents: Vec<i64>,
    strides: Vec<i64>,
    coord: Vec<i64>,
    offset: i64,
    remaining: i64,
    /// The last axis's extent and stride (1 and 0 with no axes), read on
    /// every step: kept beside the vectors.
    last: (i64, i64),
}

impl Positions {
    /// Start at `start` (one entry per leaf, each in `0..extent`). An empty
    /// domain has no positions; its only valid start is all zeros.
    ///
    /// # Errors
    ///
    /// [`RankMismatch`](crate::DomainError::RankMismatch) when `start` does not have
    /// one entry per leaf, [`CoordOutOfRange`](crate::DomainError::CoordOutOfRange)
    /// when an entry is outside its leaf's extent.
    pub fn new(layout: &Layout, start: &[i64]) -> Result<Positions> {
        let (extents, strides): (Vec<i64>, Vec<i64>) = layout.leaf_modes().unzip();
        if start.len() != extents.len() {
            let (expected, found) = (extents.len(), start.len());
            return Err(DomainError::RankMismatch { expected, found }.into());
        }
        let size = layout.size();
        // Row-major rank of `start`: how many positions come before it.
        let mut before = 0i64;
        for (axis, (&c, &extent)) in start.iter().zip(&extents).enumerate() {
            let in_range = (0..extent).contains(&c) || (size == 0 && c == 0);
            if !in_range {
                return Err(DomainError::CoordOutOfRange {
                    what: "start coordinate",
                    coord: c,
                    axis,
                    extent,
                }
                .into());
            }
            before = add(mul(before, extent)?, c)?;
        }
        let mut offset = 0i64;
        for (&c, &stride) in start.iter().zip(&strides) {
            offset = add(offset, mul(c, stride)?)?;
        }
        Ok(Positions::at(
            extents,
            strides,
            start.to_vec(),
            offset,
            size - before,
        ))
    }

    /// From the first coordinate (all zeros, offset 0), which is always in range.
    pub fn from_origin(layout: &Layout) -> Positions {
        let (extents, strides): (Vec<i64>, Vec<i64>) = layout.leaf_modes().unzip();
        let coord = alloc::vec![0; extents.len()];
        Positions::at(extents, strides, coord, 0, layout.size())
    }

    fn at(
        extents: Vec<i64>,
        strides: Vec<i64>,
        coord: Vec<i64>,
        offset: i64,
        remaining: i64,
    ) -> Positions {
        let last = match (extents.last(), strides.last()) {
            (Some(&extent), Some(&stride)) => (extent, stride),
            _ => (1, 0),
        };
        Positions {
            extents,
            strides,
            coord,
            offset,
            remaining,
            last,
        }
    }

    /// Past the last coordinate.
    #[must_use]
    pub fn is_end(&self) -> bool {
        self.remaining == 0
    }

    /// The current coordinate, one entry per leaf (meaningless at the end).
    /// Copy it with `buffer.copy_from_slice(p.coord())` to keep it.
    #[must_use]
    pub fn coord(&self) -> &[i64] {
        &self.coord
    }

    /// The current coordinate's offset under the layout.
    #[must_use]
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// Step to the next coordinate in row-major order: bump the last leaf,
    /// carrying into the one before it when it wraps.
    #[inline]
    pub fn advance(&mut self) {
        if self.remaining == 0 {
            return;
        }
        self.remaining -= 1;
        if self.remaining == 0 {
            return;
        }
        // Every in-domain offset fits (checked by `Layout::new`). The last
        // axis moves on almost every step: test it first. (`carry` is
        // inlined too, so a loop over `advance` keeps the cursor in registers.)
        let (extent, stride) = self.last;
        if let Some(c) = self.coord.last_mut() {
            if *c + 1 < extent {
                *c += 1;
                self.offset += stride;
                return;
            }
        }
        self.carry();
    }

    /// The rest of [`advance`](Positions::advance): the last axis wrapped.
    #[inline]
    fn carry(&mut self) {
        for axis in (0..self.extents.len()).rev() {
            let (c, extent, stride) = (
                &mut self.coord[axis],
                self.extents[axis],
                self.strides[axis],
            );
            if *c + 1 < extent {
                *c += 1;
                self.offset += stride;
                return;
            }
            self.offset -= *c * stride;
            *c = 0;
        }
    }
}

impl Iterator for Positions {
    /// The offset of each coordinate, in row-major order of the coordinates.
    type Item = i64;

    #[inline]
    fn next(&mut self) -> Option<i64> {
        if self.is_end() {
            return None;
        }
        let offset = self.offset;
        self.advance();
        Some(offset)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = usize::try_from(self.remaining).unwrap_or(usize::MAX);
        (n, Some(n))
    }
}

impl ExactSizeIterator for Positions {}

impl core::iter::FusedIterator for Positions {}
