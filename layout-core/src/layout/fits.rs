//! What [`Layout::new`] checks, in one pass and without building anything:
//! every algebra step builds layouts, so checking a valid one must be cheap.
//! (When a check fails, `Layout::new` runs its step-by-step checks, which
//! name what is wrong.)

use super::Layout;
use crate::int_tuple::IntTuple::{self, Int, Tuple};

/// What [`Layout::new`] checks, in one walk of both trees: congruent, no
/// negative extent, and the size and the span of the offsets (the running
/// `size` and `span`) fit in `i64`.
pub(super) fn fits(shape: &IntTuple, stride: &IntTuple, size: &mut i64, span: &mut i64) -> bool {
    match (shape, stride) {
        (Int(s), Int(d)) => leaf_fits(*s, *d, size, span),
        (Tuple(s), Tuple(d)) if s.len() == d.len() => {
            // Most modes are leaves: check them here, recurse only into tuples.
            s.iter().zip(d).all(|pair| match pair {
                (Int(s), Int(d)) => leaf_fits(*s, *d, size, span),
                (s, d) => fits(s, d, size, span),
            })
        }
        _ => false,
    }
}

fn leaf_fits(s: i64, d: i64, size: &mut i64, span: &mut i64) -> bool {
    if s < 0 {
        return false;
    }
    let reach = (s - 1)
        .max(0)
        .checked_mul(d.checked_abs().unwrap_or(i64::MAX));
    match (size.checked_mul(s), reach.and_then(|r| span.checked_add(r))) {
        (Some(n), Some(m)) => {
            (*size, *span) = (n, m);
            true
        }
        _ => false,
    }
}

/// Whether `shape:stride` is a valid layout without an extent 0. Then every
/// sub-tuple of it is valid as a layout too: its size and the span of its
/// offsets are at most the whole's (with an extent 0 the whole's size is 0
/// and says nothing about the others).
pub(crate) fn fits_without_zero(shape: &IntTuple, stride: &IntTuple) -> bool {
    let (mut size, mut span) = (1, 0);
    fits(shape, stride, &mut size, &mut span) && size != 0
}

/// Whether [`Layout::concat`] of these valid layouts would succeed, without
/// building it.
pub(crate) fn concat_fits(parts: &[&Layout]) -> bool {
    let (mut size, mut span) = (1, 0);
    parts
        .iter()
        .all(|l| fits(&l.shape, &l.stride, &mut size, &mut span))
}

/// Whether [`Layout::from_leaf_modes`] would succeed, without building it.
pub(crate) fn leaf_modes_fit(modes: &[(i64, i64)]) -> bool {
    let (mut size, mut span) = (1, 0);
    modes
        .iter()
        .all(|&(s, d)| leaf_fits(s, d, &mut size, &mut span))
}
