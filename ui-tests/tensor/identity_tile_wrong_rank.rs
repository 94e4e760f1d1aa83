// The typed identity tensor's `local_tile` takes the same tiler as
// `tensor::typed::local_tile`: a rank-3 tiler for a rank-2 shape is one
// compile error, at the tiler.
use layout_dsl::tensor::{X, typed};
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (64usize, 32usize);
    let c = typed::make_identity_tensor((m, n));
    let _ = c.local_tile((C::<8>, C::<8>, C::<4>), (0, X, 0));
}
