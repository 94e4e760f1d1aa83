use layout_dsl::layout;

fn main() {
    // A divide reads its layout mode by mode: the typed complement with a
    // dynamic leaf may group its modes otherwise than the core (for m = 8
    // it keeps a unit mode, `(1,2):(8,32)`, where the core has `2:32`), so
    // `type` does not nest it. The error is at the inner call.
    let m = 8usize;
    let _ = layout!(type logical_divide(complement((8,m):(1,8), 64), <2>));
    // Fine: read as a function (coalesce), it is nested; and a static inner
    // call is folded first, whatever reads it.
    let _ = layout!(type coalesce(complement((8,m):(1,8), 64)));
    let _ = layout!(type composition(complement((8,4):(1,8), 64), m:1));
}
