//! `Debug` of the core's values prints their notation, as a typed
//! layout's does (`Layout((2,(2,8)):(8,(16,1)))`), not the derived
//! struct dump (`Layout { shape: Tuple([Int(2), …`): what a user sees
//! from `{:?}`, `dbg!` or an `unwrap` of an `Ok`.

use layout_core::{IntTuple, Layout, Value, View, evaluate};

#[test]
fn a_layout_prints_its_notation_inside_its_name() {
    let l: Layout = "(2,(2,8)):(8,(16,1))".parse().unwrap();
    assert_eq!(format!("{l:?}"), "Layout((2,(2,8)):(8,(16,1)))");
    // `{:#?}` is the same line: the notation is already the structure.
    assert_eq!(format!("{l:#?}"), "Layout((2,(2,8)):(8,(16,1)))");
}

#[test]
fn an_int_tuple_prints_bare() {
    let t: IntTuple = "(1,(2,0))".parse().unwrap();
    assert_eq!(format!("{t:?}"), "(1,(2,0))");
    assert_eq!(format!("{:?}", IntTuple::Int(-4)), "-4");
    assert_eq!(format!("{:#?}", IntTuple::EMPTY), "()");
}

#[test]
fn a_view_prints_its_notation() {
    let v = View::new("(4):(2)".parse().unwrap(), 3).unwrap();
    assert_eq!(format!("{v:?}"), "view((4):(2),3)");
    assert_eq!(format!("{v:#?}"), "view((4):(2),3)");
}

/// The audit's two cases: what a divide and a slice evaluate to, inside
/// the `Result` a user unwraps or prints.
#[test]
fn a_value_prints_its_variant_and_notation() {
    let divided = evaluate("logical_divide((4,(2,8)):(1,(4,8)),2:1)");
    assert_eq!(format!("{divided:?}"), "Ok(Layout((2,32):(1,2)))");
    let sliced = evaluate("slice((_,3),(4,5):(2,1))");
    assert_eq!(format!("{sliced:?}"), "Ok(View(view((4):(2),3)))");
    assert_eq!(format!("{:?}", Value::Bool(true)), "Bool(true)");
    assert_eq!(
        format!("{:#?}", evaluate("(1,2)").unwrap()),
        "IntTuple((1,2))"
    );
}
