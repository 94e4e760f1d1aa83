//! A dynamic extent of 0: where the core has an answer the typed layout
//! gives the same one, and where the core reports `ZeroSizeMode` (an integer
//! split over an empty mode that is not the last) the typed layout panics
//! with a message that says so, never with a division by zero.

use std::panic::{AssertUnwindSafe, catch_unwind};

use layout_dsl::{DomainError, ErrorKind, IntTuple, Layout, idx2crd, layout};

fn core(notation: &str) -> Layout {
    notation.parse().expect("valid notation")
}

/// The panic message of `f`, which must panic.
fn panic_message(f: impl FnOnce() -> usize) -> String {
    let payload = catch_unwind(AssertUnwindSafe(f)).expect_err("it panics");
    match payload.downcast::<String>() {
        Ok(message) => *message,
        Err(payload) => payload.downcast::<&str>().expect("a text").to_string(),
    }
}

fn is_zero_size_mode<T>(result: Result<T, layout_dsl::Error>) -> bool {
    matches!(
        result.map_err(|e| e.kind().clone()),
        Err(ErrorKind::Domain(DomainError::ZeroSizeMode { .. }))
    )
}

#[test]
fn an_empty_last_mode_takes_the_remainder_as_in_the_core() {
    let m = 0;
    let l = layout!((3,m):(1,3));
    let reference = core("(3,0):(1,3)");
    for i in 0..10 {
        let expected = reference.crd2idx(&IntTuple::Int(i)).unwrap();
        assert_eq!(l.crd2idx(i as usize) as i64, expected);
        assert_eq!(l.at(i as usize) as i64, expected);
    }
    assert_eq!((l.size(), l.cosize()), (0, 0));
}

#[test]
fn an_empty_mode_before_the_last_refuses_an_integer_as_the_core_does() {
    let m = 0;
    let l = layout!((m,4):(1,m));
    let reference = core("(0,4):(1,0)");
    assert!(is_zero_size_mode(reference.crd2idx(&IntTuple::Int(5))));
    let expected = "layout!: cannot split an integer coordinate over a mode of size 0";
    assert_eq!(panic_message(|| l.crd2idx(5)), expected);
    assert_eq!(panic_message(|| l.at(0)), expected);
    // Nested: a mode's size is the product of its extents, and an integer
    // for an inner tuple is split over it the same way.
    let nested = layout!(((m,2),4):((1,m),{2 * m}));
    let reference = core("((0,2),4):((1,0),0)");
    for coord in ["3", "(3,1)"] {
        let coord: IntTuple = coord.parse().unwrap();
        assert!(is_zero_size_mode(reference.crd2idx(&coord)));
    }
    assert_eq!(panic_message(|| nested.crd2idx(3)), expected);
    assert_eq!(panic_message(|| nested.crd2idx((3, 1))), expected);
    // Last in its tuple, an empty extent takes the remainder there too.
    let inner_last = layout!(((2,m),4):((1,2),{2 * m}));
    let reference = core("((2,0),4):((1,2),0)");
    let expected = reference.crd2idx(&"(3,1)".parse().unwrap()).unwrap();
    assert_eq!(inner_last.crd2idx((3, 1)) as i64, expected);
}

#[test]
fn a_tuple_coordinate_splits_nothing_and_matches_the_core() {
    let m = 0;
    let l = layout!((m,4):(1,m));
    let reference = core("(0,4):(1,0)");
    let expected = reference.crd2idx(&"(1,3)".parse().unwrap()).unwrap();
    assert_eq!(l.crd2idx((1, 3)) as i64, expected);
}

#[test]
fn idx2crd_refuses_an_empty_extent_anywhere_as_the_core_does() {
    let m = 0;
    let expected = "layout!: cannot split an integer coordinate over a mode of size 0";
    for shape in ["(0,4)", "(4,0)"] {
        assert!(is_zero_size_mode(idx2crd(
            &IntTuple::Int(5),
            &shape.parse().unwrap()
        )));
    }
    let first = layout!((m,4):(1,m));
    let last = layout!((4,m):(1,4));
    assert_eq!(panic_message(|| first.idx2crd(5).0), expected);
    assert_eq!(panic_message(|| last.idx2crd(5).0), expected);
    // An integer shape returns the index unchanged, empty or not.
    assert_eq!(layout!(idx2crd(5, m)), 5);
}
