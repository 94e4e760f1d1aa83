//! `right_inverse`'s cold path (inverse.rs's [`right_inverse_is_cores`]
//! past its quick comparisons): the core's construction run on the
//! run-time values of `L` and compared with the typed chain.
//!
//! [`right_inverse_is_cores`]: super::right_inverse_is_cores

use super::algebra::AlgebraError;
use super::inverse::{Inverse, Read};

/// [`right_inverse_is_cores`](super::right_inverse_is_cores) past its
/// quick comparisons.
#[cold]
#[inline(never)]
pub(super) fn right_inverse_construct<const N: usize, const M: usize>(
    function: &'static str,
    values: impl FnOnce() -> Inverse<N, M>,
    read: Read,
) -> Result<(), AlgebraError> {
    let (leaves, typed) = values();
    // First the core's refusal of an `L` past `i64` (inverse_fits.rs).
    super::inverse_fits::offsets_fit(function, leaves)?;
    // The core's coalesce: extent 1 dropped, a mode merged into the one
    // before it where it continues it; each coalesced mode's first leaf
    // and the leaf after its last.
    let mut flat = [(0usize, 0usize); N];
    let mut runs = [(0usize, 0usize); N];
    let mut n = 0usize;
    for (leaf, (s, d)) in leaves.into_iter().enumerate() {
        if s == 1 {
            continue;
        }
        let last = n.checked_sub(1).map(|k| flat[k]);
        match last {
            Some((s0, d0)) if s0.checked_mul(d0) == Some(d) && s0.checked_mul(s).is_some() => {
                flat[n - 1].0 = s0 * s;
                runs[n - 1].1 = leaf + 1;
            }
            _ => {
                flat[n] = (s, d);
                runs[n] = (leaf, leaf + 1);
                n += 1;
            }
        }
    }
    // CuTe's `SortByKey`: an exchange sort of the indices by stride.
    let mut order = [0usize; N];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i;
    }
    for i in 0..n {
        for j in i + 1..n {
            if flat[order[j]].1 < flat[order[i]].1 {
                order.swap(i, j);
            }
        }
    }
    let mut core = [(0usize, 0usize, 0usize); N];
    let mut core_runs = [(0usize, 0usize); N];
    let mut taken = 0;
    let mut reach = Some(1usize);
    for &i in &order[..n] {
        let (s, d) = flat[i];
        if reach == Some(d) {
            let before = flat[..i].iter().try_fold(1usize, |p, m| p.checked_mul(m.0));
            core[taken] = (s, d, before.unwrap_or(usize::MAX));
            core_runs[taken] = runs[i];
            taken += 1;
            reach = s.checked_mul(d);
        }
    }
    let core = &core[..taken];
    let same = match read {
        Read::Layout => same_inverse(core, &typed),
        Read::Complement => same_complement::<N, M>(core, &typed),
    };
    if same {
        return Ok(());
    }
    // The two chains differ somewhere (else the layouts would be one).
    let parted = (0..core.len().max(typed.len())).find(|&k| core.get(k) != typed.get(k));
    // Named: where the core's chain takes a mode there, its first leaf the
    // typed chain does not take (a leaf its coalesce merged in, a stride
    // CuTe's types leave out), else that mode; else the typed chain's.
    let (extent, stride) = match parted {
        Some(k) if k < core.len() => {
            let (from, to) = core_runs[k];
            let untaken =
                |&&(s, d): &&(usize, usize)| s > 1 && !typed.iter().any(|t| (t.0, t.1) == (s, d));
            match leaves[from..to].iter().find(untaken) {
                Some(&leaf) => leaf,
                None => (core[k].0, core[k].1),
            }
        }
        // The typed chain's mode there: the core's coalesce merged its
        // leaf with another, which it names (else the mode itself).
        Some(k) => {
            let (s, d) = (typed[k].0, typed[k].1);
            let run = runs[..n]
                .iter()
                .find(|&&(from, to)| leaves[from..to].contains(&(s, d)));
            let other = run.and_then(|&(from, to)| {
                let untaken = |&&(s1, d1): &&(usize, usize)| s1 > 1 && (s1, d1) != (s, d);
                leaves[from..to].iter().find(untaken).copied()
            });
            other.unwrap_or((s, d))
        }
        None => (1, 0),
    };
    Err(AlgebraError::InverseMode {
        function,
        extent,
        stride,
    })
}

/// Whether the two chains give one layout: their `(extent, start)` modes
/// coalesced (extent 1 dropped, a mode continuing the one before it
/// merged) are the same list, read in step.
fn same_inverse(a: &[(usize, usize, usize)], b: &[(usize, usize, usize)]) -> bool {
    let (mut a, mut b) = (Coalesced::new(a), Coalesced::new(b));
    loop {
        match (a.next(), b.next()) {
            (None, None) => return true,
            (x, y) if x != y => return false,
            _ => {}
        }
    }
}

/// Whether the two chains' results have one complement up to their own
/// cosize (CuTe's one-argument `complement`). A chain's modes are
/// `(extent, start)`, each start the product of `L`'s extents before the
/// mode and the modes disjoint runs of `L`'s leaves, so sorted by start
/// each ends at or below where the next starts: the complement is the
/// gaps `next start / end` at stride `end` above 1 (the last mode ends at
/// or past the cosize, so the hole after it has extent 1), a list that
/// the core's coalesce leaves as it is (a mode of the chain lies between
/// two gaps). Compared as lists; where a chain is not of that form (a
/// start overflowed, or is not a multiple of the end below it), not one.
fn same_complement<const N: usize, const M: usize>(
    a: &[(usize, usize, usize)],
    b: &[(usize, usize, usize)],
) -> bool {
    match (gaps::<N>(a), gaps::<M>(b)) {
        (Some((a, n)), Some((b, m))) => a[..n] == b[..m],
        _ => false,
    }
}

/// The gaps `(extent, stride)` between a chain's modes of extent above 1
/// ([`same_complement`]), and how many; `None` where the chain is not of
/// that form. `K` bounds the chain's length.
fn gaps<const K: usize>(chain: &[(usize, usize, usize)]) -> Option<([(usize, usize); K], usize)> {
    // The modes of extent above 1 by start (an exchange sort: few modes).
    let mut modes = [(0usize, 0usize); K];
    let mut n = 0;
    for &(s, _, start) in chain {
        if s > 1 {
            *modes.get_mut(n)? = (s, start);
            n += 1;
        }
    }
    for i in 0..n {
        for j in i + 1..n {
            if modes[j].1 < modes[i].1 {
                modes.swap(i, j);
            }
        }
    }
    let (mut out, mut k, mut end) = ([(0usize, 0usize); K], 0, 1usize);
    for &(s, start) in &modes[..n] {
        // `usize::MAX`: the core's start overflowed.
        if start == usize::MAX || start < end || start % end != 0 {
            return None;
        }
        if start / end > 1 {
            out[k] = (start / end, end);
            k += 1;
        }
        end = start.checked_mul(s)?;
    }
    Some((out, k))
}

/// The coalesced `(extent, start)` modes of a chain, one at a time.
struct Coalesced<'a> {
    chain: &'a [(usize, usize, usize)],
}

impl<'a> Coalesced<'a> {
    fn new(chain: &'a [(usize, usize, usize)]) -> Self {
        Self { chain }
    }
}

impl Iterator for Coalesced<'_> {
    type Item = (usize, usize);

    fn next(&mut self) -> Option<(usize, usize)> {
        let skip = self.chain.iter().take_while(|m| m.0 == 1).count();
        let (&(mut s, _, d), rest) = self.chain[skip..].split_first()?;
        self.chain = rest;
        // Merge the modes that continue this one, extents 1 skipped.
        loop {
            let skip = self.chain.iter().take_while(|m| m.0 == 1).count();
            match self.chain.get(skip) {
                Some(&(s1, _, d1)) if s.checked_mul(d) == Some(d1) => match s.checked_mul(s1) {
                    Some(merged) => {
                        s = merged;
                        self.chain = &self.chain[skip + 1..];
                    }
                    None => return Some((s, d)),
                },
                _ => return Some((s, d)),
            }
        }
    }
}
