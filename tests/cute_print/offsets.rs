//! A typed layout against the core's layout of the same call: the same
//! size and offset at every index. Shared by the tests that check typed
//! forms against the core and CUTLASS's prints.

use layout_dsl::typed::TypedLayout;

/// The core's layout of `text`.
pub fn core(text: &str) -> layout_core::Layout {
    match layout_core::evaluate(text).unwrap() {
        layout_core::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    }
}

/// `typed` has the core's size and offset at every index (in its own
/// nesting: the core may coalesce or print a stride differently).
pub fn same_offsets<L: TypedLayout<Offset = usize>>(typed: &L, text: &str) {
    let core = core(text);
    assert_eq!(typed.size() as i64, core.size(), "{text}");
    for i in 0..typed.size() {
        let at = layout_core::IntTuple::Int(i as i64);
        assert_eq!(
            typed.at(i) as i64,
            core.crd2idx(&at).unwrap(),
            "{text} at {i}"
        );
    }
}
