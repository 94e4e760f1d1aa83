// Without `type`, a named order of `tile_to_shape` or
// `make_ordered_layout` goes to the core at run time, asked at its name
// to be an order (`rt::NamedOrder`, a tuple of integers): a typed layout
// there is one error at the name, not the core's `WrongType` at run time.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (2, 2):(1, 2));
    let _ = layout!(tile_to_shape(#a, (4, 4), #a));
    let _ = layout!(make_ordered_layout((4, 4), #a));
    // Fine: a tuple of `C<N>`, CuTe's `Step<_1, _0>`.
    let o = (C::<1>, C::<0>);
    let _ = layout!(tile_to_shape(#a, (4, 4), #o));
    let _ = layout!(make_ordered_layout((4, 4), #o));
}
