//! The `Compose` method against CuTe C++ and against
//! `layout!(type composition(…))`, over a sweep of a dynamic `m`:
//! `a = (m,8):(1,m)` (its leaves continue one another, with dynamic
//! values) composed with `b = (4,2):(1,8)` (static) and `(4,2):(1,2m)`.
//! CuTe's dynamic walk does not merge dynamic modes (its `coalesce` merges
//! static ones only), so the method must not either where CuTe's
//! divisibility holds: the same shape as CuTe's and the macro's, and the
//! same stride at every leaf of extent other than 1 (a leaf of extent 1
//! has no offset of its own; the walks write 0 or CuTe's number there).
//! `tests/golden/compose_method_cute.txt` is what CuTe C++ printed
//! (`m`, `a ∘ static b`, `a ∘ dynamic b`; the harness is outside the
//! repository). Where CuTe's divisibility fails (m = 3, and m = 5, 6, 7
//! with the static right layout) CuTe's layout is not the composition and
//! the macro refuses: the method answers, its offsets checked against the
//! brute-force `a(b(i))` (as everywhere).

use layout_dsl::layout;
use layout_dsl::typed::Compose;

const GOLDEN: &str = include_str!("golden/compose_method_cute.txt");

/// `ours` has `theirs`'s shape and its stride at every leaf of extent
/// other than 1 (a leaf of extent 1 has no offset of its own).
fn same_leaves(ours: &str, theirs: &str) -> bool {
    let ours: layout_dsl::Layout = ours.parse().unwrap();
    let cute: layout_dsl::Layout = theirs.parse().unwrap();
    ours.shape() == cute.shape()
        && ours
            .shape()
            .leaves()
            .zip(ours.stride().leaves().zip(cute.stride().leaves()))
            .all(|(s, (d, c))| s == 1 || d == c)
}

/// `a(b(i))` at every index of `b`, as the core reads each layout.
fn brute(a: &str, b: &str) -> Vec<i64> {
    let a: layout_dsl::Layout = a.parse().unwrap();
    let b: layout_dsl::Layout = b.parse().unwrap();
    (0..b.size())
        .map(|i| a.at(b.at(i).unwrap()).unwrap())
        .collect()
}

fn offsets(l: &str) -> Vec<i64> {
    let l: layout_dsl::Layout = l.parse().unwrap();
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

#[test]
fn method_has_cutes_leaves_and_the_macros_layout() {
    let (mut compared, mut with_macro) = (0, 0);
    for line in GOLDEN.lines() {
        let mut f = line.split_whitespace();
        let m: usize = f.next().unwrap().parse().unwrap();
        let (cute_static, cute_dynamic) = (f.next().unwrap(), f.next().unwrap());
        let a = layout!((m,8):(1,m));
        let s = 2 * m;
        let method_static = a
            .composition(layout!(type (4,2):(1,8)))
            .unwrap()
            .to_string();
        let method_dynamic = a.composition(layout!((4,2):(1,s))).unwrap().to_string();
        // The macro refuses where CuTe's divisibility fails (m = 3, and
        // m = 5, 6, 7 with the static right layout); where it answers, the
        // method has its leaves.
        let macro_static = layout!(type composition((m,8):(1,m), (4,2):(1,8)));
        let macro_dynamic = layout!(type composition((m,8):(1,m), (4,2):(1,s)));
        for (method, mac) in [
            (&method_static, macro_static.map(|l| l.to_string())),
            (&method_dynamic, macro_dynamic.map(|l| l.to_string())),
        ] {
            match mac {
                Ok(mac) => {
                    assert!(
                        same_leaves(method, &mac),
                        "m = {m}: method {method}, macro {mac}"
                    );
                    with_macro += 1;
                }
                // Where the macro refuses, the method answers (its second
                // walk merges the leaves on their values), checked
                // against `a(b(i))` below.
                Err(e) => assert!(
                    ![1, 2, 4, 8].contains(&m),
                    "m = {m}: the macro refuses: {e:?}"
                ),
            }
        }
        let a_text = format!("({m},8):(1,{m})");
        for (ours, cute, b) in [
            (&method_static, cute_static, "(4,2):(1,8)".to_string()),
            (&method_dynamic, cute_dynamic, format!("(4,2):(1,{s})")),
        ] {
            let truth = brute(&a_text, &b);
            assert_eq!(offsets(ours), truth, "m = {m}: {a_text} o {b} = {ours}");
            if offsets(cute) == truth {
                assert!(
                    same_leaves(ours, cute),
                    "m = {m}: {a_text} o {b}: ours {ours}, CuTe {cute}"
                );
                compared += 1;
            }
        }
    }
    // m = 1, 2, 4, 8 with both right layouts hold CuTe's divisibility.
    // CuTe is right at m = 1, 2, 4, 8 with both right layouts and at
    // m = 5, 6, 7 with the dynamic one (its stride 2m a column's); the
    // macro answers in the same 11 cases.
    assert_eq!((compared, with_macro), (11, 11));
}
