//! `_` in `layout!`: static slices of static layouts fold to CuTe's
//! `slice_and_offset` pair, `dice` to a layout; with a dynamic leaf the
//! typed slice runs (`SliceOf::slice_of`, a `Result`). Each agrees with the tensor slice `t.slice(…)`.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X};

#[test]
fn a_static_slice_is_the_kept_modes_and_their_base() {
    let (column, base) = layout!(slice((_,3), (4,8):(8,1)));
    assert_eq!(base, 3);
    assert_eq!(column.to_string(), "(4):(8)");
    let data: Vec<u32> = (0..32).collect();
    let t = Tensor::new(&data[..], layout!((4,8):(8,1))).unwrap();
    let from_tensor: Vec<u32> = t.slice((X, 3)).iter().copied().collect();
    let from_layout: Vec<u32> = (0..4).map(|i| data[base + column.crd2idx(i)]).collect();
    assert_eq!(from_tensor, from_layout);
    assert_eq!(from_layout, [3, 11, 19, 27]);
}

#[test]
fn a_nested_slice_and_its_dice() {
    let (kept, base) = layout!(slice((_,(1,_)), (4,(2,3)):(1,(4,8))));
    assert_eq!((kept.to_string().as_str(), base), ("(4,3):(1,8)", 4));
    let diced = layout!(dice((_,(1,_)), (4,(2,3)):(1,(4,8))));
    assert_eq!(diced.to_string(), "(2):(4)");
}

#[test]
fn a_dynamic_coordinate_slices_at_run_time() {
    for j in 0..8usize {
        let (column, base) = layout!(slice((_,j), (4,8):(8,1))).unwrap();
        assert_eq!((column.to_string().as_str(), base), ("(4):(8)", j));
    }
    let j = 8;
    assert!(layout!(slice((_,j), (4,8):(8,1))).is_err());
}
