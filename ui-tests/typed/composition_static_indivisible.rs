use layout_dsl::layout;

fn main() {
    let m = 8;
    // Stride 4 walks a mode of static extent 6: CuTe's static_assert.
    let _ = layout!(type composition((6,m):(1,6), 4:4));
}
