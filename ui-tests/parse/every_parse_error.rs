use layout_dsl::layout;

fn main() {
    let _ = layout!(make_layout((4;8):(1,4), (2 2):(1,2)));
}
