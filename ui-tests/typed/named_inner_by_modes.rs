use layout_dsl::layout;

fn main() {
    // A divide reads its layout mode by mode, and the macro cannot see
    // whether the facade's `coalesce(#a)` has dynamic leaves (here it
    // does: CuTe's typed coalesce keeps `(m,16)` two modes where the core
    // merges them), so `type` does not nest it: one error at the inner call.
    let m = 8usize;
    let a = layout!(type (m,16):(1,m));
    let _ = layout!(type logical_divide(coalesce(#a), <4>));
    // Fine: read as a function, the inner result is bound and the outer
    // trait called on it.
    let _ = layout!(type coalesce(logical_divide(#a, <4>)));
    let _ = layout!(type composition(zipped_divide(#a, (2,2)), 4:1));
}
