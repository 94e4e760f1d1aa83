use layout_dsl::layout;
use layout_dsl::typed::{C, LayoutRight, MakeLike, TileToShape};

// `MakeLike` and `TileToShape` on a failed layout (the traits imported, as
// a real layout needs): one error, at the stride, no cascade and no unused
// import.
fn main() {
    let m = 4;
    let l = layout!((m,8):(1));
    let _ = l.make_layout_like().unwrap().size();
    let _ = l.make_fragment_like().unwrap().crd2idx((1, 2));
    let _ = l.tile_to_shape((m, C::<64>)).unwrap().size();
    let _ = l.tile_to_shape_ordered((16, C::<16>), LayoutRight).unwrap();
}
