use layout_dsl::layout;

fn main() {
    let _ = layout!(((2,4),3):((1,2),(8,1)));
}
