use layout_dsl::layout;

fn main() {
    let _ = layout!(logical_divide((4,8):(8,1)));
}
