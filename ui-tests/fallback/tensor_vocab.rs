use layout_dsl::layout;
use layout_dsl::tensor::Tensor;

// The tensor vocabulary over a failed layout: one error, at the stride,
// no cascade.
fn main() {
    let m = 4;
    let data = [0f32; 32];
    let t = Tensor::new(&data[..], layout!((m,8):(1))).unwrap();
    let _ = t.coalesce().unwrap().flatten().group_modes::<0, 1>();
    let _ = t.filter_zeros().unwrap().coalesce_static::<1>().unwrap();
    let _ = t.composition(layout!(type 2:1)).unwrap().size();
    let _: u8 = t.recast::<u8>().unwrap()[3];
}
