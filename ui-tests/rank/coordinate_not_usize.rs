use layout_dsl::layout;

fn main() {
    let l = layout!((4,8):(8,1));
    let i: i32 = 1;
    let _ = l.crd2idx((i, 2));
}
