use layout_dsl::layout;

fn main() {
    // `make_identity_layout` takes a shape: a named layout in its shape is
    // one error at the name.
    let l = layout!(type (4,8):(1,4));
    let _ = layout!(type make_identity_layout((2, #l)));
}
