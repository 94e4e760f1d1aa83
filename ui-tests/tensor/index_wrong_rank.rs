// A tensor over a typed layout carries its nesting in its type: a
// coordinate of the wrong rank is a compile error at the coordinate.
// (Slicing with `X`, `gemm`'s ranks and tilers are run-time values: see
// docs/from-cute.md, "Checked when".)
use layout_dsl::layout;
use layout_dsl::tensor::Tensor;

fn main() {
    let data = [0.0f32; 32];
    let t = Tensor::new(&data[..], layout!((4,8):(8,1))).unwrap();
    let _ = t[(1, 2, 3)];
    let _ = t.get((1, (2, 3)));
}
