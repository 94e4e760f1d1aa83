//! Composition into layouts with scaled-basis strides where CuTe's walk
//! refuses on divisibility but an exact layout exists (decided point by
//! point, `basis/algebra/decide.rs`): over every rank-2 integer `B` with
//! extents 1–6 and strides 0–12 against left layouts with zero strides,
//! repeated bases and identities, each result is checked against `A` read
//! at `B(i)`, and each refusal against a brute force over every refinement
//! of `B`'s leaves (every ordered factorisation of each extent, strides
//! read off `A(c·d)` at the refinement's unit points). Prints the counts
//! (`cargo test -p layout-core --test basis_decide -- --nocapture`).

use std::collections::BTreeMap;

use layout_core::{BasisLayout, IntTuple, Layout, Tiler, Value, basis, evaluate, natural_coord};

/// A coordinate as its nonzero components by basis path.
type Coord = BTreeMap<Vec<usize>, i64>;

/// `l(i)`, leaf by leaf (the last leaf keeps the rest, as CuTe's `crd2idx`).
fn apply(l: &BasisLayout, i: i64) -> Coord {
    let natural = natural_coord(&IntTuple::Int(i), l.shape()).unwrap();
    let mut out = Coord::new();
    for (c, d) in natural.leaves().zip(l.leaf_strides()) {
        *out.entry(d.modes().to_vec()).or_default() += c * d.value();
    }
    out.retain(|_, v| *v != 0);
    out
}

/// Every ordered factorisation of `n` into factors above 1 (`[1]` for 1).
fn factorisations(n: i64) -> Vec<Vec<i64>> {
    if n == 1 {
        return vec![vec![1]];
    }
    let mut out = Vec::new();
    for f in 2..=n {
        if n % f == 0 {
            if f == n {
                out.push(vec![n]);
            } else {
                for mut rest in factorisations(n / f) {
                    rest.insert(0, f);
                    out.push(rest);
                }
            }
        }
    }
    out
}

/// Whether some layout of `B`'s shape, its leaves refined, with one scaled
/// basis (or 0) per leaf, is `A(B(i))` at every index.
fn exact_layout_exists(a: &BasisLayout, b: &Layout) -> bool {
    let modes: Vec<(i64, i64)> = b.leaf_modes().collect();
    let f = |m: usize, c: i64| apply(a, c * modes[m].1);
    let leaf_fits = |m: usize| {
        let n = modes[m].0;
        factorisations(n).into_iter().any(|factors| {
            let mut units = Vec::new();
            let mut step = 1;
            for &t in &factors {
                let unit = if t == 1 { Coord::new() } else { f(m, step) };
                units.push(unit);
                step *= t;
            }
            units.iter().all(|u| u.len() <= 1)
                && (0..n).all(|c| {
                    let (mut rest, mut sum) = (c, Coord::new());
                    for (k, (&t, u)) in factors.iter().zip(&units).enumerate() {
                        let digit = if k + 1 == factors.len() {
                            rest
                        } else {
                            rest % t
                        };
                        rest /= t;
                        for (p, v) in u {
                            *sum.entry(p.clone()).or_default() += digit * v;
                        }
                    }
                    sum.retain(|_, v| *v != 0);
                    sum == f(m, c)
                })
        })
    };
    if !(0..modes.len()).all(leaf_fits) {
        return false;
    }
    // The leaves add up at every index.
    (0..b.size()).all(|i| {
        let natural = natural_coord(&IntTuple::Int(i), b.shape()).unwrap();
        let mut sum = Coord::new();
        for (m, c) in natural.leaves().enumerate() {
            for (p, v) in f(m, c) {
                *sum.entry(p).or_default() += v;
            }
        }
        sum.retain(|_, v| *v != 0);
        sum == apply(a, b.at(i).unwrap())
    })
}

const LEFTS: &[&str] = &[
    "(2,4):(0,1@0)",
    "(4,2,4):(1@0,0,1@1)",
    "(2,3):(2@0,1@0)",
    "((2,2),6):((1@0,2@1),2@0)",
    "(4,8):(0,1@1)",
    "(3,4):(1@1,1@0)",
    "make_identity_layout((4,8))",
    "make_identity_layout((2,3,4))",
];

#[test]
fn every_exact_composition_is_found() {
    let (mut exact, mut refused, mut beyond_cute, mut cute_wrong) = (0u64, 0u64, 0u64, 0u64);
    for src in LEFTS {
        let Ok(Value::BasisLayout(a)) = evaluate(src) else {
            panic!("{src}");
        };
        for n0 in 1..=6 {
            for d0 in 0..=12 {
                for n1 in 1..=6 {
                    for d1 in 0..=12 {
                        let b = Layout::from_leaf_modes(&[(n0, d0), (n1, d1)]).unwrap();
                        let cute = basis::algebra::cute_composition(&a, &b);
                        match basis::algebra::composition(&a, &Tiler::from(b.clone())) {
                            Ok(r) => {
                                exact += 1;
                                assert_eq!(r.size(), b.size());
                                for i in 0..b.size() {
                                    let want = apply(&a, b.at(i).unwrap());
                                    assert_eq!(apply(&r, i), want, "{a} ∘ {b} = {r} at {i}");
                                }
                                if cute.is_err() {
                                    beyond_cute += 1;
                                }
                            }
                            Err(e) => {
                                refused += 1;
                                assert!(
                                    !exact_layout_exists(&a, &b),
                                    "{a} ∘ {b} refused ({e}), but an exact layout exists"
                                );
                                if cute.is_ok() {
                                    cute_wrong += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "composition(basis A, B) over {} left layouts: {exact} exact ({beyond_cute} where CuTe's checks refuse), {refused} refused (every one confirmed: no refinement of B's shape is exact; {cute_wrong} where CuTe returns a layout that is not A(B(i)))",
        LEFTS.len()
    );
    assert!(beyond_cute > 0);
}

/// Past 2^20 reads the composition is not decided: CuTe's walk's own
/// reason for refusing stands.
#[test]
fn too_large_to_decide_keeps_the_walks_reason() {
    let e = evaluate("composition(make_identity_layout((2,4194304)), (3,400000):(1,3))")
        .unwrap_err()
        .to_string();
    assert!(e.contains("fails CuTe's shape divisibility"), "{e}");
    // The same leaf in a small B is decided: 3:1 reads (0,0),(1,0),(0,1),
    // which no layout with scaled-basis strides follows.
    let e = evaluate("composition(make_identity_layout((2,4194304)), (3,4):(1,3))")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("past coordinate 2 of the leaf (index 2 of B"),
        "{e}"
    );
}
