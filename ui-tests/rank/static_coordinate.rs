use layout_dsl::layout;

fn main() {
    let _ = layout!(crd2idx((1,2,3), (4,8):(8,1)));
}
