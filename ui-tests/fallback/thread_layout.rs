use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

// A failed thread layout given to the typed `local_partition` (by index,
// by coordinate, with a step): one error, at the stride, no cascade.
fn main() {
    let data = [0f32; 64];
    let t = Tensor::new(&data[..], layout!(type (8,8):(1,8))).unwrap();
    let thr = layout!((2,4):(1));
    let _ = typed::local_partition(t.by_ref(), &thr, 5).unwrap().layout().size();
    let _ = typed::local_partition(t.by_ref(), &thr, (1, 2)).unwrap();
    let _: f32 = typed::local_partition_step(t, &thr, 3, (C::<1>, X)).unwrap()[(0, 1)];
}
