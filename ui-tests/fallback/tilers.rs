use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, local_tile, outer_partition, typed, zipped_divide};
use layout_dsl::typed::{C, Divide};

// A failed layout inside a tiler: a typed divide's, a typed partition's,
// a run-time tensor partition's. One error, at the stride, no cascade.
fn main() {
    let m = 4;
    let bad = layout!((m,8):(1));
    let good = layout!((m,8):(1,m));
    let _: usize = good.logical_divide((bad, C::<2>)).unwrap().size();
    let _: usize = good.zipped_divide((C::<2>, bad)).unwrap().mode::<1>().size();
    let _ = good.tiled_divide((bad, bad)).unwrap().flat_divide((bad, C::<1>, C::<2>));
    let data = [0f32; 32];
    let t = Tensor::new(&data[..], good).unwrap();
    let _: f32 = typed::local_tile(t.by_ref(), (bad, C::<4>), (0, X)).unwrap()[(1, 0, 2)];
    let _ = typed::outer_partition(t.by_ref(), (C::<2>, bad), (1, 3)).unwrap().size();
    let _ = typed::local_tile_step(t.by_ref(), (bad, C::<4>, C::<8>), (0, X, 1), (C::<1>, X, C::<1>));
    let _ = local_tile(t.view(), (bad, 4), (0, 1)).unwrap().size();
    let _ = outer_partition(t.view(), (2, bad), (1, 3)).unwrap();
    let _ = zipped_divide(t.view(), (bad, (2, bad))).unwrap();
}
