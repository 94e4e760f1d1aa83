// A named entry of a product's by-mode tiler (`(#s, 2)`, CuTe's
// `make_tile(s, Int<2>{})`) whose tuple nests deeper than the mode it
// multiplies — CuTe's static_assert "Too many modes in tiler" — is one
// error at its name, `type` or not, the code using the result reporting
// nothing: a shape of two modes over a leaf mode, a shape nesting two
// levels over a tuple mode of leaves.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (8,4):(1,8));
    let s = (C::<2>, C::<3>);
    let p = layout!(logical_product(#a, (#s, 2)));
    let b = layout!(type ((8,2),4):((1,8),16));
    let deep = ((C::<2>, C::<2>), C::<1>);
    let q = layout!(type zipped_product(#b, <#deep, 2>));
    println!("{p:?} {q:?}");
    // Fine: a shape over a tuple mode of as many sub-modes, or of one
    // mode over a leaf.
    let _ = layout!(logical_product(#b, (#s, 2))).unwrap();
    let one = (C::<3>,);
    let _ = layout!(logical_product(#a, (#one, 2))).unwrap();
}
