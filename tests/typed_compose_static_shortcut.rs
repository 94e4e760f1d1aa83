//! `Compose`'s `if const` shortcut (`compose_value.rs`): where both
//! operands are static, the walk answers every leaf and nothing carries,
//! the result is the folded constant and the run-time walk is not
//! compiled. Everywhere else the run-time path answers. Each case here
//! compares the static operands' answer with the same numbers as `usize`
//! leaves (which never take the shortcut): the same layout or the same
//! error.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, Compose};

/// Two leaves of the right layout reach 2 + 2 = 4 into the first group
/// (extent 4) of `(4,4):(1,16)`: a carry, refused by the check after the
/// walk, so not the shortcut. `b(5) = 4` reads `a(4) = 16`.
#[test]
fn a_carry_is_the_run_time_error() {
    let (four, sixteen, three, two) = (4usize, 16usize, 3usize, 2usize);
    let fixed = layout!(type (4,4):(1,16)).composition(layout!(type (3,2):(1,2)));
    let values = layout!((four,four):(1,sixteen)).composition(layout!((three,two):(1,two)));
    let expected = AlgebraError::Carry {
        function: "composition",
        reach: 4,
        extent: 4,
    };
    assert_eq!(fixed.map(|c| c.to_string()), Err(expected));
    assert_eq!(values.map(|c| c.to_string()), Err(expected));
}

/// Reaches that add up below the group's extent: the shortcut, the same
/// layout as the run-time walk's, zero-sized.
#[test]
fn no_carry_is_the_folded_constant() {
    let (four, sixteen, two) = (4usize, 16usize, 2usize);
    let fixed = layout!(type (4,4):(1,16))
        .composition(layout!(type (2,2):(1,2)))
        .unwrap();
    let values = layout!((four,four):(1,sixteen))
        .composition(layout!((two,two):(1,two)))
        .unwrap();
    assert_eq!(fixed.to_string(), "((2,1),(2,1)):((1,0),(2,0))");
    assert_eq!(fixed.to_string(), values.to_string());
    assert_eq!(core::mem::size_of_val(&fixed), 0);
    for i in 0..4 {
        assert_eq!(fixed.at(i), values.at(i));
    }
}

/// A right leaf crossing a group before two more: the walk refuses, and
/// the point-by-point decision answers at run time (not the shortcut),
/// as for `usize` leaves. Nested right layouts take the shortcut too.
#[test]
fn a_decision_and_a_nested_right_layout() {
    let (two, zero) = (2usize, 0usize);
    let three = layout!((two,two,1):(zero,1,zero));
    let values = three.composition(layout!((1,2):(0,3))).unwrap();
    let fixed = layout!(type (2,2,1):(0,1,0))
        .composition(layout!(type (1,2):(0,3)))
        .unwrap();
    assert_eq!(fixed.to_string(), values.to_string());
    assert_eq!((fixed.size(), fixed.at(1)), (2, three.at(3)));
    let nested = layout!(type (8,6):(1,8)).composition(layout!(type ((2,2),3):((1,2),16)));
    let (eight, six) = (8usize, 6usize);
    let (left, right) = (
        layout!((eight,six):(1,eight)),
        layout!(((2,2),3):((1,2),16)),
    );
    let nested = nested.unwrap();
    // The `usize` copies walked with their leaves merged on the values,
    // as CuTe's `coalesce` merges the static ones:
    let merged = layout_dsl::__private::ComposeRun::compose_run(&left, right).unwrap();
    assert_eq!(nested.to_string(), merged.to_string());
    // The method on `usize` leaves walks CuTe's way, leaf by leaf (CuTe
    // merges no dynamic modes): 3:16 lands in the columns, the same offsets.
    let dynamic = left.composition(right).unwrap();
    assert_eq!(
        dynamic.to_string(),
        "(((2,1),(2,1)),(1,3)):(((1,0),(2,0)),(0,16))"
    );
    for i in 0..12 {
        assert_eq!(dynamic.at(i), nested.at(i));
    }
}
