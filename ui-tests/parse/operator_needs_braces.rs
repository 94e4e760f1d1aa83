use layout_dsl::layout;

fn main() {
    let n = 2;
    let _ = layout!((n * 2, 4):(1, 8));
}
