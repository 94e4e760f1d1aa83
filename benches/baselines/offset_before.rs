//! `Layout::offset` as it was before the flat fast path, the undivided last
//! leaf and the power-of-two shift (commit 4eac311, `layout-core/src/layout/
//! index.rs`), frozen here so the index bench times the change against it
//! in the same run. Not used elsewhere.

use layout_dsl::IntTuple::{self, Int, Tuple};
use layout_dsl::Layout;

/// Inlined into the bench's loop, as `Layout::offset` is.
#[inline]
pub fn offset_before(l: &Layout, index: i64) -> Option<i64> {
    let (shape, stride) = (l.shape(), l.stride());
    if let (Int(s), Int(d)) = (shape, stride) {
        return (0..*s).contains(&index).then(|| index.wrapping_mul(*d));
    }
    let mut rest = u64::try_from(index).ok()?;
    let mut offset = 0i64;
    split(shape, stride, &mut rest, &mut |c, d| {
        offset = offset.wrapping_add(c.wrapping_mul(d));
    })
    .then_some(())?;
    (rest == 0).then_some(offset)
}

#[inline]
fn split(
    shape: &IntTuple,
    stride: &IntTuple,
    rest: &mut u64,
    leaf: &mut impl FnMut(i64, i64),
) -> bool {
    match (shape, stride) {
        (Int(s), Int(d)) => split_leaf(*s, *d, rest, leaf),
        (Tuple(s), Tuple(d)) => s.iter().zip(d).all(|pair| match pair {
            (Int(s), Int(d)) => split_leaf(*s, *d, rest, leaf),
            (s, d) => split(s, d, rest, leaf),
        }),
        _ => false,
    }
}

#[inline(always)]
fn split_leaf(extent: i64, stride: i64, rest: &mut u64, leaf: &mut impl FnMut(i64, i64)) -> bool {
    let extent = extent as u64;
    let (quotient, coord) = match extent {
        0 => return false,
        1 => (*rest, 0),
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
