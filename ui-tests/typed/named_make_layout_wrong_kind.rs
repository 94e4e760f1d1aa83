// `make_layout((#s, 4))` takes a shape at `#s` (CuTe's `make_shape(s,
// Int<4>{})`): a typed layout there is one error at its name, the typed
// result's use reporting nothing more.
use layout_dsl::layout;

fn main() {
    let a = layout!((2, 2):(1, 2));
    let l = layout!(make_layout((#a, 4)));
    let r = layout!(make_layout((4, (2, #a)), LayoutRight));
    println!("{l:?} {r:?}");
}
