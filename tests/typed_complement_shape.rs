//! Typed `complement(A, SHAPE)` (CuTe's complement with a tuple cotarget,
//! the core's `complement_to_shape`; layout-macros/src/typed/complement_shape.rs):
//! the core's layout at every index where it answers, an error where it
//! refuses (or where CuTe's nesting cannot hold its answer).

use layout_dsl::layout;
use layout_dsl::typed::AlgebraError;

mod agrees;

use agrees::{agrees, core, same};

#[test]
fn a_tuple_cotarget_is_the_cores() {
    // The core's doc example: complement(2:2, (3,5)) is (2,3):(1,4).
    let k = 5usize;
    let t = layout!(type complement(2:2, (3,k))).unwrap();
    assert_eq!(t.to_string(), "(2,3):(1,4)");
    for m in 0..=6usize {
        for k in 0..=7usize {
            let text = format!("complement(({m},4):(1,8), ({k},3))");
            let t = layout!(type complement((m,4):(1,8), (k,3)));
            let answered = same(t, &text);
            // Answered wherever the core answers but for m = 1 or 0 (unit
            // extent, zero extent) and m not dividing 8.
            if core(&text).is_some() && m > 1 && 8 % m == 0 {
                assert!(answered, "{text}");
            }
            if k == 0 {
                assert!(t.is_err() && core(&text).is_none(), "{text}");
            }
            let text = format!("complement((2,{m}):(1,2), (3,({k},2)))");
            let t = layout!(type complement((2,m):(1,2), (3,(k,2))));
            let answered = same(t, &text);
            if core(&text).is_some() && m > 1 {
                assert!(answered, "{text}");
            }
        }
    }
}

#[test]
fn a_zero_extent_of_the_cotarget_is_an_error() {
    let zero = 0usize;
    // The span 4 over 3 leaves a rest of 2, divided by the extent 0.
    let e = layout!(type complement(2:2, (3, zero))).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ZeroDivisor {
            function: "complement",
            dividend: 2
        }
    );
    assert!(core("complement(2:2, (3, 0))").is_none());
    let t = layout!(type complement(2:2, (zero, 3)));
    assert!(t.is_err());
    let two = 2usize;
    let t = layout!(type complement(2:2, (two, 3)));
    assert!(agrees(t, "complement(2:2, (2, 3))"));
}
