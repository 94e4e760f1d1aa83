use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    // A named by-mode tiler longer than the left layout's rank (CuTe
    // static_asserts it): one error at the name, not over the whole call.
    let s = (C::<4>, C::<2>);
    let _ = layout!(type composition(8:1, #s));
    // Fine: a tiler as long as the layout.
    let _ = layout!(type composition((8,2):(1,8), #s)).unwrap();
}
