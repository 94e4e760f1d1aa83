// A written-out tuple tile with named parts (`((#t, 2), 4)`, as CuTe's
// `make_tile(make_shape(t, Int<2>{}), Int<4>{})`) that nests deeper than
// the mode it divides — CuTe's static_assert "Too many modes in tiler" — is
// one error at its `(`, the code using the result reporting nothing: over a
// named layout's leaf mode, a written-out layout's, a partition's run-time
// mode. Every tuple tile and named tile inside is asked at its own token,
// so over a tuple mode the part too deep is the one reported: a named part
// at its name (`#u`), a written-out part at its own `(`.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (8,4):(1,8));
    let t = C::<2>;
    let one = layout!(logical_divide(#a, ((#t, 2), 4)));
    let two = layout!(logical_divide((8,4):(1,8), ((#t, 2), 4)));
    let (m, n) = (8usize, 16usize);
    let l = layout!((m, n):(1, m));
    let three = layout!(type local_tile(#l, ((#t, 2), 4), (0, 0)));
    let b = layout!(type ((8,2),4):((1,8),16));
    let u = (C::<2>, C::<1>);
    let four = layout!(type zipped_divide(#b, ((#u, 2), 4)));
    let five = layout!(type zipped_divide(#b, ((2, (2, 1)), #t)));
    println!("{one:?} {two:?} {three:?} {four:?} {five:?}");
    // Fine: a tuple tile over a tuple mode.
    let _ = layout!(type zipped_divide(#b, ((#t, 2), 4))).unwrap();
}
