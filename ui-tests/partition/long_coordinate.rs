// A tile coordinate may be longer than a shorter tiler (its entries past
// the tiler slice the modes kept whole, as CuTe's `inner_partition`;
// values: tests/local_tile_coord.rs), but not longer than the layout has
// modes; and `outer_partition`'s coordinate, a position in the tile, not
// longer than the tiler (CuTe's `append<R0>(coord, _)` static_asserts).
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (16usize, 32usize);
    let h = layout!((m, n):(1, m));
    let t1 = (C::<2>,);
    let tile = layout!(type local_tile(#h, #t1, (1, 2, 3)));
    let outer = layout!(type outer_partition(#h, #t1, (1, 2)));
    let data = [0.0f32; 512];
    let t = Tensor::new(&data[..], h).unwrap();
    let _ = typed::local_tile(t, (C::<2>,), (1, 2, 3));
    println!("{tile:?} {outer:?}");
}
