// Static places with a named target (`tile_to_shape(A, #S, (1,0))`): the
// macro cannot see the target's rank, so a number of places other than
// the target's is rustc's one error at the target's name, as CuTe's
// `make_ordered_layout` static_asserts congruent ranks. A compact block
// takes `TileCompactOrdered` (CuTe's nesting), more block modes than
// places `TileTargetOrdered` (the order's bound, `OrderOf`).
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8usize;
    let s = (m, C::<4>);
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (1,0,2)));
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (0,)));
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (1,1,1)));
    let i = 5usize;
    let _ = layout!(type tile_to_shape((2,2):(1,2), #i, (1,0)));
    // Fine: one place per mode.
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (1,0)));
}
