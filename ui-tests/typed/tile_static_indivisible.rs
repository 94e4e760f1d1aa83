use layout_dsl::layout;

fn main() {
    let m = 64;
    // The block's 8 columns do not divide the target's 60: CuTe's static_assert.
    let _ = layout!(type tile_to_shape((8,8):(8,1), (m,60)));
}
