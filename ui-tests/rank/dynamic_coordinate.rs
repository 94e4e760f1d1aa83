use layout_dsl::layout;

fn main() {
    let (m, i, j, k) = (4, 1, 2, 3);
    let _ = layout!(crd2idx((i,j,k), (m,4):(1,m)));
}
