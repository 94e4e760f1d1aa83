// A tuple coordinate inside a nested mode has one entry per leaf of that
// mode: `(X, (1, X, X))` against the mode `(8, m)` of two leaves is a
// compile error at the coordinate.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};

fn main() {
    let data = [0.0f32; 1024];
    let m = 4;
    let t = Tensor::new(&data[..], layout!(((2,4),(8,m)):((1,2),(8,64)))).unwrap();
    let _ = typed::slice(t, (X, (1, X, X)));
}
