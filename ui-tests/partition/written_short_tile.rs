// All written out, a tiler nesting a tile tuple that partition.rs does not
// take is typed as the same tiler named (named_partition.rs): a tile
// nesting deeper than its mode (CuTe's static_assert "Too many modes in
// tiler") is one error at the tile, no longer a run-time fallback.
use layout_dsl::layout;

fn main() {
    let (m, i) = (16usize, 1usize);
    let deep = layout!(type local_tile((m,8):(1,m), ((2,2),8), (i, 0)));
    println!("{deep:?}");
}
