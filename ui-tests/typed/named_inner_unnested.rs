use layout_dsl::layout;

fn main() {
    // `flatten` and `right_inverse` have no typed form of a layout the
    // macro cannot see (a named layout, or a call of one): one error at
    // the inner call, naming the outer function.
    let a = layout!(type (8,16):(1,8));
    let _ = layout!(type flatten(logical_divide(#a, <4>)));
    let _ = layout!(type right_inverse(zipped_divide(#a, (2,2))));
}
