// A named shape is a whole value: `cosize` is a layout's only (CuTe has no
// cosize of a shape), and a named value is a mode of a written-out tuple
// only where CuTe's `make_shape(s, …)` nesting has a typed meaning (the
// shape of `size`/`rank`/`depth`, a divide's or a tiling partition's tiler
// of static tiles, an entry of a product's tiler). One error each, at the
// name; a shape entry with more modes than the leaf mode it multiplies
// (CuTe's static_assert "Too many modes in tiler"), one at the call.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m: usize = 6;
    let s = (m, C::<4>);
    let a = layout!((2, 2):(1, 2));
    let _ = layout!(cosize(#s));
    let _ = layout!(cosize((#s, 4)));
    let _ = layout!(logical_divide(#a, (#s, m)));
    let _ = layout!(logical_product(#a, (#s, 2)));
    // Fine: a shape's size, a layout's cosize, a tuple built in Rust, a
    // named shape as a mode of `size`'s shape and of a divide's tiler.
    let t = (s, C::<4>);
    let _: usize = layout!(size(#s)) + layout!(cosize(#a)) + layout!(size(#t));
    let _: usize = layout!(size((#s, 4))) + layout!(rank((#s, m)));
    let tile = C::<2>;
    let _ = layout!(logical_divide(#a, (#tile, 2)));
}
