// A named value of the wrong kind for its place: one error at its name.
// A shape (a tuple of `usize`/`C<N>`) where the function takes a layout,
// a layout where it takes a shape.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m: usize = 6;
    let a = layout!((2, 2):(1, 2));
    let s = (m, C::<4>);
    let _ = layout!(blocked_product(#a, #s));
    let _ = layout!(make_identity_layout(#a));
    let _ = layout!(coalesce(#s));
    // Fine: a shape where a shape or a tiler goes.
    let _ = layout!(make_identity_layout(#s));
    let _ = layout!(logical_divide(#a, #s));
}
