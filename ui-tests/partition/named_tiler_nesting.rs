// A whole named tiler of a tiling partition (`local_tile(#l, #t, …)`, and
// inner_partition's, outer_partition's) that nests deeper than the modes it
// tiles — CuTe's static_assert "Too many modes in tiler" — is one error at
// the name, as a divide's whole named tiler is, the code using the result
// reporting nothing; with CuTe's `Step` (written out or named), the
// entries the step keeps.
use layout_dsl::layout;
use layout_dsl::tensor::X;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (8usize, 16usize);
    let l = layout!((m, n):(1, m));
    let t = ((C::<2>, C::<2>), C::<8>);
    let tile = layout!(type local_tile(#l, #t, (0, 0)));
    let inner = layout!(type inner_partition(#l, #t, (0, 0)));
    let outer = layout!(type outer_partition(#l, #t, (0, 0)));
    let t3 = ((C::<2>, C::<2>), C::<5>, C::<8>);
    let stepped = layout!(type local_tile(#l, #t3, (0, 7, 0), (1, _, 1)));
    let step = (C::<1>, X, C::<1>);
    let named_step = layout!(type local_tile(#l, #t3, (0, 7, _), #step));
    println!("{tile:?} {inner:?} {outer:?} {stepped:?} {named_step:?}");
    // Fine: a tuple tile over a tuple mode (the values: tests/named_modes.rs).
    let a = layout!(((4, m), n):((1, 4), 32));
    let _ = layout!(type local_tile(#a, #t, (1, 1))).unwrap();
    let _ = layout!(type local_tile(#a, #t3, (1, 7, 1), #step)).unwrap();
}
