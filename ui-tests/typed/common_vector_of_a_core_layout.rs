use layout_dsl::layout;

// `max_common_vector` compares two typed layouts: a core `Layout` is one
// error, at the argument.
fn main() {
    let m = 4;
    let core: layout_dsl::Layout = "(4,8):(1,4)".parse().unwrap();
    let _ = layout!((m,8):(1,m)).max_common_vector(&core);
}
