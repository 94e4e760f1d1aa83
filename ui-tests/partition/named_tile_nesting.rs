// A named tile in a tiling partition's written-out tiler (`(#t, 8)`, as
// CuTe's `make_shape(t, Int<8>{})`) that nests deeper than the mode it
// tiles — CuTe's static_assert "Too many modes in tiler" — is one error at
// the name, the code using the result reporting nothing.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (8usize, 16usize);
    let l = layout!((m, n):(1, m));
    let t = (C::<2>, C::<2>);
    let tile = layout!(type local_tile(#l, (#t, 8), (0, 0)));
    let outer = layout!(outer_partition(#l, (#t, 8), (0, 0)));
    println!("{tile:?} {outer:?}");
    // Fine: a tuple tile over a tuple mode.
    let a = layout!(((4, m), n):((1, 4), 32));
    let _ = layout!(local_tile(#a, (#t, 8), (1, 1))).unwrap();
}
