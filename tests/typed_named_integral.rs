//! After `type`, the divides of a named layout by an integral tiler
//! (`logical_divide(#a, 4)`, or the layout `4:1` it stands for): the
//! facade's `Divide` by `C<N>` (`src/private/divide/divide_integral.rs`), checked
//! against CUTLASS's prints (g++ on CuTe, harness
//! `/work/notes/harness-named2/int_tiler.cpp`; each print read back as a
//! layout) and the core at every index. CuTe divides the whole layout by
//! `N:1`, not its first mode: `logical_divide((8,16):(1,8), 4)` is
//! `(_4,_32):(_1,_4)`, where the by-mode `<4>` gives `((4,2),16)`.
//! The nesting is the facade composition's, one sub-mode per leaf of the
//! layout in each part: CuTe's for a layout with dynamic leaves; an
//! all-static layout CuTe coalesces first (a type chosen by comparing
//! values: not on stable Rust), the same offsets.

use layout_dsl::layout;
use layout_dsl::typed::{C, Divide};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::{core, same_offsets};

/// CuTe's print read as a layout (its `_` marks dropped): the typed
/// layout has its offset at every index.
fn same_as_cute<L: layout_dsl::typed::TypedLayout<Offset = usize>>(typed: &L, cute: &str) {
    same_offsets(typed, &cute.replace('_', ""));
}

#[test]
fn a_static_named_layout_by_an_integer() {
    let a = layout!(type (8,16):(1,8));
    let d = layout!(type logical_divide(#a, 4)).unwrap();
    assert_eq!(d, a.logical_divide(C::<4>).unwrap());
    assert_eq!(d.to_string(), "((4,1),(32,1)):((1,0),(4,0))");
    // Every leaf static, as CuTe's (which merges them).
    assert_eq!(form(&d), "((4,1),(32,1)):((1,0),(4,0))");
    assert_eq!(core::mem::size_of_val(&d), 0);
    same_as_cute(&d, "(_4,_32):(_1,_4)");
    same_offsets(&d, "logical_divide((8,16):(1,8), 4)");
    // The tile is the first 4 offsets, each tile's rest the next ones.
    assert_eq!((d.at(3), d.at(4), d.at(127)), (3, 4, 127));
    // `zipped_divide` is `logical_divide` for an integral tiler.
    let z = layout!(type zipped_divide(#a, 32)).unwrap();
    same_as_cute(&z, "(_32,_4):(_1,_32)");
    same_offsets(&z, "zipped_divide((8,16):(1,8), 32)");
    let t = layout!(type tiled_divide(#a, 4)).unwrap();
    assert_eq!(t.to_string(), "((4,1),32,1):((1,0),4,0)");
    same_as_cute(&t, "(_4,_32):(_1,_4)");
    let f = layout!(type flat_divide(#a, 4)).unwrap();
    assert_eq!(f.to_string(), "(4,1,32,1):(1,0,4,0)");
    same_as_cute(&f, "(_4,_32):(_1,_4)");
    // `4:1` written out is the same tiler.
    assert_eq!(layout!(type logical_divide(#a, 4:1)).unwrap(), d);
}

#[test]
fn a_dynamic_named_layout_by_an_integer() {
    let m = 8usize;
    let a = layout!(type (m,16):(1,m));
    let d = layout!(type logical_divide(#a, 4)).unwrap();
    // CuTe nests as this does (a tile and a rest, each one sub-mode per
    // leaf) and its leaves are these (`(4,1)` and `(2,16)`: the dynamic
    // leaves of `a` walked one by one, as CuTe walks them); CuTe keeps
    // the strides `_1` and `_4` static where these are `usize`, and
    // prints 8 where the extent-1 leaf has 0 here.
    let cute = "((4,1),(2,16)):((_1,8),(_4,8))";
    assert_eq!(d.to_string(), "((4,1),(2,16)):((1,0),(4,8))");
    assert_eq!(form(&d), "((_,_),(_,_)):((_,_),(_,_))");
    assert_eq!(cute_form(cute), "((_,_),(_,_)):((1,_),(4,_))");
    same_as_cute(&d, cute);
    same_offsets(&d, "logical_divide((8,16):(1,8), 4)");
    let z = layout!(type zipped_divide(#a, 4)).unwrap();
    assert_eq!(z, d);
    let t = layout!(type tiled_divide(#a, 4)).unwrap();
    assert_eq!(t.to_string(), "((4,1),2,16):((1,0),4,8)");
    same_as_cute(&t, "((4,1),2,16):((_1,8),_4,8)");
    let f = layout!(type flat_divide(#a, 4)).unwrap();
    assert_eq!(f.to_string(), "(4,1,2,16):(1,0,4,8)");
    same_as_cute(&f, "(4,1,2,16):(_1,8,_4,8)");
}

#[test]
fn a_leaf_is_cute_exactly() {
    // One leaf: the tile and the rest, CuTe's nesting and static leaves.
    let m = 8usize;
    let l = layout!(type m:3);
    let d = layout!(type logical_divide(#l, 4)).unwrap();
    assert_eq!(d.to_string(), "(4,2):(3,12)");
    assert_eq!(form(&d), cute_form("(_4,2):(_3,_12)"));
    same_offsets(&d, "logical_divide(8:3, 4)");
    let z = layout!(type zipped_divide(#l, 4)).unwrap();
    assert_eq!(form(&z), cute_form("(_4,2):(_3,_12)"));
    // A tile that does not divide the extent: CuTe rounds the rest up.
    let s = layout!(type 12:2);
    let d = layout!(type logical_divide(#s, 5)).unwrap();
    assert_eq!(d.to_string(), "(5,3):(2,10)");
    assert_eq!(form(&d), cute_form("(_5,_3):(_2,_10)"));
}

#[test]
fn a_nested_named_layout() {
    let n = layout!(type ((4,2),16):((1,4),8));
    for (d, cute, text) in [
        (
            layout!(type logical_divide(#n, 4)).unwrap().to_string(),
            "(_4,_32):(_1,_4)",
            "logical_divide(((4,2),16):((1,4),8), 4)",
        ),
        (
            layout!(type logical_divide(#n, 2)).unwrap().to_string(),
            "(_2,_64):(_1,_2)",
            "logical_divide(((4,2),16):((1,4),8), 2)",
        ),
        (
            layout!(type logical_divide(#n, 16)).unwrap().to_string(),
            "(_16,_8):(_1,_16)",
            "logical_divide(((4,2),16):((1,4),8), 16)",
        ),
    ] {
        let typed = core(&d);
        let cute = core(&cute.replace('_', ""));
        let text = core(text);
        for i in 0..128 {
            let at = layout_core::IntTuple::Int(i);
            let typed = typed.crd2idx(&at).unwrap();
            assert_eq!(typed, cute.crd2idx(&at).unwrap(), "{d} at {i}");
            assert_eq!(typed, text.crd2idx(&at).unwrap(), "{d} at {i}");
        }
    }
    let d = layout!(type logical_divide(#n, 4)).unwrap();
    assert_eq!(d.to_string(), "((4,1,1),(32,1,1)):((1,0,0),(4,0,0))");
}

/// Every `(m, N)` and a few layouts of dynamic leaves: where the typed
/// divide answers, the core's offsets at every index; where it refuses,
/// the core refuses too (never a layout that differs).
#[test]
fn dynamic_layouts_against_the_core() {
    macro_rules! check {
        ($text:expr, $l:expr, $($n:literal)*) => {{
            let l = $l;
            $(
                let text = format!("logical_divide({}, {})", $text, $n);
                match layout!(type logical_divide(#l, $n)) {
                    Ok(d) => same_offsets(&d, &text),
                    Err(e) => assert!(layout_core::evaluate(&text).is_err(), "{text}: {e:?}"),
                }
                let flat = layout!(type flat_divide(#l, $n));
                match layout_core::evaluate(&format!("flat_divide({}, {})", $text, $n)) {
                    Ok(_) => same_offsets(&flat.unwrap(), &text),
                    Err(_) => assert!(flat.is_err()),
                }
            )*
        }};
    }
    let mut answered = 0;
    for m in 1..=12usize {
        check!(format!("({m},16):(1,{m})"), layout!(type (m,16):(1,m)), 1 2 3 4 5 8);
        check!(format!("({m},4):(4,1)"), layout!(type (m,4):(4,1)), 2 4 6);
        check!(
            format!("((2,{m}),3):((1,2),{})", 2 * m),
            layout!(type ((2,m),3):((1,2),{2 * m})),
            2 4 8
        );
        check!(format!("({m},3):(1,{})", 2 * m), layout!(type (m,3):(1,{2 * m})), 2 4);
        // The strided columns: answered where 2 divides m.
        let gaps = layout!(type (m,3):(1,{2 * m}));
        let d = layout!(type logical_divide(#gaps, 2));
        assert_eq!(d.is_ok(), m % 2 == 0 || m == 1, "m = {m}");
        answered += usize::from(d.is_ok());
    }
    assert_eq!(answered, 7);
}

#[test]
fn a_dynamic_integer_tile() {
    // CuTe's `logical_divide(layout, k)` of a run-time `int k`: the tile's
    // extent dynamic (`(4,32):(_1,4)` for the static `(_8,_16):(_1,_8)`,
    // `((4,1),(2,16)):((_1,8),(4,8))` for `(m,_16):(_1,m)`).
    let (m, k) = (8usize, 4usize);
    let s = layout!(type (8,16):(1,8));
    let d = layout!(type logical_divide(#s, k)).unwrap();
    assert_eq!(d.to_string(), "((4,1),(32,1)):((1,0),(4,0))");
    same_as_cute(&d, "(4,32):(_1,4)");
    let a = layout!(type (m,16):(1,m));
    let d = layout!(type zipped_divide(#a, k)).unwrap();
    same_as_cute(&d, "((4,1),(2,16)):((_1,8),(4,8))");
    let f = layout!(type flat_divide(#a, k)).unwrap();
    assert_eq!(f.to_string(), "(4,1,2,16):(1,0,4,8)");
    // A leaf: the tile dynamic, its stride static as CuTe's.
    let l = layout!(type m:3);
    let d = layout!(type logical_divide(#l, k)).unwrap();
    assert_eq!(
        (d.to_string(), form(&d)),
        ("(4,2):(3,12)".into(), "(_,_):(3,_)".into())
    );
    // Every tile against the core, and a tile of 0 an error value.
    for k in 1..=9usize {
        let d = layout!(type logical_divide(#a, k));
        let text = format!("logical_divide(({m},16):(1,{m}), {k})");
        match d {
            Ok(d) => same_offsets(&d, &text),
            Err(e) => assert!(layout_core::evaluate(&text).is_err(), "{text}: {e:?}"),
        }
    }
    let zero = 0usize;
    assert!(layout!(type logical_divide(#a, zero)).is_err());
}
