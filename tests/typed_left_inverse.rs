//! `layout!(type left_inverse(L))` of a written-out layout with static
//! strides and dynamic extents (layout-macros/src/typed/left_inverse.rs): the
//! typed result's nesting and static leaves are CuTe C++'s (golden rows:
//! CUTLASS's `print` of `left_inverse` with `int` leaves of value 8 unless
//! said, from a host program outside the repository,
//! `/work/notes/harness-invdyn/cute_invdyn.cpp` and `cute_invdyn2.cpp`,
//! g++ 12 `-std=c++17`), its value the core's at every index wherever it
//! answers; where a dynamic
//! extent makes the layout overlap itself, the core's refusal as
//! `LeftInverseOverlap`, and where a dynamic extent 1 makes the core drop
//! a mode CuTe keeps, `InverseMode`.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, TypedLayout};

mod agrees;

#[path = "cute_print/form.rs"]
mod cute_print_form;

use agrees::{agrees, core};
use cute_print_form::{cute_form, form};

/// Typed where the core answers; where the core refuses, a refusal; else
/// one of the errors the module documents. Whether it answered.
fn checked<L: TypedLayout>(t: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    match (&t, core(text)) {
        (Ok(_), Some(_)) => agrees(t, text),
        (Ok(t), None) => panic!("{text}: typed {t}, the core refuses"),
        (Err(AlgebraError::LeftInverseOverlap { .. }), core) => {
            assert!(core.is_none(), "{text}: an overlap, the core answers");
            false
        }
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

/// `$call` prints as CuTe's `$cute` (the same nesting and static leaves,
/// the same values) and is the core's `$text` at every index.
macro_rules! golden {
    ($cute:literal, $text:literal, $call:expr) => {{
        let t = $call.unwrap();
        assert_eq!(form(&t), cute_form($cute), "{}", $text);
        assert_eq!(t.to_string(), $cute.replace('_', ""), "{}", $text);
        assert!(agrees(Ok(t), $text));
    }};
}

#[test]
fn left_inverse_nests_as_cute_prints_it() {
    let (m, two) = (8usize, 2usize);
    // CuTe's coalesce merges `m:_0` into the static `_4:_0` after it.
    golden!(
        "32:_0",
        "left_inverse((8,4):(0,0))",
        layout!(type left_inverse((m,4):(0,0)))
    );
    golden!(
        "(_4,8):(8,_1)",
        "left_inverse((8,4):(4,1))",
        layout!(type left_inverse((m,4):(4,1)))
    );
    golden!(
        "(_16,2):(_1,8)",
        "left_inverse((8,2):(1,16))",
        layout!(type left_inverse((m,two):(1,16)))
    );
    golden!(
        "(_2,_3):(_1,16)",
        "left_inverse((2,8,3):(1,0,2))",
        layout!(type left_inverse((2,m,3):(1,0,2)))
    );
    golden!(
        "(_3,_2):(16,_1)",
        "left_inverse((2,(8,3)):(3,(0,1)))",
        layout!(type left_inverse((2,(m,3)):(3,(0,1))))
    );
    golden!(
        "(_2,8):(8,_1)",
        "left_inverse((8,2):(2,1))",
        layout!(type left_inverse((m,2):(2,1)))
    );
    golden!(
        "(_2,8):(_1,_2)",
        "left_inverse((2,8):(1,2))",
        layout!(type left_inverse((2,m):(1,2)))
    );
    golden!(
        "(_8,8):(_1,8)",
        "left_inverse((8,8):(1,8))",
        layout!(type left_inverse((m,m):(1,8)))
    );
    golden!(
        "(_2,8):(_0,_1)",
        "left_inverse((8,1):(2,1))",
        layout!(type left_inverse((m,1):(2,1)))
    );
    golden!("8:_1", "left_inverse(8:1)", layout!(type left_inverse(m:1)));
    golden!(
        "(_3,8):(_0,_1)",
        "left_inverse(8:3)",
        layout!(type left_inverse(m:3))
    );
    // More rows (`cute_invdyn2.cpp`), with `int` values 2, 8, 3, 8.
    golden!(
        "(_2,_2,_2,_2):(_1,4,_2,8)",
        "left_inverse(((2,2),(2,2)):((1,4),(2,8)))",
        layout!(type left_inverse(((2,two),(2,2)):((1,4),(2,8))))
    );
    golden!(
        "(_3,_4,_8,_4):(_4,_1,_12,96)",
        "left_inverse((4,((3),8,(4))):(3,((1),12,(96))))",
        layout!(type left_inverse((4,((3),m,(4))):(3,((1),12,(96)))))
    );
    let three = 3usize;
    golden!(
        "(_6,_2,3):(_1,18,_6)",
        "left_inverse((6,3,2):(1,12,6))",
        layout!(type left_inverse((6,three,2):(1,12,6)))
    );
    golden!(
        "(_2,_8,_3,_2,_2):(48,_1,16,96,8)",
        "left_inverse((8,(2,(3,2)),2):(2,(96,(16,1)),48))",
        layout!(type left_inverse((m,(2,(3,2)),2):(2,(96,(16,1)),48)))
    );
}

#[test]
fn refusals_name_the_values() {
    // (5,2):(1,4): the stride 4 starts inside the span 5 of the mode below.
    let m = 5;
    let e = AlgebraError::LeftInverseOverlap {
        function: "left_inverse",
        stride: 4,
        span: 5,
    };
    assert_eq!(layout!(type left_inverse((m,2):(1,4))), Err(e));
    assert!(core("left_inverse((5,2):(1,4))").is_none());
    // A dynamic extent 1 below the largest stride: the core drops it
    // (its inverse of (2,1,2):(1,4,8) is (4,2,2):(0,1,2), CuTe's keeps a
    // mode (1:2) apart), so the typed result would not be the core's.
    let m = 1;
    let e = AlgebraError::InverseMode {
        function: "left_inverse",
        extent: 1,
        stride: 4,
    };
    assert_eq!(layout!(type left_inverse((2,m,2):(1,4,8))), Err(e));
    // The mode of largest stride, starting where the one below ends: the
    // same layout as the core's.
    let t = layout!(type left_inverse((4,m):(1,4)));
    assert!(agrees(t, "left_inverse((4,1):(1,4))"));
    // Stride-0 modes before the last: each must be 1 (CuTe keeps the last's extent).
    let (m, n) = (2usize, 3usize);
    let e = AlgebraError::InverseMode {
        function: "left_inverse",
        extent: 2,
        stride: 0,
    };
    assert_eq!(layout!(type left_inverse((m,n):(0,0))), Err(e));
    let m = 1;
    assert!(agrees(
        layout!(type left_inverse((m,n):(0,0))),
        "left_inverse((1,3):(0,0))"
    ));
}

/// Each form over a grid of extents: never a layout other than the core's.
macro_rules! sweep {
    ($answered:ident, $total:ident, $a:ident, $b:ident, $shape:tt : $stride:tt, $text:literal) => {
        for $a in 1..=8usize {
            for $b in 1..=8usize {
                let _ = $b;
                let t = layout!(type left_inverse($shape:$stride));
                let text = format!("left_inverse({})", $text)
                    .replace("{a}", &$a.to_string())
                    .replace("{b}", &$b.to_string());
                let ok = checked(t, &text);
                if !ok && core(&text).is_some() && std::env::var_os("SHOW").is_some() {
                    println!("refused {text}: {:?}", layout!(type left_inverse($shape:$stride)).err());
                }
                $answered += usize::from(ok);
                $total += usize::from(core(&text).is_some());
            }
        }
    };
}

#[test]
fn left_inverse_agrees_with_the_core_over_a_grid() {
    let (mut answered, mut total) = (0, 0);
    sweep!(answered, total, a, b, (a,b):(1,8), "({a},{b}):(1,8)");
    sweep!(answered, total, a, b, (a,b):(4,1), "({a},{b}):(4,1)");
    sweep!(answered, total, a, b, (a,2,b):(1,4,8), "({a},2,{b}):(1,4,8)");
    sweep!(answered, total, a, b, (2,a,b):(1,2,8), "(2,{a},{b}):(1,2,8)");
    sweep!(answered, total, a, b, (a,(b,3)):(6,(0,2)), "({a},({b},3)):(6,(0,2))");
    sweep!(answered, total, a, b, (a,b,4):(0,0,0), "({a},{b},4):(0,0,0)");
    sweep!(answered, total, a, b, (a,b):(0,0), "({a},{b}):(0,0)");
    sweep!(answered, total, a, b, (a,2,b):(16,1,2), "({a},2,{b}):(16,1,2)");
    sweep!(answered, total, a, b, (a,b):(2,2), "({a},{b}):(2,2)");
    sweep!(answered, total, a, b, (a,b,2):(1,8,64), "({a},{b},2):(1,8,64)");
    // `total`: the calls the core answers; the typed path refuses the rest
    // of them where a dynamic extent is 1 (a mode the core drops, CuTe's
    // result keeps: `(1,b):(1,8)`'s is `(1,8,b):(0,1,1)`, the core's
    // `(8,b):(0,1)`) or a mode of stride 0 before the last is above 1
    // (CuTe's `(a,b,4):(0,0,0)` is `4b:0`, the core's `4ab:0`).
    println!("answered {answered} of the core's {total}");
    assert!(answered * 10 >= total * 5, "{answered} of {total}");
}

#[test]
fn left_inverse_nests() {
    // `layout_type!` names the typed result, nested or not.
    type Inverse = layout_dsl::layout_type!(type left_inverse((m,4):(4,1)));
    type OfCoalesce = layout_dsl::layout_type!(type left_inverse(coalesce((m,4):(4,1))));
    let m = 8usize;
    let t: Result<Inverse, _> = layout!(type left_inverse((m,4):(4,1)));
    let c: Result<OfCoalesce, _> = layout!(type left_inverse(coalesce((m,4):(4,1))));
    assert_eq!(t.unwrap().to_string(), "(4,8):(8,1)");
    assert_eq!(c.unwrap().to_string(), "(4,8):(8,1)");
    let mut identities = 0;
    for m in 1..=8usize {
        // Of a typed call, and under calls that read it as a function.
        let t = layout!(type left_inverse(coalesce((m,4):(4,1))));
        checked(t, &format!("left_inverse(coalesce(({m},4):(4,1)))"));
        let t = layout!(type coalesce(left_inverse((m,4):(4,1))));
        checked(t, &format!("coalesce(left_inverse(({m},4):(4,1)))"));
        // CuTe's idiom: left_inverse(A) ∘ A is the identity of A's domain.
        let t = layout!(type composition(left_inverse((m,4):(4,1)), (m,4):(4,1)));
        let text = format!("composition(left_inverse(({m},4):(4,1)), ({m},4):(4,1))");
        if checked(t, &text) {
            let t = t.unwrap();
            for i in 0..t.size() {
                assert_eq!(t.at(i), i, "{text}");
            }
            identities += 1;
        }
    }
    // m = 1 too: the mode 1:4 the core drops is the one of largest stride,
    // starting where 4:1 ends.
    assert_eq!(identities, 8);
}
