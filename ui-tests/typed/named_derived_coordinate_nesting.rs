// A nested coordinate or slice of a named layout the typed algebra made
// (`zipped_divide` of `((4,m),32)` by `(2,8)`: its static leaves folded,
// `Quot<C<4>, Min<C<4>, C<2>>>` for the 2 of `4/2`) whose tuple entry
// does not nest is one error at that entry's `(`, naming the mode's form:
// the nesting, each folded leaf `Extent` (rustc cannot print its value).
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = (C::<2>, C::<8>);
    let l = layout!(type zipped_divide(#h, #t)).unwrap();
    let _ = layout!(crd2idx(((1, 2, 3), (3, 4)), #l));
    let _ = layout!(slice(((1, 2), (X, 1, 2)), #l));
    println!("{l:?}");
}
