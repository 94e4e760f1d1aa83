use layout_dsl::layout;

fn main() {
    // A run-time leaf may pass `i64`, which the core cannot hold: the
    // infallible conversion is only for all-static layouts; this one
    // converts with `TryFrom`.
    let m = 6usize;
    let _ = layout!((m,4):(1,m)).into_core();
    // (`layout_dsl::Layout::from(&…)` of it is refused too, with the same
    // message, but rustc follows it with its list of the other `From`
    // impls.)
    // Fine: every leaf static.
    let _ = layout!(type (6,4):(1,6)).into_core();
}
