// `tensor::typed::local_partition` tiles a tensor by a thread layout of the
// same rank: a rank-3 thread layout over a rank-2 tensor (without the
// `Step` that projects it) is a compile error.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let data = [0.0f32; 32];
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4))).unwrap();
    let threads = layout!(type (2,2,2):(1,2,4));
    let _ = typed::local_partition(t, &threads, 0);
}
