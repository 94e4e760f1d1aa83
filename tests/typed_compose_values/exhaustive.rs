//! Exhaustive sweeps of `Compose` over small values: the typed path
//! answers exactly where the core answers, and alike.

use super::*;

/// Every flat rank-2 pair of small values (extents 1–4 and 1–3, strides
/// 0–4 and 0–8 on each side: zero, overlapping and padded strides): the
/// typed path answers exactly where the core answers, and alike. With a
/// left layout of two leaves the walk's last step is exact
/// (`compose_step_before_last`), so a refusal is the core's.
#[test]
fn answers_exactly_where_the_core_answers() {
    let (mut both, mut neither) = (0, 0);
    for (m, n, s, t) in quad(1..=4, 1..=3, 0..=4, 0..=8) {
        for (p, q, u, v) in quad(1..=4, 1..=3, 0..=4, 0..=8) {
            let (a, b) = (layout!((m,n):(s,t)), layout!((p,q):(u,v)));
            match (a.composition(b), core(a, b)) {
                (Ok(c), Some(_)) => {
                    assert!(assert_composition(&c, a, b));
                    both += 1;
                }
                (Err(e), None) => {
                    assert!(is_walk_error(&e), "{e}");
                    neither += 1;
                }
                (Ok(c), None) => panic!("{a} o {b} = {c}: the core refuses"),
                (Err(e), Some(core)) => panic!("{a} o {b}: {e}, the core gives {core}"),
            }
        }
    }
    // 291,600 pairs; before the exact last step the typed path refused
    // 28,626 of the core's 226,680 answers (ARCHITECTURE.md).
    assert_eq!((both, neither), (226_680, 64_920));
}

/// Three leaves whose last two continue one another (`k` at stride `n·t`:
/// one line to the end), so at most two groups: refused exactly where the
/// core refuses, and alike where both answer.
#[test]
fn a_line_after_the_first_group_is_exact() {
    let (mut both, mut neither) = (0, 0);
    for (m, n, s, t) in quad(1..=4, 1..=2, 0..=4, 0..=4) {
        for k in 1..=3 {
            let a = layout!((m,n,k):(s,t,{n * t}));
            for (p, q, u, v) in quad(1..=4, 1..=3, 0..=5, 0..=5) {
                let b = layout!((p,q):(u,v));
                match (a.composition(b), core(a, b)) {
                    (Ok(c), Some(_)) => {
                        assert!(assert_composition(&c, a, b));
                        both += 1;
                    }
                    (Err(_), None) => neither += 1,
                    (typed, core) => panic!("{a} o {b}: {typed:?}, the core gives {core:?}"),
                }
            }
        }
    }
    // Before the line was recognised (the exact step only before the last
    // leaf), 14,463 of the core's answers here were refused.
    assert_eq!((both, neither), (198_876, 60_324));
}

/// The same over a wider bound (extents 1–6 and 1–4, strides 0–9 on each
/// side: 5,760,000 pairs); ignored, about 10 s in release
/// (`cargo test --release --test typed_compose_values -- --ignored`).
#[test]
#[ignore]
fn answers_exactly_where_the_core_answers_wider() {
    let (mut both, mut neither) = (0, 0);
    for (m, n, s, t) in quad(1..=6, 1..=4, 0..=9, 0..=9) {
        let a = layout!((m,n):(s,t));
        let left = to_core(a);
        for (p, q, u, v) in quad(1..=6, 1..=4, 0..=9, 0..=9) {
            let b = layout!((p,q):(u,v));
            let core = composition(&left, &Tiler::Layout(to_core(b))).ok();
            match (a.composition(b), core) {
                (Ok(c), Some(core)) => {
                    for i in 0..c.size() {
                        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
                        assert_eq!(c.at(i) as i64, want, "{a} o {b}");
                    }
                    both += 1;
                }
                (Err(_), None) => neither += 1,
                (typed, core) => panic!("{a} o {b}: {typed:?}, the core gives {core:?}"),
            }
        }
    }
    assert_eq!((both, neither), (3_501_240, 2_258_760));
}

fn quad(
    a: core::ops::RangeInclusive<usize>,
    b: core::ops::RangeInclusive<usize>,
    c: core::ops::RangeInclusive<usize>,
    d: core::ops::RangeInclusive<usize>,
) -> Vec<(usize, usize, usize, usize)> {
    let mut out = Vec::new();
    for w in a {
        for x in b.clone() {
            for y in c.clone() {
                for z in d.clone() {
                    out.push((w, x, y, z));
                }
            }
        }
    }
    out
}

#[test]
fn zero_extents_and_strides_agree_with_the_core() {
    for z in 0..=3usize {
        for m in 0..=5usize {
            let (a, b) = (layout!((m,8):(1,m)), layout!((z,2):(1,z)));
            let (typed, expected) = (a.composition(b), core(a, b));
            if let Ok(c) = typed {
                let core = expected.unwrap_or_else(|| panic!("{c}: the core refuses"));
                assert_eq!(c.size() as i64, core.size());
                for i in 0..c.size() {
                    let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
                    assert_eq!(c.at(i) as i64, want, "{a} o {b}");
                }
            }
            // Where the macro's rule answers, it is the core's layout, and
            // the trait answers it too, alike: an empty mode of the left
            // layout that no leaf walks (`(0,8):(1,0) o (0,2):(1,0)`) is
            // answered by both, as the core answers it; where a leaf walks
            // it, both refuse, as the core does. (The trait's exact walk
            // answers more than the macro's CuTe walk: `m = 2, z = 3`.)
            let written = layout!(type composition((m,8):(1,m), (z,2):(1,z)));
            assert!(
                written.is_err() || typed.is_ok(),
                "{a} o {b}: the trait refuses"
            );
            if let Ok(y) = written {
                let core = core(a, b).unwrap_or_else(|| panic!("{y}: the core refuses"));
                assert_eq!(y.size() as i64, core.size(), "{a} o {b}");
                for i in 0..y.size() {
                    let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
                    assert_eq!(y.at(i) as i64, want, "{a} o {b}");
                }
                if let Ok(x) = typed {
                    (0..x.size()).for_each(|i| assert_eq!(x.at(i), y.at(i)));
                }
            }
        }
    }
}
