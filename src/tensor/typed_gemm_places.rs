//! Where C's nested M puts A's M coordinates, for the typed `gemm` on
//! a nested C of at most 64 elements (`typed_gemm_permuted.rs`): A's
//! offsets in C's order, laid out from both modes' leaves with no common
//! leaves, no sort and no division (C's V of a power of two), so that for
//! literal leaves all of it folds to constants while compiling.

use core::mem::MaybeUninit;

use crate::__private::{GemmOperand, Roles};
use crate::tensor::typed_gemm::REGISTERS;

/// Offsets of up to [`REGISTERS`] coordinates of one role.
pub(super) type Table = [MaybeUninit<usize>; REGISTERS];

/// Entries `len..next` of `out` (a leaf of extent `next / len` and stride
/// `d` after the `len` entries of the leaves before): entry `t` is entry
/// `t − len` plus `d`, no division.
#[inline(always)]
fn extend(out: &mut Table, len: usize, next: usize, d: usize) {
    for t in len..Ord::min(next, REGISTERS) {
        // SAFETY: `t - len < t < REGISTERS`; entry `t - len` was written
        // before (the leaves so far, or this leaf's earlier entries).
        // (Checked, the two indexings kept a bounds test and a panic
        // path in the loop.)
        unsafe {
            let before = out.get_unchecked(t - len).assume_init();
            *out.get_unchecked_mut(t) = MaybeUninit::new(before.wrapping_add(d));
        }
    }
}

/// The offsets of `l`'s mode `mode` at its 1-D coordinates `0, 1, …`
/// (the first leaf fastest) in `out`, laid out leaf by leaf by [`extend`]
/// in the leaves' own callback: for literal leaves every loop has a
/// known count and the entries fold to constants. The mode's size (its
/// leaves' extents multiplied), `None` past [`REGISTERS`].
#[inline(always)]
fn natural<L: GemmOperand>(out: &mut Table, l: &L, mode: Option<usize>) -> Option<usize> {
    out[0] = MaybeUninit::new(0);
    let Some(mode) = mode else {
        return Some(1);
    };
    let (mut len, mut over) = (1usize, false);
    l.leaves(mode, &mut |e, d| {
        let next = len.checked_mul(e).filter(|&next| next <= REGISTERS);
        let Some(next) = next.filter(|_| !over) else {
            over = true;
            return;
        };
        extend(out, len, next, d);
        len = next;
    });
    (!over).then_some(len)
}

/// `x / e` when `e` (not 0) divides `x`, else `None`: by a shift when `e`
/// is a power of two (C's V mostly is 1; a division is tens of cycles).
#[inline(always)]
fn exact_quotient(x: usize, e: usize) -> Option<usize> {
    if e.is_power_of_two() {
        let shift = e.trailing_zeros();
        (x & (e - 1) == 0).then_some(x >> shift)
    } else {
        (x % e == 0).then(|| x / e)
    }
}

/// A's offsets of M in C's order (`out[p]`: A's offset of the coordinate
/// C holds `p`th in a column), when C's M puts its `m` coordinates at
/// `v·p` for `p` = `0..m`, each once (so a column's `V·M` elements are
/// consecutive in `(v, m)` order, C's V of stride 1); `None` otherwise.
/// Any nesting of A's M and of C's: no common leaves, no sort, no
/// division but for a `v` not a power of two. With `Some(stride)` when
/// A's are one progression in that order.
#[inline(always)]
pub(super) fn m_in_c_order<LA: GemmOperand, LC: GemmOperand>(
    out: &mut Table,
    (la, ra): (&LA, Roles),
    (lc, rc): (&LC, Roles),
    [v, m]: [usize; 2],
) -> Option<Option<usize>> {
    let (mut at_a, mut at_c) = (
        [MaybeUninit::uninit(); REGISTERS],
        [MaybeUninit::uninit(); REGISTERS],
    );
    if natural(&mut at_a, la, ra[1])? != m || natural(&mut at_c, lc, rc[1])? != m {
        return None;
    }
    placed(out, (&at_a, &at_c), m, v)
}

/// B's offsets of N in C's order of columns (`out[p]`: B's offset of the
/// column C holds `p`th), when C's N puts its `n` columns at `u·p` for `p`
/// = `0..n`, each once, `u` its least positive offset and at least `vm`
/// (so the columns are distinct); `None` otherwise. Any nesting of B's N
/// and of C's (no common leaves needed), C's N's leaves in any order.
/// With `u` (`vm` for one column), and `Some(stride)` when B's are one
/// progression in that order.
#[inline(always)]
pub(super) fn n_in_c_order<LB: GemmOperand, LC: GemmOperand>(
    out: &mut Table,
    (lb, rb): (&LB, Roles),
    (lc, rc): (&LC, Roles),
    [n, vm]: [usize; 2],
) -> Option<(Option<usize>, usize)> {
    let (mut at_b, mut at_c) = (
        [MaybeUninit::uninit(); REGISTERS],
        [MaybeUninit::uninit(); REGISTERS],
    );
    if natural(&mut at_b, lb, rb[1])? != n || natural(&mut at_c, lc, rc[2])? != n {
        return None;
    }
    // SAFETY: entries below `n ≤ REGISTERS`, which `natural` wrote.
    let least = (0..n)
        .map(|j| unsafe { at_c.get_unchecked(j).assume_init() })
        .filter(|&y| (y as isize) > 0)
        .min();
    let unit = if n == 1 {
        vm
    } else {
        least.filter(|&u| u >= vm)?
    };
    Some((placed(out, (&at_b, &at_c), n, unit)?, unit))
}

/// `x`'s offsets put at `c`'s places: `out[p] = x[i]` where `c[i] =
/// unit·p`, for `i` = `0..count` (entries `natural` wrote), when each
/// `p` is below `count` and taken once; `None` otherwise. With
/// `Some(stride)` when `out` is one progression.
#[inline(always)]
fn placed(
    out: &mut Table,
    (x, c): (&Table, &Table),
    count: usize,
    unit: usize,
) -> Option<Option<usize>> {
    if count > REGISTERS {
        return None; // Not reached (`natural`'s sizes); no test below.
    }
    let mut seen = 0u64;
    for i in 0..count {
        // SAFETY: `i < count ≤ REGISTERS`, entries the caller wrote.
        let (x, y) = unsafe {
            (
                x.get_unchecked(i).assume_init(),
                c.get_unchecked(i).assume_init(),
            )
        };
        let p = exact_quotient(y, unit)?;
        if p >= count || seen & (1 << p) != 0 {
            return None; // Past the last place, or a place taken twice.
        }
        seen |= 1 << p;
        // SAFETY: `p < count ≤ REGISTERS`.
        unsafe { *out.get_unchecked_mut(p) = MaybeUninit::new(x) };
    }
    // `count` distinct places below `count`: every entry below it
    // written. SAFETY (both reads): entries below `count`, written above.
    let first = if count > 1 {
        unsafe { out[1].assume_init() }
    } else {
        0
    };
    let chained =
        (0..count).all(|p| unsafe { out.get_unchecked(p).assume_init() } == p.wrapping_mul(first));
    Some(chained.then_some(first))
}
