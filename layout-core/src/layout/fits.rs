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
            // Most modes are leaves: check them here, recurse only into
            // tuples. Indexed slices, not `zip().all()`: `layout!` runs
            // this as debug code in every user's build, where each
            // iterator layer and closure is a call (BENCHMARKS.md, "A
            // `Display`ed result: eight leaves a word").
            let (s, d): (&[IntTuple], &[IntTuple]) = (s, d);
            let mut k = 0;
            while k < s.len() {
                let fits = match (&s[k], &d[k]) {
                    (Int(s), Int(d)) => leaf_fits(*s, *d, size, span),
                    (s, d) => fits(s, d, size, span),
                };
                if !fits {
                    return false;
                }
                k += 1;
            }
            true
        }
        _ => false,
    }
}

/// One mode `s:d` of a layout whose modes before it have the running
/// `size` and `span`: not a negative extent, and both still fit in `i64`.
#[inline(always)] // Honoured in debug builds too: no call per leaf.
fn leaf_fits(s: i64, d: i64, size: &mut i64, span: &mut i64) -> bool {
    // Numbers below 2^31 (and a span below 2^62) cannot overflow here:
    // plain arithmetic, which debug code runs without a call, where the
    // checked operations are a call each.
    const SMALL: i64 = 1 << 31;
    if 0 < s && s < SMALL && -SMALL < d && d < SMALL && *size < SMALL && *span < 1 << 62 {
        *size *= s;
        *span += (s - 1) * if d < 0 { -d } else { d };
        return true;
    }
    leaf_fits_checked(s, d, size, span)
}

/// [`leaf_fits`] for any numbers.
fn leaf_fits_checked(s: i64, d: i64, size: &mut i64, span: &mut i64) -> bool {
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

#[cfg(test)]
mod tests {
    use super::{leaf_fits, leaf_fits_checked};

    /// The plain-arithmetic path of `leaf_fits` answers as the checked one,
    /// around its limits (2^31 for the numbers, 2^62 for the span) and the
    /// overflows of `i64`.
    #[test]
    fn leaf_fits_answers_as_checked_arithmetic() {
        let small = 1i64 << 31;
        let numbers = [
            i64::MIN,
            -small - 1,
            -small,
            -small + 1,
            -3,
            -1,
            0,
            1,
            2,
            7,
            small - 1,
            small,
            small + 1,
            1 << 40,
            i64::MAX / 2,
            i64::MAX,
        ];
        let runs = [0, 1, 5, small - 1, small, (1 << 62) - 1, 1 << 62, i64::MAX];
        for &s in &numbers {
            for &d in &numbers {
                for &size in &runs {
                    for &span in &runs {
                        let (mut a, mut b) = ((size, span), (size, span));
                        let fast = leaf_fits(s, d, &mut a.0, &mut a.1);
                        let checked = leaf_fits_checked(s, d, &mut b.0, &mut b.1);
                        assert_eq!(fast, checked, "{s}:{d} after {size}, {span}");
                        if fast {
                            assert_eq!(a, b, "{s}:{d} after {size}, {span}");
                        }
                    }
                }
            }
        }
    }
}
