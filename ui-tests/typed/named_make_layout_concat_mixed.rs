// `type make_layout(#a, #b, …)` takes typed layouts of one offset type
// (CuTe's `make_layout(L0, L1, …)`), or a shape and a congruent stride:
// a layout beside a shape, or three shapes, is one error at the call's
// first name.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 6usize;
    let a = layout!(type (4, m):(1, 4));
    let s = (m, C::<4>);
    let l = layout!(type make_layout(#a, #s));
    let t = layout!(type make_layout(#s, #s, #s));
    println!("{l:?} {t:?}");
}
