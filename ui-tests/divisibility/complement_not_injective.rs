use layout_dsl::layout;

fn main() {
    let _ = layout!(complement((2,2):(1,1)));
}
