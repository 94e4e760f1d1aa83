use layout_dsl::layout;

fn main() {
    // A `make_layout` read past its size (the `A` of a composition): past
    // its size a layout goes on along its last leaf, and CuTe's nesting of
    // the last layout can end in another leaf than the core's, so `type`
    // does not nest it. The error is at that layout.
    let (m, k) = (3usize, 3usize);
    let _ = layout!(type composition(make_layout(2:1, coalesce((m,2):(1,k))), 16:1));
    // A divide divided mode by mode (a `make_layout` of its parts), its
    // composition read past its size: the error is at the divide.
    let _ = layout!(type composition(composition(1024:1, logical_divide((m,(4,k)):(1,(16,64)), <2,8>)), 64:1));
    // Fine: the same `make_layout` read only on its domain is nested.
    let _ = layout!(type composition(1024:1, make_layout(2:1, coalesce((m,2):(1,k)))));
}
