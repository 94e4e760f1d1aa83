// A typed `gemm` operand is a flat layout of rank 1 to 3 (each mode one
// extent): a nested mode in B is a compile error at B.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let a = [1.0f32; 16];
    let b = [1.0f32; 16];
    let mut c = [0.0f32; 16];
    let t_a = Tensor::new(&a[..], layout!(type (4,4):(1,4))).unwrap();
    let t_b = Tensor::new(&b[..], layout!(type ((2,2),4):((1,2),4))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!(type (4,4):(1,4))).unwrap();
    typed::gemm(&t_a, &t_b, &mut t_c);
}
