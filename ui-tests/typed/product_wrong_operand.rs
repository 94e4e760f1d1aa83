// `Product` on typed values takes a layout, an extent or a by-mode tiler
// no longer than the left layout's rank (CuTe's static_assert "Too many
// modes in tiler").
use layout_dsl::layout;
use layout_dsl::typed::{C, Product};

fn main() {
    let m = 6;
    let l = layout!(type (m,2):(1,8));
    let _ = l.logical_product((C::<2>, C::<2>, C::<2>));
}
