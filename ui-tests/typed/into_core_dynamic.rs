use layout_dsl::layout;

fn main() {
    // A run-time leaf may pass `i64`, which the core cannot hold: the
    // infallible conversion is only for all-static layouts; this one
    // converts with `TryFrom`.
    let m = 6usize;
    let _ = layout!((m,4):(1,m)).into_core();
    // The same by `From`: one error, naming the layout.
    let _ = layout_dsl::Layout::from(&layout!((m,4):(1,m)));
    // Fine: every leaf static.
    let _ = layout!(type (6,4):(1,6)).into_core();
}
