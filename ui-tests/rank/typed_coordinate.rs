use layout_dsl::layout;

fn main() {
    let l = layout!((4,8):(8,1));
    let _ = l.crd2idx((1, 2, 3));
}
