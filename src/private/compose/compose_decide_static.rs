//! The point-by-point decision of `compose_decide.rs` as a `const fn`, for
//! a static leaf of a composition (`compose_static_walk.rs`): the same
//! greedy construction and check, step for step, reading few values of
//! the left layout, since rustc stops a constant after about two million
//! steps (deny-by-default `long_running_const_eval`: some tens of
//! thousands of values).
//!
//! **Why few values are enough.** The leaf `n:r` reads `f(c) = A(c·r)`.
//! With `M` the product of the left layout's bounded extents (all but the
//! last leaf's, none 0) and `P = M / gcd(r, M)`, `P·r` is a multiple of
//! `M`, so `c·r` and `(c + P)·r` have the same digits below the last leaf
//! and `f(c + P) = f(c) + K` for every `c ≥ 0` (`K = (P·r/M)·e_last`,
//! as integers). From that:
//!
//! 1. *A mode's scan.* At a block `b`, `g(t) = f(b·t)` has the quasi-period
//!    `p = P / gcd(P, b)` (`b·p` is a multiple of `P`). The scan reads
//!    `g(t) = step·t` for `t = 1, 2, …`; if it holds up to `t = p`, then
//!    `g`'s increment over `p` is `g(p) − g(0) = step·p` (`f(0) = 0`), and
//!    by induction `g(t) = step·t` for every `t`: the mode runs to the
//!    end, with no further read.
//! 2. *The check.* A layout `L` with last mode `s:d` above a block `B`
//!    has `L(c + B) = L(c) + d` while `c + B < n` (only the top digit
//!    moves), so with `T = lcm(P, B)`, `L(c + T) = L(c) + C_L` and `f(c +
//!    T) = f(c) + C_f` for `c + T < n`. If `L = f` at every `c ≤ T` (`T <
//!    n`), then `C_L = L(T) − L(0) = C_f`, and by induction `L(c) = L(c −
//!    T) + C = f(c)` for every `c < n`: checking `c ≤ T` is checking all.
//! 3. *Overflow.* The run-time decision refuses where reading a value
//!    overflows. Where `L = f` on `[0, n)`, every value is at most `L(n −
//!    1)` (the strides are not negative: every digit is largest there) and
//!    every index read at most `(n − 1)·r`, so reading `f(n − 1)` is the
//!    only read that can overflow.
//!
//! So a leaf reads at most `12·(P + 1) + lcm(P, B) + 2` values, where the
//! run-time decision reads `n` (twice). Where `P` divides `n`, the layout
//! is one period's followed by `(n/P):K` ([`periodic`]).
//! `the_bounded_decision_is_the_full_one` checks both shortcuts against
//! the construction reading every value, over every small input.

use layout_core::algebra::COMPOSITION_CHECK_LIMIT;

use crate::__private::compose_decide::MODES;

/// The left layout's leaves `extents:strides` and their number.
pub type Leaves = ([usize; MODES], [usize; MODES], usize);

/// `leaf_modes` and the walk's `fill` (`compose_decide.rs`) as a `const
/// fn`, for a static leaf: the left layout's leaves (its last unbounded),
/// the leaf `n:r`; the modes one per leaf from the first, `1:0` after
/// them. `None` where `leaf_modes` (or `fill`) refuses, or `n` alone
/// passes the core's limit (then every run-time decision refuses too).
pub const fn decide_static(leaves: Leaves, n: usize, r: usize) -> Option<[(usize, usize); MODES]> {
    if n as u64 > COMPOSITION_CHECK_LIMIT as u64 {
        return None;
    }
    let m = bounded_span(leaves);
    if let Some(decided) = periodic(leaves, n, r, m) {
        return decided;
    }
    match greedy(leaves, n, r, quasi_period(m, r)) {
        Some((out, _)) => Some(out),
        None => None,
    }
}

/// `M`: the product of the extents below the last leaf; 0 where one is 0
/// (every read then refuses) or the product overflows.
const fn bounded_span((extents, _, len): Leaves) -> usize {
    let (mut m, mut i) = (1usize, 0);
    while i + 1 < len {
        m = match m.checked_mul(extents[i]) {
            Some(m) => m,
            None => return 0,
        };
        i += 1;
    }
    m
}

/// `P = M / gcd(r, M)` (module docs): `f(c + P) = f(c) + K` for every
/// `c`; 0 (none known) where `M` is 0.
const fn quasi_period(m: usize, r: usize) -> usize {
    if m == 0 { 0 } else { m / gcd(r % m, m) }
}

/// [`decide_static`] through the quasi-period `p` of `f` where `p` divides
/// `n`: one period's layout, then `(n/p):K` (merged with the mode before
/// it where that continues it: the unique coalesced form the greedy
/// construction gives). `None` where it does not apply.
const fn periodic(
    (extents, strides, len): Leaves,
    n: usize,
    r: usize,
    m: usize,
) -> Option<Option<[(usize, usize); MODES]>> {
    let p = quasi_period(m, r);
    if p == 0 || n <= p || n % p != 0 {
        return None;
    }
    // `f(n − 1)` reads `A((n − 1)·r)`: `leaf_modes` refuses an overflow.
    if (n - 1).checked_mul(r).is_none() {
        return Some(None);
    }
    let Some((mut out, mut count)) = greedy((extents, strides, len), p, r, p) else {
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

/// `leaf_modes` and `fill`: the modes and how many. `period` is `f`'s
/// quasi-period `P`, or 0 (none known: every value is read); with it, a
/// mode's scan stops after `P / gcd(P, block)` steps and the check after
/// `lcm(P, B)` values (module docs, 1–3).
const fn greedy(
    (extents, strides, len): Leaves,
    n: usize,
    r: usize,
    period: usize,
) -> Option<([(usize, usize); MODES], usize)> {
    let mut out = [(1, 0); MODES];
    let mut count = 0;
    let mut block = 1;
    while block < n {
        let Some(step) = value_at(extents, strides, len, block, r) else {
            return None;
        };
        // `g(t) = f(block·t)` repeats every `reach` steps (1.).
        let reach = match period {
            0 => usize::MAX,
            p => p / gcd(block % p, p),
        };
        let mut t = 1;
        while t < n / block {
            if t > reach {
                // `g(t) = step·t` up to `reach`: to the end.
                t = n / block;
                break;
            }
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
    // The values to check: all, or `c ≤ T = lcm(P, B)` with `B` the block
    // below the last mode (2.), and `f(n − 1)` for overflow (3.).
    let mut checked = n;
    if period != 0 && n != 0 {
        let below_last = n / out[count - 1].0;
        if let Some(t) = (period / gcd(below_last % period, period)).checked_mul(below_last) {
            if t < n - 1 {
                checked = t + 1;
            }
        }
    }
    let mut c = 0;
    while c < checked {
        match (
            layout_at(&out, count, c),
            value_at(extents, strides, len, c, r),
        ) {
            (Some(sum), Some(wanted)) if wanted == sum => c += 1,
            _ => return None,
        }
    }
    if checked < n && value_at(extents, strides, len, n - 1, r).is_none() {
        return None;
    }
    Some((out, count))
}

/// The layout `out` (its first `count` modes) at `c`; `None` on an overflow.
const fn layout_at(out: &[(usize, usize); MODES], count: usize, c: usize) -> Option<usize> {
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
    Some(sum)
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

    /// The leaves `extents:strides` as [`Leaves`].
    fn leaves(extents: &[usize], strides: &[usize]) -> Leaves {
        let mut leaves = ([1; MODES], [0; MODES], extents.len());
        leaves.0[..extents.len()].copy_from_slice(extents);
        leaves.1[..strides.len()].copy_from_slice(strides);
        leaves
    }

    /// The construction reading every value (no quasi-period).
    fn full(leaves: Leaves, n: usize, r: usize) -> Option<[(usize, usize); MODES]> {
        greedy(leaves, n, r, 0).map(|(out, _)| out)
    }

    /// Through the period, the bounded scans and check, or reading every
    /// value, the same answer: every rank-3 left layout with extents 0–3
    /// and strides 0–4, every leaf `n ≤ 40`, `r ≤ 9`.
    #[test]
    fn the_bounded_decision_is_the_full_one() {
        let (mut periodic_cases, mut bounded, mut answered) = (0, 0, 0);
        for extents in cube(0..=3) {
            for strides in cube(0..=4) {
                let leaves = leaves(&extents, &strides);
                let m = bounded_span(leaves);
                for n in 0..=40 {
                    for r in 0..=9 {
                        let slow = full(leaves, n, r);
                        if let Some(fast) = periodic(leaves, n, r, m) {
                            periodic_cases += 1;
                            assert_eq!(fast, slow, "{extents:?}:{strides:?} o {n}:{r}");
                        } else {
                            let p = quasi_period(m, r);
                            let fast = greedy(leaves, n, r, p).map(|(out, _)| out);
                            assert_eq!(fast, slow, "{extents:?}:{strides:?} o {n}:{r} (P {p})");
                            bounded += (p != 0) as usize;
                        }
                        assert_eq!(decide_static(leaves, n, r), slow);
                        answered += slow.is_some() as usize;
                    }
                }
            }
        }
        assert!(
            periodic_cases > 10_000 && bounded > 100_000 && answered > 20_000,
            "{periodic_cases}, {bounded}, {answered}"
        );
    }

    /// Rank 4, wider strides, longer leaves (a sample: every third stride).
    #[test]
    fn the_bounded_decision_is_the_full_one_at_rank_4() {
        for extents in (0..81).map(|i| [1 + i % 3, 1 + i / 3 % 3, 1 + i / 9 % 3, 1 + i / 27]) {
            for s in (0..625).step_by(3) {
                let strides = [s % 5, s / 5 % 5, s / 25 % 5, s / 125];
                let leaves = leaves(&extents, &strides);
                for n in (0..=97).step_by(7) {
                    for r in [1, 2, 3, 5, 6, 7, 12] {
                        assert_eq!(
                            decide_static(leaves, n, r),
                            full(leaves, n, r),
                            "{extents:?}:{strides:?} o {n}:{r}"
                        );
                    }
                }
            }
        }
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
