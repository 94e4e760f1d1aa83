// `tensor::typed::gemm` takes (M,K)·(N,K)→(M,N): its rank is checked by
// type, so a rank-3 operand (an unsliced k-tile mode) is a compile error at
// that argument.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let a = [1.0f32; 64];
    let b = [1.0f32; 64];
    let mut c = [0.0f32; 16];
    let t_a = Tensor::new(&a[..], layout!(type (4,4,4):(1,4,16))).unwrap();
    let t_b = Tensor::new(&b[..], layout!(type (4,16):(1,4))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!(type (4,4):(1,4))).unwrap();
    typed::gemm(&t_a, &t_b, &mut t_c);
}
