//! The four worked `Crd2Idx` examples of the Ascend C seed, folded by
//! `layout!` into `const` items, and the same offsets through typed layouts
//! at run time.

use layout_dsl::layout;

const A: usize = layout!(crd2idx((1,2,3), (3,4,5):(20,5,1)));
const B: usize = layout!(crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24))));
const C: usize = layout!(crd2idx((20,30), ((13,0),(14,0)):((14,182),(1,154))));
const D: usize = layout!(crd2idx((0,12), ((13,13),(14,14)):((15,15),(16,16))));

#[test]
fn seeds_fold_to_constants() {
    assert_eq!([A, B, C, D], [33, 129, 590, 192]);
}

#[test]
fn folded_constants_size_arrays() {
    let buffer = [0u8; layout!(cosize((3,4,5):(20,5,1)))];
    assert_eq!(buffer.len(), 60);
}

#[test]
fn typed_layouts_give_the_same_offsets() {
    assert_eq!(layout!((3,4,5):(20,5,1)).crd2idx((1, 2, 3)), 33);
    assert_eq!(layout!(((2,4),(3,5)):((3,6),(1,24))).crd2idx((11, 12)), 129);
    assert_eq!(
        layout!(((13,0),(14,0)):((14,182),(1,154))).crd2idx((20, 30)),
        590
    );
    assert_eq!(
        layout!(((13,13),(14,14)):((15,15),(16,16))).crd2idx((0, 12)),
        192
    );
}
