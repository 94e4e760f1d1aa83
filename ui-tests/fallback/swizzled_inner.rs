use layout_dsl::layout;
use layout_dsl::tensor::Tensor;
use layout_dsl::typed::{C, Composed, Swizzle};

// A failed layout as the inner layout of a swizzled `Composed`, by hand or
// named in a swizzle (`#bad`): one error, at the stride, no cascade.
fn main() {
    let m = 4;
    let bad = layout!((m,8):(1));
    let sw = Composed::new(Swizzle::<3, 3, 3>, C::<0>, bad);
    let _: usize = sw.crd2idx((1, 2)) + sw.at(3) + sw.size() + sw.cosize() + sw.pre_swizzle(3);
    let (i, j) = sw.idx2crd(3);
    let _: usize = i + j + sw.inner().size();
    let _ = sw.to_core().unwrap();
    let _ = format!("{sw} {sw:?}");
    let data = [0f32; 64];
    let t = Tensor::new(&data[..], sw).unwrap();
    let _: f32 = t[(1, 2)] + t[5];
    let _ = layout!(Sw<3,3,3> o 0 o #bad).unwrap();
}
