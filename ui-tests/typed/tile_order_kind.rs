// `tile_to_shape`'s order is read while compiling (it lays out the
// copies): `LayoutLeft`, `LayoutRight` or a static order tuple, written
// out. A named value or a layout there is one error at the order, not a
// refusal at `type` listing every typed form.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (2, 2):(1, 2));
    let o = (C::<1>, C::<0>);
    let _ = layout!(type tile_to_shape(#a, (4, 4), #a));
    let _ = layout!(type tile_to_shape(#a, (4, 4), #o));
    let _ = layout!(type tile_to_shape(#a, (4, 4), (2, 2):(1, 2)));
    // Fine: the order written out.
    let _ = layout!(type tile_to_shape(#a, (4, 4), (1, 0)));
    let _ = layout!(type tile_to_shape(#a, (4, 4), LayoutRight));
}
