use layout_dsl::layout;

fn main() {
    const I: usize = layout!(crd2ix((1,2), (4,8):(8,1)));
    let _ = I;
}
