use layout_dsl::layout;

fn main() {
    // A named typed layout as one mode's tile in a tiler that names
    // values (CuTe's `make_tile(a, _2)`): the typed divide takes a mode's
    // tile as an extent, so this is one error at the name, `type` or not,
    // with no second error from the mode's fit.
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let a = layout!(type (2, 2):(1, 2));
    let _ = layout!(type logical_divide(#l, (#a, 2)));
    let _ = layout!(zipped_divide(#l, (2, #a)));
}
