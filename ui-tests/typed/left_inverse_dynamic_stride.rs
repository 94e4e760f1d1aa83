use layout_dsl::layout;

fn main() {
    let (m, d) = (3, 4);
    // CuTe's `left_inverse` static_asserts static strides: said at the stride.
    let _ = layout!(type left_inverse((m,4):(4,d)));
    // Nested too.
    let _ = layout!(type coalesce(left_inverse((m,4):(d,1))));
    // Static strides that overlap (the stride 2 inside the span 4 of 4:1):
    // no left inverse for any `m` above 1, said at the call.
    let _ = layout!(type left_inverse((4,m):(1,2)));
    // Modes of stride 0 before the last, of static extent above 1: CuTe's
    // answer keeps only the last's extent, the core's all of them.
    let _ = layout!(type left_inverse((4,m):(0,0)));
}
