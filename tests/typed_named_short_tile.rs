//! The typed partitions (`tensor::typed`, and `layout!(type …)` with a
//! named or written-out operand) by a tile tuple shorter than the tuple
//! mode it tiles (`((2),4)` over `((4,8),m)`: the sub-modes past it kept
//! whole, after the divided sub-modes' rests) and by a tuple of one tile
//! over a leaf mode, as the divides take them (`src/private/
//! partition_prefix.rs`, `src/tensor/typed_nests_prefix.rs`). Checked
//! against CUTLASS's prints (g++ on CuTe's `local_tile`, `inner_partition`,
//! `outer_partition`, `local_partition`; harness
//! `/work/notes/harness-named2/short_tile.cpp`) and the core's view at every
//! index.

use layout_core::Value;
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::{C, Layout, TypedLayout};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

/// The core's view of `text`: its layout and base.
fn core_view(text: &str) -> (layout_core::Layout, usize) {
    match layout_core::evaluate(text) {
        Ok(Value::View(v)) => (v.layout().clone(), v.base() as usize),
        other => panic!("{text}: {other:?}"),
    }
}

/// The typed `(layout, base)` has the core view's offset at every index.
fn same_as_core<L: TypedLayout<Offset = usize>>((l, base): (&L, usize), text: &str) {
    let (core, core_base) = core_view(text);
    assert_eq!(l.size() as i64, core.size(), "{text}");
    for i in 0..l.size() {
        let at = core.crd2idx(&layout_core::IntTuple::Int(i as i64)).unwrap();
        assert_eq!(base + l.at(i), core_base + at as usize, "{text} at {i}");
    }
}

/// The typed `(layout, base)` is CuTe's print: its text (CuTe's `_` marks
/// dropped), its static leaves, and the base.
fn is_cute<S, D>((l, base): (&Layout<S, D>, usize), cute: &str)
where
    Layout<S, D>: core::fmt::Display,
    S: layout_dsl::__private::Tree,
    D: layout_dsl::__private::Tree,
{
    let (layout, at) = cute.split_once(" @").unwrap();
    assert_eq!(l.to_string(), layout.replace('_', ""), "{cute}");
    assert_eq!(form(l), cute_form(layout), "{cute}");
    assert_eq!(base.to_string(), at, "{cute}");
}

const M: usize = 16;

#[test]
fn local_tile_by_a_shorter_nested_tile() {
    let m = M;
    let l = layout!(type ((4,8),m):((1,4),32));
    let data: Vec<usize> = (0..32 * m).collect();
    let tile = ((C::<2>,), C::<4>);
    for (coord, cute) in [
        ((0, 0), "((_2),_4):((_1),_32) @0"),
        ((1, 2), "((_2),_4):((_1),_32) @258"),
        ((11, 3), "((_2),_4):((_1),_32) @406"),
    ] {
        let v = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, coord).unwrap();
        let t = (*v.layout(), v.base());
        is_cute((&t.0, t.1), cute);
        // The same tile through `layout!`: named layout and tiler, one
        // named, and written out; `inner_partition` is `local_tile`.
        let (i, j) = coord;
        let named = layout!(type local_tile(#l, #tile, (i, j))).unwrap();
        assert_eq!(named, t);
        assert_eq!(layout!(type local_tile(#l, ((2),4), (i, j))).unwrap(), t);
        assert_eq!(
            layout!(type local_tile(((4,8),m):((1,4),32), #tile, (i, j))).unwrap(),
            t
        );
        assert_eq!(layout!(type inner_partition(#l, #tile, (i, j))).unwrap(), t);
    }
    // A hierarchical coordinate of the rest's first mode `(2,8)`.
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, ((1, 5), 3)).unwrap();
    is_cute((t.layout(), t.base()), "((_2),_4):((_1),_32) @406");
    // `X` keeps a grid mode (the tile's modes first).
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, (X, 1)).unwrap();
    is_cute(
        (t.layout(), t.base()),
        "((_2),_4,(_2,_8)):((_1),_32,(_2,_4)) @128",
    );
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, (5, X)).unwrap();
    is_cute((t.layout(), t.base()), "((_2),_4,4):((_1),_32,_128) @10");
    // Every tile against the core.
    for i in 0..16 {
        for j in 0..4 {
            let text = format!("local_tile(((4,8),{m}):((1,4),32), ((2),4), ({i},{j}))");
            let (t, base) = layout!(type local_tile(#l, #tile, (i, j))).unwrap();
            same_as_core((&t, base), &text);
        }
    }
}

#[test]
fn outer_and_local_partition_by_a_shorter_nested_tile() {
    let m = M;
    let l = layout!(type ((4,8),m):((1,4),32));
    let data: Vec<usize> = (0..32 * m).collect();
    let tile = ((C::<2>,), C::<4>);
    for (coord, cute) in [
        ((1, 2), "((_2,_8),4):((_2,_4),_128) @65"),
        ((1, 3), "((_2,_8),4):((_2,_4),_128) @97"),
    ] {
        let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, coord).unwrap();
        is_cute((t.layout(), t.base()), cute);
        let (i, j) = coord;
        let named = layout!(type outer_partition(#l, #tile, (i, j))).unwrap();
        assert_eq!((named.0, named.1), (*t.layout(), t.base()));
        same_as_core(
            (&named.0, named.1),
            &format!("outer_partition(((4,8),{m}):((1,4),32), ((2),4), ({i},{j}))"),
        );
    }
    // The tile coordinate nested as the tile.
    let t = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, ((1,), 3)).unwrap();
    is_cute((t.layout(), t.base()), "((_2,_8),4):((_2,_4),_128) @97");
    // A thread layout nested as the tile: CuTe takes `product_each` of its
    // shape (a tile of 2 over `(4,8)`) and its composition merges the
    // static rest `(_2,_8):(_2,_4)` into `_16:_2`; here the rest keeps
    // the mode's leaves (the same offsets).
    let thr = layout!(type ((2),4):((1),2));
    let bases = [0, 1, 32, 33, 64, 65, 96, 97];
    for (k, base) in bases.into_iter().enumerate() {
        let p = typed::local_partition(Tensor::new(&data[..], l).unwrap(), &thr, k).unwrap();
        assert_eq!(p.base(), base);
        assert_eq!(p.layout().to_string(), "((2,8),4):((2,4),128)");
        let (named, at) = layout!(type local_partition(#l, #thr, k)).unwrap();
        assert_eq!((named, at), (*p.layout(), base));
        // CuTe's `(_16,4):(_2,_128)` at the same base, read back.
        same_as_core((&named, at), &format!("view((16,4):(2,128),{base})"));
        same_as_core(
            (&named, at),
            &format!("local_partition(((4,8),{m}):((1,4),32), ((2),4):((1),2), {k})"),
        );
    }
}

#[test]
fn a_leaf_by_a_tuple_of_one_tile() {
    let m = M;
    let l = layout!(type (16,m):(1,16));
    let data: Vec<usize> = (0..16 * m).collect();
    let tile = ((C::<4>,), C::<2>);
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, (3, 5)).unwrap();
    is_cute((t.layout(), t.base()), "((_4),_2):((_1),_16) @172");
    let (named, base) = layout!(type local_tile(#l, ((4),2), (3, 5))).unwrap();
    assert_eq!((named, base), (*t.layout(), t.base()));
    same_as_core(
        (&named, base),
        &format!("local_tile((16,{m}):(1,16), ((4),2), (3,5))"),
    );
    let o = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, (3, 1)).unwrap();
    // CuTe: `((_4),8):((_4),_32) @19`; the rest of `m` by 2 is dynamic.
    is_cute((o.layout(), o.base()), "((_4),8):((_4),_32) @19");
}

#[test]
fn three_sub_modes_by_two_tiles() {
    let k = 3usize;
    let l = layout!(type ((4,k,8),6):((1,4,{4 * k}),{32 * k}));
    let data: Vec<usize> = (0..32 * k * 6).collect();
    let tile = ((C::<2>, C::<1>), C::<3>);
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, (7, 1)).unwrap();
    // CuTe's tile stride `96` (`32k`) is dynamic as the layout's is.
    is_cute((t.layout(), t.base()), "((_2,_1),_3):((_1,_0),96) @302");
    let t = typed::local_tile(Tensor::new(&data[..], l).unwrap(), tile, ((1, 2, 5), 1)).unwrap();
    is_cute((t.layout(), t.base()), "((_2,_1),_3):((_1,_0),96) @358");
    let o = typed::outer_partition(Tensor::new(&data[..], l).unwrap(), tile, ((1, 0), 2)).unwrap();
    is_cute(
        (o.layout(), o.base()),
        "((_2,3,_8),_2):((_2,_4,12),288) @193",
    );
    // Every tile against the core.
    for i in 0..(2 * k * 8) {
        for j in 0..2 {
            let (t, base) = layout!(type local_tile(#l, #tile, (i, j))).unwrap();
            let text = format!(
                "local_tile(((4,{k},8),6):((1,4,{}),{}), ((2,1),3), ({i},{j}))",
                4 * k,
                32 * k
            );
            same_as_core((&t, base), &text);
        }
    }
}

#[test]
fn a_tile_that_does_not_divide_its_static_sub_mode_is_cutes_partial_tile() {
    // `(3)` over the sub-mode `4:1` of `((4,8),m)`: CuTe answers (no
    // `static_assert`: the sub-mode is one leaf, read past its extent into
    // the next, as the core does), `((_3),_4):((_1),_32)` at each tile
    // (`/work/notes/harness-static29/lt2.cpp`, m = 16).
    let m = M;
    let l = layout!(type ((4,8),m):((1,4),32));
    let tile = ((C::<3>,), C::<4>);
    for ((i, j), cute) in [
        ((0, 0), "((_3),_4):((_1),_32) @0"),
        ((0, 1), "((_3),_4):((_1),_32) @128"),
        ((1, 0), "((_3),_4):((_1),_32) @3"),
        ((1, 1), "((_3),_4):((_1),_32) @131"),
    ] {
        let named = layout!(type local_tile(#l, #tile, (i, j))).unwrap();
        is_cute((&named.0, named.1), cute);
        assert_eq!(
            layout!(type local_tile(#l, ((3),4), (i, j))).unwrap(),
            named
        );
        let text = format!("local_tile(((4,8),{m}):((1,4),32), ((3),4), ({i},{j}))");
        same_as_core((&named.0, named.1), &text);
    }
}
