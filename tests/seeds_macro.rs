//! The seeds' static operations through `layout!`: folded while the crate
//! compiles, and equal to what the runtime core computes.

use layout_dsl::{Layout, evaluate, layout};

fn core(expr: &str) -> String {
    evaluate(expr).unwrap().to_string()
}

#[test]
fn broadcast_is_a_const_shape_and_broadcast_to_a_typed_layout() {
    const OUT: (usize, usize, usize) = layout!(broadcast((2, 3, 4), (3, 1)));
    assert_eq!(OUT, (2, 3, 4));
    let input = layout!(broadcast_to((3, 1):(1, 1), (2, 3, 4)));
    assert_eq!(input.to_string(), core("broadcast_to((3,1):(1,1),(2,3,4))"));
    // Broadcast axes have stride 0: every batch and column reads the same row.
    assert_eq!(input.crd2idx((1, 2, 3)), 2);
    // With `type`, the same layout lives in its type.
    let typed = layout!(type broadcast_to((3, 1):(1, 1), (2, 3, 4)));
    assert_eq!(std::mem::size_of_val(&typed), 0);
    assert_eq!(typed.crd2idx((1, 2, 3)), 2);
}

#[test]
fn real_axis_and_row_major_coordinates_fold_to_literals() {
    const AXIS: usize = layout!(real_axis(-1, 4));
    assert_eq!(AXIS, 3);
    assert_eq!(layout!(idx2crd(5, (2, 3), LayoutRight)), (1, 2));
}

#[test]
fn descriptors_and_their_tags_are_keywords() {
    let row = layout!(descriptor((2, 3, 4, 5), RowMajor));
    // The seed's stride example: coordinate (1,2,1,3) is offset 108.
    assert_eq!(row.crd2idx((1, 2, 1, 3)), 108);
    let col = layout!(descriptor((2, 3, 4), ColumnMajor));
    assert_eq!(col.to_string(), core("descriptor((2,3,4),ColumnMajor)"));
    let given: Layout = layout!(descriptor((2, 3, 4), (100, 0, 0), Bypass))
        .to_core()
        .unwrap();
    assert_eq!(
        given.to_string(),
        core("descriptor((2,3,4),(100,0,0),Bypass)")
    );
}

#[test]
fn tables_of_views_are_const_arrays() {
    const ABOVE: [usize; 3] = layout!(table(diagonal((3, 4):(4, 1), 1, 0, 1)));
    assert_eq!(ABOVE, [1, 6, 11]);
    const BELOW: [usize; 4] = layout!(table(diagonal((2, 3, 3):(9, 3, 1), -1, 1, 2)));
    assert_eq!(BELOW, [3, 12, 7, 16]);
}
