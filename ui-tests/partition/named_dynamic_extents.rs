use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n, k) = (8usize, 6usize, 3usize);
    let l = layout!((m, n):(1, m));
    // `type` tiles by static extents: a named tiler with a `usize` extent
    // is refused at its name (it never falls back to the core).
    let t = (C::<4>, k);
    let _ = layout!(type local_tile(#l, #t, (0, 0)));
    // So is a named thread layout with a dynamic extent.
    let thr = layout!((2, k):(k, 1));
    let _ = layout!(type local_partition(#l, #thr, 0));
}
