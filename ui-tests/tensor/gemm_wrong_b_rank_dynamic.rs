// `try_gemm` asks the same ranks as `gemm`: a rank-1 B with a rank-2 A
// and C ((M,K) x (N) => (M,N)) is none of CuTe's five forms, whatever the
// leaves (dynamic here): one error at A, naming the three ranks.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let (m, k) = (4, 8);
    let a = [1.0f32; 32];
    let b = [1.0f32; 8];
    let mut c = [0.0f32; 16];
    let t_a = Tensor::new(&a[..], layout!((m,k):(1,m))).unwrap();
    let t_b = Tensor::new(&b[..], layout!((k):(1))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!((m,4):(1,m))).unwrap();
    let _ = typed::try_gemm(&t_a, &t_b, &mut t_c);
}
