// `tensor::typed::local_tile` takes a tiler with one extent per top-level
// mode of the tensor: a rank-3 tiler for a rank-2 tensor (without the
// `Step` that projects it, as CuTe's `Step<_1,X,_1>`) is a compile error.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

fn main() {
    let data = [0.0f32; 32];
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4))).unwrap();
    let _ = typed::local_tile(t, (C::<2>, C::<4>, C::<8>), (0, X, 0));
}
