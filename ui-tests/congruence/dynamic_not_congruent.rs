use layout_dsl::layout;

fn main() {
    let m = 4;
    let _ = layout!((m,4):(1,m,2));
}
