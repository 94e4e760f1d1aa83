// `group_modes::<B, E>()` of a typed tensor checks its range against the
// layout's type: a range past the rank, and one that ends before it
// begins, each one error at the method.
use layout_dsl::layout;
use layout_dsl::tensor::Tensor;

fn main() {
    let data = [0f32; 24];
    let m = 2;
    let t = Tensor::new(&data[..], layout!((m,3,4):(1,m,{3 * m}))).unwrap();
    let _ = t.group_modes::<1, 4>();
    let _ = t.group_modes::<2, 1>();
}
