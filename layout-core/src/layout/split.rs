//! Splitting an index over a layout's leaves, left to right, one
//! division per leaf: [`index_offset`] (CuTe's `layout(i)` on a bare
//! shape and stride) and the walk [`split`] that `index.rs` reuses for
//! coordinates. The index's own module explains why one pass over the
//! leaves answers both "where" and "is it in the domain".

use crate::int_tuple::IntTuple::{self, Int, Tuple};

/// [`Layout::offset`](super::Layout::offset) on a bare shape and stride (for instance one mode
/// of a layout): `L(i)` for `0 <= i < size(shape)`, else `None` (also when
/// shape and stride are not congruent). The offset is exact when
/// `shape:stride` is a valid [`Layout`](super::Layout) (every offset fits in `i64`).
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
pub(super) fn split(
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
        // goes the same way on every call for a given layout. (`divide`
        // below tests it first instead: here that order measured 1 ns
        // slower a call on `(8,16,4,8)` and 1 ns faster on `(6,10,3,7)`,
        // BENCHMARKS.md; `offset` keeps its order.)
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
