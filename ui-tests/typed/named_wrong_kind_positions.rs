// A named value of the wrong kind is one error at its name (issue 13 §1/§5):
// a layout where a shape, a tile or a step is taken, a shape where a layout
// is taken, either where an integer is taken.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<4>, C::<2>);
    // A layout where a shape is taken.
    let _ = layout!(type tile_to_shape(#a, #a));
    let _ = layout!(type make_ordered_layout(#a, (1, 0)));
    let _ = layout!(size((#a, 4)));
    // A layout as a tile of a `type` partition's tiler, or as its step.
    let _ = layout!(type local_tile(#l, (#a, 2), (0, 0)));
    let _ = layout!(type local_tile(#l, #s, (0, 0), #a));
    // A shape where a layout is taken.
    let _ = layout!(type logical_divide(#s, 2));
    let _ = layout!(type blocked_product(#l, #s));
    // A layout or a shape where an integer is taken.
    let _ = layout!(type complement(#a, #a));
    let _ = layout!(type complement(#a, #s));
}
