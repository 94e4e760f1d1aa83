// `tensor::typed::gemm` picks CuTe's form from the ranks while compiling:
// (V)x(V)=>(V), (M)x(N)=>(M,N), (M,K)x(N,K)=>(M,N), (V,M)x(V,N)=>(V,M,N),
// (V,M,K)x(V,N,K)=>(V,M,N). A rank-3 A (an unsliced k-tile mode) with a
// rank-2 B and C is none of them: a compile error at A, naming the ranks.
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
