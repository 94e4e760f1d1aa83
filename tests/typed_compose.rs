//! Typed composition on dynamic leaves: `layout!(type composition(A, B))`
//! gives a typed layout from straight-line code that equals the core's
//! exact composition at every index, or an `AlgebraError` naming the values
//! (never a layout that differs from the core's).

use layout_dsl::typed::{AlgebraError, C, TypedLayout};
use layout_dsl::{IntTuple, layout, layout_type};

/// The core's composition of the same numbers, if it has one.
fn core(a: &str, b: &str) -> Option<layout_dsl::Layout> {
    match layout_dsl::evaluate(&format!("composition({a}, {b})")) {
        Ok(layout_dsl::Value::Layout(l)) => Some(l),
        Ok(other) => panic!("{other:?}"),
        Err(_) => None,
    }
}

/// A typed result is the core's as a function: same size, same offset at
/// every index. Returns whether the typed path gave one.
fn agrees<L: TypedLayout>(typed: Result<L, AlgebraError>, a: &str, b: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    let Ok(typed) = typed else {
        return false;
    };
    let core = core(a, b).unwrap_or_else(|| panic!("{typed}: the core refuses {a} o {b}"));
    assert_eq!(typed.size() as i64, core.size(), "{typed} vs {core}");
    for i in 0..typed.size() {
        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        let got = typed.at(i).try_into().ok();
        assert_eq!(got, Some(expected), "{a} o {b}: {typed} vs {core} at {i}");
    }
    true
}

#[test]
fn two_dynamic_layouts_match_the_core() {
    for m in 1..=20usize {
        for n in [2usize, 4, 8, 10] {
            let typed = layout!(type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m})));
            let (a, b) = (
                format!("({m},{n}):(1,{m})"),
                format!("(4,{}):(1,{})", n / 2, 2 * m),
            );
            // CuTe's walk of 4:1 over a mode of extent 3 does not divide.
            assert_eq!(agrees(typed, &a, &b), m != 3, "m={m} n={n}");
        }
    }
}

#[test]
fn a_dynamic_layout_by_a_static_one_matches_the_core() {
    for m in 0..=24usize {
        for n in [1usize, 3, 8, 12] {
            let a = format!("({m},{n}):({n},1)");
            let t = layout!(type composition((m,n):(n,1), (2,3):(1,4)));
            let ok = agrees(t, &a, "(2,3):(1,4)");
            // Both leaves land in mode 0 (extent m): 2:1 and 3:4 reach
            // 1 + 8 of it, so it needs m > 9 and 4 | m.
            if m % 4 == 0 && m >= 12 {
                assert!(ok, "m={m} n={n}");
            }
            let s = layout!(type composition((m,n):(n,1), ((2,2),4):((1,4),8)));
            agrees(s, &a, "((2,2),4):((1,4),8)");
            let k = layout!(type composition((m,4,n):(1,m,{4 * m}), 8:2));
            let a3 = format!("({m},4,{n}):(1,{m},{})", 4 * m);
            let ok = agrees(k, &a3, "8:2");
            if m % 16 == 0 && m > 0 {
                assert!(ok, "m={m} n={n}");
            }
        }
    }
}

#[test]
fn zero_extents_and_zero_strides_match_the_core() {
    for z in 0..=3usize {
        for m in 0..=5usize {
            let t = layout!(type composition((m,8):(1,m), (z,2):(1,z)));
            agrees(t, &format!("({m},8):(1,{m})"), &format!("({z},2):(1,{z})"));
            let u = layout!(type composition((m,z):(z,1), (3,z):(z,1)));
            agrees(
                u,
                &format!("({m},{z}):({z},1)"),
                &format!("(3,{z}):({z},1)"),
            );
        }
    }
}

#[test]
fn static_leaves_stay_static() {
    use layout_dsl::typed::Layout;
    // 4:1 stays in mode 0 (extent 8); 4:8 skips it whole (8 % 8 == 0) and
    // lands in the last mode, of stride 8: every leaf static, as in CuTe.
    let m = 6;
    let c: Layout<(C<4>, C<4>), (C<1>, C<8>)> =
        layout!(type composition((8,m):(1,8), (4,4):(1,8))).unwrap();
    assert!(agrees(Ok(c), "(8,6):(1,8)", "(4,4):(1,8)"));
    // m:16 skips mode 0 (16 = 2 * 8) and lands in the last mode at stride
    // 2 * 8: static too; the extent m stays `usize`.
    type Strided = layout_type!(type composition((8,m):(1,8), (2,m):(4,16)));
    let s: Strided = layout!(type composition((8,m):(1,8), (2,m):(4,16))).unwrap();
    let _: (C<2>, usize) = s.shape();
    let _: (C<4>, C<16>) = s.stride();
    assert!(agrees(Ok(s), "(8,6):(1,8)", "(2,6):(4,16)"));
}

#[test]
fn a_broken_divisibility_is_an_error_naming_the_values() {
    let (m, n) = (3usize, 8usize);
    let e = layout!(type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ShapeNotDivisible {
            function: "composition",
            shape: 4,
            part: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "in `composition`: the extent 4 is not a multiple of the 3 elements one mode of the \
         left layout takes (CuTe's shape divisibility condition)"
    );
    // Stride 4 over a mode of extent 6: neither divides the other, and the
    // next mode (stride 7) does not continue it (at stride 6 it would, and
    // the walk merges the two: `tests/typed_compose_merge.rs`).
    let six = 6usize;
    let e = layout!(type composition((six,8):(1,7), 4:4)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::StrideNotDivisible {
            function: "composition",
            stride: 4,
            extent: 6
        }
    );
    // Two leaves that reach coordinates 3 and 4 of a mode of extent 6
    // carry; into a last mode that continues it (stride 6) the carry is
    // harmless (`A` is `1 * x` there), into one that does not (7) an error.
    let t = layout!(type composition((six,8):(1,6), (2,2):(3,4)));
    assert!(agrees(t, "(6,8):(1,6)", "(2,2):(3,4)"));
    let e = layout!(type composition((six,8):(1,7), (2,2):(3,4))).unwrap_err();
    assert!(
        matches!(
            e,
            AlgebraError::Carry {
                reach: 7,
                extent: 6,
                ..
            }
        ),
        "{e:?}"
    );
    let big = usize::MAX / 2;
    let e = layout!(type composition((4,big):(1,big), 8:16)).unwrap_err();
    assert!(matches!(e, AlgebraError::ProductOverflow { .. }), "{e:?}");
    let zero = 0usize;
    let e = layout!(type composition((zero,4):(1,1), 4:1)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ZeroExtent {
            function: "composition"
        }
    );
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// On any leaves, a typed composition is the core's, or refused.
        #[test]
        fn typed_composition_is_the_cores_or_refused(
            a0 in 0usize..12, a1 in 0usize..12, d0 in 0usize..40, d1 in 0usize..40,
            b0 in 0usize..9, b1 in 0usize..9, e0 in 0usize..30, e1 in 0usize..30,
        ) {
            let (a, b) = (format!("({a0},{a1}):({d0},{d1})"), format!("({b0},{b1}):({e0},{e1})"));
            let t = layout!(type composition((a0,a1):(d0,d1), (b0,b1):(e0,e1)));
            agrees(t, &a, &b);
            let s = layout!(type composition((a0,a1,3):(d0,d1,7), (b0,2):(e0,3)));
            agrees(s, &format!("({a0},{a1},3):({d0},{d1},7)"), &format!("({b0},2):({e0},3)"));
        }

        /// Where CuTe's conditions hold by construction (B's strides and
        /// extents multiples and divisors of A's), the typed path answers.
        #[test]
        fn divisible_inputs_are_typed(i in 0usize..4, j in 1usize..6, k in 1usize..6) {
            let m = 4 << i;
            let (s, d) = (m / 4, 4usize);
            let t = layout!(type composition((m,j):(1,m), (s,k):(d,m)));
            let (a, b) = (format!("({m},{j}):(1,{m})"), format!("({s},{k}):({d},{m})"));
            prop_assert!(agrees(t, &a, &b));
        }
    }
}

/// Every small pair of two-mode layouts: the typed path agrees wherever it
/// answers, and answers for most of what the core answers (it refuses what
/// needs the core's merging of dynamic modes or its point-by-point proof).
#[test]
fn small_layouts_exhaustively() {
    let (mut typed, mut cored) = (0, 0);
    for a0 in 1..=4usize {
        for d1 in [a0, 3, 8] {
            for b0 in 1..=3usize {
                for e0 in 0..=4usize {
                    for e1 in [1usize, 4, 6] {
                        let (a, b) = (
                            format!("({a0},4):(1,{d1})"),
                            format!("({b0},2):({e0},{e1})"),
                        );
                        let t = layout!(type composition((a0,4):(1,d1), (b0,2):(e0,e1)));
                        typed += usize::from(agrees(t, &a, &b));
                        cored += usize::from(core(&a, &b).is_some());
                    }
                }
            }
        }
    }
    eprintln!("typed {typed} of the core's {cored}");
    assert!(
        typed * 10 >= cored * 7,
        "typed {typed} of the core's {cored}"
    );
}

/// A by-mode tiler composes mode i of `A` with tile i (an integer `n` is
/// `n:1`) and drops the modes past it, as CuTe and the core do.
#[test]
fn by_mode_tilers_match_the_core() {
    for m in 1..=12usize {
        for n in [1usize, 4, 6, 8] {
            let a = format!("({m},{n}):(1,{m})");
            let t = layout!(type composition((m,n):(1,m), <4, 2:2>));
            // Each mode of A is one leaf, unbounded on its own: no condition.
            assert!(agrees(t, &a, "<4, 2:2>"), "m={m} n={n}");
            let u = layout!(type composition((m,n):(1,m), <(2,2):(1,4), n>));
            assert!(agrees(u, &a, &format!("<(2,2):(1,4), {n}>")));
            // A two-leaf mode by a tile: CuTe's walk and its conditions.
            let w = layout!(type composition(((2,m),n):((1,2),{2 * m}), <(2,2):(1,2), 2>));
            let nested = format!("((2,{m}),{n}):((1,2),{})", 2 * m);
            let ok = agrees(w, &nested, "<(2,2):(1,2), 2>");
            assert!(ok || m < 2, "m={m} n={n}");
            let three = format!("({m},{n},3):(1,{m},{})", m * n);
            let v = layout!(type composition((m,n,3):(1,m,{m * n}), <2>));
            assert!(agrees(v, &three, "<2>"), "m={m} n={n}");
        }
    }
}
