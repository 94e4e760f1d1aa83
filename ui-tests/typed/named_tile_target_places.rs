// Static places with a named target (`tile_to_shape(A, #S, (1,0))`,
// `TileTargetOrdered`): the macro cannot see the target's rank, so a
// number of places other than the target's is rustc's one error at the
// target's name (the order's bound, `OrderOf`), as CuTe's
// `make_ordered_layout` static_asserts congruent ranks.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8usize;
    let s = (m, C::<4>);
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (1,0,2)));
    let _ = layout!(type tile_to_shape((2,2):(1,2), #s, (0,)));
}
