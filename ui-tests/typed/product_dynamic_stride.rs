use layout_dsl::layout;

fn main() {
    let m = 8;
    // A written-out `A` with a dynamic stride takes the value methods'
    // path; these forms of it do not.
    // `blocked_product` and `raked_product` take a layout, not a tiler.
    let _ = layout!(type blocked_product((m,2):(1,m), <2,2>));
    // `A` must be written out, named, or a call `type` types (not `flatten`).
    let _ = layout!(type logical_product(flatten((m,2):(1,m)), 4:1));
    // `tile_to_shape`'s target is a shape, not a layout.
    let _ = layout!(type tile_to_shape((m,2):(1,m), (8,4):(1,8)));
}
