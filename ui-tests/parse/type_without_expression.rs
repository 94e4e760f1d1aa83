use layout_dsl::layout;

fn main() {
    let _ = layout!(type);
}
