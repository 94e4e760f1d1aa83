//! The `Compose` method has CuTe C++'s leaves wherever CuTe's layout is the
//! composition (for any strides of the left layout), over every small flat
//! left layout of dynamic ints of 1 to 3 leaves (and a nested one; 4 leaves
//! and 3 by 2 sampled) and right layouts of 1 and 2 leaves or an extent;
//! and `layout!(type composition(…))` (the macro's own walk) has them too.
//! Everywhere, the method answers exactly where the core answers, with the
//! core's offset at every index.
//!
//! CuTe's leaves come from `oracle::cute`, CuTe's `composition` for dynamic ints
//! written out (CUTLASS `include/cute/layout.hpp`, `composition_impl`, with
//! `coalesce_x` merging no dynamic mode); `tests/golden/compose_cute_dynamic.txt`
//! is what CuTe C++ printed for a sample of the cases (g++ -O2, `int`
//! leaves read at run time; the harness is outside the repository), which
//! `cute` must reproduce. A leaf of extent 1 has no offset of its own: its
//! stride is not compared (the method writes 0 where CuTe prints a product).

mod oracle;

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::layout;
use layout_dsl::typed::Compose;
use oracle::{Tally, cute, flat, grid, method, offsets, parse, same_leaves};

const GOLDEN: &str = include_str!("../golden/compose_cute_dynamic.txt");

#[test]
fn the_sampled_cases_are_what_cute_printed() {
    let mut lines = 0;
    for line in GOLDEN.lines() {
        let mut f = line.split_whitespace();
        let (a, b, printed) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let leaves = |l: &str| -> Vec<(usize, usize)> {
            let l = parse(l);
            l.shape()
                .leaves()
                .zip(l.stride().leaves())
                .map(|(s, d)| (s as usize, d as usize))
                .collect()
        };
        assert_eq!(cute(&leaves(a), &leaves(b)), printed, "{a} o {b}");
        lines += 1;
    }
    assert!(lines > 200, "{lines} lines");
}

/// The right leaves of the one-leaf sweeps: `n` 1–6, `r` 0–12.
const ONE_LEAF: [(usize, usize); 2] = [(1, 6), (0, 12)];

#[test]
fn left_layouts_of_one_and_two_leaves() {
    let mut t = Tally::default();
    for [m0, d0] in grid([(1, 6), (0, 6)]) {
        let a = layout!(m0:d0);
        for [n, r] in grid(ONE_LEAF) {
            let mac = layout!(type composition(m0:d0, n:r)).map(|l| l.to_string());
            let b = format!("{n}:{r}");
            t.check(&[(m0, d0)], &b, method(a, layout!(n:r)), Some(mac));
        }
    }
    for [m0, m1, d0, d1] in grid([(1, 4), (1, 4), (0, 6), (0, 6)]) {
        let a = layout!((m0,m1):(d0,d1));
        let leaves = [(m0, d0), (m1, d1)];
        for [n, r] in grid(ONE_LEAF) {
            let mac = layout!(type composition((m0,m1):(d0,d1), n:r)).map(|l| l.to_string());
            let b = format!("{n}:{r}");
            t.check(&leaves, &b, method(a, layout!(n:r)), Some(mac));
            // An extent `n` is `n:1`.
            if r == 1 {
                t.check(&leaves, &b, method(a, n), None);
            }
        }
    }
    let want = Tally {
        cases: 69_132,
        core: 56_940,
        cute_right: 43_204,
        right_by_chance: 840,
        with_macro: 45_800,
    };
    assert_eq!(t, want);
}

#[test]
fn left_layouts_of_three_leaves_and_a_nested_one() {
    let mut t = Tally::default();
    for [m0, m1, m2, d0, d1, d2] in grid([(1, 3), (1, 3), (1, 3), (0, 3), (0, 3), (0, 3)]) {
        let a = layout!((m0,m1,m2):(d0,d1,d2));
        let nested = layout!(((m0,m1),m2):((d0,d1),d2));
        let leaves = [(m0, d0), (m1, d1), (m2, d2)];
        for [n, r] in grid(ONE_LEAF) {
            let b = format!("{n}:{r}");
            let mac = layout!(type composition((m0,m1,m2):(d0,d1,d2), n:r)).map(|l| l.to_string());
            t.check(&leaves, &b, method(a, layout!(n:r)), Some(mac));
            // Nested: the leaves are flattened (CuTe's `coalesce_x`); on
            // strides below 3 (a debug build's time).
            if d0.max(d1).max(d2) < 3 {
                t.check(&leaves, &b, method(nested, layout!(n:r)), None);
            }
        }
    }
    let want = Tally {
        cases: 191_646,
        core: 144_780,
        cute_right: 95_277,
        right_by_chance: 6_996,
        with_macro: 82_410,
    };
    assert_eq!(t, want);
}

#[test]
fn right_layouts_of_two_leaves() {
    let mut t = Tally::default();
    for [m0, m1, d0, d1] in grid([(1, 3), (1, 3), (0, 4), (0, 4)]) {
        let a = layout!((m0,m1):(d0,d1));
        let leaves = [(m0, d0), (m1, d1)];
        for [n0, n1, r0, r1] in grid([(1, 3), (1, 3), (0, 6), (0, 6)]) {
            let b = format!("({n0},{n1}):({r0},{r1})");
            let mac =
                layout!(type composition((m0,m1):(d0,d1), (n0,n1):(r0,r1))).map(|l| l.to_string());
            let ours = method(a, layout!((n0,n1):(r0,r1)));
            t.check(&leaves, &b, ours, Some(mac));
        }
    }
    let want = Tally {
        cases: 99_225,
        core: 83_181,
        cute_right: 48_975,
        right_by_chance: 1_989,
        with_macro: 70_857,
    };
    assert_eq!(t, want);
}

/// Rank 4 and rank 3 by rank 2: a sample (a fixed linear congruential
/// sequence), the grids being too large to sweep in a debug build.
#[test]
fn left_layouts_of_four_leaves_and_three_by_two_sampled() {
    let mut state = 0x2545_f491_4f6c_dd1d_u64;
    let mut pick = |lo: usize, hi: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        lo + (state >> 33) as usize % (hi - lo + 1)
    };
    let mut t = Tally::default();
    for _ in 0..20_000 {
        let [m0, m1, m2, m3] = [(); 4].map(|_| pick(1, 3));
        let [d0, d1, d2, d3] = [(); 4].map(|_| pick(0, 12));
        let (n, r) = (pick(1, 8), pick(0, 30));
        let a = layout!((m0,m1,m2,m3):(d0,d1,d2,d3));
        let leaves = [(m0, d0), (m1, d1), (m2, d2), (m3, d3)];
        let b = format!("{n}:{r}");
        let mac =
            layout!(type composition((m0,m1,m2,m3):(d0,d1,d2,d3), n:r)).map(|l| l.to_string());
        t.check(&leaves, &b, method(a, layout!(n:r)), Some(mac));
    }
    for _ in 0..20_000 {
        let [m0, m1, m2] = [(); 3].map(|_| pick(1, 4));
        let [d0, d1, d2] = [(); 3].map(|_| pick(0, 8));
        let [n0, n1] = [(); 2].map(|_| pick(1, 4));
        let [r0, r1] = [(); 2].map(|_| pick(0, 16));
        let a = layout!((m0,m1,m2):(d0,d1,d2));
        let leaves = [(m0, d0), (m1, d1), (m2, d2)];
        let b = format!("({n0},{n1}):({r0},{r1})");
        let mac = layout!(type composition((m0,m1,m2):(d0,d1,d2), (n0,n1):(r0,r1)))
            .map(|l| l.to_string());
        let ours = method(a, layout!((n0,n1):(r0,r1)));
        t.check(&leaves, &b, ours, Some(mac));
    }
    let want = Tally {
        cases: 40_000,
        core: 21_826,
        cute_right: 11_967,
        right_by_chance: 422,
        with_macro: 14_073,
    };
    assert_eq!(t, want);
}

/// A by-mode tiler `(B0, B1)` over `((m0,m1),m2)`: mode 0 (two leaves)
/// composed with `B0`, mode 1 with `B1`, as CuTe's by-mode `composition`
/// and the core's `<B0,B1>`; CuTe's leaves wherever its layout is the
/// composition (for any strides), the core's offsets everywhere.
#[test]
fn a_by_mode_tiler() {
    let (mut answered, mut compared) = (0, 0);
    for [m0, m1, d0, d1, d2] in grid([(1, 3), (1, 3), (0, 3), (0, 3), (1, 2)]) {
        let m2 = 3usize;
        let a = layout!(((m0,m1),m2):((d0,d1),d2));
        let a_text = format!("(({m0},{m1}),{m2}):(({d0},{d1}),{d2})");
        let mode0 = [(m0, d0), (m1, d1)];
        for [n, r, k, s] in grid([(1, 6), (0, 9), (1, 2), (0, 1)]) {
            let ours = a.composition((layout!(n:r), layout!(k:s)));
            let tiler = Tiler::ByMode(vec![
                Tiler::Layout(parse(&format!("{n}:{r}"))),
                Tiler::Layout(parse(&format!("{k}:{s}"))),
            ]);
            let core = composition(&parse(&a_text), &tiler).ok();
            let case = format!("{a_text} o <{n}:{r},{k}:{s}>");
            let ours = match (ours, core) {
                (Ok(l), Some(core)) => {
                    let l = parse(&l.to_string());
                    assert_eq!(offsets(&l), offsets(&core), "{case}: ours {l}, core {core}");
                    answered += 1;
                    l
                }
                (Err(_), None) => continue,
                (Ok(l), None) => panic!("{case} = {l}: the core refuses"),
                (Err(e), Some(core)) => panic!("{case}: {e}, the core gives {core}"),
            };
            if r == 0 || s == 0 {
                continue;
            }
            // Mode 0's part is right for any strides (see `Tally::check`);
            // mode 1 (one leaf) always is.
            let right_for = |leaves: &[(usize, usize)]| {
                let (left, right) = (parse(&flat(leaves)), parse(&format!("{n}:{r}")));
                let truth: Vec<i64> = (0..right.size())
                    .map(|i| left.at(right.at(i).unwrap()).unwrap())
                    .collect();
                offsets(&parse(&cute(leaves, &[(n, r)]))) == truth
            };
            if !right_for(&mode0) || !right_for(&[(m0, 1), (m1, 256)]) {
                continue;
            }
            let part = parse(&cute(&mode0, &[(n, r)]));
            let theirs = parse(&format!(
                "({},{k}):({},{})",
                part.shape(),
                part.stride(),
                s * d2
            ));
            assert!(
                same_leaves(&ours, &theirs),
                "{case}: ours {ours}, CuTe {theirs}"
            );
            compared += 1;
        }
    }
    assert_eq!((answered, compared), (59_712, 21_888));
}
