// `type right_inverse` and `type left_inverse` read a written-out layout's
// strides while compiling, which a named value's are not: `type` refuses
// them whatever the name holds, in one error at the name (a named value of
// another kind than a layout adds no second error there).
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let s = (C::<4>, C::<2>);
    let i = 3usize;
    let a = layout!(type (2, 2):(1, 2));
    let _ = layout!(type right_inverse(#s));
    let _ = layout!(type left_inverse(#i));
    let _ = layout!(type right_inverse(#a));
    let _ = layout!(type left_inverse(#a));
    // As an operand call, too: no typed door takes it.
    let _ = layout!(type coalesce(right_inverse(#a)));
    // Fine: without `type`, the named layout is inverted through the core.
    let _ = layout!(right_inverse(#a));
}
