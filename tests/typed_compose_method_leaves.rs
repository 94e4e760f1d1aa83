//! The `Compose` method has CuTe C++'s leaves wherever CuTe's layout is the
//! composition (for any strides of the left layout), over every small flat
//! left layout of dynamic ints of 1 to 3 leaves (and a nested one; 4 leaves
//! and 3 by 2 sampled) and right layouts of 1 and 2 leaves or an extent;
//! and `layout!(type composition(…))` (the macro's own walk) has them too.
//! Everywhere, the method answers exactly where the core answers, with the
//! core's offset at every index.
//!
//! CuTe's leaves come from [`cute`], CuTe's `composition` for dynamic ints
//! written out (CUTLASS `include/cute/layout.hpp`, `composition_impl`, with
//! `coalesce_x` merging no dynamic mode); `tests/golden/compose_cute_dynamic.txt`
//! is what CuTe C++ printed for a sample of the cases (g++ -O2, `int`
//! leaves read at run time; the harness is outside the repository), which
//! [`cute`] must reproduce. A leaf of extent 1 has no offset of its own: its
//! stride is not compared (the method writes 0 where CuTe prints a product).

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, Compose, Layout, TypedLayout};

const GOLDEN: &str = include_str!("golden/compose_cute_dynamic.txt");

/// CuTe's `composition(a, b)` for flat layouts of dynamic ints (`a`'s
/// leaves `(extent, stride)`, every extent at least 1; `b`'s strides at
/// least 1: CuTe divides by them), as CuTe prints it: over a left layout of
/// one leaf each leaf `s:d` of `b` is `s:d·e`; over more, it walks `a`'s
/// leaves but the last (`ceil_div`, `min`, no divisibility checked at run
/// time) and gives one sub-mode per leaf of `a`.
fn cute(a: &[(usize, usize)], b: &[(usize, usize)]) -> String {
    let leaf = |&(s, d): &(usize, usize)| -> (String, String) {
        if a.len() == 1 {
            return (s.to_string(), (d * a[0].1).to_string());
        }
        let (mut rest_shape, mut rest_stride) = (s, d);
        let (mut shapes, mut strides) = (vec![], vec![]);
        for &(curr_shape, curr_stride) in &a[..a.len() - 1] {
            let next_shape = curr_shape.div_ceil(rest_stride);
            let next_stride = rest_stride.div_ceil(curr_shape);
            let new_shape = next_shape.min(rest_shape);
            shapes.push(new_shape);
            strides.push(rest_stride * curr_stride);
            rest_shape /= new_shape;
            rest_stride = next_stride;
        }
        shapes.push(rest_shape);
        strides.push(rest_stride * a[a.len() - 1].1);
        (tuple(&shapes), tuple(&strides))
    };
    let modes: Vec<(String, String)> = b.iter().map(leaf).collect();
    if modes.len() == 1 {
        return format!("{}:{}", modes[0].0, modes[0].1);
    }
    let (shapes, strides): (Vec<String>, Vec<String>) = modes.into_iter().unzip();
    format!("({}):({})", shapes.join(","), strides.join(","))
}

fn tuple(v: &[usize]) -> String {
    let v: Vec<String> = v.iter().map(usize::to_string).collect();
    format!("({})", v.join(","))
}

/// A flat layout as CuTe prints it: `(s0,s1):(d0,d1)`, or `s:d`.
fn flat(leaves: &[(usize, usize)]) -> String {
    if let [(s, d)] = leaves {
        return format!("{s}:{d}");
    }
    let (s, d): (Vec<usize>, Vec<usize>) = leaves.iter().copied().unzip();
    format!("{}:{}", tuple(&s), tuple(&d))
}

fn parse(l: &str) -> layout_dsl::Layout {
    l.parse().unwrap_or_else(|e| panic!("{l}: {e}"))
}

fn offsets(l: &layout_dsl::Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// `ours` has `theirs`'s shape and its stride at every leaf of extent
/// other than 1.
fn same_leaves(ours: &layout_dsl::Layout, theirs: &layout_dsl::Layout) -> bool {
    ours.shape() == theirs.shape()
        && ours
            .shape()
            .leaves()
            .zip(ours.stride().leaves().zip(theirs.stride().leaves()))
            .all(|(s, (d, c))| s == 1 || d == c)
}

/// What a sweep saw: cases, where the core answers, where CuTe's layout is
/// the composition (each compared leaf by leaf with the method's), where
/// the macro answers.
#[derive(Debug, Default, PartialEq)]
struct Tally {
    cases: usize,
    core: usize,
    cute_right: usize,
    right_by_chance: usize,
    with_macro: usize,
}

impl Tally {
    /// One case: `a ∘ b` (`a`'s leaves, `b` as text) by the method
    /// (`method`), the macro (`mac`, `None` where the case has no macro
    /// call), the core and CuTe.
    fn check(
        &mut self,
        a: &[(usize, usize)],
        b_text: &str,
        method: Result<String, AlgebraError>,
        mac: Option<Result<String, AlgebraError>>,
    ) {
        let a_text = flat(a);
        let case = format!("{a_text} o {b_text}");
        let left = parse(&a_text);
        let right = parse(b_text);
        let core = composition(&left, &Tiler::Layout(right.clone())).ok();
        self.cases += 1;
        let method = match (method, &core) {
            (Ok(m), Some(core)) => {
                let m = parse(&m);
                assert_eq!(
                    offsets(&m),
                    offsets(core),
                    "{case}: method {m}, core {core}"
                );
                self.core += 1;
                Some(m)
            }
            (Err(_), None) => None,
            (Ok(m), None) => panic!("{case} = {m}: the core refuses"),
            (Err(e), Some(core)) => panic!("{case}: {e}, the core gives {core}"),
        };
        let mac = mac.map(|mac| match mac {
            Ok(l) => {
                let l = parse(&l);
                let core = core.as_ref().unwrap_or_else(|| panic!("{case}: macro {l}"));
                assert_eq!(offsets(&l), offsets(core), "{case}: macro {l}");
                self.with_macro += 1;
                Some(l)
            }
            Err(_) => None,
        });
        // CuTe divides by `b`'s strides: compared where none is 0.
        let b_leaves = parse(b_text);
        if b_leaves.stride().leaves().any(|d| d == 0) {
            return;
        }
        let b_flat: Vec<(usize, usize)> = b_leaves
            .shape()
            .leaves()
            .zip(b_leaves.stride().leaves())
            .map(|(s, d)| (s as usize, d as usize))
            .collect();
        // CuTe's layout is the composition for these strides of `a`, and
        // for any: `a`'s strides replaced by powers of 256 (a coordinate
        // of `a` here is below 256), so that a zero or repeated stride
        // does not make a wrong walk right by chance.
        let generic: Vec<(usize, usize)> = (0..a.len()).map(|k| (a[k].0, 1 << (8 * k))).collect();
        let right_for = |a: &[(usize, usize)]| {
            let left = parse(&flat(a));
            let truth: Vec<i64> = (0..right.size())
                .map(|i| left.at(right.at(i).unwrap()).unwrap())
                .collect();
            offsets(&parse(&cute(a, &b_flat))) == truth
        };
        if !right_for(a) {
            return;
        }
        if !right_for(&generic) {
            self.right_by_chance += 1;
            return;
        }
        let theirs = parse(&cute(a, &b_flat));
        self.cute_right += 1;
        let ours = method.unwrap_or_else(|| panic!("{case}: CuTe's {theirs} is right, we refuse"));
        assert!(
            same_leaves(&ours, &theirs),
            "{case}: ours {ours}, CuTe {theirs}"
        );
        if let Some(mac) = mac {
            let mac = mac
                .unwrap_or_else(|| panic!("{case}: CuTe's {theirs} is right, the macro refuses"));
            assert!(
                same_leaves(&mac, &theirs),
                "{case}: macro {mac}, CuTe {theirs}"
            );
        }
    }
}

/// The method's result as text.
fn method<A, B>(a: A, b: B) -> Result<String, AlgebraError>
where
    A: Compose<B>,
    Layout<A::Shape, A::Stride>: TypedLayout,
{
    a.composition(b).map(|l| l.to_string())
}

/// Every combination of `N` numbers, number `k` in `ranges[k]`
/// (inclusive).
fn grid<const N: usize>(ranges: [(usize, usize); N]) -> impl Iterator<Item = [usize; N]> {
    let count: usize = ranges.iter().map(|&(lo, hi)| hi - lo + 1).product();
    (0..count).map(move |mut k| {
        core::array::from_fn(|i| {
            let (lo, hi) = ranges[i];
            let digit = lo + k % (hi - lo + 1);
            k /= hi - lo + 1;
            digit
        })
    })
}

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
