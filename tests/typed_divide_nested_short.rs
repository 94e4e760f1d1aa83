//! The divides of a layout whose tuple mode is divided by a shorter tuple
//! of tiles (`<<2>,4>` over `((4,8),m)`), as CuTe's: the first sub-modes
//! divided, the others passed through whole (in place in
//! `logical_divide`, after the sub-modes' rests in the others: CuTe's
//! `zip2_by` appends the "missing modes"); a leaf mode by a tuple of one
//! tile is divided as a rank-1 layout. Each against CUTLASS's print (g++
//! on the headers: `/work/notes/harness-innercalls/nested_short.cpp`,
//! `leaf_tuple.cpp`; static leaves where CuTe's are) and the core at every
//! index, in the three doors: the typed value's methods, the written-out
//! nested layout after `type`, and a named layout after `type`.

use layout_dsl::__private::{ModeTile, TileFor};
use layout_dsl::layout;
use layout_dsl::typed::{C, Divide, TypedLayout, UnitTile};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::same_offsets;

/// CuTe's print (its static leaves) and the core's offsets of `text`.
fn agrees<S, D>(typed: &layout_dsl::typed::Layout<S, D>, cute: &str, text: &str)
where
    S: layout_dsl::__private::Tree,
    D: layout_dsl::__private::Tree,
    layout_dsl::typed::Layout<S, D>: TypedLayout<Offset = usize>,
{
    assert_eq!(typed.to_string(), cute.replace('_', ""), "{text}");
    assert_eq!(form(typed), cute_form(cute), "{text}");
    same_offsets(typed, text);
}

#[test]
fn a_tuple_mode_by_a_shorter_tuple_passes_its_other_sub_modes_through() {
    let m = 16usize;
    let l = layout!(type ((4,8),m):((1,4),32));
    let t = ((C::<2>,), C::<4>);
    let text = |f: &str| format!("{f}(((4,8),16):((1,4),32), <<2>,4>)");
    let cases = [
        (
            "logical_divide",
            "(((_2,_2),_8),(_4,4)):(((_1,_2),_4),(_32,_128))",
        ),
        (
            "zipped_divide",
            "(((_2),_4),((_2,_8),4)):(((_1),_32),((_2,_4),_128))",
        ),
        (
            "tiled_divide",
            "(((_2),_4),(_2,_8),4):(((_1),_32),(_2,_4),_128)",
        ),
        ("flat_divide", "((_2),_4,(_2,_8),4):((_1),_32,(_2,_4),_128)"),
    ];
    agrees(&l.logical_divide(t).unwrap(), cases[0].1, &text(cases[0].0));
    agrees(&l.zipped_divide(t).unwrap(), cases[1].1, &text(cases[1].0));
    agrees(&l.tiled_divide(t).unwrap(), cases[2].1, &text(cases[2].0));
    agrees(&l.flat_divide(t).unwrap(), cases[3].1, &text(cases[3].0));
    // The written-out nested layout and a named one, after `type`.
    let written = layout!(type logical_divide(((4,8),m):((1,4),32), <<2>,4>)).unwrap();
    agrees(&written, cases[0].1, &text(cases[0].0));
    let written = layout!(type zipped_divide(((4,8),m):((1,4),32), <<2>,4>)).unwrap();
    agrees(&written, cases[1].1, &text(cases[1].0));
    let named = layout!(type tiled_divide(#l, <<2>,4>)).unwrap();
    agrees(&named, cases[2].1, &text(cases[2].0));
    let named = layout!(type flat_divide(#l, <<2>,4>)).unwrap();
    agrees(&named, cases[3].1, &text(cases[3].0));
}

#[test]
fn a_tiler_of_one_tuple_entry_keeps_the_second_mode_whole() {
    let m = 16usize;
    let l = layout!(type ((4,8),m):((1,4),32));
    let text = |f: &str| format!("{f}(((4,8),16):((1,4),32), <<2>>)");
    let logical = layout!(type logical_divide(((4,8),m):((1,4),32), <<2>>)).unwrap();
    agrees(
        &logical,
        "(((_2,_2),_8),16):(((_1,_2),_4),_32)",
        &text("logical_divide"),
    );
    let zipped = layout!(type zipped_divide(#l, <<2>>)).unwrap();
    agrees(
        &zipped,
        "(((_2)),((_2,_8),16)):(((_1)),((_2,_4),_32))",
        &text("zipped_divide"),
    );
    let flat = l.flat_divide(((C::<2>,),)).unwrap();
    agrees(
        &flat,
        "(((_2)),(_2,_8),16):(((_1)),(_2,_4),_32)",
        &text("flat_divide"),
    );
}

#[test]
fn three_sub_modes_by_two_tiles_one_of_them_a_unit_tile() {
    // CuTe: `((_4,k,_8),_6):((_1,_4,4k),32k)` by `((_2,_1),_3)`.
    let k = 3usize;
    let l = layout!(type ((4,k,8),6):((1,4,{4 * k}),{32 * k}));
    let t = ((C::<2>, UnitTile), C::<3>);
    let text = |f: &str| format!("{f}(((4,3,8),6):((1,4,12),96), <<2,1>,3>)");
    agrees(
        &l.logical_divide(t).unwrap(),
        "(((_2,_2),(_1,3),_8),(_3,_2)):(((_1,_2),(_0,_4),12),(96,288))",
        &text("logical_divide"),
    );
    agrees(
        &l.zipped_divide(t).unwrap(),
        "(((_2,_1),_3),((_2,3,_8),_2)):(((_1,_0),96),((_2,_4,12),288))",
        &text("zipped_divide"),
    );
    let written = layout!(type tiled_divide(((4,k,8),6):((1,4,{4 * k}),{32 * k}), <<2,1>,3>));
    agrees(
        &written.unwrap(),
        "(((_2,_1),_3),(_2,3,_8),_2):(((_1,_0),96),(_2,_4,12),288)",
        &text("tiled_divide"),
    );
}

#[test]
fn deeper_nesting_recurses_by_mode() {
    // CuTe: `((_4,(_2,m)),_16):((_1,(_4,_8)),8m)` by `((_2,(_2)),_4)`.
    let m = 16usize;
    let l = layout!(type ((4,(2,m)),16):((1,(4,8)),{8 * m}));
    let t = ((C::<2>, (C::<2>,)), C::<4>);
    let text = |f: &str| format!("{f}(((4,(2,16)),16):((1,(4,8)),128), <<2,<2>>,4>)");
    agrees(
        &l.logical_divide(t).unwrap(),
        "(((_2,_2),((_2,_1),16)),(_4,_4)):(((_1,_2),((_4,_0),_8)),(128,512))",
        &text("logical_divide"),
    );
    agrees(
        &l.zipped_divide(t).unwrap(),
        "(((_2,(_2)),_4),((_2,(_1,16)),_4)):(((_1,(_4)),128),((_2,(_0,_8)),512))",
        &text("zipped_divide"),
    );
}

#[test]
fn a_leaf_mode_by_a_tuple_of_one_tile_is_a_rank_one_layout_divided() {
    // CuTe, `(_8,_16):(_1,_8)` by `make_tile(make_shape(_2{}), _4{})`.
    let a = layout!(type (8,16):(1,8));
    let text = |f: &str| format!("{f}((8,16):(1,8), <<2>,4>)");
    let logical = layout!(type logical_divide(#a, <<2>,4>)).unwrap();
    agrees(
        &logical,
        "(((_2,_4)),(_4,_4)):(((_1,_2)),(_8,_32))",
        &text("logical_divide"),
    );
    let zipped = a.zipped_divide(((C::<2>,), C::<4>)).unwrap();
    agrees(
        &zipped,
        "(((_2),_4),((_4),_4)):(((_1),_8),((_2),_32))",
        &text("zipped_divide"),
    );
}

#[test]
fn a_shape_tiler_is_the_by_mode_tiler() {
    // CuTe's `Shape<_2,_2>` and `make_tile(_2{}, make_shape(_4{}))` over
    // `(m,_16):(_1,m)`, m = 8 (harness-innercalls/shape_tiler.cpp).
    let m = 8usize;
    let zipped = layout!(type zipped_divide((m,16):(1,m), (2,2))).unwrap();
    agrees(
        &zipped,
        "((_2,_2),(4,_8)):((_1,8),(_2,16))",
        "zipped_divide((8,16):(1,8), (2,2))",
    );
    let tiled = layout!(type tiled_divide((m,16):(1,m), (2,(4)))).unwrap();
    agrees(
        &tiled,
        "((_2,(_4)),4,(_4)):((_1,(8)),_2,(32))",
        "tiled_divide((8,16):(1,8), <2,<4>>)",
    );
    let logical = layout!(type logical_divide((m,16):(1,m), (2,(4)))).unwrap();
    agrees(
        &logical,
        "((_2,4),((_4,_4))):((_1,_2),((8,32)))",
        "logical_divide((8,16):(1,8), <2,<4>>)",
    );
    let nested = layout!(type logical_divide(((4,8),m):((1,4),32), ((2,4),4))).unwrap();
    agrees(
        &nested,
        "(((_2,_2),(_4,_2)),(_4,2)):(((_1,_2),(_4,_16)),(_32,_128))",
        "logical_divide(((4,8),8):((1,4),32), ((2,4),4))",
    );
    let short = layout!(type logical_divide(((4,8),m):((1,4),32), ((2),4))).unwrap();
    agrees(
        &short,
        "(((_2,_2),_8),(_4,2)):(((_1,_2),_4),(_32,_128))",
        "logical_divide(((4,8),8):((1,4),32), ((2),4))",
    );
}

#[test]
fn named_tiles_shorter_than_their_mode_are_checked_and_divided_alike() {
    // A named tile `(C<2>,)` as a mode's entry of a written-out tiler,
    // and a whole named tiler: CuTe's prints as above.
    let m = 16usize;
    let l = layout!(type ((4,8),m):((1,4),32));
    let t = (C::<2>,);
    let text = |f: &str| format!("{f}(((4,8),16):((1,4),32), <<2>,4>)");
    let logical = layout!(type logical_divide(#l, (#t, 4))).unwrap();
    agrees(
        &logical,
        "(((_2,_2),_8),(_4,4)):(((_1,_2),_4),(_32,_128))",
        &text("logical_divide"),
    );
    // Without `type` too: a tiler nesting a named tile has no core value.
    assert_eq!(layout!(logical_divide(#l, (#t, 4))).unwrap(), logical);
    let zipped = layout!(type zipped_divide(((4,8),m):((1,4),32), (#t, 4))).unwrap();
    agrees(
        &zipped,
        "(((_2),_4),((_2,_8),4)):(((_1),_32),((_2,_4),_128))",
        &text("zipped_divide"),
    );
    let whole = ((C::<2>,), C::<4>);
    assert_eq!(layout!(type zipped_divide(#l, #whole)).unwrap(), zipped);
    // Over a leaf: the leaf as a rank-1 layout, never the unit tile the
    // stand-in gives where the check at the name fails.
    let a = layout!(type (8,16):(1,8));
    let leaf = layout!(type zipped_divide(#a, (#t, 4))).unwrap();
    agrees(
        &leaf,
        "(((_2),_4),((_4),_4)):(((_1),_8),((_2),_32))",
        "zipped_divide((8,16):(1,8), <<2>,4>)",
    );
}

/// The stand-in of a named tile that passes its check is the tile itself
/// (else the divide would silently use unit tiles).
#[test]
fn the_stand_in_of_a_fitting_tile_is_itself() {
    fn fitted<T: ModeTile<S>, S>() -> &'static str {
        core::any::type_name::<T::Fitted>()
    }
    let name = core::any::type_name::<(C<2>,)>();
    assert_eq!(fitted::<(C<2>,), C<8>>(), name);
    assert_eq!(fitted::<(C<2>,), (C<4>, C<8>)>(), name);
    assert_eq!(fitted::<(C<2>,), (C<4>, usize, C<8>)>(), name);
    assert_eq!(fitted::<TileFor<(C<2>,), C<8>>, C<8>>(), name);
    let pair = core::any::type_name::<(C<2>, UnitTile)>();
    assert_eq!(fitted::<(C<2>, UnitTile), (C<4>, usize, C<8>)>(), pair);
    // A tile deeper than its mode stands in as unit tiles (its error is at
    // the name).
    let unit = core::any::type_name::<UnitTile>();
    assert_eq!(fitted::<(C<2>, C<2>), C<8>>(), unit);
}

/// The four divides of `((a,b),c)` by `((2),4)` and of `((a,b,c),d)` by
/// `((3,1),2)`, every extent a run-time value (divisible or not): the
/// core's offset at every index.
fn check_dynamic(a: usize, b: usize, c: usize, d: usize) {
    let two = layout!(type ((a,b),c):((1,a),{a * b}));
    let text = format!("(({a},{b}),{c}):((1,{a}),{})", a * b);
    let t = ((C::<2>,), C::<4>);
    let tiler = "<<2>,4>";
    same_offsets(
        &two.logical_divide(t).unwrap(),
        &format!("logical_divide({text}, {tiler})"),
    );
    same_offsets(
        &two.zipped_divide(t).unwrap(),
        &format!("zipped_divide({text}, {tiler})"),
    );
    same_offsets(
        &two.tiled_divide(t).unwrap(),
        &format!("tiled_divide({text}, {tiler})"),
    );
    same_offsets(
        &two.flat_divide(t).unwrap(),
        &format!("flat_divide({text}, {tiler})"),
    );
    let three = layout!(type ((a,b,c),d):((1,a,{a * b}),{a * b * c}));
    let text = format!("(({a},{b},{c}),{d}):((1,{a},{}),{})", a * b, a * b * c);
    let t = ((C::<3>, UnitTile), C::<2>);
    let tiler = "<<3,1>,2>";
    same_offsets(
        &three.logical_divide(t).unwrap(),
        &format!("logical_divide({text}, {tiler})"),
    );
    same_offsets(
        &three.zipped_divide(t).unwrap(),
        &format!("zipped_divide({text}, {tiler})"),
    );
}

proptest::proptest! {
    #[test]
    fn shorter_nested_tiles_agree_with_the_core(
        a in 1usize..9, b in 1usize..5, c in 1usize..5, d in 1usize..5,
    ) {
        check_dynamic(a, b, c, d);
    }
}
