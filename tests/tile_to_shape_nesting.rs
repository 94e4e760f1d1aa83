//! `tile_to_shape` prints as CuTe C++ prints it, static leaves static.
//!
//! `tests/golden/cute_tile_to_shape.txt` is CUTLASS 4.7's own `print` of
//! `tile_to_shape(block, target[, order])` (rows `block|target|result`;
//! `m=8` a run-time `int` extent, the rest `Int<N>`; a host program
//! outside the repository, g++ `-std=c++17`). CUTLASS 4.7's
//! `tile_to_shape` is `blocked_product(append<R>(block),
//! make_ordered_layout(target / block, order))` with no coalesce step
//! (older CUTLASS coalesced by the copies' profile), so its nesting is
//! `blocked_product`'s: unit copies stay (`((_4,_1),(_2,_4))`) and a
//! block with holes splits its copies (`((_2,(_2,_2)),(_1,_4))` for
//! `2:2`).
//!
//! The written-out door (`layout!(type tile_to_shape(BLOCK, SHAPE))`)
//! prints every row, `_` where its leaf type is static. So does a named
//! target with a written-out compact block (`tile_to_shape((2,2):(1,2),
//! #s)`, `TileCompact`, and with `LayoutRight`, `TileCompactRight`: the
//! block's offsets are `0..size`, so CuTe's complement is one mode and
//! each copies mode one leaf), on every row whose block is compact. A named block (`tile_to_shape(#a, …)`), or a
//! written-out block with holes and a named target, is the same function
//! but not CuTe's nesting: asserted as it is, with the reason, in
//! [`named_block_door`].

use layout_dsl::layout;
use layout_dsl::typed::C;

#[path = "cute_print/statics.rs"]
mod statics;
use statics::cute_print;

/// CuTe's print of `block|target` in the golden file.
fn golden(key: &str) -> String {
    let rows = include_str!("golden/cute_tile_to_shape.txt");
    let row = rows
        .lines()
        .find(|row| row.starts_with(&format!("{key}|")))
        .unwrap_or_else(|| panic!("no golden row {key}"));
    row.rsplit('|').next().unwrap().to_string()
}

#[test]
fn cute_print_marks_static_leaves() {
    let m = 3usize;
    let l = layout!(type (m, 4):(1, m));
    assert_eq!(cute_print(&l), "(3,_4):(_1,3)");
}

#[test]
fn the_written_out_door_prints_cutes_rows() {
    let (m8, m16) = (8usize, 16usize);
    let rows = [
        (
            "(2,2):(1,2)|(8,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (8,4)))),
        ),
        (
            "(2,2):(1,2)|(4,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (4,6)))),
        ),
        (
            "(2,2):(1,2)|(m=8,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (m8,6))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=16,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (m16,4))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,2)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,2)))),
        ),
        (
            "(2,2):(1,2)|(2,8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,8,3)))),
        ),
        (
            "(2,2):(1,2)|(2,m=8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), (2,m8,3))).unwrap()),
        ),
        (
            "2:1|(8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, (8,4)))),
        ),
        (
            "2:1|(m=8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, (m8,4))).unwrap()),
        ),
        (
            "2:2|(8,4)",
            cute_print(&layout!(type tile_to_shape(2:2, (8,4)))),
        ),
        (
            "2:2|(m=8,4)",
            cute_print(&layout!(type tile_to_shape(2:2, (m8,4))).unwrap()),
        ),
        (
            "(2,4):(4,1)|(8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), (8,8)))),
        ),
        (
            "(2,4):(4,1)|(m=8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), (m8,8))).unwrap()),
        ),
        (
            "(8,8):(8,1)|(16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), (16,64)))),
        ),
        (
            "(8,8):(8,1)|(m=16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), (m16,64))).unwrap()),
        ),
        (
            "((2,2),2):((1,4),2)|(8,4)",
            cute_print(&layout!(type tile_to_shape(((2,2),2):((1,4),2), (8,4)))),
        ),
        (
            "(4,2):(1,4)|(4,8)",
            cute_print(&layout!(type tile_to_shape((4,2):(1,4), (4,8)))),
        ),
    ];
    for (key, ours) in rows {
        assert_eq!(ours, golden(key), "{key}");
    }
}

#[test]
fn the_written_out_door_orders_as_cute() {
    let m8 = 8usize;
    let r = layout!(type tile_to_shape((2,2):(1,2), (m8,6), LayoutRight)).unwrap();
    let key = "(2,2):(1,2)|(m=8,6) GenRowMajor";
    assert_eq!(cute_print(&r), golden(key), "{key}");
}

/// A named target with a written-out compact block prints CuTe's rows:
/// every golden row but those of `2:2` (a block with a hole), the
/// row-major one through `LayoutRight`.
#[test]
fn the_named_target_door_prints_cutes_rows() {
    let (m8, m16) = (8usize, 16usize);
    let (s84, s46, sm86, sm164) = (
        (C::<8>, C::<4>),
        (C::<4>, C::<6>),
        (m8, C::<6>),
        (m16, C::<4>),
    );
    let (s22, s283, s2m83) = (
        (C::<2>, C::<2>),
        (C::<2>, C::<8>, C::<3>),
        (C::<2>, m8, C::<3>),
    );
    let (sm84, s88, sm88) = ((m8, C::<4>), (C::<8>, C::<8>), (m8, C::<8>));
    let (s1664, sm1664, s48) = ((C::<16>, C::<64>), (m16, C::<64>), (C::<4>, C::<8>));
    let rows = [
        (
            "(2,2):(1,2)|(8,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s84)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(4,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s46)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=8,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm86)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=16,4)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm164)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,2)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s22)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s283)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,m=8,3)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s2m83)).unwrap()),
        ),
        (
            "2:1|(8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, #s84)).unwrap()),
        ),
        (
            "2:1|(m=8,4)",
            cute_print(&layout!(type tile_to_shape(2:1, #sm84)).unwrap()),
        ),
        (
            "(2,4):(4,1)|(8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), #s88)).unwrap()),
        ),
        (
            "(2,4):(4,1)|(m=8,8)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), #sm88)).unwrap()),
        ),
        (
            "(8,8):(8,1)|(16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), #s1664)).unwrap()),
        ),
        (
            "(8,8):(8,1)|(m=16,64)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), #sm1664)).unwrap()),
        ),
        (
            "((2,2),2):((1,4),2)|(8,4)",
            cute_print(&layout!(type tile_to_shape(((2,2),2):((1,4),2), #s84)).unwrap()),
        ),
        (
            "(4,2):(1,4)|(4,8)",
            cute_print(&layout!(type tile_to_shape((4,2):(1,4), #s48)).unwrap()),
        ),
        // CuTe's `GenRowMajor` (`TileCompactRight`), and `LayoutLeft`
        // written as the default.
        (
            "(2,2):(1,2)|(m=8,6) GenRowMajor",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm86, LayoutRight)).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=8,6)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm86, LayoutLeft)).unwrap()),
        ),
    ];
    for (key, ours) in rows {
        assert_eq!(ours, golden(key), "{key}");
    }
}

/// A named block, the diagnosis of issue 13 §2 for `tile_to_shape`:
/// `TileToShape` builds the copies as a `Layout<(usize, …), (usize, …)>`
/// and zips them in through `ZipProduct`, [`RankedProduct`]'s, whose
/// copies mode `i` is `complement(block, …) ∘ copies_i` with one sub-mode
/// per hole of the complement (the block's leaves and the rest: three for
/// a rank-2 block), so each copies mode keeps unit leaves where CuTe's
/// composition gives the copies' own shape. CuTe's nesting here depends on
/// the block's *values* (a compact block's complement is one mode, one
/// with holes several), and a type chosen by a `const` value is what
/// stable Rust lacks (ARCHITECTURE.md, "Static leaves", not done): the
/// written-out block's door decides compactness while compiling
/// (`TileCompact`), a named block's cannot. The same function as CuTe's
/// (checked at every index in `tests/tile_to_shape_doors.rs`).
///
/// [`RankedProduct`]: layout_dsl::typed::RankedProduct
#[test]
fn named_block_door() {
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<8>, C::<4>);
    let named = layout!(type tile_to_shape(#a, #s)).unwrap();
    assert_eq!(
        cute_print(&named),
        "((_2,(1,1,4)),(_2,(1,1,2))):((_1,(0,0,4)),(_2,(0,0,16)))"
    );
    assert_eq!(
        golden("(2,2):(1,2)|(8,4)"),
        "((_2,_4),(_2,_2)):((_1,_4),(_2,_16))"
    );
    // A run-time extent: CuTe's `((_2,4),(_2,_3)):((_1,_4),(_2,16))`,
    // which the written-out block with a named target now prints.
    let m = 8usize;
    let named = layout!(type tile_to_shape(#a, (m, 6))).unwrap();
    assert_eq!(
        cute_print(&named),
        "((_2,(1,1,4)),(_2,(1,1,3))):((_1,(0,0,4)),(_2,(0,0,16)))"
    );
    let s = (m, C::<6>);
    let written = layout!(type tile_to_shape((2,2):(1,2), #s)).unwrap();
    assert_eq!(cute_print(&written), golden("(2,2):(1,2)|(m=8,6)"));
    // A block with a hole (rank 1: two holes) splits its copies as CuTe's
    // `((_2,(2,2)),(_1,(1,4))):((_2,(_1,_4)),(_0,(4,8)))` does for
    // `(m=8,4)`: the nesting is CuTe's, the leaves `usize`, named or
    // written out (a block with holes takes `TileToShape` either way).
    let b = layout!(type 2:2);
    let s = (m, C::<4>);
    let expected = "((_2,(2,2)),(_1,(1,4))):((_2,(1,4)),(_0,(0,8)))";
    let named = layout!(type tile_to_shape(#b, #s)).unwrap();
    assert_eq!(cute_print(&named), expected);
    let written = layout!(type tile_to_shape(2:2, #s)).unwrap();
    assert_eq!(cute_print(&written), expected);
    assert_eq!(
        golden("2:2|(m=8,4)"),
        "((_2,(2,2)),(_1,(1,4))):((_2,(_1,_4)),(_0,(4,8)))"
    );
}

/// `layout_type!` names the named target's door of a compact block: the
/// layout `layout!` gives (CuTe's nesting), so a binding of that type
/// holds it, and its coordinates are CuTe's.
#[test]
fn layout_type_names_the_named_target_door() {
    type Target = (usize, C<6>);
    let s: Target = (8, C::<6>);
    let tiled: layout_dsl::layout_type!(type tile_to_shape((2,2):(1,2), #Target)) =
        layout!(type tile_to_shape((2,2):(1,2), #s)).unwrap();
    assert_eq!(cute_print(&tiled), golden("(2,2):(1,2)|(m=8,6)"));
    // CuTe's `((_2,4),(_2,_3)):((_1,_4),(_2,16))` at ((1,3),(1,2)).
    assert_eq!(tiled.crd2idx(((1, 3), (1, 2))), 1 + 12 + 2 + 32);
    let rows: layout_dsl::layout_type!(type tile_to_shape((2,2):(1,2), #Target, LayoutRight)) =
        layout!(type tile_to_shape((2,2):(1,2), #s, LayoutRight)).unwrap();
    assert_eq!(cute_print(&rows), golden("(2,2):(1,2)|(m=8,6) GenRowMajor"));
    // `((_2,4),(_2,_3)):((_1,_12),(_2,_4))` at ((1,3),(1,2)).
    assert_eq!(rows.crd2idx(((1, 3), (1, 2))), 1 + 36 + 2 + 8);
}
