//! The sweep over classes (`classes.rs`): one pair of representatives
//! checked as `exhaustive::sweep` checks a pair, counted for every pair of
//! members. Built for speed: each `A0`'s values and CuTe's answer for each
//! leaf of `B` are tabulated once per left class, each `B0`'s offsets,
//! coordinates and leaf extents once per right class, and no message is
//! formatted unless a check fails.

use layout_core::{Layout, Tiler, composition};

use super::brute;
use super::classes::{Left, Right};
use super::cute;
use super::exhaustive::Sweep;

mod got;
use got::Got;

/// The largest right representative tabulated inline (its size, its leaves).
const MAX_SIZE: usize = 16;
const MAX_LEAVES: usize = 4;
/// The most modes CuTe gives a leaf of extent ≤ `MAX_SIZE` (four of 2, and the last one).
const MAX_MODES: usize = 6;

/// A right representative, tabulated: the per-pair data inline (the sweep
/// walks all of them for each left class, so they sit in one array).
struct RightTable<'a> {
    class: &'a Right,
    tiler: Tiler,
    /// The members (`Σ slots[k]·D^k`) and `slots[k]`.
    members: u64,
    slots: [u64; MAX_LEAVES],
    size: usize,
    rank: usize,
    /// Whether `B0` is a single leaf (an integer shape), and its leaf extents
    /// (all the refinements of its shape depend on).
    is_int: bool,
    extents: [i64; MAX_LEAVES],
    /// Each leaf's index into the sweep's list of distinct leaves.
    leaves: [u16; MAX_LEAVES],
    /// `B0(i)` for every `i < size`.
    offsets: [u16; MAX_SIZE],
    /// The coordinate of `i` at each leaf: `coords[i][m]`.
    coords: [[u8; MAX_LEAVES]; MAX_SIZE],
}

/// CuTe's answer for one leaf `s:d` of `B` over a left representative: its
/// modes (`len` of them) and their values at `c < s`; `len` 0 where CuTe
/// refuses it.
#[derive(Clone, Copy)]
struct CuteLeaf {
    len: usize,
    modes: [(i64, i64); MAX_MODES],
    values: [i64; MAX_SIZE],
}

/// How CuTe's rules fare on a pair.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cute {
    Right,
    Wrong,
    Refused,
}

/// Every pair of `lefts` × `rights` (classes of layouts whose strides take
/// `strides` values), split over `threads` threads: the counts over all
/// members, and how many representative pairs were checked.
pub fn sweep_classes(
    lefts: &[Left],
    rights: &[Right],
    strides: i64,
    threads: usize,
) -> (Sweep, u64) {
    let mut distinct: Vec<(i64, i64)> = Vec::new();
    let tables: Vec<RightTable> = rights
        .iter()
        .map(|r| tabulate(r, &mut distinct, strides))
        .collect();
    let reach = rights
        .iter()
        .map(|r| r.rep.cosize())
        .max()
        .unwrap_or(1)
        .max(1);
    let start = std::time::Instant::now();
    let chunks: Vec<Sweep> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let (tables, distinct) = (&tables, &distinct);
                scope.spawn(move || {
                    let mut n = Sweep::default();
                    for (k, left) in lefts.iter().enumerate().skip(t).step_by(threads) {
                        one_left(left, tables, distinct, reach, strides, &mut n);
                        if t == 0 && k % (threads * 2000) == 0 {
                            let s = start.elapsed().as_secs();
                            eprintln!("left class {k} of {} after {s} s", lefts.len());
                        }
                    }
                    n
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap()).collect()
    });
    let mut n = Sweep::default();
    for c in chunks {
        n.pairs += c.pairs;
        n.as_cute += c.as_cute;
        n.cute_wrong += c.cute_wrong;
        n.cute_refused_we_compose += c.cute_refused_we_compose;
        n.refused += c.refused;
    }
    (n, lefts.len() as u64 * rights.len() as u64)
}

fn tabulate<'a>(class: &'a Right, distinct: &mut Vec<(i64, i64)>, strides: i64) -> RightTable<'a> {
    let b = &class.rep;
    let modes: Vec<(i64, i64)> = b.leaf_modes().collect();
    let (size, rank) = (b.size() as usize, modes.len());
    assert!(
        size <= MAX_SIZE && rank <= MAX_LEAVES,
        "{b}: too large to tabulate"
    );
    let mut t = RightTable {
        class,
        tiler: Tiler::from(b.clone()),
        members: 0,
        slots: [0; MAX_LEAVES],
        size,
        rank,
        is_int: b.shape().is_int(),
        extents: core::array::from_fn(|m| modes.get(m).map_or(1, |&(s, _)| s)),
        leaves: [0; MAX_LEAVES],
        offsets: [0; MAX_SIZE],
        coords: [[0; MAX_LEAVES]; MAX_SIZE],
    };
    for (k, &n) in class.slots.iter().enumerate() {
        t.slots[k] = n;
        t.members += n * (strides as u64).pow(k as u32);
    }
    for (slot, m) in t.leaves.iter_mut().zip(&modes) {
        *slot = match distinct.iter().position(|x| x == m) {
            Some(k) => k as u16,
            None => {
                distinct.push(*m);
                (distinct.len() - 1) as u16
            }
        };
    }
    for i in 0..size {
        t.offsets[i] = u16::try_from(b.at(i as i64).unwrap()).unwrap();
        let mut c = i;
        for (m, &(s, _)) in modes.iter().enumerate() {
            t.coords[i][m] = (c % s as usize) as u8;
            c /= s as usize;
        }
    }
    t
}

/// Every right class against one left class.
fn one_left(
    left: &Left,
    rights: &[RightTable],
    distinct: &[(i64, i64)],
    reach: i64,
    strides: i64,
    n: &mut Sweep,
) {
    let a = &left.rep;
    let table: Vec<i64> = (0..reach).map(|j| a.at(j).unwrap()).collect();
    let flat = cute::coalesce_x(a);
    let cute_leaves: Vec<CuteLeaf> = distinct
        .iter()
        .map(|&(s, d)| {
            let mut leaf = CuteLeaf {
                len: 0,
                modes: [(0, 0); MAX_MODES],
                values: [0; MAX_SIZE],
            };
            if let Some(modes) = cute::leaf(&flat, s, d) {
                leaf.len = modes.len();
                leaf.modes[..modes.len()].copy_from_slice(&modes);
                for c in 0..s {
                    leaf.values[c as usize] = value(&modes, c);
                }
            }
            leaf
        })
        .collect();
    // A leaf 1:e: ours is 1:x_e, and must be CuTe's where CuTe answers.
    let mut cute_takes_ones = 0u64;
    for e in 0..strides {
        let ours = composition(a, &Tiler::from(Layout::leaf(1, e).unwrap())).unwrap();
        if let Some(c) = cute::leaf(&flat, 1, e) {
            cute_takes_ones += 1;
            assert_eq!(Layout::from_leaf_modes(&c).unwrap(), ours, "{a} o 1:{e}");
        }
    }
    let mut taken_by_slots = [0u64; MAX_LEAVES];
    for (k, t) in taken_by_slots.iter_mut().enumerate() {
        *t = cute_takes_ones.pow(k as u32);
    }
    let mut want = [0i64; MAX_SIZE];
    for b in rights {
        let (ours_ok, cute) = check(a, b, &table, &cute_leaves, &mut want[..b.size]);
        // Members: `slots[k]` placements of k ones, each of `strides^k`
        // strides, of which CuTe takes `cute_takes_ones^k`.
        let members = b.members;
        let taken: u64 = b
            .slots
            .iter()
            .zip(&taken_by_slots)
            .map(|(s, t)| s * t)
            .sum();
        let w = left.weight;
        n.pairs += w * members;
        if !ours_ok {
            n.refused += w * members;
        }
        let refused_by_cute = match cute {
            Cute::Refused => members,
            Cute::Right => {
                n.as_cute += w * taken;
                members - taken
            }
            Cute::Wrong => {
                n.cute_wrong += w * taken;
                members - taken
            }
        };
        if ours_ok {
            n.cute_refused_we_compose += w * refused_by_cute;
        }
    }
}

/// One representative pair, every assertion of `exhaustive::sweep`:
/// whether we compose, and how CuTe's rules fare.
fn check(
    a: &Layout,
    b: &RightTable,
    table: &[i64],
    cute_leaves: &[CuteLeaf],
    want: &mut [i64],
) -> (bool, Cute) {
    let rep = &b.class.rep;
    for (w, &j) in want.iter_mut().zip(&b.offsets) {
        *w = table[j as usize];
    }
    let want = &*want;
    let rank = b.rank;
    // CuTe's leaves, if it takes every one.
    let leaves: [&CuteLeaf; MAX_LEAVES] =
        core::array::from_fn(|m| &cute_leaves[b.leaves[m] as usize]);
    let leaves = &leaves[..rank];
    let cute = if leaves.iter().any(|l| l.len == 0) {
        Cute::Refused
    } else if want.iter().zip(&b.coords).all(|(&w, c)| {
        leaves
            .iter()
            .zip(c)
            .map(|(l, &c)| l.values[c as usize])
            .sum::<i64>()
            == w
    }) {
        Cute::Right
    } else {
        Cute::Wrong
    };
    match composition(a, &b.tiler) {
        Ok(r) => {
            // The checks below, in one walk of `r` without allocating; where
            // it does not pass (or `r` is unusual), the checks themselves.
            let passes = Got::of(&r, b).is_some_and(|got| {
                got.values_are(want) && (cute != Cute::Right || got.same_as(leaves))
            });
            if passes {
                return (true, cute);
            }
            assert!(
                brute::refines(&r, rep),
                "{a} o {rep} = {r}: not shaped like B"
            );
            assert!(
                values_are(&r, want),
                "{a} o {rep} = {r}: not A(B(i)) = {want:?}"
            );
            if cute == Cute::Right {
                let modes: Vec<&[(i64, i64)]> = leaves.iter().map(|l| &l.modes[..l.len]).collect();
                assert!(
                    same_as(&r, rep, &modes),
                    "{a} o {rep} = {r}: CuTe's {modes:?} is right"
                );
            }
            (true, cute)
        }
        Err(e) => {
            // No layout agrees up to the witness, so none agrees up to the
            // last index either: the refusal is confirmed with it.
            let w = brute::witness(&e).unwrap_or_else(|| panic!("{a} o {rep}: no witness in {e}"));
            assert!(
                (0..want.len() as i64).contains(&w)
                    && !brute::agree(&b.extents[..b.rank], want, w as usize),
                "{a} o {rep}: witness {w} of ({e}) is not one"
            );
            assert!(
                cute != Cute::Right,
                "{a} o {rep}: refused ({e}), CuTe is right"
            );
            (false, cute)
        }
    }
}

/// The value at `c` of the layout with these leaf modes.
fn value(modes: &[(i64, i64)], mut c: i64) -> i64 {
    let mut v = 0;
    for &(s, d) in modes {
        v += (c % s) * d;
        c /= s;
    }
    v
}

/// Whether `r(i) = want[i]` for every `i < size(r)` (`r` has that size).
fn values_are(r: &Layout, want: &[i64]) -> bool {
    let mut modes = [(1, 0); 16];
    let mut rank = 0;
    for m in r.leaf_modes() {
        modes[rank] = m;
        rank += 1;
    }
    let modes = &modes[..rank];
    r.size() == want.len() as i64
        && want
            .iter()
            .enumerate()
            .all(|(i, &w)| value(modes, i as i64) == w)
}

/// Whether `r` is the layout with `b`'s nesting and leaf `m` built from
/// `leaves[m]` as CuTe builds it (one mode a leaf, more a flat tuple).
fn same_as(r: &Layout, b: &Layout, leaves: &[&[(i64, i64)]]) -> bool {
    use layout_core::IntTuple;
    fn leaf(s: &IntTuple, d: &IntTuple, modes: &[(i64, i64)]) -> bool {
        match modes {
            [(x, y)] => s.as_int() == Some(*x) && d.as_int() == Some(*y),
            _ => {
                !s.is_int()
                    && s.modes().len() == modes.len()
                    && s.modes()
                        .iter()
                        .zip(d.modes())
                        .zip(modes)
                        .all(|((s, d), (x, y))| s.as_int() == Some(*x) && d.as_int() == Some(*y))
            }
        }
    }
    if b.shape().is_int() {
        return leaf(r.shape(), r.stride(), leaves[0]);
    }
    let (s, d) = (r.shape(), r.stride());
    !s.is_int()
        && s.modes().len() == leaves.len()
        && s.modes()
            .iter()
            .zip(d.modes())
            .zip(leaves)
            .all(|((s, d), m)| leaf(s, d, m))
}
