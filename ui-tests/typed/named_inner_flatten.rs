// `type flatten(#a)` nests in `coalesce`, `complement`, `composition`,
// the products' `B` and `flatten` (fine below); where the call around it
// reads it mode by mode (a divide's layout) or has no typed form of a
// named layout (the inverses), one error at the inner call says so.
use layout_dsl::layout;

fn main() {
    let a = layout!(type ((2, 2), 4):((1, 2), 4));
    let _ = layout!(type logical_divide(flatten(#a), <4>));
    let _ = layout!(type right_inverse(flatten(#a)));
    // Fine: an outer call that reads its operand as a function.
    let _ = layout!(type coalesce(flatten(#a)));
    let _ = layout!(type flatten(flatten(#a)));
    let _ = layout!(type complement(flatten(#a), 32));
    let _ = layout!(type composition(flatten(#a), 4:2));
    let _ = layout!(type logical_product(2:1, flatten(#a)));
}
