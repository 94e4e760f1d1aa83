use layout_dsl::layout;

fn main() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    // A typed layout as the named tiler of a `type` partition (CuTe's
    // layout tiler, which only the core takes): one error at its name.
    let tile = layout!(type (4, 2):(1, 4));
    let _ = layout!(type local_tile(#l, #tile, (0, 0)));
    let _ = layout!(type outer_partition(#l, #tile, (1, 1)));
    // Fine: without `type` the core tiles by the layout at run time.
    let _ = layout!(local_tile(#l, #tile, (0, 0)));
}
