//! Brute force: `A(B(i))` read index by index, and a search over every
//! layout shaped like `B` (each leaf refined into any ordered factorization
//! of its extent).

use layout_core::{AlgebraRefusal, Error, ErrorKind, Layout};

/// `A(B(i))` for every `i < size(B)`, read with the library's `crd2idx`
/// (indices past `size(A)` go through `A`'s last mode, as in CuTe).
pub fn composed(a: &Layout, b: &Layout) -> Vec<i64> {
    (0..b.size())
        .map(|i| a.at(b.at(i).unwrap()).unwrap())
        .collect()
}

/// `R(i)` for every `i < size(R)`.
pub fn values(r: &Layout) -> Vec<i64> {
    (0..r.size()).map(|i| r.at(i).unwrap()).collect()
}

/// Whether `r` is shaped like `b`: `b`'s nesting, each leaf of `b` either a
/// leaf of the same extent or a flat tuple of leaves whose product it is.
pub fn refines(r: &Layout, b: &Layout) -> bool {
    fn walk(r: &layout_core::IntTuple, b: &layout_core::IntTuple) -> bool {
        match (r.as_int(), b.as_int()) {
            (_, Some(s)) => match r.as_int() {
                Some(t) => t == s,
                None => r.modes().iter().all(|m| m.is_int()) && r.size().unwrap() == s,
            },
            (Some(_), None) => false,
            (None, None) => {
                r.rank() == b.rank() && r.modes().iter().zip(b.modes()).all(|(x, y)| walk(x, y))
            }
        }
    }
    walk(r.shape(), b.shape())
}

/// Ordered factorizations of `s` into factors ≥ 2 (`[s]` itself among
/// them; `[1]` for 1, `[0]` for 0).
fn factorizations(s: i64) -> Vec<Vec<i64>> {
    if s <= 1 {
        return vec![vec![s]];
    }
    let mut out = vec![vec![s]];
    for f in 2..s {
        if s % f == 0 {
            for mut rest in factorizations(s / f) {
                rest.insert(0, f);
                out.push(rest);
            }
        }
    }
    out
}

/// Every layout shaped like `b` (leaves refined), each as its extents and
/// the index of each mode's unit coordinate (where its stride is read off
/// the values to match). Depends on `b`'s shape only, so a sweep builds it
/// once per right layout.
pub struct Candidates {
    /// Per candidate: where its modes start and end in `modes`.
    heads: Vec<(usize, usize)>,
    /// `(extent, unit)` of every candidate's modes.
    modes: Vec<(i64, usize)>,
    /// The most modes a candidate has.
    rank: usize,
    /// The extents of `b`'s leaves.
    leaves: Vec<i64>,
}

impl Candidates {
    /// The refinements of `b`'s shape.
    pub fn of(b: &Layout) -> Self {
        let leaves: Vec<i64> = b.leaf_modes().map(|(s, _)| s).collect();
        let choices: Vec<Vec<Vec<i64>>> = leaves.iter().map(|&s| factorizations(s)).collect();
        let mut pick = vec![0usize; leaves.len()];
        let mut out = Candidates {
            heads: Vec::new(),
            modes: Vec::new(),
            rank: 0,
            leaves: leaves.clone(),
        };
        loop {
            // The candidate's modes, with colexicographic unit indices.
            let start = out.modes.len();
            let mut unit = 1i64;
            for factors in choices.iter().zip(&pick).map(|(c, &p)| &c[p]) {
                for &t in factors {
                    out.modes.push((t, unit as usize));
                    unit = unit.saturating_mul(t.max(1));
                }
            }
            out.heads.push((start, out.modes.len()));
            out.rank = out.rank.max(out.modes.len() - start);
            // Next combination.
            let mut m = 0;
            loop {
                if m == pick.len() {
                    return out;
                }
                pick[m] += 1;
                if pick[m] < choices[m].len() {
                    break;
                }
                pick[m] = 0;
                m += 1;
            }
        }
    }

    /// Whether one of them equals `want` at every index `0..=upto`
    /// (`upto < size(b)`), as [`Candidates::agree_each`] decides it, but
    /// modes first: the candidates are the ordered factorizations of each
    /// leaf's extent, leaf after leaf, and the indices below the product
    /// `P` of the modes chosen so far read only those modes. So a mode
    /// `t:d` chosen next (`d = want[P]`, its value at its unit coordinate)
    /// is right at `P ≤ i < P·t` iff `want[i] = want[i mod P] + ⌊i/P⌋·d`,
    /// and where it is wrong so is every candidate that goes on from there.
    pub fn agree(&self, want: &[i64], upto: usize) -> bool {
        agree(&self.leaves, want, upto)
    }

    /// [`Candidates::agree`], one candidate after another: each refinement
    /// with its strides read off `want` (a layout's stride is its value at
    /// the mode's unit coordinate; a unit coordinate past `upto` leaves every
    /// index up to there at coordinate 0 in that mode, so its stride does
    /// not matter; nor does an extent 1's), run over the indices.
    pub fn agree_each(&self, want: &[i64], upto: usize) -> bool {
        // On the stack for the sweep's layouts (it calls this once a refusal).
        let (mut stack, mut heap) = ([0i64; 32], Vec::new());
        let scratch: &mut [i64] = if 2 * self.rank <= stack.len() {
            &mut stack[..2 * self.rank]
        } else {
            heap.resize(2 * self.rank, 0);
            &mut heap
        };
        self.heads.iter().any(|&(start, end)| {
            let modes = &self.modes[start..end];
            let (strides, coord) = scratch.split_at_mut(modes.len());
            let coord = &mut coord[..modes.len()];
            for (d, &(t, unit)) in strides.iter_mut().zip(modes) {
                *d = if t > 1 {
                    want.get(unit).copied().unwrap_or(0)
                } else {
                    0
                };
            }
            coord.fill(0);
            // An odometer over the coordinates, the value kept as it moves.
            let mut value = 0;
            for &w in &want[..=upto] {
                if value != w {
                    return false;
                }
                for ((c, &d), &(t, _)) in coord.iter_mut().zip(&*strides).zip(modes) {
                    if *c + 1 < t {
                        *c += 1;
                        value += d;
                        break;
                    }
                    value -= *c * d;
                    *c = 0;
                }
            }
            true
        })
    }
}

/// [`Candidates::agree`] for a flat `b` with these leaf extents (what it
/// depends on; the sweep keeps them inline).
pub fn agree(leaves: &[i64], want: &[i64], upto: usize) -> bool {
    assert!(upto < want.len(), "{upto} past {}", want.len());
    let first = leaves.first().copied().unwrap_or(1);
    want[0] == 0 && extend(leaves, want, upto, 0, first, 1)
}

/// Whether some candidate agrees, given modes whose product is `block`
/// that agree below `block`, with `rest` of leaf `m`'s extent left to
/// factor (1 when leaf `m` is done).
fn extend(leaves: &[i64], want: &[i64], upto: usize, m: usize, rest: i64, block: usize) -> bool {
    if block > upto {
        return true;
    }
    if rest <= 1 {
        // Extents 1 (and 0, no index) add no index.
        return match leaves.get(m..) {
            Some([_, next, ..]) => extend(leaves, want, upto, m + 1, *next, block),
            _ => false,
        };
    }
    let (d, low) = (i128::from(want[block]), block);
    (2..=rest).filter(|t| rest % t == 0).any(|t| {
        let end = (low * t as usize).min(upto + 1);
        (low..end).all(|i| i128::from(want[i]) == i128::from(want[i % low]) + (i / low) as i128 * d)
            && extend(leaves, want, upto, m, rest / t, low * t as usize)
    })
}

/// Whether some layout shaped like `b` (leaves refined) equals `want` at
/// every index `0..=upto` (see [`Candidates::agree`]).
pub fn some_layout_agrees(b: &Layout, want: &[i64], upto: usize) -> bool {
    Candidates::of(b).agree(want, upto)
}

/// The witness index a composition error names, if it names one.
pub fn witness(e: &Error) -> Option<i64> {
    match e.kind() {
        ErrorKind::Algebra(AlgebraRefusal::NotAdmissible { index, .. })
        | ErrorKind::Algebra(AlgebraRefusal::NotAdditive { index, .. }) => Some(*index),
        _ => None,
    }
}

/// The modes first search decides as the candidates one by one do: for
/// every flat shape of rank ≤ 3 and size ≤ 16, values of layouts refining
/// it (which agree), of layouts refining its size otherwise (which often
/// do not), each perhaps changed at one index, read up to every index.
#[test]
fn agree_decides_as_each_candidate_does() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: u64| {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    // A random ordered factorization of `s` into factors ≥ 2 ([s] for s ≤ 1).
    let factor = |s: i64, next: &mut dyn FnMut(u64) -> u64| {
        let mut out = Vec::new();
        let mut rest = s;
        while rest > 1 {
            let divisors: Vec<i64> = (2..=rest).filter(|t| rest % t == 0).collect();
            let t = divisors[next(divisors.len() as u64) as usize];
            out.push(t);
            rest /= t;
        }
        if out.is_empty() {
            out.push(s);
        }
        out
    };
    let (mut yes, mut no) = (0, 0);
    for b in super::exhaustive::layouts(3, 16, 0) {
        let c = Candidates::of(&b);
        let n = b.size() as usize;
        for trial in 0..40 {
            let extents: Vec<i64> = if trial % 2 == 0 {
                b.leaf_modes()
                    .flat_map(|(s, _)| factor(s, &mut next))
                    .collect()
            } else {
                factor(n as i64, &mut next)
            };
            let modes: Vec<(i64, i64)> = extents.iter().map(|&t| (t, next(4) as i64)).collect();
            let l = Layout::from_leaf_modes(&modes).unwrap();
            let mut want = values(&l);
            if trial % 3 == 0 {
                want[next(n as u64) as usize] += 1;
            }
            for upto in 0..n {
                let each = c.agree_each(&want, upto);
                assert_eq!(c.agree(&want, upto), each, "{b}: {want:?} up to {upto}");
                if each { yes += 1 } else { no += 1 }
            }
        }
    }
    println!("agree: {yes} agree, {no} do not");
    assert!(yes > 1000 && no > 1000);
}
