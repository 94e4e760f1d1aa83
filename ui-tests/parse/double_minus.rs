use layout_dsl::layout;

fn main() {
    // `-8` is fine; a second minus is not notation.
    let _ = layout!(--8);
    let _ = layout!(- -3);
    let _ = layout!((4,8):(-8,1));
}
