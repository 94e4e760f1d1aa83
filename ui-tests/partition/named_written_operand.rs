use layout_dsl::layout;

fn main() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    // With a named layout, `type` takes a written-out tiler of static
    // extents only: the dynamic `n` is refused at the tiler.
    let _ = layout!(type local_tile(#l, (4, n), (0, 0)));
}
