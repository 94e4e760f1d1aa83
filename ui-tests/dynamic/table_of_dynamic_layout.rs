use layout_dsl::layout;

fn main() {
    let n = 4;
    let _ = layout!(table((n,2):(1,n)));
}
