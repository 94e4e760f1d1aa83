// A tiler may have fewer entries than the layout has modes (the first modes
// divided, the others kept whole, as CuTe's `zipped_divide`; values:
// tests/local_tile_short.rs), but not more: a named tiler with more entries
// than the layout (with a step, more kept entries) is one error at its name,
// as CuTe static_asserts "Too many modes in tiler".
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let (m, n) = (16usize, 32usize);
    let h = layout!((m, n):(1, m));
    let t3 = (C::<2>, C::<4>, C::<8>);
    let stepped = layout!(type local_tile(#h, #t3, (1, 2, 3), (1, 1, 1)));
    let whole = layout!(type local_tile(#h, #t3, (1, 2)));
    let outer = layout!(type outer_partition(#h, #t3, (1, 2, 3)));
    println!("{stepped:?} {whole:?} {outer:?}");
}
