//! `layout!(type right_inverse(L))` of a written-out layout with dynamic
//! strides (layout-macros/src/typed/inverse.rs): CuTe leaves the modes of
//! dynamic stride out of its chain. The typed result's nesting and static
//! leaves are CuTe C++'s (golden rows: CUTLASS's `print` of
//! `right_inverse` with `int` leaves, from a host program outside the
//! repository, `/work/notes/harness-invdyn/cute_invdyn.cpp` and
//! `cute_invdyn2.cpp`, g++ 12 `-std=c++17`), and its value the core's at
//! every index wherever it answers; where the core's chain would take
//! other modes (a dynamic stride meeting the chain, or the core's coalesce
//! merging modes CuTe keeps apart), an `InverseMode` error naming the mode.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, TypedLayout};

mod agrees;

#[path = "cute_print/form.rs"]
mod cute_print_form;

use agrees::{agrees, core};
use cute_print_form::{cute_form, form};

/// Typed where the core answers, else an `InverseMode` or `ZeroExtent`
/// error; whether it answered.
fn checked<L: TypedLayout>(t: Result<L, AlgebraError>, text: &str) -> bool
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

fn mode(extent: usize, stride: usize) -> AlgebraError {
    AlgebraError::InverseMode {
        function: "right_inverse",
        extent,
        stride,
    }
}

#[test]
fn right_inverse_nests_as_cute_prints_it() {
    // CuTe's print with its value of the dynamic leaf, and where the typed
    // path refuses that value, its form at another.
    let d = 8;
    let t = layout!(type right_inverse((4,8):(d,1)));
    assert_eq!(t, Err(mode(4, 8)), "the core's is (8,4):(4,1)");
    let d = 3;
    let t = layout!(type right_inverse((4,8):(d,1))).unwrap();
    assert_eq!(form(&t), cute_form("_8:_4"));
    let d = 1;
    assert_eq!(layout!(type right_inverse((4,8):(8,d))), Err(mode(8, 1)));
    let d = 3;
    let t = layout!(type right_inverse((4,8):(8,d))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form("_1:_0"), "1:0".into())
    );
    let d = 2;
    let t = layout!(type right_inverse(4:d)).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form("_1:_0"), "1:0".into())
    );
    let d = 1;
    assert_eq!(layout!(type right_inverse((2,2):(d,2))), Err(mode(2, 1)));
    let d = 2;
    assert_eq!(layout!(type right_inverse((2,2):(1,d))), Err(mode(2, 2)));
    let d = 5;
    let t = layout!(type right_inverse((2,2):(1,d))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form("_2:_1"), "2:1".into())
    );
    let d = 8;
    let t = layout!(type right_inverse((4,3,2,2):(1,4,d,24))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form("_12:_1"), "12:1".into())
    );
    let t = layout!(type right_inverse((2,(5,4)):(d,(4,1)))).unwrap();
    let cute = "(_4,_5):(_10,_2)";
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let d = 20;
    assert_eq!(
        layout!(type right_inverse((2,(5,4)):(d,(4,1)))),
        Err(mode(2, 20))
    );
    // CuTe: 8:_1 for m = k = 8; the core's coalesce makes (8,4,2):(1,8,32)
    // 64:1.
    let (m, k) = (8, 8);
    assert_eq!(
        layout!(type right_inverse((m,4,2):(1,k,32))),
        Err(mode(4, 8))
    );
    let m = 3;
    let t = layout!(type right_inverse((m,4,2):(1,k,32))).unwrap();
    assert_eq!((form(&t), t.to_string()), (cute_form("8:_1"), "3:1".into()));
    // CuTe: (_8,_2):(_1,_32) for d = 2, where the core merges 4:2 and 2:8.
    let d = 2;
    assert_eq!(
        layout!(type right_inverse((8,4,2):(1,d,8))),
        Err(mode(4, 2))
    );
    let d = 3;
    let t = layout!(type right_inverse((8,4,2):(1,d,8))).unwrap();
    let cute = "(_8,_2):(_1,_32)";
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let d = 2;
    assert_eq!(layout!(type right_inverse((2,4):(1,d))), Err(mode(4, 2)));
    // Static strides: CuTe (_6,8):(_1,_12) for m = 8, where the core
    // merges 2:3 and 8:6 (so its inverse is 6:1).
    let m = 8;
    assert_eq!(
        layout!(type right_inverse((6,2,m):(1,3,6))),
        Err(mode(2, 3))
    );
    let m = 1;
    let t = layout!(type right_inverse((6,2,m):(1,3,6))).unwrap();
    assert_eq!(form(&t), cute_form("(_6,8):(_1,_12)"));
    assert!(agrees(Ok(t), "right_inverse((6,2,1):(1,3,6))"));
    // The core merges 2:1 and 3:d where d = 2 (its inverse is 6:1);
    // CuTe's chain takes 2:1, then 5:2, before them.
    let d = 2;
    assert_eq!(
        layout!(type right_inverse((5,2,3):(2,1,d))),
        Err(mode(3, 2))
    );
    let d = 3;
    let t = layout!(type right_inverse((5,2,3):(2,1,d))).unwrap();
    assert!(agrees(Ok(t), "right_inverse((5,2,3):(2,1,3))"));
    assert_eq!(t.to_string(), "(2,5):(5,1)");
    // More rows (`cute_invdyn2.cpp`), the values in braces dynamic.
    let (d, e, m, n) = (5usize, 7usize, 4usize, 3usize);
    let cute = "(_2,_2):(_1,_4)"; // ((2,2),(2,2)):((1,{5}),(2,8))
    let t = layout!(type right_inverse(((2,2),(2,2)):((1,d),(2,8)))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let cute = "_1:_0"; // (4,3,2,2):({7},4,12,24)
    let t = layout!(type right_inverse((4,3,2,2):(e,4,12,24))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let cute = "_4:_10"; // (2,(5,4)):(20,({3},1))
    let t = layout!(type right_inverse((2,(5,4)):(20,(n,1)))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let cute = "4:_1"; // (({4},3),(2,{3})):((1,{5}),({7},6))
    let t = layout!(type right_inverse(((m,3),(2,n)):((1,d),(e,6)))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    assert!(agrees(Ok(t), "right_inverse(((4,3),(2,3)):((1,5),(7,6)))"));
    let cute = "(_2,_8):(_1,_8)"; // (2,4,8):(1,{3},2)
    let t = layout!(type right_inverse((2,4,8):(1,n,2))).unwrap();
    assert_eq!(
        (form(&t), t.to_string()),
        (cute_form(cute), cute.replace('_', ""))
    );
    let m = 8;
    let t = layout!(type right_inverse((m,4):(0,1))).unwrap();
    assert_eq!((form(&t), t.to_string()), (cute_form("_4:8"), "4:8".into()));
}

/// Each form over a grid of values: never a layout other than the core's.
macro_rules! sweep {
    ($answered:ident, $total:ident, $a:ident in $ra:expr, $b:ident in $rb:expr, $shape:tt : $stride:tt, $text:literal) => {
        for $a in $ra {
            for $b in $rb {
                let t = layout!(type right_inverse($shape:$stride));
                let text = format!("right_inverse({})", $text)
                    .replace("{a}", &$a.to_string())
                    .replace("{b}", &$b.to_string());
                $answered += usize::from(checked(t, &text));
                $total += usize::from(core(&text).is_some());
            }
        }
    };
}

#[test]
fn dynamic_strides_agree_with_the_core_over_a_grid() {
    let (mut answered, mut total) = (0, 0);
    sweep!(answered, total, a in 0..=40usize, b in 1..=1usize, (4,8):(a,1), "(4,8):({a},1)");
    sweep!(answered, total, a in 0..=40usize, b in 1..=1usize, (4,8):(8,a), "(4,8):(8,{a})");
    sweep!(answered, total, a in 0..=20usize, b in 1..=6usize, (2,b):(1,a), "(2,{b}):(1,{a})");
    sweep!(answered, total, a in 0..=20usize, b in 1..=6usize, (b,4,2):(1,a,8), "({b},4,2):(1,{a},8)");
    sweep!(answered, total, a in 0..=30usize, b in 0..=30usize, (4,3,2,2):(1,a,b,24), "(4,3,2,2):(1,{a},{b},24)");
    sweep!(answered, total, a in 0..=24usize, b in 1..=4usize, (2,(5,b)):(a,(4,1)), "(2,(5,{b})):({a},(4,1))");
    sweep!(answered, total, a in 1..=6usize, b in 1..=6usize, (a,2,b,2):(1,3,7,6), "({a},2,{b},2):(1,3,7,6)");
    sweep!(answered, total, a in 1..=6usize, b in 0..=12usize, (a,2,3,2):(1,b,2,6), "({a},2,3,2):(1,{b},2,6)");
    sweep!(answered, total, a in 1..=6usize, b in 0..=12usize, (3,a,2):(b,1,6), "(3,{a},2):({b},1,6)");
    sweep!(answered, total, a in 0..=9usize, b in 0..=9usize, (2,2,2):(a,1,b), "(2,2,2):({a},1,{b})");
    sweep!(answered, total, a in 0..=12usize, b in 1..=4usize, (5,2,b,3):(2,1,7,a), "(5,2,{b},3):(2,1,7,{a})");
    sweep!(answered, total, a in 0..=12usize, b in 1..=4usize, (5,2,3,b):(2,1,a,10), "(5,2,3,{b}):(2,1,{a},10)");
    // `total`: the calls the core answers (all of them); the typed path
    // refuses those where a dynamic stride meets the chain.
    println!("answered {answered} of the core's {total}");
    assert!(answered * 10 >= total * 7, "{answered} of {total}");
}

#[test]
fn nests_with_a_dynamic_stride() {
    // Under a call that reads it as a function, and of a typed call.
    for d in 0..=12usize {
        let t = layout!(type coalesce(right_inverse((4,8):(d,1))));
        checked(t, &format!("coalesce(right_inverse((4,8):({d},1)))"));
        let t = layout!(type composition((4,8):(d,1), right_inverse((4,8):(d,1))));
        let text = format!("composition((4,8):({d},1), right_inverse((4,8):({d},1)))");
        checked(t, &text);
        let t = layout!(type right_inverse(coalesce((2,4):(1,d))));
        checked(t, &format!("right_inverse(coalesce((2,4):(1,{d})))"));
    }
    // `layout_type!` names the result, nested or not (CuTe's `_8:_4`).
    type Inverse = layout_dsl::layout_type!(type right_inverse((4,8):(d,1)));
    type Nested = layout_dsl::layout_type!(type right_inverse(coalesce((2,4):(1,d))));
    let d = 3;
    let t: Result<Inverse, _> = layout!(type right_inverse((4,8):(d,1)));
    assert_eq!(t.map(|t| t.to_string()), Ok("8:4".into()));
    let t: Result<Nested, _> = layout!(type right_inverse(coalesce((2,4):(1,d))));
    assert_eq!(t.map(|t| t.to_string()), Ok("2:1".into()));
    let t = layout!(type composition((4,8):(d,1), right_inverse((4,8):(d,1)))).unwrap();
    assert_eq!(
        t.to_string(),
        "8:1",
        "A ∘ right_inverse(A) is the identity on its image"
    );
}

proptest::proptest! {
    /// Dynamic extents and strides together, at random values: the typed
    /// result is the core's at every index wherever it answers, and the
    /// right inverse law holds for it (`L(R(i)) = i`).
    #[test]
    fn mixed_dynamic_leaves_are_the_cores(
        a in 1..=6usize, b in 1..=6usize, c in 0..=48usize, d in 0..=48usize
    ) {
        let t = layout!(type right_inverse((a,4,b,2):(1,c,8,d)));
        let text = format!("right_inverse(({a},4,{b},2):(1,{c},8,{d}))");
        if checked(t, &text) {
            let r = t.unwrap();
            let l = layout!((a,4,b,2):(1,c,8,d));
            for i in 0..r.size() {
                proptest::prop_assert_eq!(l.at(r.at(i)), i, "{}", text);
            }
        }
        let (e, f) = (c % 13, d % 7);
        let t = layout!(type right_inverse((a,2,b,3):(e,1,f,c)));
        let text = format!("right_inverse(({a},2,{b},3):({e},1,{f},{c}))");
        checked(t, &text);
        let t = layout!(type right_inverse(((a,3),(2,b)):((1,e),(f,6))));
        let text = format!("right_inverse((({a},3),(2,{b})):((1,{e}),({f},6)))");
        checked(t, &text);
        let t = layout!(type left_inverse(((a,2),b):((1,4),8)));
        let text = format!("left_inverse((({a},2),{b}):((1,4),8))");
        match (t, core(&text)) {
            (Ok(t), _) => { agrees(Ok(t), &text); }
            (Err(AlgebraError::LeftInverseOverlap { .. }), core) => proptest::prop_assert!(core.is_none()),
            (Err(e), _) => proptest::prop_assert!(matches!(e, AlgebraError::InverseMode { .. }), "{}", e),
        }
    }
}
