use layout_dsl::layout;

fn main() {
    let _ = layout!((4,8):(8,1) (2,2));
}
