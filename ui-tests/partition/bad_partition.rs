use layout_dsl::layout;

fn main() {
    // Tile (2,0) of a (8,8) layout cut into (4,2) tiles: there are 2x4 tiles.
    let _ = layout!(local_tile((8,8):(1,8), (4,2), (2,0)));
    // A step of rank 2 for a tiler of rank 3.
    let _ = layout!(local_tile((8,8):(1,8), (4,2,4), (0,0,_), (1,X)));
    // Thread 8 of a (2,4) thread layout: there are 8 threads.
    let _ = layout!(local_partition((8,12):(1,8), (2,4):(1,2), 8));
    // One mistake, one error: the stand-in is still a (layout, base) pair.
    let (tile, base) = layout!(inner_partition((8,8):(1,8), (4,2), (1,0,0)));
    let _ = (tile.crd2idx(2), base + 1);
}
