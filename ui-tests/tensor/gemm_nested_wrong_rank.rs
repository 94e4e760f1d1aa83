// A typed `gemm` operand's modes may be nested, as CuTe's; the ranks are
// counted at the top level, as for flat operands: a rank-3 A whose M is
// `(2,2)` with rank-2 B and C is none of CuTe's five forms, one error at A.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

fn main() {
    let a = [1.0f32; 64];
    let b = [1.0f32; 16];
    let mut c = [0.0f32; 16];
    let t_a = Tensor::new(&a[..], layout!(type (4,(2,2),4):(1,(4,8),16))).unwrap();
    let t_b = Tensor::new(&b[..], layout!(type ((2,2),4):((1,2),4))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!(type (4,4):(1,4))).unwrap();
    typed::gemm(&t_a, &t_b, &mut t_c);
}
