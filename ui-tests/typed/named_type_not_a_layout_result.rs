// `type` on a call whose result is no layout (`shape_div` gives an integer
// tuple) is refused at `type shape_div` whatever its operands hold; a
// layout named where a shape is expected is a second mistake, one error at
// its name, with `type` or without.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<4>, C::<2>);
    let _ = layout!(type shape_div(#a, 2));
    let _ = layout!(type shape_div(#s, 2));
    let _ = layout!(shape_div(#a, 2));
    // Fine: a named shape, without `type`.
    let _ = layout!(shape_div(#s, 2));
}
