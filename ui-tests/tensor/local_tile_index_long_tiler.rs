// `local_tile(t, tiler, k)` at one integer (CuTe's `local_tile(t, tiler,
// int)`): a tiler longer than the tensor's rank is one error at the tiler,
// as for a tuple coordinate (CuTe static_asserts that a tiler has no more
// modes than the layout it divides).
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

fn main() {
    let data = vec![0u32; 64];
    let t = Tensor::new(&data[..], layout!(type (8, 8):(1, 8))).unwrap();
    let tile = typed::local_tile(t, (C::<2>, C::<4>, C::<2>), 3);
    println!("{:?}", tile.map(|t| t.base()));
}
