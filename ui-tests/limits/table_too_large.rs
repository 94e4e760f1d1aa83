use layout_dsl::layout;

fn main() {
    const T: [usize; 4] = layout!(table((1024,1025):(1,1024)));
    let _ = T;
}
