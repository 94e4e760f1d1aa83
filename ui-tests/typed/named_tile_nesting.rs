// A named tile or tiler of a typed divide that does not nest as the mode
// (or the layout) it divides — CuTe's static_assert "Too many modes in
// tiler" — is one error at the name, the code using the result reporting
// nothing: a tile nesting deeper than its leaf mode, a whole named tiler
// doing so, a tile of the wrong rank for a tuple mode, a whole tiler
// longer than the layout (a shorter one divides the first modes, the others
// passed through: tests/typed_divide_short.rs), and what is no tile at all (a run-time extent, a typed
// layout, which only the core takes as a tile).
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let t = (C::<2>, C::<1>);
    let deep = layout!(type logical_divide((8,4):(1,8), (#t, 2)));
    let whole = ((C::<2>, C::<1>), C::<2>);
    let deep_whole = layout!(type logical_divide((8,4):(1,8), #whole));
    let a = layout!(type ((2,4),4):((1,2),8));
    let three = (C::<2>, C::<1>, C::<1>);
    let wrong_rank = layout!(zipped_divide(#a, (#three, 2)));
    let long = (C::<2>, C::<2>, C::<2>);
    let long_whole = layout!(type tiled_divide(#a, #long));
    let k: usize = 2;
    let run_time = layout!(type logical_divide(#a, (#k, 2)));
    let l = layout!(type 2:1);
    let layout_tile = layout!(type zipped_divide(#a, (#l, 2)));
    println!("{deep:?} {deep_whole:?} {wrong_rank:?} {long_whole:?} {run_time:?} {layout_tile:?}");
    // Fine: a tile per sub-mode of a tuple mode, a static extent over it.
    let fits = ((C::<2>, C::<2>), C::<1>);
    let _ = layout!(type logical_divide(#a, #fits)).unwrap();
    let _ = layout!(type logical_divide(#a, (#t, 2))).unwrap();
    let four = C::<4>;
    let _ = layout!(type logical_divide(#a, (#four, 2))).unwrap();
}
