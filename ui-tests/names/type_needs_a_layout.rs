use layout_dsl::layout;

fn main() {
    // `type` asks for a zero-sized layout: a tuple, a table or a layout
    // computed at run time has no such type.
    let _ = layout!(type idx2crd(5, (2,4)));
    let _ = layout!(type table((2,4):(4,1)));
    let m = 8;
    let _ = layout!(type logical_divide((m,8):(8,1), 2:1));
    // Fine: CuTe's static size and cosize are static integers, `C<32>`.
    let _: layout_dsl::typed::C<32> = layout!(type size((4,8):(8,1)));
    let _: layout_dsl::typed::C<32> = layout!(type cosize((4,8):(8,1)));
    // Fine: the static parts of a written-out layout are in its type anyway.
    let _ = layout!(type (m,8):(8,1));
}
