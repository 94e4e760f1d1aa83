// A step (CuTe's `Step<_1, X, _1>`) of another rank than the written-out
// tiler, coordinate or thread layout it projects: CuTe's `dice`
// static_asserts "Mismatched Ranks" (checked with CUTLASS's headers for
// `local_tile(t, Shape<_2,_4,_8>{}, coord, Step<_1,X>{})` and the reverse,
// and `local_partition`). One error at the step, whatever the layout:
// written out with dynamic leaves (`type` no longer takes it to the core
// at run time), named, or static. A named tiler's rank is not seen by the
// macro: the step that does not project it is one error at its name.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let short = layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4, 8), (1, 2), (1, X)));
    let named = layout!(type local_tile(#g, (2, 4, 8), (1, _, 2), (1, X)));
    let long = layout!(local_tile(#g, (2, 4), (1, _, 2), (1, X, 1)));
    let coordinate = layout!(type local_tile(#g, (2, 4, 8), (1, 2), (1, X, 1)));
    let threads = layout!(type local_partition(#g, (2, 4, 8):(1, 2, 8), 3, (1, X)));
    let fixed = layout!(local_tile((16, 32):(1, 16), (2, 4), (1, 2), (1, X, 1)));
    let (m2, n2) = (16usize, 32usize);
    let h = layout!((m2, n2):(1, m2));
    let t = (C::<2>, C::<4>, C::<8>);
    let whole = layout!(type local_tile(#h, #t, (1, 2), (1, 1)));
    println!("{short:?} {named:?} {long:?} {coordinate:?} {threads:?} {fixed:?} {whole:?}");
}
