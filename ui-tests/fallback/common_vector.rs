use layout_dsl::layout;

// A failed layout as the other operand of a real layout's
// `max_common_vector`: one error, at the stride, no cascade.
fn main() {
    let m = 4;
    let bad = layout!((m,8):(1));
    let good = layout!((m,8):(1,m));
    let n: usize = good.max_common_vector(&bad).unwrap() + bad.max_common_vector(&good).unwrap();
    let _ = n + good.max_common_vector(&layout!(type (4,8):(8,1,1))).unwrap();
}
