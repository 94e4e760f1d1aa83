//! `layout!(type …)` partitions with everything written out and a tiler
//! nesting a tile tuple shorter than its mode (`((2),4)` over
//! `((4,8),m)`) or a tuple of one tile over a leaf (`((4),2)` over
//! `(16,m)`): typed as the same call with the tiler named (`#tile`), in
//! `local_tile` (with a step too), `inner_partition` and `outer_partition`
//! (with `_` in the coordinate too), and `layout_type!` names the result.
//! Checked against CUTLASS's prints (harness
//! `/work/notes/harness-named2/short_tile.cpp`) and the core's view at
//! every index and every coordinate.

use layout_core::Value;
use layout_dsl::typed::{C, Layout, TypedLayout};
use layout_dsl::{layout, layout_type};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

/// The typed `(layout, base)` has the core view's offset at every index.
fn same_as_core<L: TypedLayout<Offset = usize>>((l, base): (&L, usize), text: &str) {
    let Ok(Value::View(v)) = layout_core::evaluate(text) else {
        panic!("{text}");
    };
    assert_eq!(l.size() as i64, v.layout().size(), "{text}");
    for i in 0..l.size() {
        let at = v.base() + v.layout().at(i as i64).unwrap();
        assert_eq!((base + l.at(i)) as i64, at, "{text} at {i}");
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

#[test]
fn a_shorter_tile_tuple_written_out() {
    let m = 16usize;
    let l = layout!(type ((4,8),m):((1,4),32));
    let tile = ((C::<2>,), C::<4>);
    // CuTe's prints.
    let (i, j) = (1usize, 2usize);
    let t = layout!(type local_tile(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
    is_cute((&t.0, t.1), "((_2),_4):((_1),_32) @258");
    let t = layout!(type inner_partition(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
    is_cute((&t.0, t.1), "((_2),_4):((_1),_32) @258");
    let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
    is_cute((&t.0, t.1), "((_2,_8),4):((_2,_4),_128) @65");
    let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), ((1), 3))).unwrap();
    is_cute((&t.0, t.1), "((_2,_8),4):((_2,_4),_128) @97");
    let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (0, _))).unwrap();
    is_cute((&t.0, t.1), "(_4,(_2,_8),4):(_32,(_2,_4),_128) @0");
    let t = layout!(type local_tile(((4,8),m):((1,4),32), ((2),4), (_, 1))).unwrap();
    is_cute((&t.0, t.1), "((_2),_4,(_2,_8)):((_1),_32,(_2,_4)) @128");
    let t = layout!(type local_tile(((4,8),m):((1,4),32), ((2),4), ((1, 5), 3))).unwrap();
    is_cute((&t.0, t.1), "((_2),_4):((_1),_32) @406");
    // `layout_type!` names the written-out call's layout.
    let named: layout_type!(type local_tile(((4,8),m):((1,4),32), ((2),4), (i, j))) =
        layout!(type local_tile(#l, #tile, (i, j))).unwrap().0;
    assert_eq!(named.to_string(), "((2),4):((1),32)");
    let named: layout_type!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (i, _))) =
        layout!(type outer_partition(#l, #tile, (i, _))).unwrap().0;
    assert_eq!(named.to_string(), "(4,(2,8),4):(32,(2,4),128)");
    // Every coordinate: the written-out tiler is the named one, and the core.
    for i in 0..16 {
        for j in 0..4 {
            let text = |f: &str, c: &str| format!("{f}(((4,8),{m}):((1,4),32), ((2),4), {c})");
            let t = layout!(type local_tile(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
            assert_eq!(t, layout!(type local_tile(#l, #tile, (i, j))).unwrap());
            same_as_core((&t.0, t.1), &text("local_tile", &format!("({i},{j})")));
            let t = layout!(type inner_partition(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
            assert_eq!(t, layout!(type inner_partition(#l, #tile, (i, j))).unwrap());
            same_as_core((&t.0, t.1), &text("inner_partition", &format!("({i},{j})")));
            // A step keeping the first mode: `((2))` at `(i)`.
            let t =
                layout!(type local_tile(((4,8),m):((1,4),32), ((2),4), (i, j), (1, _))).unwrap();
            assert_eq!(
                t,
                layout!(type local_tile(#l, #tile, (i, j), (1, _))).unwrap()
            );
            same_as_core(
                (&t.0, t.1),
                &format!("local_tile(((4,8),{m}):((1,4),32), ((2),4), ({i},{j}), (1,_))"),
            );
        }
    }
    for i in 0..2 {
        for j in 0..4 {
            let text = |c: &str| format!("outer_partition(((4,8),{m}):((1,4),32), ((2),4), {c})");
            let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (i, j))).unwrap();
            assert_eq!(t, layout!(type outer_partition(#l, #tile, (i, j))).unwrap());
            same_as_core((&t.0, t.1), &text(&format!("({i},{j})")));
            let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (_, j))).unwrap();
            assert_eq!(t, layout!(type outer_partition(#l, #tile, (_, j))).unwrap());
            same_as_core((&t.0, t.1), &text(&format!("(_,{j})")));
            let t = layout!(type outer_partition(((4,8),m):((1,4),32), ((2),4), (i, _))).unwrap();
            assert_eq!(t, layout!(type outer_partition(#l, #tile, (i, _))).unwrap());
            same_as_core((&t.0, t.1), &text(&format!("({i},_)")));
        }
    }
}

#[test]
fn a_leaf_by_a_tuple_of_one_tile_written_out() {
    let m = 16usize;
    let l = layout!(type (16,m):(1,16));
    let tile = ((C::<4>,), C::<2>);
    let t = layout!(type local_tile((16,m):(1,16), ((4),2), (3, 5))).unwrap();
    is_cute((&t.0, t.1), "((_4),_2):((_1),_16) @172");
    let t = layout!(type outer_partition((16,m):(1,16), ((4),2), (3, 1))).unwrap();
    is_cute((&t.0, t.1), "((_4),8):((_4),_32) @19");
    for i in 0..4 {
        for j in 0..8 {
            let t = layout!(type local_tile((16,m):(1,16), ((4),2), (i, j))).unwrap();
            assert_eq!(t, layout!(type local_tile(#l, #tile, (i, j))).unwrap());
            same_as_core(
                (&t.0, t.1),
                &format!("local_tile((16,{m}):(1,16), ((4),2), ({i},{j}))"),
            );
        }
    }
    for i in 0..4 {
        for j in 0..2 {
            let t = layout!(type outer_partition((16,m):(1,16), ((4),2), (i, j))).unwrap();
            assert_eq!(t, layout!(type outer_partition(#l, #tile, (i, j))).unwrap());
            let text = format!("outer_partition((16,{m}):(1,16), ((4),2), ({i},{j}))");
            same_as_core((&t.0, t.1), &text);
        }
    }
}

#[test]
fn three_sub_modes_by_two_tiles_written_out() {
    let k = 3usize;
    let t = layout!(type local_tile(((4,k,8),6):((1,4,{4 * k}),{32 * k}), ((2,1),3), (7, 1)));
    let t = t.unwrap();
    is_cute((&t.0, t.1), "((_2,_1),_3):((_1,_0),96) @302");
    let t =
        layout!(type outer_partition(((4,k,8),6):((1,4,{4 * k}),{32 * k}), ((2,1),3), ((1, 0), 2)));
    let t = t.unwrap();
    is_cute((&t.0, t.1), "((_2,3,_8),_2):((_2,_4,12),288) @193");
    let (s, d) = (4 * k, 32 * k);
    for i in 0..(2 * k * 8) {
        for j in 0..2 {
            let t = layout!(type local_tile(((4,k,8),6):((1,4,s),d), ((2,1),3), (i, j))).unwrap();
            let text = format!("local_tile(((4,{k},8),6):((1,4,{s}),{d}), ((2,1),3), ({i},{j}))");
            same_as_core((&t.0, t.1), &text);
        }
    }
}
