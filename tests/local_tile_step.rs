//! `local_tile` with a `Step` (CuTe's `local_tile(t, tiler, coord,
//! Step<_1, X, _1>{})` = `local_tile(t, dice(step, tiler), dice(step,
//! coord))`): the typed partitions (written-out and named layout) and the
//! core give CuTe's answer, printed by CUTLASS's headers for a 16×64
//! column-major tensor (the tutorial's `(M,K)`), tiler `Shape<_2,_4,_8>`,
//! coordinate `(1, _, 2)`: `(_2,_8):(_1,16)` at offset 258. A step of
//! another rank than the tiler or the coordinate is a compile error at the
//! step (or at a named tiler's name), as CuTe's `dice` static_asserts
//! "Mismatched Ranks" (ui-tests/partition/step_rank.rs).

use layout_dsl::layout;
use layout_dsl::typed::C;

/// CuTe's print of the tile and its base offset (`r.data() - buf`): block
/// 1 of mode 0 (extent 2) and block 2 of mode 1 (extent 8).
const CUTE: &str = "(2,8):(1,16)";
const BASE: usize = 258;

#[test]
fn a_step_dices_tiler_and_coordinate_as_cute() {
    let (m, k) = (16usize, 64usize);
    let g = layout!((m, k):(1, m));
    let t = (C::<2>, C::<4>, C::<8>);
    let (named, base) = layout!(type local_tile(#g, #t, (1, _, 2), (1, X, 1))).unwrap();
    let (written, written_base) =
        layout!(type local_tile((m, k):(1, m), (2, 4, 8), (1, _, 2), (1, X, 1))).unwrap();
    let core =
        layout_core::evaluate("local_tile((16,64):(1,16), (2,4,8), (1,_,2), (1,X,1))").unwrap();
    let layout_core::Value::View(view) = core else {
        panic!("{core:?}")
    };
    assert_eq!(view.base() as usize, BASE);
    assert_eq!((base, written_base), (BASE, BASE));
    for l in [
        named.to_core().unwrap(),
        written.to_core().unwrap(),
        view.layout().clone(),
    ] {
        assert_eq!(l.size(), 2 * 8);
        let want: layout_core::Layout = CUTE.parse().unwrap();
        for i in 0..want.size() {
            let at = layout_core::IntTuple::Int(i);
            assert_eq!(
                l.crd2idx(&at).unwrap(),
                want.crd2idx(&at).unwrap(),
                "{l} at {i}"
            );
        }
    }
    assert_eq!(named.size(), written.size());
}

/// A named step (`#st`, CuTe's `Step<_1, X, _1>{}` held in a variable)
/// dices as the written-out one: the same tile, of the same type (the
/// comparison does not compile otherwise), at the same base.
#[test]
fn a_named_step_is_the_written_out_one() {
    let (m, k) = (16usize, 64usize);
    let g = layout!((m, k):(1, m));
    let t = (C::<2>, C::<4>, C::<8>);
    let st = (C::<1>, layout_dsl::tensor::X, C::<1>);
    let named = layout!(type local_tile(#g, #t, (1, _, 2), #st)).unwrap();
    let written = layout!(type local_tile(#g, #t, (1, _, 2), (1, X, 1))).unwrap();
    assert_eq!(named, written);
    assert_eq!(named.1, BASE);
    assert_eq!(named.0.to_string(), CUTE);
}
