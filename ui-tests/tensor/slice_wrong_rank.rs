// `tensor::typed::slice` takes one coordinate entry (an integer or `X`) per
// top-level mode: three entries for a rank-2 tensor is a compile error at
// the coordinate.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};

fn main() {
    let data = [0.0f32; 32];
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4))).unwrap();
    let _ = typed::slice(t, (X, 1, 2));
}
