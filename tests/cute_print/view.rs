//! A typed partition's layout and base against the core's view of the
//! same call at every index, and CuTe's print without its static marks:
//! shared by the partition tests checked against CUTLASS's prints.
// Each test that includes this file calls some of its functions.
#![allow(dead_code)]

/// CuTe's print without its static marks.
pub fn values(cute: &str) -> String {
    cute.replace('_', "")
}

/// The core's view of `text`: its layout and base.
pub fn core(text: &str) -> (layout_core::Layout, i64) {
    match layout_core::evaluate(text).unwrap() {
        layout_core::Value::View(view) => (view.layout().clone(), view.base()),
        other => panic!("{other:?}"),
    }
}

/// `typed` answers as the core at every index, and at the same base.
pub fn agrees(typed: layout_core::Layout, base: usize, text: &str) {
    let (core, _) = core(text);
    assert_eq!(typed.to_string(), core.to_string(), "{text}");
    same_offsets(typed, base, text);
}

/// `typed` (with its base) gives the core's base and offset at every index
/// of `text`, in its own nesting (the core coalesces a nested mode, and
/// keeps no stride under a run-time extent of 1, which a typed layout
/// keeps).
pub fn same_offsets(typed: layout_core::Layout, base: usize, text: &str) {
    let (core, core_base) = core(text);
    assert_eq!(base as i64, core_base, "{text}");
    assert_eq!(typed.size(), core.size(), "{text}");
    for i in 0..core.size() {
        let at = layout_core::IntTuple::Int(i);
        assert_eq!(
            typed.crd2idx(&at).unwrap(),
            core.crd2idx(&at).unwrap(),
            "{text} at {i}"
        );
    }
}
