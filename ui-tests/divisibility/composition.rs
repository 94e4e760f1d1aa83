use layout_dsl::layout;

fn main() {
    let _ = layout!(composition((4,2):(1,8), 6:1));
}
