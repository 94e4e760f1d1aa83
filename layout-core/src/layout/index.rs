//! Index-to-offset and index-to-coordinate without allocation: what a loop
//! over a layout known only at run time calls per element, CuTe's `layout(i)`.
//!
//! Inside the domain, splitting an index over a hierarchical shape is the
//! same as splitting it over the flat list of leaves (colexicographic order
//! ignores the nesting), and the index is in the domain exactly when nothing
//! is left after dividing by every extent. So one pass over the leaves, one
//! division each, answers both "where" and "is it in the domain"; the last
//! leaf needs no division (what is left must be below its extent), and a
//! power-of-two extent takes a shift and a mask.

use alloc::vec::Vec;

use super::Layout;
use crate::int_tuple::IntTuple::{self, Int, Tuple};

impl Layout {
    /// `L(i)` for `0 <= i < size`, else `None`: one pass over the leaves,
    /// no allocation, no `Result`. Equal to [`Layout::at`] in the domain
    /// (`at` also reads past the end, as CuTe's last mode absorbs overflow).
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "((2,3),4):((12,4),1)".parse().unwrap();
    /// assert_eq!(l.offset(7), Some(l.at(7).unwrap()));
    /// assert_eq!(l.offset(7), Some(12 + 1)); // coordinate ((1,0),1)
    /// assert_eq!(l.offset(24), None);
    /// assert_eq!(l.offset(-1), None);
    /// ```
    #[must_use]
    #[inline]
    pub fn offset(&self, index: i64) -> Option<i64> {
        index_offset(index, &self.shape, &self.stride)
    }

    /// The natural coordinate of index `i` (`idx2crd(i, shape)`), one entry
    /// per leaf of the shape, written into `coord`, which is cleared first
    /// and can be reused from call to call (no allocation once it has grown
    /// to the number of leaves). Returns false, leaving `coord` unspecified,
    /// when `i` is outside `0..size`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(3,(2,3)):(1,(3,6))".parse().unwrap();
    /// let mut coord = Vec::new();
    /// assert!(l.idx2crd_into(16, &mut coord));
    /// assert_eq!(coord, [1, 1, 2]); // l.idx2crd(16) is (1,(1,2))
    /// assert_eq!(l.crd2idx_leaves(&coord), Some(16));
    /// assert!(!l.idx2crd_into(18, &mut coord));
    /// ```
    #[must_use]
    pub fn idx2crd_into(&self, index: i64, coord: &mut Vec<i64>) -> bool {
        coord.clear();
        let Ok(mut rest) = u64::try_from(index) else {
            return false;
        };
        split(&self.shape, &self.stride, &mut rest, true, &mut |c, _| {
            coord.push(c);
        }) && rest == 0
    }

    /// The offset of a coordinate given as one entry per leaf (the form
    /// [`Layout::idx2crd_into`] writes): `None` unless there is one entry per
    /// leaf and each lies in `0..extent`.
    ///
    /// ```
    /// # use layout_core::Layout;
    /// let l: Layout = "(3,(2,3)):(1,(3,6))".parse().unwrap();
    /// assert_eq!(l.crd2idx_leaves(&[1, 1, 2]), Some(1 + 3 + 12));
    /// assert_eq!(l.crd2idx_leaves(&[1, 2, 0]), None);
    /// assert_eq!(l.crd2idx_leaves(&[1, 1]), None);
    /// ```
    #[must_use]
    pub fn crd2idx_leaves(&self, coord: &[i64]) -> Option<i64> {
        let mut offset = 0i64;
        let mut rest = coord.iter();
        let mut inside = true;
        self.for_each_leaf_mode(|s, d| match rest.next() {
            Some(&c) if (0..s).contains(&c) => offset = offset.wrapping_add(c.wrapping_mul(d)),
            _ => inside = false,
        });
        (inside && rest.next().is_none()).then_some(offset)
    }
}

/// [`Layout::offset`] on a bare shape and stride (for instance one mode
/// of a layout): `L(i)` for `0 <= i < size(shape)`, else `None` (also when
/// shape and stride are not congruent). The offset is exact when
/// `shape:stride` is a valid [`Layout`] (every offset fits in `i64`).
///
/// ```
/// # use layout_core::{index_offset, IntTuple};
/// let (s, d): (IntTuple, IntTuple) = ("(2,3)".parse().unwrap(), "(3,1)".parse().unwrap());
/// assert_eq!(index_offset(3, &s, &d), Some(3 + 1));
/// assert_eq!(index_offset(6, &s, &d), None);
/// ```
#[must_use]
#[inline]
pub fn index_offset(index: i64, shape: &IntTuple, stride: &IntTuple) -> Option<i64> {
    // One extent (each mode of a flat tuple coordinate lands here): a
    // comparison, no division.
    if let (Int(s), Int(d)) = (shape, stride) {
        return (0..*s).contains(&index).then(|| index.wrapping_mul(*d));
    }
    let mut rest = u64::try_from(index).ok()?;
    if let (Tuple(s), Tuple(d)) = (shape, stride) {
        return tuple_offset(s, d, rest);
    }
    let mut offset = 0i64;
    split(shape, stride, &mut rest, true, &mut |c, d| {
        offset = offset.wrapping_add(c.wrapping_mul(d));
    })
    .then_some(())?;
    // In the domain no partial sum leaves `i64` (the span of a valid
    // layout fits), so the wrapping arithmetic above is exact.
    (rest == 0).then_some(offset)
}

/// [`index_offset`] on a tuple: the same leaf steps as [`split`], each
/// top-level leaf inline with the remainder and the offset in locals
/// (registers) rather than behind the recursion's references; a nested
/// mode goes through [`split`] with copies of its own, so that only they
/// live in memory.
#[inline]
fn tuple_offset(shape: &[IntTuple], stride: &[IntTuple], mut rest: u64) -> Option<i64> {
    let mut offset = 0i64;
    let end = shape.len();
    if stride.len() != end {
        return None;
    }
    for (k, (s, d)) in shape.iter().zip(stride).enumerate() {
        let last = k + 1 == end;
        let inside = if let (Int(s), Int(d)) = (s, d) {
            split_leaf(*s, *d, &mut rest, last, &mut |c, d| {
                offset = offset.wrapping_add(c.wrapping_mul(d));
            })
        } else {
            let (mut r, mut sub) = (rest, 0i64);
            let inside = split(s, d, &mut r, last, &mut |c, d| {
                sub = sub.wrapping_add(c.wrapping_mul(d));
            });
            (rest, offset) = (r, offset.wrapping_add(sub));
            inside
        };
        if !inside {
            return None;
        }
    }
    // As in `index_offset`: exact in the domain.
    (rest == 0).then_some(offset)
}

/// Divide `rest` by every leaf extent left to right, handing each leaf's
/// coordinate (the remainder) and stride to `leaf`. False when an extent is
/// 0 (the domain is empty). `last`: this tree ends the layout, so its last
/// leaf takes all that is left (no division: in the domain it is below the
/// extent, and past it the index is outside).
#[inline]
fn split(
    shape: &IntTuple,
    stride: &IntTuple,
    rest: &mut u64,
    last: bool,
    leaf: &mut impl FnMut(i64, i64),
) -> bool {
    match (shape, stride) {
        (Int(s), Int(d)) => split_leaf(*s, *d, rest, last, leaf),
        // Most modes are leaves: take them here, recurse only into tuples.
        (Tuple(s), Tuple(d)) => {
            let end = s.len().min(d.len());
            s.iter().zip(d).enumerate().all(|(k, pair)| {
                let last = last && k + 1 == end;
                match pair {
                    (Int(s), Int(d)) => split_leaf(*s, *d, rest, last, leaf),
                    (s, d) => split(s, d, rest, last, leaf),
                }
            })
        }
        // Not congruent: `Layout::new` refuses it.
        _ => false,
    }
}

#[inline(always)]
fn split_leaf(
    extent: i64,
    stride: i64,
    rest: &mut u64,
    last: bool,
    leaf: &mut impl FnMut(i64, i64),
) -> bool {
    // Extents are non-negative (checked by `Layout::new`).
    let extent = extent as u64;
    let (quotient, coord) = match extent {
        // The layout's last leaf: what is left is its coordinate, if it is
        // below the extent (an extent 0 refuses every index).
        _ if last => {
            if *rest >= extent {
                return false;
            }
            (0, *rest)
        }
        0 => return false,
        1 => (*rest, 0),
        // A power of two (most GPU extents): a shift and a mask. The test
        // goes the same way on every call for a given layout.
        _ if extent.is_power_of_two() => (*rest >> extent.trailing_zeros(), *rest & (extent - 1)),
        // A 32-bit division is several times cheaper than a 64-bit one,
        // and indices and extents nearly always fit.
        _ if (*rest | extent) >> 32 == 0 => {
            let (r, e) = (*rest as u32, extent as u32);
            (u64::from(r / e), u64::from(r % e))
        }
        _ => (*rest / extent, *rest % extent),
    };
    *rest = quotient;
    // `coord < extent <= i64::MAX`.
    leaf(coord as i64, stride);
    true
}
