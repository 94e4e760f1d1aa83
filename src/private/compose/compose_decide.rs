//! Composition of typed values decided point by point, as the core decides
//! it (`layout-core/src/algebra/refine.rs`), where the straight-line walk
//! (`compose_walk.rs`) refuses: a cold path that reads the left layout at
//! each index of the right one, with the core's limit. The walk answers
//! every case CuTe's divisibility proves and most others; what is left
//! are left layouts of three or more groups whose carries cancel (a carry
//! out of one group and one out of the next that add up to 0, e.g.
//! `(2,2,1):(1,1,3) ∘ (2,2):(1,3)`), which no condition on one group sees.

use crate::__private::tree::MAX_RANK;
use layout_core::algebra::COMPOSITION_CHECK_LIMIT;

/// The most modes a leaf's decided layout has: one per leaf of the left
/// layout, which has at most [`MAX_RANK`] (the typed shell's widest tuple).
pub(in crate::__private) const MODES: usize = MAX_RANK;

/// The coalesced modes of one leaf's layout, in order.
#[derive(Clone, Copy)]
pub struct LeafModes {
    modes: [(usize, usize); MODES],
    len: usize,
}

impl LeafModes {
    /// The modes.
    #[inline]
    pub fn as_slice(&self) -> &[(usize, usize)] {
        &self.modes[..self.len]
    }
}

/// What the decision reads, bounded as the core bounds it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Reads {
    /// Values of the left layout read, leaf by leaf (the core's first limit).
    pub reads: usize,
    /// The right layout's largest offset, `Σ (n-1)·r` over its leaves.
    pub right_span: usize,
    /// The result's largest offset, the sum of each leaf's largest value.
    pub span: usize,
    /// The right layout is empty: nothing to agree with, each leaf `n:0`
    /// (the core answers without reading).
    pub empty: bool,
}

/// The layout of `f(c) = A(c·r)` for `c < n` (`value` is `A`), if one
/// exists: its coalesced form is unique (the core's `layout_of_values`),
/// so it is built greedily, a mode running while the values stay on a
/// line and dividing what is left, then checked at every `c`. `None`
/// where the core refuses (no such layout, an overflow, past the limit)
/// or the form has more than 12 modes.
#[cold]
#[inline(never)]
pub fn leaf_modes(
    n: usize,
    r: usize,
    value: impl Fn(usize) -> Option<usize>,
    reads: &mut Reads,
) -> Option<LeafModes> {
    let mut out = LeafModes {
        modes: [(n, 0); MODES],
        len: 1,
    };
    if reads.empty {
        return Some(out);
    }
    out.len = 0;
    reads.reads = reads.reads.checked_add(n)?;
    if reads.reads as u64 > COMPOSITION_CHECK_LIMIT as u64 {
        return None;
    }
    let f = |c: usize| value(c.checked_mul(r)?);
    let mut block = 1;
    while block < n {
        let step = f(block)?;
        let mut t = 1;
        while t < n / block && Some(f(block * t)?) == step.checked_mul(t) {
            t += 1;
        }
        // Any layout agreeing up to `block·t` has a mode of extent `t` here.
        if (n / block) % t != 0 || out.len == MODES {
            return None;
        }
        out.modes[out.len] = (t, step);
        out.len += 1;
        block *= t;
    }
    if out.len == 0 {
        out.modes[0] = (n, 0);
        out.len = 1;
    }
    let mut largest = 0;
    for c in 0..n {
        let (mut rest, mut sum) = (c, 0usize);
        for &(s, d) in out.as_slice() {
            sum = sum.checked_add((rest % s).checked_mul(d)?)?;
            rest /= s;
        }
        if Some(sum) != f(c) {
            return None;
        }
        largest = largest.max(sum);
    }
    let right = n.saturating_sub(1).checked_mul(r)?;
    reads.right_span = reads.right_span.checked_add(right)?;
    reads.span = reads.span.checked_add(largest)?;
    Some(out)
}

/// The leaves together, as the core checks them: `result(i) = A(B(i))` at
/// every index `i < size` (`at` gives both), within the core's limit.
#[cold]
#[inline(never)]
pub fn additive(size: usize, at: impl Fn(usize) -> (usize, Option<usize>)) -> bool {
    if size as u64 > COMPOSITION_CHECK_LIMIT as u64 {
        return false;
    }
    (0..size).all(|i| {
        let (result, wanted) = at(i);
        Some(result) == wanted
    })
}
