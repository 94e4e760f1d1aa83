//! `type` of a call whose operand is a call the typed rules answer
//! (layout-macros/src/typed/nested.rs): the typed result is the core's at every
//! index, an inner error is the result's error, and static leaves stay
//! static where CuTe's do (checked against CuTe C++ with a host harness:
//! the results quoted below).

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core};

#[test]
fn a_product_of_a_coalesce_and_its_coalesce() {
    // CuTe: logical_product(coalesce((m,_2):(_2,_1)), Layout<_4,_1>{}) is
    // ((5,_2),_4):((_2,_1),10), and its coalesce (5,_2,_4):(_2,_1,10).
    for m in 1..=6usize {
        type Product = Layout<((usize, C<2>), C<4>), ((C<2>, C<1>), usize)>;
        type Flat = Layout<(usize, C<2>, C<4>), (C<2>, C<1>, usize)>;
        let t: Result<Product, _> = layout!(type logical_product(coalesce((m,2):(2,1)), 4:1));
        let text = format!("logical_product(coalesce(({m},2):(2,1)), 4:1)");
        assert!(agrees(t, &text), "{text}");
        let flat: Result<Flat, _> =
            layout!(type coalesce(logical_product(coalesce((m,2):(2,1)), 4:1)));
        assert!(agrees(flat, &format!("coalesce({text})")), "{text}");
        if m == 5 {
            assert_eq!(t.unwrap().to_string(), "((5,2),4):((2,1),10)");
            assert_eq!(flat.unwrap().to_string(), "(5,2,4):(2,1,10)");
        }
    }
}

#[test]
fn a_static_inner_call_is_written_out() {
    // CuTe: complement(logical_divide(Layout<Shape<_4,_4>,Stride<_4,_1>>{},
    // make_tile(_2{})), 200) is 13:_16.
    for k in [1usize, 16, 17, 200] {
        let t: Result<Layout<usize, C<16>>, _> =
            layout!(type complement(logical_divide((4,4):(4,1), <2>), k));
        let text = format!("complement(logical_divide((4,4):(4,1), <2>), {k})");
        assert!(agrees(t, &text), "{text}");
    }
}

#[test]
fn an_inner_error_is_the_result() {
    // complement((3,4):(1,8), 64): 8 is not a multiple of 3. (A divide by
    // `<2>` of it is not nested: for m = 8 the typed complement keeps its
    // dynamic hole 8/m = 1 as a mode, `(1,2):(8,32)`, where the core's is
    // `2:32`, and `<2>` would tile a different mode: nested.rs, `by_modes`.)
    let m = 3usize;
    let e = layout!(type coalesce(complement((m,4):(1,8), 64))).unwrap_err();
    let inner = AlgebraError::NotComplementable {
        function: "complement",
        stride: 8,
        span: 3,
    };
    assert_eq!(e, inner);
    assert!(core("coalesce(complement((3,4):(1,8), 64))").is_none());
    for m in [1usize, 2, 4, 8] {
        let t = layout!(type coalesce(complement((m,4):(1,8), 64)));
        let text = format!("coalesce(complement(({m},4):(1,8), 64))");
        assert!(agrees(t, &text), "{text}");
    }
}

#[test]
fn both_operands_calls() {
    // composition(coalesce(A), complement(B)): each operand typed, the
    // composition of their written-out results.
    let mut answered = 0;
    for m in 1..=8usize {
        for k in [8usize, 16, 32] {
            let t = layout!(type composition(coalesce((m,4):(1,m)), complement(2:1, k)));
            let text = format!("composition(coalesce(({m},4):(1,{m})), complement(2:1, {k}))");
            // Typed where the core answers, else refused (never different).
            match core(&text) {
                Some(_) if t.is_ok() => {
                    assert!(agrees(t, &text), "{text}");
                    answered += 1;
                }
                _ => assert!(t.is_err() || core(&text).is_none(), "{text}"),
            }
        }
    }
    assert!(answered >= 8, "{answered}");
}
