//! After `type`, `make_identity_layout` of a named shape, whole or a mode
//! of a written-out tuple: a typed `BasisLayout` built from the shape's
//! type (`src/private/identity_named.rs`), checked against CUTLASS's
//! prints (g++ on CuTe's `make_identity_layout`, harness
//! `/work/notes/harness-named2/identity.cpp`), the same call written out
//! (static: `layout!` folds it, the same type and value), and the core at
//! every index.

use layout_core::{IntTuple, Value};
use layout_dsl::layout;
use layout_dsl::typed::C;

/// The core's coordinate of every index of `text`'s identity layout.
fn core_coords(text: &str) -> Vec<String> {
    let Ok(Value::BasisLayout(l)) = layout_core::evaluate(text) else {
        panic!("{text}");
    };
    (0..l.size())
        .map(|i| l.crd2idx(&IntTuple::Int(i)).unwrap().to_string())
        .collect()
}

/// A coordinate as the core prints it (`(1,(0,1))`).
fn text(c: impl core::fmt::Debug) -> String {
    format!("{c:?}").replace(' ', "")
}

#[test]
fn a_named_shape_in_a_written_out_tuple() {
    let (m, n) = (3usize, 4usize);
    let s = (m, n);
    let id = layout!(type make_identity_layout((2, #s)));
    // CuTe: `(_2,(3,4)):(_1@0,(_1@0@1,_1@1@1))`.
    assert_eq!(id.to_string(), "(2,(3,4)):(1@0,(1@0@1,1@1@1))");
    for (i, cute) in [
        (0, "(0,(0,0))"),
        (1, "(1,(0,0))"),
        (7, "(1,(0,1))"),
        (23, "(1,(2,3))"),
    ] {
        assert_eq!(text(id.crd2idx(i)), cute);
    }
    // The same shape written out, through the core (a written-out shape
    // with dynamic leaves is the core's: no typed form in the registry).
    let written = layout!(make_identity_layout((2, (m, n)))).unwrap();
    assert_eq!(id.to_string(), written.to_string());
    let coords = core_coords("make_identity_layout((2,(3,4)))");
    for (i, c) in coords.iter().enumerate() {
        assert_eq!(&text(id.crd2idx(i)), c, "index {i}");
    }
}

#[test]
fn deeper_whole_and_static() {
    let s = (3usize, 4usize);
    let m = 5usize;
    let id = layout!(type make_identity_layout(((m, #s), 4)));
    // CuTe: `((_5,(3,4)),_4):((_1@0@0,(_1@0@1@0,_1@1@1@0)),_1@1)`, 7 ↦ `((2,(1,0)),0)`.
    assert_eq!(
        id.to_string(),
        "((5,(3,4)),4):((1@0@0,(1@0@1@0,1@1@1@0)),1@1)"
    );
    assert_eq!(text(id.crd2idx(7)), "((2,(1,0)),0)");
    for (i, c) in core_coords("make_identity_layout(((5,(3,4)),4))")
        .iter()
        .enumerate()
    {
        assert_eq!(&text(id.crd2idx(i)), c, "index {i}");
    }
    // A whole named shape: CuTe's `(3,4):(_1@0,_1@1)`.
    let whole = layout!(type make_identity_layout(#s));
    assert_eq!(whole.to_string(), "(3,4):(1@0,1@1)");
    assert_eq!(text(whole.crd2idx(5)), "(2,1)");
    // Static named parts: equal to the written-out fold, the same type.
    let t = (C::<2>, C::<3>);
    let id = layout!(type make_identity_layout((#t, 4)));
    assert_eq!(id, layout!(type make_identity_layout(((2,3),4))));
    // One leaf: CuTe's `8:_1`, the index itself.
    let n = 8usize;
    let leaf = layout!(type make_identity_layout(#n));
    assert_eq!(leaf.to_string(), "8:1");
    assert_eq!(leaf.crd2idx(7), 7);
}
