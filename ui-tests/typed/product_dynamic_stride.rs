use layout_dsl::layout;

fn main() {
    let m = 8;
    // CuTe's complement sorts by stride: a dynamic stride has no typed product.
    let _ = layout!(type logical_product((m,2):(1,m), 4:1));
}
