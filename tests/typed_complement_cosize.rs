//! Typed `complement(A)` (CuTe's one-argument form: the cotarget is
//! `cosize(A)`) and typed `complement` of a rank-1 layout with a dynamic
//! stride (CuTe's "dynamic-stride complement only for rank-1 layouts"),
//! against the core at every index; refused with an error wherever the
//! typed path does not answer, never a wrong layout.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core, same};

#[test]
fn one_argument_complement_is_the_cores() {
    for m in 0..=9usize {
        // The holes of (m,4):(1,8) are static 8/m's run-time value; the
        // cotarget 1 + (m-1) + 3·8 is dynamic, so the rest is too (as in
        // CuTe, whose cosize of a dynamic shape is dynamic).
        let t = layout!(type complement((m,4):(1,8)));
        let text = format!("complement(({m},4):(1,8))");
        assert_eq!(same(t, &text), m > 0 && 8 % m == 0, "{text}");
        // A dynamic extent above static modes: a static hole 2 at 4. For
        // m = 1 the core drops the mode and answers 2:1 (size 2), which
        // CuTe's nesting (holes 2 and 2, then the rest) cannot hold.
        let u = layout!(type complement((2,m):(2,8)));
        assert_eq!(same(u, &format!("complement((2,{m}):(2,8))")), m > 1, "{m}");
        if m == 1 {
            let e = AlgebraError::UnitExtent {
                function: "complement",
                reach: 4,
                split: 8,
            };
            assert_eq!(u.unwrap_err(), e);
        }
        // Stride 0 and extent 1 leave no term in the cosize.
        let z = layout!(type complement((m,1,2):(0,7,3)));
        assert!(same(z, &format!("complement(({m},1,2):(0,7,3))")) == (m > 0));
    }
}

#[test]
fn one_argument_complement_keeps_static_holes_static() {
    let m = 5usize;
    // (2,m):(2,8): holes 2:1 (static) and 8/4 = 2 at 4 (static), then the
    // rest ceil(cosize / 8m) at 8m (dynamic), as CuTe types it.
    let u: Layout<(C<2>, C<2>, usize), (C<1>, C<4>, usize)> =
        layout!(type complement((2,m):(2,8))).unwrap();
    assert!(agrees(Ok(u), "complement((2,5):(2,8))"));
    assert_eq!(u.to_string(), "(2,2,1):(1,4,40)");
    // CuTe C++ (host harness): complement(make_layout(_4{}, 3), 100) is
    // (3,9):(_1,12): the hole is the dynamic stride, at the static stride 1.
    let d = 3usize;
    let c: Layout<(usize, usize), (C<1>, usize)> = layout!(type complement(4:d, 100)).unwrap();
    assert_eq!(c.to_string(), "(3,9):(1,12)");
    let one: Layout<(usize, usize), (C<1>, usize)> = layout!(type complement(4:d)).unwrap();
    assert_eq!(one.to_string(), "(3,1):(1,12)");
}

#[test]
fn a_rank_1_dynamic_stride_has_a_complement() {
    for d in 0..=9usize {
        for k in [1usize, 7, 16, 24, 100] {
            let t = layout!(type complement(4:d, k));
            let text = format!("complement(4:{d}, {k})");
            if d == 0 {
                let e = AlgebraError::ZeroDivisor {
                    function: "complement",
                    dividend: k,
                };
                assert_eq!(t.unwrap_err(), e, "{text}");
            } else {
                assert!(agrees(t, &text), "{text}");
            }
        }
        let t = layout!(type complement(4:d));
        assert_eq!(same(t, &format!("complement(4:{d})")), d > 0, "{d}");
        // Modes of static extent 1 or stride 0 go first: still rank 1.
        let t = layout!(type complement((1,4,2):(3,d,0), 40));
        let text = format!("complement((1,4,2):(3,{d},0), 40)");
        assert_eq!(same(t, &text), d > 0, "{text}");
    }
}

#[test]
fn a_dynamic_extent_and_stride_alone() {
    for s in 0..=5usize {
        for d in 1..=5usize {
            for k in [1usize, 6, 30, 64] {
                let t = layout!(type complement(s:d, k));
                let text = format!("complement({s}:{d}, {k})");
                if s == 0 {
                    assert!(core(&text).is_none() && t.is_err(), "{text}");
                    continue;
                }
                // s = 1: the core drops the mode (k:1); the nesting's hole d
                // then the rest at d hold it when d divides ceil(k/1)·1.
                let answered = agrees(t, &text);
                assert!(answered || (s == 1 && k % d != 0), "{text}");
            }
            // s = 1: cosize 1, and the nesting's hole d holds it for d = 1.
            let t = layout!(type complement(s:d));
            let text = format!("complement({s}:{d})");
            assert_eq!(same(t, &text), s > 1 || s == 1 && d == 1, "{text}");
        }
    }
}
