use layout_dsl::layout;

fn main() {
    let m = 5;
    let _ = layout!(logical_divide((m,4):(1,m)));
}
