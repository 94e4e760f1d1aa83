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
pub(super) fn extend(out: &mut Table, len: usize, next: usize, d: usize) {
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
/// division but for a `v` not a power of two (C's and A's natural
/// offsets laid out by [`natural`], then A's scattered to C's places).
/// With `Some(stride)` when A's are one progression in that order.
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
    let mut seen = 0u64;
    for i in 0..m {
        // SAFETY: `i < m ≤ REGISTERS`, entries `natural` wrote.
        let (x, y) = unsafe {
            (
                at_a.get_unchecked(i).assume_init(),
                at_c.get_unchecked(i).assume_init(),
            )
        };
        let p = exact_quotient(y, v)?;
        if p >= m || seen & (1 << p) != 0 {
            return None; // Past the column, or a place taken twice.
        }
        seen |= 1 << p;
        // SAFETY: `p < m ≤ REGISTERS`.
        unsafe { *out.get_unchecked_mut(p) = MaybeUninit::new(x) };
    }
    // `m` distinct places below `m`: every entry below `m` written.
    // SAFETY (both reads): entries below `m`, written above.
    let first = if m > 1 {
        unsafe { out[1].assume_init() }
    } else {
        0
    };
    let chained =
        (0..m).all(|p| unsafe { out.get_unchecked(p).assume_init() } == p.wrapping_mul(first));
    Some(chained.then_some(first))
}
