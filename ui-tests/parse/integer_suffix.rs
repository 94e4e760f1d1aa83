use layout_dsl::layout;

fn main() {
    let _ = layout!(crd2idx(3usize, 8:1));
}
