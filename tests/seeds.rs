//! The facade as a kernel author uses it: the four worked `Crd2Idx` examples
//! of the Ascend C seed, through `layout_dsl`.

use layout_dsl::{IntTuple, Layout};

fn offset(layout: &str, coord: &str) -> i64 {
    let layout: Layout = layout.parse().unwrap();
    let coord: IntTuple = coord.parse().unwrap();
    layout.crd2idx(&coord).unwrap()
}

#[test]
fn ascend_crd2idx_examples() {
    assert_eq!(offset("(3,4,5):(20,5,1)", "(1,2,3)"), 33);
    assert_eq!(offset("((2,4),(3,5)):((3,6),(1,24))", "(11,12)"), 129);
    assert_eq!(offset("((13,0),(14,0)):((14,182),(1,154))", "(20,30)"), 590);
    assert_eq!(offset("((13,13),(14,14)):((15,15),(16,16))", "(0,12)"), 192);
}

#[test]
fn coordinate_of_wrong_rank_is_an_error() {
    let layout: Layout = "(3,4,5):(20,5,1)".parse().unwrap();
    let err = layout.crd2idx(&IntTuple::from([1, 2])).unwrap_err();
    assert_eq!(
        err.to_string(),
        "coordinate has rank 2 but the mode it indexes has rank 3"
    );
}
