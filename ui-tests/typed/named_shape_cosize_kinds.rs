// `cosize(#s)` of any named shape is one error at the name, with no note:
// an integer is a shape too (its `cosize` is not its value), a long shape
// moves the type to a help line, and a failed layout's cosize says nothing.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, k): (usize, usize) = (6, 2);
    let _ = layout!(cosize(#m));
    let long = ((m, C::<4>), (C::<8>, (k, C::<2>)), C::<16>);
    let _ = layout!(cosize(#long));
    let bad = layout!((m, k):(1));
    let _: usize = layout!(cosize(#bad));
}
