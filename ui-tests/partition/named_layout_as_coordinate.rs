// A named typed layout where a `type` partition takes a tile coordinate or
// a thread index: one error at the name, with no note into the library,
// the partition reporting nothing more.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<4>, C::<2>);
    let _ = layout!(type local_tile(#l, #s, #a));
    let _ = layout!(type outer_partition(#l, #s, #a));
    let _ = layout!(type local_partition(#l, #a, #a));
    // Fine: a named coordinate and a named index.
    let c = (1usize, 1usize);
    let k = 3usize;
    let _ = layout!(type local_tile(#l, #s, #c));
    let _ = layout!(type local_partition(#l, #a, #k));
}
