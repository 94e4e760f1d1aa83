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
use super::split::{index_offset, split};
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
    /// per leaf of the shape, written into `coord`, whose earlier length and
    /// entries do not matter: it can be reused from call to call (no
    /// allocation once it has grown to the number of leaves; a flat layout
    /// then overwrites the entries in place). Returns false, leaving `coord`
    /// unspecified, when `i` is outside `0..size`.
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
    #[inline]
    pub fn idx2crd_into(&self, index: i64, coord: &mut Vec<i64>) -> bool {
        let Ok(rest) = u64::try_from(index) else {
            coord.clear();
            return false;
        };
        if let Tuple(modes) = &self.shape {
            return match flat_idx2crd(modes, rest, coord) {
                Ok(inside) => inside,
                Err((first_nested, rest)) => nested_idx2crd(modes, first_nested, rest, coord),
            };
        }
        coord.clear();
        let mut rest = rest;
        split(&self.shape, &self.shape, &mut rest, true, &mut |c, _| {
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
    #[inline]
    pub fn crd2idx_leaves(&self, coord: &[i64]) -> Option<i64> {
        // A flat layout with one entry per mode: shape, stride and
        // coordinate walked in step. A nested mode leaves to the general
        // walk (an entry refused before it is refused there too: up to the
        // first nested mode, the k-th mode is the k-th leaf).
        if let (Tuple(s), Tuple(d)) = (&self.shape, &self.stride) {
            if s.len() == coord.len() && d.len() == coord.len() {
                let mut offset = 0i64;
                let mut flat = true;
                for ((s, d), &c) in s.iter().zip(d).zip(coord) {
                    let (Int(s), Int(d)) = (s, d) else {
                        flat = false;
                        break;
                    };
                    offset = offset.wrapping_add(leaf_part(*s, *d, c)?);
                }
                if flat {
                    return Some(offset);
                }
            }
        }
        nested_crd2idx_leaves(&self.shape, &self.stride, coord)
    }
}

/// [`Layout::crd2idx_leaves`] of a nested layout (or a coordinate of the
/// wrong length), out of line: the flat path stays small enough to inline.
#[inline(never)]
fn nested_crd2idx_leaves(shape: &IntTuple, stride: &IntTuple, coord: &[i64]) -> Option<i64> {
    // The top-level modes in a loop, a leaf inline; only a nested mode
    // recurses.
    let mut rest = coord;
    let offset = match (shape, stride) {
        (Tuple(s), Tuple(d)) => s.iter().zip(d).try_fold(0i64, |offset, pair| {
            let part = match pair {
                (Int(s), Int(d)) => leaf_offset(*s, *d, &mut rest),
                (s, d) => leaves_offset(s, d, &mut rest),
            };
            Some(offset.wrapping_add(part?))
        })?,
        (s, d) => leaves_offset(s, d, &mut rest)?,
    };
    rest.is_empty().then_some(offset)
}

/// [`Layout::idx2crd_into`] of a tuple, its leading modes that are leaves
/// (all of them in the common, flat case): one entry per mode, written in
/// place. Reused from call to call the buffer already has at least that
/// length (exactly that for a flat layout, so it is not touched), and the
/// remainder stays in a register.
/// At the first nested mode, `Err((its position, the remainder))` with the
/// entries before it kept, for the general walk to go on from. A leaf that
/// refuses the index is refused by the general walk too. The last mode
/// takes what is left if it is below its extent: no division.
#[inline(always)]
fn flat_idx2crd(
    modes: &[IntTuple],
    mut rest: u64,
    coord: &mut Vec<i64>,
) -> Result<bool, (usize, u64)> {
    let end = modes.len();
    if coord.len() < end {
        resize(coord, end);
    }
    let (Some((last, modes)), Some((last_entry, entries))) =
        (modes.split_last(), coord[..end].split_last_mut())
    else {
        // `()`: one coordinate, `()`, for the index 0.
        coord.clear();
        return Ok(rest == 0);
    };
    for (k, (mode, entry)) in modes.iter().zip(entries).enumerate() {
        let Int(extent) = mode else {
            coord.truncate(k);
            return Err((k, rest));
        };
        // Extents are non-negative (checked by `Layout::new`).
        let Some(c) = divide(&mut rest, *extent as u64) else {
            return Ok(false);
        };
        *entry = c as i64;
    }
    let Int(extent) = last else {
        coord.truncate(end - 1);
        return Err((end - 1, rest));
    };
    *last_entry = rest as i64;
    coord.truncate(end);
    Ok(rest < *extent as u64)
}

/// [`Layout::idx2crd_into`] of the modes from the first nested one on
/// (`modes[first_nested..]`), through the general walk, appending to the
/// entries of the flat modes before it; out of line, as the flat path is
/// inlined.
#[inline(never)]
fn nested_idx2crd(
    modes: &[IntTuple],
    first_nested: usize,
    mut rest: u64,
    coord: &mut Vec<i64>,
) -> bool {
    let end = modes.len();
    modes[first_nested..].iter().enumerate().all(|(k, mode)| {
        let last = first_nested + k + 1 == end;
        // The strides play no part: the shape stands in for them (it is
        // congruent with itself) in the walk `offset` uses.
        split(mode, mode, &mut rest, last, &mut |c, _| coord.push(c))
    }) && rest == 0
}

/// The buffer's first use, or a layout with more modes than the last one:
/// out of the flat loop's way.
#[cold]
fn resize(coord: &mut Vec<i64>, len: usize) {
    coord.resize(len, 0);
}

/// The offset of the leaves of `shape:stride` from the front of `coord`
/// (one entry per leaf, consumed): `None` when an entry is missing or
/// outside its extent (or the trees are not congruent).
fn leaves_offset(shape: &IntTuple, stride: &IntTuple, coord: &mut &[i64]) -> Option<i64> {
    match (shape, stride) {
        (Int(s), Int(d)) => leaf_offset(*s, *d, coord),
        (Tuple(s), Tuple(d)) if s.len() == d.len() => {
            s.iter().zip(d).try_fold(0i64, |offset, pair| {
                let part = match pair {
                    (Int(s), Int(d)) => leaf_offset(*s, *d, coord),
                    (s, d) => leaves_offset(s, d, coord),
                };
                Some(offset.wrapping_add(part?))
            })
        }
        _ => None,
    }
}

/// One leaf's part: the next entry of `coord` (consumed) through
/// [`leaf_part`].
#[inline(always)]
fn leaf_offset(extent: i64, stride: i64, coord: &mut &[i64]) -> Option<i64> {
    let (&c, rest) = coord.split_first()?;
    *coord = rest;
    leaf_part(extent, stride, c)
}

/// `c · stride` if `c` lies in `0..extent`. One unsigned comparison: a
/// negative entry wraps past every extent (extents are non-negative,
/// checked by `Layout::new`).
#[inline(always)]
fn leaf_part(extent: i64, stride: i64, c: i64) -> Option<i64> {
    ((c as u64) < (extent as u64)).then(|| c.wrapping_mul(stride))
}

/// `rest % extent`, leaving `rest / extent` in `rest`; `None` for an
/// extent of 0 (an empty domain). `idx2crd_into`'s step: the same cases
/// as `split_leaf`'s, the power-of-two test first (it covers 1).
#[inline(always)]
fn divide(rest: &mut u64, extent: u64) -> Option<u64> {
    let r = *rest;
    let (quotient, coord) = if extent & extent.wrapping_sub(1) == 0 {
        // A power of two (most GPU extents, and 1): a shift and a mask.
        // The test goes the same way on every call for a given layout.
        if extent == 0 {
            return None;
        }
        (r >> extent.trailing_zeros(), r & (extent - 1))
    } else if (r | extent) >> 32 == 0 {
        // A 32-bit division is several times cheaper than a 64-bit one,
        // and indices and extents nearly always fit.
        let (r, e) = (r as u32, extent as u32);
        (u64::from(r / e), u64::from(r % e))
    } else {
        (r / extent, r % extent)
    };
    *rest = quotient;
    Some(coord)
}
