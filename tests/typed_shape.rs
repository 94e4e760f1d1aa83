//! Typed `coalesce` and `complement` on dynamic leaves: the same function
//! as the core's result on the same numbers, or (complement) an
//! `AlgebraError` where the core refuses too or CuTe's fixed nesting
//! cannot hold the core's answer.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core};

#[test]
fn coalesce_merges_static_modes_only() {
    for m in 0..=9usize {
        for n in [1usize, 2, 5] {
            let text = format!("coalesce(((2,4),m,1,(n,3)):((1,2),8,5,(n,{n})))");
            let text = text
                .replace('m', &m.to_string())
                .replace("(n,", &format!("({n},"));
            // (2,4):(1,2) merges to 8:1; m and n stay; 1 goes; n:n and 3:n do not merge (n dynamic).
            type Merged = Layout<(C<8>, usize, usize, C<3>), (C<1>, C<8>, usize, usize)>;
            let c: Merged = layout!(type coalesce(((2,4),m,1,(n,3)):((1,2),8,5,(n,n)))).unwrap();
            assert!(agrees(Ok(c), &text));
            let one: Layout<C<1>, C<0>> = layout!(type coalesce((1,(1,1)):(m,(2,n)))).unwrap();
            assert!(agrees(
                Ok(one),
                &format!("coalesce((1,(1,1)):({m},(2,{n})))")
            ));
            let signed = layout!(type coalesce((m,2,2):(n,-4,-8))).unwrap();
            assert!(agrees(
                Ok(signed),
                &format!("coalesce(({m},2,2):({n},-4,-8))")
            ));
        }
    }
}

#[test]
fn complement_matches_the_core() {
    for m in 1..=9usize {
        for k in [1usize, 8, 24, 37, 100] {
            let t = layout!(type complement((m,4):(1,8), k));
            let text = format!("complement(({m},4):(1,8), {k})");
            // The hole below mode 1 is 8/m: m must divide 8.
            assert_eq!(agrees(t, &text), 8 % m == 0, "{text}");
            let u = layout!(type complement((4,m):(2,16), k));
            let text = format!("complement((4,{m}):(2,16), {k})");
            // m = 1: the core's last mode runs from 8 to ceil(k/8)*8, odd
            // multiples of 8 for these k, and the nesting splits it at 16.
            assert_eq!(agrees(u, &text), m > 1, "{text}");
            let s = layout!(type complement((2,m):(1,2), 48));
            assert!(agrees(s, &format!("complement((2,{m}):(1,2), 48)")));
        }
    }
}

#[test]
fn complement_errors_name_the_values() {
    let m = 3usize;
    let e = layout!(type complement((m,4):(1,8), 64)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotComplementable {
            function: "complement",
            stride: 8,
            span: 3
        }
    );
    assert_eq!(
        e.to_string(),
        "in `complement`: the stride 8 is not a multiple of the span 3 of the modes below it, \
         so the layout has no complement"
    );
    assert!(core("complement((3,4):(1,8), 64)").is_none());
    let zero = 0usize;
    let e = layout!(type complement((zero,4):(1,8), 64)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ZeroExtent {
            function: "complement"
        }
    );
    assert!(core("complement((0,4):(1,8), 64)").is_none());
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn coalesce_is_the_same_function(a in 0usize..6, b in 0usize..6, d in 0usize..50) {
            let c = layout!(type coalesce((a,2,(b,4)):(1,a,(d,{b * d})))).unwrap();
            let text = format!("coalesce(({a},2,({b},4)):(1,{a},({d},{})))", b * d);
            prop_assert!(agrees(Ok(c), &text));
        }

        /// Dynamic extents 0 to 4 (1 included) under several static
        /// stride patterns: a typed complement is never a wrong layout
        /// (`agrees` checks every index against the core).
        #[test]
        fn complements_with_unit_extents_are_never_wrong(
            a in 0usize..5, b in 0usize..5, c in 0usize..5, k in 0usize..300,
        ) {
            let text = |d: [i64; 3]| format!("complement(({a},{b},{c}):({},{},{}), {k})", d[0], d[1], d[2]);
            agrees(layout!(type complement((a,b,c):(1,4,16), k)), &text([1, 4, 16]));
            agrees(layout!(type complement((a,b,c):(2,4,24), k)), &text([2, 4, 24]));
            agrees(layout!(type complement((a,b,c):(3,12,36), k)), &text([3, 12, 36]));
            agrees(layout!(type complement((a,2,c):(8,1,64), k)), &format!("complement(({a},2,{c}):(8,1,64), {k})"));
        }

        /// Typed complements are the core's, or refused where the core
        /// refuses (or its answer has no place in CuTe's nesting).
        #[test]
        fn complement_is_the_cores_or_refused(a in 0usize..7, b in 0usize..7, k in 0usize..200) {
            let t = layout!(type complement((a,b,2):(2,12,96), k));
            let text = format!("complement(({a},{b},2):(2,12,96), {k})");
            let typed = agrees(t, &text);
            let cored = core(&text).is_some();
            // Both answer when a divides 6 and b divides 8 (and neither is 1 or 0).
            if a > 1 && 6 % a == 0 && b > 1 && 8 % b == 0 {
                prop_assert!(typed && cored);
            }
            // b = 1: the core's hole 96/2a at 2a is the nesting's 12/2a at
            // 2a then 96/12 at 12; the last mode (static) is the same.
            if a > 1 && 6 % a == 0 && b == 1 {
                prop_assert!(typed && cored);
            }
        }
    }
}

#[test]
fn a_dynamic_extent_1_in_a_complement_is_exact_or_refused() {
    // The core drops the mode: complement((4,1):(2,16), M) is
    // complement(4:2, M) = (2, ceil(M/8)):(1,8). CuTe's nesting keeps a
    // static hole 16/8 = 2 at stride 8 below the dynamic mode: it holds the
    // core's answer exactly when ceil(M/8) is even, and no layout of that
    // nesting can when it is odd (the hole's extent 2 is in the type).
    let one = 1usize;
    for k in 0..=40usize {
        let t = layout!(type complement((4,one):(2,16), k));
        let text = format!("complement((4,1):(2,16), {k})");
        assert_eq!(agrees(t, &text), k.div_ceil(8) % 2 == 0, "{text}");
        if k.div_ceil(8) % 2 == 1 {
            let e = AlgebraError::UnitExtent {
                function: "complement",
                reach: k.div_ceil(8) * 8,
                split: 16,
            };
            assert_eq!(t.unwrap_err(), e);
        }
    }
    let e = layout!(type complement((4,one):(2,16), 1)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "in `complement`: a mode of dynamic extent 1, which the core drops, leaves a complement \
         mode reaching 8, and the typed result's nesting (CuTe's, fixed while compiling) splits \
         it at 16, which does not divide it"
    );
    assert_eq!(
        core("complement((4,1):(2,16), 1)").unwrap().to_string(),
        "2:1"
    );
    // Below another mode: for m = 1 the core's hole 12/2 = 6 at stride 2
    // is the nesting's static 4/2 = 2 at 2, then 12/4 = 3 at 4.
    for m in 1..=4usize {
        let t = layout!(type complement((2,m,3):(1,4,12), 72));
        let text = format!("complement((2,{m},3):(1,4,12), 72)");
        assert_eq!(agrees(t, &text), 12 % (4 * m) == 0, "{text}");
        // 4 does not divide 10: for m = 1 the core's hole 10/2 = 5 has no
        // place in the nesting's static hole 4/2 = 2.
        let t = layout!(type complement((2,m,3):(1,4,10), 60));
        let text = format!("complement((2,{m},3):(1,4,10), 60)");
        assert!(!agrees(t, &text), "{text}");
        if m == 1 {
            let e = AlgebraError::UnitExtent {
                function: "complement",
                reach: 10,
                split: 4,
            };
            assert_eq!(t.unwrap_err(), e);
            assert!(core(&text).is_some());
        }
    }
}
