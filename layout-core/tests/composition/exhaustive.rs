//! Every pair of small flat layouts: ours is `A(B(i))` or refused with a
//! true witness, equals CuTe's answer wherever CuTe's is right, and the
//! pairs CuTe refuses that we compose are counted.

use layout_core::{Layout, Tiler, composition};

use super::classes::{self, left_classes, right_classes, scaled_classes};
use super::sweep::sweep_classes;
use super::{brute, cute};

/// Every flat layout of rank ≤ `rank`, extents ≥ 1 with product ≤ `size`,
/// strides `0..=stride`.
pub fn layouts(rank: usize, size: i64, stride: i64) -> Vec<Layout> {
    layouts_with(rank, size, 0, stride)
}

/// [`layouts`] with strides `low..=high`.
pub fn layouts_with(rank: usize, size: i64, low: i64, high: i64) -> Vec<Layout> {
    let mut shapes: Vec<Vec<i64>> = vec![vec![]];
    let mut out = Vec::new();
    for _ in 0..rank {
        let mut longer = Vec::new();
        for s in &shapes {
            let p: i64 = s.iter().product();
            for e in 1..=size / p {
                let mut t = s.clone();
                t.push(e);
                longer.push(t);
            }
        }
        for s in &longer {
            let mut strides = vec![vec![]];
            for _ in s {
                strides = strides
                    .into_iter()
                    .flat_map(|d: Vec<i64>| {
                        (low..=high).map(move |x| {
                            let mut d = d.clone();
                            d.push(x);
                            d
                        })
                    })
                    .collect();
            }
            for d in strides {
                let modes: Vec<(i64, i64)> = s.iter().copied().zip(d).collect();
                out.push(Layout::from_leaf_modes(&modes).unwrap());
            }
        }
        shapes = longer;
    }
    out
}

/// Counts from one sweep.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Sweep {
    pub pairs: u64,
    pub as_cute: u64,
    pub cute_wrong: u64,
    pub cute_refused_we_compose: u64,
    pub refused: u64,
}

/// Check every pair from `lefts` × `rights`.
pub fn sweep(lefts: &[Layout], rights: &[Layout]) -> Sweep {
    let mut n = Sweep::default();
    for a in lefts {
        // A(j) for every j a right layout can reach.
        let reach = rights.iter().map(|b| b.cosize()).max().unwrap_or(1).max(1);
        let table: Vec<i64> = (0..reach).map(|j| a.at(j).unwrap()).collect();
        for b in rights {
            n.pairs += 1;
            let want: Vec<i64> = (0..b.size())
                .map(|i| table[b.at(i).unwrap() as usize])
                .collect();
            let ours = composition(a, &Tiler::from(b.clone()));
            let cute = cute::composition(a, b);
            match &ours {
                Ok(r) => {
                    assert!(
                        brute::refines(r, b),
                        "composition({a}, {b}) = {r}: not shaped like B"
                    );
                    assert_eq!(
                        brute::values(r),
                        want,
                        "composition({a}, {b}) = {r}: not A(B(i))"
                    );
                }
                Err(e) => {
                    n.refused += 1;
                    let last = want.len() - 1;
                    assert!(
                        !brute::some_layout_agrees(b, &want, last),
                        "composition({a}, {b}): refused ({e}) but a layout exists"
                    );
                    let w = brute::witness(e)
                        .unwrap_or_else(|| panic!("composition({a}, {b}): no witness in {e}"));
                    assert!(
                        !brute::some_layout_agrees(b, &want, w as usize),
                        "composition({a}, {b}): witness {w} of ({e}) is not one"
                    );
                }
            }
            match cute {
                Some(c) if brute::values(&c) == want => {
                    assert_eq!(
                        ours.as_ref().ok(),
                        Some(&c),
                        "composition({a}, {b}): CuTe's {c} is right"
                    );
                    n.as_cute += 1;
                }
                Some(_) => n.cute_wrong += 1,
                None if ours.is_ok() => n.cute_refused_we_compose += 1,
                None => {}
            }
        }
    }
    n
}

#[test]
fn every_small_pair_is_exact() {
    let lefts = layouts(2, 8, 8);
    let rights = layouts(2, 6, 6);
    let n = sweep(&lefts, &rights);
    println!("{n:?}");
    assert!(n.cute_wrong > 0 && n.cute_refused_we_compose > 0 && n.refused > 0);
}

/// Negative strides on either side (CuTe's emulation here covers only
/// non-negative ones): still `A(B(i))` or a true refusal.
#[test]
fn negative_strides_are_exact() {
    let (mut made, mut refused) = (0, 0);
    for a in layouts_with(2, 6, -3, 3) {
        for b in layouts_with(2, 4, -2, 2) {
            let want: Vec<i64> = (0..b.size())
                .map(|i| a.at(b.at(i).unwrap()).unwrap())
                .collect();
            match composition(&a, &Tiler::from(b.clone())) {
                Ok(r) => {
                    made += 1;
                    assert!(
                        brute::refines(&r, &b),
                        "composition({a}, {b}) = {r}: not shaped like B"
                    );
                    assert_eq!(
                        brute::values(&r),
                        want,
                        "composition({a}, {b}) = {r}: not A(B(i))"
                    );
                }
                Err(e) => {
                    refused += 1;
                    assert!(
                        !brute::some_layout_agrees(&b, &want, want.len() - 1),
                        "composition({a}, {b}): refused ({e})"
                    );
                    let w = brute::witness(&e)
                        .unwrap_or_else(|| panic!("composition({a}, {b}): no witness in {e}"));
                    assert!(
                        !brute::some_layout_agrees(&b, &want, w as usize),
                        "composition({a}, {b}): witness {w} of ({e})"
                    );
                }
            }
        }
    }
    println!("negative strides: {made} composed, {refused} refused");
    assert!(made > 0 && refused > 0);
}

/// Past the limit of indices checked one by one, a case divisibility does
/// not settle is refused as undecided; one it settles is still composed.
#[test]
fn large_cases_are_proven_or_refused() {
    let a: Layout = "(8,2):(1,100)".parse().unwrap();
    // Each leaf alone is a layout (A(c) is (8,65536):(1,100) on the middle
    // one), but the leaves together would take 2^21 reads.
    let b: Layout = "(2,524288,2):(7,1,1048576)".parse().unwrap();
    let e = composition(&a, &Tiler::from(b)).unwrap_err();
    let undecided =
        layout_core::ErrorKind::Algebra(layout_core::AlgebraRefusal::CompositionUndecided {
            size: 1 << 21,
            limit: 1 << 20,
        });
    assert_eq!(*e.kind(), undecided);
    let a: Layout = "(1024,1024,1024):(1,2048,4194304)".parse().unwrap();
    let b: Layout = "(1024,(512,1024)):(1048576,(2,1024))".parse().unwrap();
    let r = composition(&a, &Tiler::from(b)).unwrap();
    assert_eq!(r.to_string(), "(1024,(512,1024)):(4194304,(2,2048))");
    // A leaf that is no layout on its own is refused with its witness: the
    // rest 196608:4 of this divide reads A at 0, 4, 10, 16; a layout through
    // 0, 4, 10 has a first mode of extent 2, so it gives 4 + 10 = 14 next.
    let a: Layout = "(6,131072):(1,8)".parse().unwrap();
    let e = layout_core::logical_divide(&a, &Tiler::from(Layout::leaf(4, 1).unwrap())).unwrap_err();
    assert!(
        matches!(
            e.kind(),
            layout_core::ErrorKind::Algebra(layout_core::AlgebraRefusal::NotAdmissible {
                mode: 1,
                index: 12,
                value: 16,
                ..
            })
        ),
        "{e}"
    );
}

/// `rank,size,stride` from the environment variable `name`, else `default`.
fn bound(name: &str, default: (usize, i64, i64)) -> (Vec<Layout>, i64) {
    let (r, s, d) = std::env::var(name).map_or(default, |v| {
        let n: Vec<i64> = v.split(',').map(|x| x.trim().parse().unwrap()).collect();
        (n[0] as usize, n[1], n[2])
    });
    println!("{name}: rank <= {r}, size <= {s}, strides 0..={d}");
    (layouts(r, s, d), d + 1)
}

/// The classes' sweep counts exactly what the direct sweep counts.
#[test]
fn classes_count_every_pair() {
    let (lefts, rights) = (layouts(2, 8, 3), layouts(3, 4, 3));
    let direct = sweep(&lefts, &rights);
    let reach = rights.iter().map(|b| b.cosize()).max().unwrap();
    let (l, r) = (left_classes(&lefts, reach), right_classes(&rights, 4));
    let classes = l.len();
    let (n, checked) = sweep_classes(&l, &r, 4, 1);
    assert_eq!(n, direct);
    println!("{n:?}: {checked} representative pairs");
    assert!(checked * 4 < n.pairs);
    // And with the left classes merged by scaling.
    let l = scaled_classes(l);
    let (n, fewer) = sweep_classes(&l, &r, 4, 1);
    assert_eq!(n, direct);
    println!("scaled: {fewer} representative pairs");
    assert!(l.len() < classes && fewer < checked);
}

/// The scaling, at every pair of a small bound (`g` = 2 and 3) and
/// at random pairs of the large one (`SAMPLES`, `g` from 2 to 5).
#[test]
fn scaling_multiplies_every_answer() {
    let small = layouts(3, 4, 2);
    for a in &small {
        for b in &small {
            for g in 2..=3 {
                classes::scaling_holds(a, b, g);
            }
        }
    }
    let large = layouts(3, 16, 16);
    let n = large.len() as u64;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = move || {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let samples: usize = std::env::var("SAMPLES").map_or(20_000, |v| v.parse().unwrap());
    for _ in 0..samples {
        let (a, b) = (&large[(next() % n) as usize], &large[(next() % n) as usize]);
        classes::scaling_holds(a, b, 2 + (next() % 4) as i64);
    }
}

/// Both reductions, at every pair of a small bound (in every rank, with
/// extents 1 anywhere) and at random pairs of the large one (`SAMPLES`).
#[test]
fn every_member_answers_as_its_representative() {
    let check = |a: &Layout, b: &Layout| {
        for a0 in classes::other_members(a) {
            classes::reductions_hold(a, &a0, b);
        }
    };
    let small = layouts(3, 4, 2);
    for a in &small {
        for b in &small {
            check(a, b);
        }
    }
    let large = layouts(3, 16, 16);
    let n = large.len() as u64;
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        // xorshift64
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n) as usize
    };
    let samples: usize = std::env::var("SAMPLES").map_or(20_000, |v| v.parse().unwrap());
    for _ in 0..samples {
        let (a, b) = (&large[next()], &large[next()]);
        check(a, b);
    }
}

/// The larger bounds, both operands every flat layout of rank ≤ 3, size ≤
/// 16, strides 0–16 by default (or `LEFTS=r,s,d RIGHTS=r,s,d`; `THREADS`),
/// through one representative pair per pair of classes (`classes.rs`, the
/// left classes merged by scaling);
/// `DIRECT=1` checks every pair one by one instead.
/// Run with
/// `cargo test --release -p layout-core --test composition -- --ignored --nocapture`.
#[test]
#[ignore = "hours in release at the default bound; run by hand"]
fn every_pair_up_to_size_16_is_exact() {
    let (lefts, _) = bound("LEFTS", (3, 16, 16));
    let (rights, strides) = bound("RIGHTS", (3, 16, 16));
    let threads = std::env::var("THREADS").map_or(1, |v| v.parse().unwrap());
    let start = std::time::Instant::now();
    if std::env::var_os("DIRECT").is_some() {
        // Pair by pair, for comparison.
        let n = sweep(&lefts, &rights);
        println!("{n:?}: direct, in {:.0?}", start.elapsed());
        return;
    }
    let reach = rights.iter().map(|b| b.cosize()).max().unwrap_or(1).max(1);
    let (l, r) = (
        left_classes(&lefts, reach),
        right_classes(&rights, strides as u64),
    );
    let unscaled = l.len();
    let l = scaled_classes(l);
    println!(
        "{} x {} layouts in {} x {} classes, {} left classes after scaling ({:.0?})",
        lefts.len(),
        rights.len(),
        unscaled,
        r.len(),
        l.len(),
        start.elapsed()
    );
    let (n, checked) = sweep_classes(&l, &r, strides, threads);
    println!(
        "{n:?}: {checked} representative pairs checked in {:.0?}",
        start.elapsed()
    );
    assert_eq!(n.pairs, lefts.len() as u64 * rights.len() as u64);
}
