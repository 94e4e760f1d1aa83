//! The four divides of a typed value by a tiler with fewer entries than
//! the layout has modes (`l.zipped_divide((C::<2>, C::<4>))` of a rank-3
//! layout), as CuTe's: the first modes divided, the others passed through
//! whole, after the rests. Each against CUTLASS's prints (g++ on the
//! headers, `make_layout(make_shape(16,32,64))` and the all-static
//! `Layout<Shape<_16,_32,_64>>`; static leaves where CuTe's are) and
//! against the core at every index; the written-out nested form of
//! `layout!(type …)` and a named layout by a written-out tiler alike.

use layout_dsl::layout;
use layout_dsl::typed::{C, Divide, TypedLayout};
use proptest::prelude::*;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::{core, same_offsets};

/// The core's offset at every index, the same size, and (`exact`) the
/// same print.
fn agrees<L: TypedLayout<Offset = usize>>(typed: &L, text: &str, exact: bool) {
    let core = core(text);
    if exact {
        assert_eq!(typed.to_string(), core.to_string(), "{text}");
    }
    same_offsets(typed, text);
}

const L: &str = "(16,32,64):(1,16,512)";

#[test]
fn by_two_tiles_the_third_mode_passes_through() {
    let (m, n, k) = (16usize, 32usize, 64usize);
    let d = layout!((m, n, k):(1, m, {m * n}));
    let t = (C::<2>, C::<4>);
    let cases = [
        ("logical_divide", "((_2,8),(_4,8),64):((_1,_2),(16,64),512)"),
        ("zipped_divide", "((_2,_4),(8,8,64)):((_1,16),(_2,64,512))"),
        ("tiled_divide", "((_2,_4),8,8,64):((_1,16),_2,64,512)"),
        ("flat_divide", "(_2,_4,8,8,64):(_1,16,_2,64,512)"),
    ];
    let logical = d.logical_divide(t).unwrap();
    let zipped = d.zipped_divide(t).unwrap();
    let tiled = d.tiled_divide(t).unwrap();
    let flat = d.flat_divide(t).unwrap();
    let forms = [form(&logical), form(&zipped), form(&tiled), form(&flat)];
    for ((f, cute), mine) in cases.iter().zip(&forms) {
        assert_eq!(mine, &cute_form(cute), "{f}");
    }
    let text = |f: &str| format!("{f}({L}, (2,4))");
    agrees(&logical, &text("logical_divide"), true);
    agrees(&zipped, &text("zipped_divide"), true);
    agrees(&tiled, &text("tiled_divide"), true);
    agrees(&flat, &text("flat_divide"), true);
    assert_eq!(logical.to_string(), cases[0].1.replace('_', ""));
}

#[test]
fn by_one_the_tile_mode_stays_a_tuple_in_tiled_and_flat_divide() {
    // CuTe, all static: ((_2,_8),_32,_64):((_1,_2),_16,_512),
    // ((_2),(_8,_32,_64)):((_1),(_2,_16,_512)), and ((_2),_8,_32,_64):((_1),_2,_16,_512)
    // for both tiled_divide and flat_divide.
    let s = layout!(type (16, 32, 64):(1, 16, 512));
    let t = (C::<2>,);
    let logical = s.logical_divide(t).unwrap();
    let zipped = s.zipped_divide(t).unwrap();
    let tiled = s.tiled_divide(t).unwrap();
    let flat = s.flat_divide(t).unwrap();
    assert_eq!(
        form(&logical),
        cute_form("((_2,_8),_32,_64):((_1,_2),_16,_512)")
    );
    assert_eq!(
        form(&zipped),
        cute_form("((_2),(_8,_32,_64)):((_1),(_2,_16,_512))")
    );
    let unpacked = "((_2),_8,_32,_64):((_1),_2,_16,_512)";
    assert_eq!(form(&tiled), cute_form(unpacked));
    assert_eq!(form(&flat), cute_form(unpacked));
    let text = |f: &str| format!("{f}({L}, (2))");
    agrees(&logical, &text("logical_divide"), true);
    agrees(&zipped, &text("zipped_divide"), true);
    agrees(&tiled, &text("tiled_divide"), true);
    agrees(&flat, &text("flat_divide"), true);
}

#[test]
fn a_nested_layout_and_a_named_layout_through_layout() {
    // The written-out nested form and a named layout by a written-out
    // tiler call the same methods.
    let (a, b) = (4usize, 32usize);
    let text = "zipped_divide(((4,4),32,64):((1,4),16,512), (8))";
    let z = layout!(type zipped_divide(((a, 4), b, 64):((1, a), 16, 512), <8>)).unwrap();
    agrees(&z, text, false);
    // CuTe's nesting (its tiled_divide of this layout by (_8) prints
    // (((4,2)),(1,2),32,64):(((1,4)),(8,8),16,512); the core coalesces).
    assert_eq!(
        z.to_string(),
        "(((4,2)),((1,2),32,64)):(((1,4)),((8,8),16,512))"
    );
    let l = layout!(((a, 4), b, 64):((1, a), 16, 512));
    let t = layout!(type tiled_divide(#l, <8, 4>)).unwrap();
    agrees(
        &t,
        "tiled_divide(((4,4),32,64):((1,4),16,512), (8,4))",
        false,
    );
    let f = l.flat_divide((C::<2>, C::<8>)).unwrap();
    agrees(
        &f,
        "flat_divide(((4,4),32,64):((1,4),16,512), (2,8))",
        false,
    );
}

/// Every divide of a rank-3 layout by a rank-1 and a rank-2 tiler, against
/// the core at every index.
fn check(m: usize, n: usize, k: usize) {
    let d = layout!((m, n, k):(1, m, {m * n}));
    let lt = format!("({m},{n},{k}):(1,{m},{})", m * n);
    let t2 = (C::<2>, C::<4>);
    let t1 = (C::<3>,);
    agrees(
        &d.logical_divide(t2).unwrap(),
        &format!("logical_divide({lt}, (2,4))"),
        false,
    );
    agrees(
        &d.zipped_divide(t2).unwrap(),
        &format!("zipped_divide({lt}, (2,4))"),
        false,
    );
    agrees(
        &d.tiled_divide(t2).unwrap(),
        &format!("tiled_divide({lt}, (2,4))"),
        false,
    );
    agrees(
        &d.flat_divide(t2).unwrap(),
        &format!("flat_divide({lt}, (2,4))"),
        false,
    );
    agrees(
        &d.logical_divide(t1).unwrap(),
        &format!("logical_divide({lt}, (3))"),
        false,
    );
    agrees(
        &d.zipped_divide(t1).unwrap(),
        &format!("zipped_divide({lt}, (3))"),
        false,
    );
    agrees(
        &d.tiled_divide(t1).unwrap(),
        &format!("tiled_divide({lt}, (3))"),
        false,
    );
    agrees(
        &d.flat_divide(t1).unwrap(),
        &format!("flat_divide({lt}, (3))"),
        false,
    );
}

proptest! {
    #[test]
    fn short_tilers_agree_with_the_core(m in 1usize..13, n in 1usize..13, k in 1usize..4) {
        check(m, n, k);
    }
}

#[test]
fn a_whole_named_tiler_shorter_than_the_layout() {
    // `layout!(type X_divide(L, #t))` with `t` of fewer entries than `L`
    // has modes: checked at the name (at most one tile per mode), the
    // modes past it passed through, as the methods.
    let (m, n, k) = (16usize, 32usize, 64usize);
    let l = layout!((m, n, k):(1, m, {m * n}));
    let t = (C::<2>, C::<4>);
    let z = layout!(type zipped_divide(#l, #t)).unwrap();
    assert_eq!(
        form(&z),
        cute_form("((_2,_4),(8,8,64)):((_1,16),(_2,64,512))")
    );
    agrees(&z, &format!("zipped_divide({L}, (2,4))"), true);
    let w = layout!(type logical_divide((m, n, k):(1, m, {m * n}), #t)).unwrap();
    agrees(&w, &format!("logical_divide({L}, (2,4))"), true);
    let t1 = (C::<2>,);
    let f = layout!(type flat_divide(#l, #t1)).unwrap();
    assert_eq!(form(&f), cute_form("((_2),8,32,64):((_1),_2,16,512)"));
    agrees(&f, &format!("flat_divide({L}, (2))"), true);
    // A written-out tiler naming a tile, shorter than the layout.
    let two = C::<2>;
    let d = layout!(type tiled_divide(#l, (#two, 8))).unwrap();
    assert_eq!(form(&d), cute_form("((_2,_8),8,4,64):((_1,16),_2,128,512)"));
    agrees(&d, &format!("tiled_divide({L}, (2,8))"), true);
}
