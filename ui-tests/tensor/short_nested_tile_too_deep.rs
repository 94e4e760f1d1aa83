// A tile tuple shorter than its tuple mode keeps the sub-modes past it
// (`((C<2>,), C<4>)` over `((4,8),m)`), but each of its entries still
// nests in its sub-mode: a tuple entry over the leaf `4` is CuTe's
// static_assert "Too many modes in tiler", one error at the tiler.
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

fn main() {
    let data = [0.0f32; 1024];
    let m = 16;
    let t = Tensor::new(&data[..], layout!(((4,8),m):((1,4),32))).unwrap();
    let _ = typed::local_tile(t, (((C::<2>, C::<2>),), C::<4>), (0, 0));
}
