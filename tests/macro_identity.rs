//! `layout!` folds calls on identity layouts (scaled-basis strides) whose
//! results are integers or tuples (the layouts themselves fold to the
//! facade's `BasisLayout`: tests/macro_basis.rs). Expected values from CuTe
//! C++ (host harness, `layout-core/tests/golden/cute_identity.jsonl`).

use layout_dsl::layout;

#[test]
fn calls_on_identity_layouts_fold() {
    assert_eq!(layout!(crd2idx(13, make_identity_layout((4, 8)))), (1, 3));
    assert_eq!(
        layout!(crd2idx(
            (0, (3, 1)),
            zipped_divide(make_identity_layout((8, 8)), (2, 4))
        )),
        (6, 4)
    );
    assert_eq!(layout!(size(make_identity_layout(((2, 3), 4)))), 24);
    assert_eq!(layout!(rank(make_identity_layout(((2, 3), 4)))), 2);
}
