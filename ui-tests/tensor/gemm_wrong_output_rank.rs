// (M,K) x (N,K) gives (M,N) or, with a V mode, (V,M) x (V,N) gives
// (V,M,N); rank-2 A and B into a rank-1 C is neither: a compile error
// naming the three ranks.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let a = [1i32; 16];
    let b = [1i32; 16];
    let mut c = [0i32; 4];
    let t_a = Tensor::new(&a[..], layout!(type (4,4):(1,4))).unwrap();
    let t_b = Tensor::new(&b[..], layout!(type (4,4):(1,4))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!(type 4:1)).unwrap();
    typed::gemm(&t_a, &t_b, &mut t_c);
}
