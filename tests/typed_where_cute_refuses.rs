//! `layout!(type …)` of an all-static call CuTe refuses at compile time
//! (its `static_assert`s) but the core answers (README, "Where we differ"):
//! the typed door gives the core's layout as static leaves, the same text
//! as `layout_dsl::evaluate` of the call, zero-sized. With a dynamic leaf
//! the typed rule must hold for every value, so `type` refuses such a call
//! while compiling (ui `typed/composition_static_indivisible`), or, where
//! the value decides, at run time naming the values.

use layout_dsl::typed::AlgebraError;
use layout_dsl::{Value, evaluate, layout};

/// The core's value of `src` as it prints.
fn core(src: &str) -> String {
    evaluate(src).unwrap().to_string()
}

macro_rules! static_as_core {
    ($($e:tt)*) => {{
        let typed = layout!(type $($e)*);
        assert_eq!(core::mem::size_of_val(&typed), 0, "{}", stringify!($($e)*));
        assert_eq!(typed.to_string(), core(stringify!($($e)*)), "{}", stringify!($($e)*));
    }};
}

/// README's three: CuTe refuses, the core composes.
#[test]
fn documented_cases_typed_as_the_core() {
    static_as_core!(blocked_product(((2,3),3,2):((3,12),1,0), (4,4,1):(9,36,3)));
    static_as_core!(composition((6,5):(8,1), 6:8));
    static_as_core!(composition((2,3,2):(1,4,2), 2:3));
    // The values README gives, independently of the core.
    let blocked = layout!(type blocked_product(((2,3),3,2):((3,12),1,0), (4,4,1):(9,36,3)));
    assert_eq!(
        blocked.to_string(),
        "(((2,3),(2,2)),(3,4),(2,1)):(((3,12),(150,324)),(1,648),(0,72))"
    );
    assert_eq!(
        layout!(type composition((6,5):(8,1), 6:8)).to_string(),
        "(3,2):(17,4)"
    );
    assert_eq!(
        layout!(type composition((2,3,2):(1,4,2), 2:3)).to_string(),
        "2:5"
    );
}

/// The same product with the `2` dynamic: the core's answer for `n = 2`
/// refines `B`'s first leaf (`(2,2):(150,324)`), a nesting the typed result
/// (fixed while compiling, one leaf per leaf of `B`) does not have, so the
/// typed door refuses naming the stride and extent; where it answers, it is
/// the core's layout as a function.
#[test]
fn a_dynamic_leaf_that_decides_the_nesting_is_refused_at_run_time() {
    let refused = layout!(type blocked_product((({2},3),3,2):((3,12),1,0), (4,4,1):(9,36,3)));
    assert_eq!(
        refused.unwrap_err(),
        AlgebraError::StrideNotDivisible {
            function: "blocked_product",
            stride: 9,
            extent: 2
        }
    );
    let Ok(Value::Layout(want)) =
        evaluate("blocked_product(((2,3),3,2):((3,12),1,0), (4,4,1):(9,36,3))")
    else {
        panic!()
    };
    // The core's mode of the copies in mode 0 is `(2,2)`: two leaves.
    let copies = want.mode(0).unwrap().mode(1).unwrap();
    assert_eq!(copies.to_string(), "(2,2):(150,324)");
    for n in 1..=6usize {
        let typed = layout!(type blocked_product(((n,3),3,2):((3,12),1,0), (4,4,1):(9,36,3)));
        let src = format!("blocked_product((({n},3),3,2):((3,12),1,0), (4,4,1):(9,36,3))");
        if let (Ok(typed), Ok(Value::Layout(want))) = (typed, evaluate(&src)) {
            let typed = typed.to_core().unwrap();
            assert_eq!(typed.size(), want.size(), "{src}");
            for i in 0..typed.size() {
                assert_eq!(typed.at(i).unwrap(), want.at(i).unwrap(), "{src} at {i}");
            }
        }
    }
}
