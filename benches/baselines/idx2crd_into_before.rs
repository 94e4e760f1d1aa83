//! `Layout::idx2crd_into` and `Layout::crd2idx_leaves` as they were before
//! the flat loops (commit 4b24e3d, `layout-core/src/layout/index.rs`: a
//! push per leaf through the recursive walk, the leaves visited by a
//! closure), frozen here so the index bench times the change against it in
//! the same run. Not used elsewhere.

use layout_dsl::IntTuple::{self, Int, Tuple};
use layout_dsl::Layout;

/// As `Layout::idx2crd_into` was (not `#[inline]`, as it was not).
#[inline(never)]
pub fn idx2crd_into_before(l: &Layout, index: i64, coord: &mut Vec<i64>) -> bool {
    coord.clear();
    let Ok(mut rest) = u64::try_from(index) else {
        return false;
    };
    split(l.shape(), l.stride(), &mut rest, true, &mut |c, _| {
        coord.push(c);
    }) && rest == 0
}

/// As `Layout::crd2idx_leaves` was.
#[inline(never)]
pub fn crd2idx_leaves_before(l: &Layout, coord: &[i64]) -> Option<i64> {
    let mut offset = 0i64;
    let mut rest = coord.iter();
    let mut inside = true;
    for_each_leaf_mode(l, |s, d| match rest.next() {
        Some(&c) if (0..s).contains(&c) => offset = offset.wrapping_add(c.wrapping_mul(d)),
        _ => inside = false,
    });
    (inside && rest.next().is_none()).then_some(offset)
}

fn for_each_leaf_mode(l: &Layout, mut f: impl FnMut(i64, i64)) {
    fn walk(shape: &IntTuple, stride: &IntTuple, f: &mut impl FnMut(i64, i64)) {
        match (shape, stride) {
            (Int(s), Int(d)) => f(*s, *d),
            (Tuple(s), Tuple(d)) => s.iter().zip(d).for_each(|pair| match pair {
                (Int(s), Int(d)) => f(*s, *d),
                (s, d) => walk(s, d, f),
            }),
            _ => {}
        }
    }
    walk(l.shape(), l.stride(), &mut f);
}

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
    let extent = extent as u64;
    let (quotient, coord) = match extent {
        _ if last => {
            if *rest >= extent {
                return false;
            }
            (0, *rest)
        }
        0 => return false,
        1 => (*rest, 0),
        _ if extent.is_power_of_two() => (*rest >> extent.trailing_zeros(), *rest & (extent - 1)),
        _ if (*rest | extent) >> 32 == 0 => {
            let (r, e) = (*rest as u32, extent as u32);
            (u64::from(r / e), u64::from(r % e))
        }
        _ => (*rest / extent, *rest % extent),
    };
    *rest = quotient;
    leaf(coord as i64, stride);
    true
}
