// A kernel generic over its tensors' layouts forwards `gemm`'s bound
// `LA: Gemm<LB, LC>`; called with ranks that are none of CuTe's forms,
// the error is that bound's, at the caller's argument.
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, Gemm, GemmOperand};
use layout_dsl::tensor::Tensor;

fn mma<LA, LB, LC>(a: &Tensor<&[f32], LA>, b: &Tensor<&[f32], LB>, c: &mut Tensor<&mut [f32], LC>)
where
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    typed::gemm(a, b, c);
}

fn main() {
    let a = [1.0f32; 64];
    let mut c = [0.0f32; 16];
    let t_a = Tensor::new(&a[..], layout!(type (4,4,4):(1,4,16))).unwrap();
    let t_b = Tensor::new(&a[..], layout!(type (4,16):(1,4))).unwrap();
    let mut t_c = Tensor::new(&mut c[..], layout!(type (4,4):(1,4))).unwrap();
    mma(&t_a, &t_b, &mut t_c);
}
