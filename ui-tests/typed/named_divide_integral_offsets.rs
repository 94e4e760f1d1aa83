use layout_dsl::layout;

fn main() {
    // An integral tiler divides by composition, which takes layouts of
    // `usize` offsets (no negative stride): one error at the call.
    let a = layout!(type (8,16):(-1,8));
    let _ = layout!(type logical_divide(#a, 4));
}
