use layout_dsl::layout;
use layout_dsl::tensor::Tensor;

fn main() {
    // A negative stride makes the typed layout's offsets `isize`, which
    // the typed composition does not take: one error at the call, naming
    // the core's composition (not "no method named `composition`").
    let data = [0u32; 16];
    let t = Tensor::at_base(&data[..], layout!(type (4,3):(-1,4)), 3).unwrap();
    let _ = t.composition(layout!(type (2,3):(2,4)));
    // Fine: the core composes it.
    let t = Tensor::at_base(&data[..], layout!(type (4,3):(-1,4)), 3).unwrap();
    let _ = layout_dsl::tensor::composition(t, layout!(type (2,3):(2,4)).into_core());
}
