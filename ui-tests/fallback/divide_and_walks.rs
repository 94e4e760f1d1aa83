use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::{C, Compose, Divide, Product, RankedProduct};

// A failed layout divided through `Divide`, measured, as the second
// operand of a real layout's composition or products, and under a tensor
// given to the typed algorithms (on either side): one error, at the
// stride, no cascade.
fn main() {
    let m = 4;
    let bad = layout!((m,8):(1));
    let _ = bad.tiled_divide((C::<2>, C::<4>)).unwrap();
    let _ = bad.flat_divide((C::<2>, C::<4>)).unwrap();
    let good = layout!(type (4,8):(1,4));
    let _ = good.logical_product(bad).unwrap().size();
    let _ = good.composition(bad).unwrap().size();
    let _ = good.blocked_product(bad).unwrap().raked_product(bad).unwrap();
    let _ = bad.max_alignment().unwrap() + bad.max_common_vector(&good).unwrap();
    let mut data = [0f32; 32];
    let mut other = [0f32; 32];
    let mut p = Tensor::new(&mut data[..], bad).unwrap();
    let mut r = Tensor::new(&mut other[..], good).unwrap();
    typed::fill(&mut p, 1.0);
    typed::clear(&mut p);
    typed::copy(&p, &mut r);
    typed::copy(&r, &mut p);
    typed::axpby(2.0, &r, 1.0, &mut p);
    let (a, b) = (p.by_ref(), p.by_ref());
    typed::gemm(&a, &b, &mut r);
}
