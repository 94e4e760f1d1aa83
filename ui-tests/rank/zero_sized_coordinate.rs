use layout_dsl::layout;

fn main() {
    // The zero-sized form checks coordinate ranks the same way.
    let l = layout!(type ((4,2),8):((1,4),8));
    let _ = l.crd2idx(((1, 2, 3), 4));
}
