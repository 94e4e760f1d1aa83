use layout_dsl::layout;
use layout_dsl::typed::{Coalesce, Complement, Compose, FilterZeros, Product, RankedProduct};

// The typed algebra (its traits imported, as a real layout needs) and a
// tensor over a failed layout: one error, at the stride, no cascade and no
// unused import.
fn main() {
    let m = 4;
    let l = layout!((m,8):(1));
    let _ = l.composition(layout!(type 2:1)).unwrap().size();
    let _ = l.complement(64usize).unwrap();
    let _ = l.coalesce().unwrap().filter_zeros().unwrap();
    let _ = l.logical_product(layout!(type 2:1)).unwrap().tiled_product(3).unwrap();
    let _ = l.blocked_product(layout!(type 2:1)).unwrap();
    let data = [0f32; 32];
    let t = layout_dsl::tensor::Tensor::new(&data[..], l).unwrap();
    let _: f32 = t[(1, 2)] + *t.get((0, 1)).unwrap();
}
