//! Composition of typed values decided point by point, as the core decides
//! it (`layout-core/src/algebra/refine.rs`), where the straight-line walk
//! (`compose_walk.rs`) refuses: a cold path that reads the left layout at
//! each index of the right one, with the core's limit. The walk answers
//! every case CuTe's divisibility proves and most others; what is left
//! are left layouts of three or more groups whose carries cancel (a carry
//! out of one group and one out of the next that add up to 0, e.g.
//! `(2,2,1):(1,1,3) ∘ (2,2):(1,3)`), which no condition on one group sees.

use layout_core::algebra::COMPOSITION_CHECK_LIMIT;

/// The most modes a leaf's decided layout has: one per leaf of the left
/// layout, which has at most 12.
const MODES: usize = 12;

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

/// The left layout's leaves `extents:strides` and their number.
type Leaves = ([usize; MODES], [usize; MODES], usize);

/// `leaf_modes` and the walk's `fill` as a `const fn`, for a static leaf
/// (`compose_static.rs`): the left layout's leaves (its last unbounded),
/// the leaf `n:r`; the modes one per leaf from the first, `1:0` after
/// them. `None` where `leaf_modes` (or `fill`) refuses, or `n` alone
/// passes the core's limit (then every run-time decision refuses too).
///
/// The same greedy construction and check, step for step, but where `f(c)
/// = A(c·r)` repeats: with `M` the product of the bounded extents and `P
/// = M / gcd(r, M)`, `c·r` and `(c + P)·r` have the same digits below the
/// last leaf, so `f(c + P) = f(c) + K` (`K = (P·r/M)·e_last`). Where `P`
/// divides `n`, `f`'s layout is then the layout of `f` over `[0, P)`
/// followed by `(n/P):K` (merged with the mode before it where that
/// continues it: the unique coalesced form the greedy construction
/// gives), so the cost while compiling is about `P` rather than `n`
/// values of `A` (rustc stops a constant after about two million steps:
/// some tens of thousands of values).
pub const fn decide_static(leaves: Leaves, n: usize, r: usize) -> Option<[(usize, usize); MODES]> {
    if n as u64 > COMPOSITION_CHECK_LIMIT as u64 {
        return None;
    }
    if let Some(decided) = periodic(leaves, n, r) {
        return decided;
    }
    match greedy(leaves, n, r) {
        Some((out, _)) => Some(out),
        None => None,
    }
}

/// [`decide_static`] through the period `P` of `f` where `P` divides `n`
/// (`None` where it does not apply: the caller reads every value).
const fn periodic(
    (extents, strides, len): Leaves,
    n: usize,
    r: usize,
) -> Option<Option<[(usize, usize); MODES]>> {
    let (mut m, mut i) = (1usize, 0);
    while i + 1 < len {
        if extents[i] == 0 {
            return None;
        }
        m = match m.checked_mul(extents[i]) {
            Some(m) => m,
            None => return None,
        };
        i += 1;
    }
    let p = m / gcd(r % m, m);
    if n <= p || n % p != 0 {
        return None;
    }
    // `f(n − 1)` reads `A((n − 1)·r)`: `leaf_modes` refuses an overflow.
    if (n - 1).checked_mul(r).is_none() {
        return Some(None);
    }
    let Some((mut out, mut count)) = greedy((extents, strides, len), p, r) else {
        return None;
    };
    // `p·r/m ≤ r`, so `K` fits in 128 bits.
    let k = (p as u128 * r as u128 / m as u128) * strides[len - 1] as u128;
    let copies = (n / p) as u128;
    // The largest value of `f`: the largest over `[0, P)`, plus the last
    // copy's shift (every value below it: no overflow then).
    let (mut largest, mut j) = (0u128, 0);
    while j < count {
        largest += (out[j].0 as u128 - 1) * out[j].1 as u128;
        j += 1;
    }
    match (copies - 1).checked_mul(k) {
        Some(shift) if largest + shift <= usize::MAX as u128 => {}
        _ => return Some(None),
    }
    if count == 1 && out[0].0 == 1 {
        // `P = 1`: `f(c) = c·K`.
        count = 0;
    }
    let last = if count == 0 { (1, 0) } else { out[count - 1] };
    if count > 0 && k == last.0 as u128 * last.1 as u128 {
        // `(n/P):K` continues the last mode over `[0, P)`.
        out[count - 1] = (last.0 * (n / p), last.1);
    } else if count == len {
        // More modes than leaves: `fill` refuses.
        return Some(None);
    } else {
        out[count] = (n / p, k as usize);
    }
    Some(Some(out))
}

/// `gcd(a, b)`, `b > 0`.
const fn gcd(mut a: usize, mut b: usize) -> usize {
    while a != 0 {
        (a, b) = (b % a, a);
    }
    b
}

/// `leaf_modes` and `fill`, reading every value: the modes and how many.
const fn greedy(
    (extents, strides, len): Leaves,
    n: usize,
    r: usize,
) -> Option<([(usize, usize); MODES], usize)> {
    let mut out = [(1, 0); MODES];
    let mut count = 0;
    let mut block = 1;
    while block < n {
        let Some(step) = value_at(extents, strides, len, block, r) else {
            return None;
        };
        let mut t = 1;
        while t < n / block {
            let Some(at) = value_at(extents, strides, len, block * t, r) else {
                return None;
            };
            match step.checked_mul(t) {
                Some(line) if line == at => t += 1,
                _ => break,
            }
        }
        if (n / block) % t != 0 || count == len {
            return None;
        }
        out[count] = (t, step);
        count += 1;
        block *= t;
    }
    if count == 0 {
        out[0] = (n, 0);
        count = 1;
    }
    let mut c = 0;
    while c < n {
        let (mut rest, mut sum, mut k) = (c, 0usize, 0);
        while k < count {
            let (s, d) = out[k];
            let Some(part) = (rest % s).checked_mul(d) else {
                return None;
            };
            let Some(total) = sum.checked_add(part) else {
                return None;
            };
            (sum, rest, k) = (total, rest / s, k + 1);
        }
        match value_at(extents, strides, len, c, r) {
            Some(wanted) if wanted == sum => c += 1,
            _ => return None,
        }
    }
    Some((out, count))
}

/// `A(c·r)` (`WalkLeaves::value`): the left layout's leaves
/// `extents:strides`, the last unbounded; `None` on an overflow or an
/// empty leaf but the last.
const fn value_at(
    extents: [usize; MODES],
    strides: [usize; MODES],
    len: usize,
    c: usize,
    r: usize,
) -> Option<usize> {
    let Some(mut j) = c.checked_mul(r) else {
        return None;
    };
    let (mut sum, mut i) = (0usize, 0);
    while i + 1 < len {
        if extents[i] == 0 {
            return None;
        }
        let Some(digit) = (j % extents[i]).checked_mul(strides[i]) else {
            return None;
        };
        let Some(total) = sum.checked_add(digit) else {
            return None;
        };
        (sum, j, i) = (total, j / extents[i], i + 1);
    }
    let Some(last) = j.checked_mul(strides[len - 1]) else {
        return None;
    };
    sum.checked_add(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Through the period or reading every value, the same answer: every
    /// rank-3 left layout with extents 1–3 and strides 0–4, every leaf
    /// `n ≤ 36`, `r ≤ 7` where the period applies.
    #[test]
    fn the_period_gives_what_every_value_gives() {
        let (mut periodic_cases, mut answered) = (0, 0);
        for extents in cube(1..=3) {
            for strides in cube(0..=4) {
                let mut leaves = ([1; MODES], [0; MODES], 3);
                leaves.0[..3].copy_from_slice(&extents);
                leaves.1[..3].copy_from_slice(&strides);
                for n in 1..=36 {
                    for r in 0..=7 {
                        let Some(fast) = periodic(leaves, n, r) else {
                            continue;
                        };
                        periodic_cases += 1;
                        let slow = greedy(leaves, n, r).map(|(out, _)| out);
                        assert_eq!(fast, slow, "{extents:?}:{strides:?} o {n}:{r}");
                        answered += fast.is_some() as usize;
                    }
                }
            }
        }
        assert!(
            periodic_cases > 10_000 && answered > 1000,
            "{periodic_cases}, {answered}"
        );
    }

    /// Every `[a, b, c]` with each in `r`.
    fn cube(r: core::ops::RangeInclusive<usize>) -> impl Iterator<Item = [usize; 3]> {
        let (r1, r2) = (r.clone(), r.clone());
        r.flat_map(move |a| {
            let r2 = r2.clone();
            r1.clone()
                .flat_map(move |b| r2.clone().map(move |c| [a, b, c]))
        })
    }
}
