use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

// The typed partitions of a tensor over a failed layout: one error, at the
// stride, no cascade.
fn main() {
    let m = 4;
    let data = [0f32; 64];
    let t = Tensor::new(&data[..], layout!((m,8):(1))).unwrap();
    let thr = layout!(type (2,4):(4,1));
    let _ = typed::local_tile(t.by_ref(), (C::<2>, C::<4>), (0, X)).unwrap().layout().size();
    let _ = typed::inner_partition(t.by_ref(), (C::<2>, C::<4>), (X, 1)).unwrap();
    let _ = typed::outer_partition(t.by_ref(), (C::<2>, C::<4>), (1, 3)).unwrap();
    let _ = typed::local_tile_step(t.by_ref(), (C::<2>, C::<4>, C::<8>), (0, X, 1), (C::<1>, X, C::<1>));
    let _ = typed::local_partition(t.by_ref(), &thr, 5).unwrap();
    let _: f32 = typed::slice(t, (X, 2)).unwrap()[1];
}
