//! Brute force: `A(B(i))` read index by index, and a search over every
//! layout shaped like `B` (each leaf refined into any ordered factorization
//! of its extent).

use layout_core::{Error, ErrorKind, Layout};

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

    /// Whether one of them equals `want` at every index `0..=upto`. A
    /// layout's stride is its value at the mode's unit coordinate, so each
    /// refinement has one candidate: the strides are read off `want` (a unit
    /// coordinate past `upto` leaves every index up to there at coordinate 0
    /// in that mode, so its stride does not matter; nor does an extent 1's).
    pub fn agree(&self, want: &[i64], upto: usize) -> bool {
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

/// Whether some layout shaped like `b` (leaves refined) equals `want` at
/// every index `0..=upto` (see [`Candidates::agree`]).
pub fn some_layout_agrees(b: &Layout, want: &[i64], upto: usize) -> bool {
    Candidates::of(b).agree(want, upto)
}

/// The witness index a composition error names, if it names one.
pub fn witness(e: &Error) -> Option<i64> {
    match e.kind() {
        ErrorKind::NotAdmissible { index, .. } | ErrorKind::NotAdditive { index, .. } => {
            Some(*index)
        }
        _ => None,
    }
}
