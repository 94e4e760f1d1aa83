// `tensor::typed::local_partition` names its thread by an index or by a
// coordinate of the thread layout: a coordinate of rank 3 for a rank-2
// thread layout is a compile error at the coordinate.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let data = [0.0f32; 32];
    let t = Tensor::new(&data[..], layout!(type (4,8):(1,4))).unwrap();
    let threads = layout!(type ((2,2),2):((1,2),4));
    let _ = typed::local_partition(t, &threads, (1, 0, 1));
}
