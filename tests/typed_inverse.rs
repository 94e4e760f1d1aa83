//! `layout!(type right_inverse(L))` of a written-out layout with static
//! strides and dynamic extents
//! (layout-macros/src/typed/inverse.rs): the typed result is the core's at every
//! index wherever it answers, its static leaves where CuTe's are (CuTe C++
//! prints with dynamic ints quoted), and an `InverseMode` error naming the
//! mode where a run-time extent would make the core take other modes.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core};

/// Typed where the core answers, else an error; whether it answered.
fn checked<L: layout_dsl::typed::TypedLayout>(t: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    match (&t, core(text)) {
        (Ok(_), Some(_)) => agrees(t, text),
        (Ok(t), None) => panic!("{text}: typed {t}, the core refuses"),
        (Err(e), _) => {
            let expected = matches!(
                e,
                AlgebraError::InverseMode { .. } | AlgebraError::ZeroExtent { .. }
            );
            assert!(expected, "{text}: {e}");
            false
        }
    }
}

#[test]
fn right_inverse_static_leaves_where_cute_has_them() {
    type Chain = Layout<(C<4>, usize), (usize, C<1>)>;
    // CuTe: right_inverse((m,_4):(_4,_1)) is (_4,m):(m,_1) (printed
    // (_4,8):(8,_1) for m = 8).
    for m in 1..=9usize {
        let t: Result<Chain, _> = layout!(type right_inverse((m,4):(4,1)));
        assert!(checked(t, &format!("right_inverse(({m},4):(4,1))")), "{m}");
    }
    // CuTe: right_inverse((m,_4):(_1,_8)) is m:_1 (8:_1 for m = 8, where the
    // core's is 32:1: an error here, naming the mode 4:8).
    for m in 1..=12usize {
        let t: Result<Layout<usize, C<1>>, _> = layout!(type right_inverse((m,4):(1,8)));
        let text = format!("right_inverse(({m},4):(1,8))");
        if m == 8 {
            let e = AlgebraError::InverseMode {
                function: "right_inverse",
                extent: 4,
                stride: 8,
            };
            assert_eq!(t, Err(e));
        } else {
            assert!(checked(t, &text), "{text}");
        }
    }
}

/// Each form over a grid of extents: never a layout other than the core's.
macro_rules! sweep {
    ($answered:ident, $a:ident, $b:ident, $function:ident, $shape:tt : $stride:tt, $text:literal) => {
        for $a in 1..=6usize {
            for $b in 1..=6usize {
                let t = layout!(type $function($shape:$stride));
                let text = format!(concat!(stringify!($function), "(", $text, ")"), a = $a, b = $b);
                $answered += usize::from(checked(t, &text));
            }
        }
    };
}

#[test]
fn inverses_agree_with_the_core_over_a_grid() {
    let mut answered = 0;
    sweep!(answered, a, b, right_inverse, (a,b):(1,4), "({a},{b}):(1,4)");
    sweep!(answered, a, b, right_inverse, (a,2,b):(1,4,8), "({a},2,{b}):(1,4,8)");
    sweep!(answered, a, b, right_inverse, (a,(2,b)):(2,(1,16)), "({a},(2,{b})):(2,(1,16))");
    sweep!(answered, a, b, right_inverse, (4,a,b):(3,1,12), "(4,{a},{b}):(3,1,12)");
    sweep!(answered, a, b, right_inverse, (a,b,2):(0,1,6), "({a},{b},2):(0,1,6)");
    sweep!(answered, a, b, right_inverse, (a,b):(2,8), "({a},{b}):(2,8)");
    println!("answered {answered} of 216");
    assert!(answered >= 120, "{answered}");
}

#[test]
fn right_inverse_nests_both_ways() {
    // Of a typed call (its result's strides static), and under one that
    // reads it as a function; `layout_type!` names the nested type.
    type Inverse = layout_dsl::layout_type!(type right_inverse(coalesce((m,(4,2)):(4,(1,16)))));
    let mut answered = 0;
    for m in 1..=8usize {
        let t: Result<Inverse, _> = layout!(type right_inverse(coalesce((m,(4,2)):(4,(1,16)))));
        let text = format!("right_inverse(coalesce(({m},(4,2)):(4,(1,16))))");
        answered += usize::from(checked(t, &text));
        let c = layout!(type coalesce(right_inverse((m,4):(4,1))));
        answered += usize::from(checked(
            c,
            &format!("coalesce(right_inverse(({m},4):(4,1)))"),
        ));
        let f = layout!(type right_inverse(flatten((m,(4,2)):(4,(1,16)))));
        let text = format!("right_inverse(flatten(({m},(4,2)):(4,(1,16))))");
        answered += usize::from(checked(f, &text));
        // CuTe's idiom: A ∘ right_inverse(A) (the identity on its image).
        let t = layout!(type composition((m,4):(4,1), right_inverse((m,4):(4,1))));
        let text = format!("composition(({m},4):(4,1), right_inverse(({m},4):(4,1)))");
        answered += usize::from(checked(t, &text));
    }
    println!("answered {answered}");
    assert!(answered >= 30, "{answered}");
}
