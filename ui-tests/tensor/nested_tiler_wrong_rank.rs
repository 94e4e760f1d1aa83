// A tuple tiler for a nested mode tiles it sub-mode by sub-mode: three
// tiles for the mode `(2,4)` of two leaves is a compile error naming the
// mode and the tiler.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

fn main() {
    let data = [0.0f32; 1024];
    let m = 4;
    let t = Tensor::new(&data[..], layout!(((2,4),(8,m)):((1,2),(8,64)))).unwrap();
    let _ = typed::local_tile(t, ((C::<2>, C::<2>, C::<2>), C::<8>), (0, X));
}
