use layout_dsl::layout;

fn main() {
    // A scaled-basis stride is refused at the `@`.
    let _ = layout!((4,8):(1@0,1@1));
    // An identity layout as the result has no Rust value.
    let _ = layout!(make_identity_layout((4,8)));
    // Nor has its slice, a view from a coordinate.
    let _ = layout!(slice((_,3), make_identity_layout((4,8))));
    // Inside a call that returns integers it folds.
    let n: usize = layout!(size(make_identity_layout((4,8))));
    let _ = n;
}
