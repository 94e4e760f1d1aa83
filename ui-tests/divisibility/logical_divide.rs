use layout_dsl::layout;

fn main() {
    let _ = layout!(logical_divide((6,2):(1,8), 4:1));
}
