use layout_dsl::layout;

fn main() {
    // CuTe divides a layout by a layout tiler through its complement in
    // the layout's size; a named layout's nesting is not the macro's to
    // see, so only an integer `N` (the layout `N:1`) is typed: one error
    // at the tiler.
    let a = layout!(type (8,16):(1,8));
    let _ = layout!(type logical_divide(#a, 4:2));
    let _ = layout!(type zipped_divide(#a, (4,2):(1,8)));
}
