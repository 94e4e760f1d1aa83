//! Typed products of values against CuTe C++ itself: the strings below
//! are what CUTLASS's `print` wrote for the same products with `int`
//! (dynamic) leaves (a host program outside the repository,
//! `/work/notes/harness-products2/p.cpp`, g++ 12 `-std=c++17`, m = n = 4,
//! k = g = 3, r = 24). Each typed result is CuTe's layout as a function
//! (same size, same offset at every index) and, where the nesting is
//! CuTe's (no static hole of 1 that CuTe drops), has its top-level rank.
//! Where CuTe's answer breaks its own divisibility conditions it is not a
//! product (a wrong size), and the typed path refuses.

use layout_dsl::layout;
use layout_dsl::typed::{C, Product, RankedProduct, TileToShape, TypedLayout};

/// CuTe's printed layout as a core layout (`_4` is the static 4).
fn cute(text: &str) -> layout_dsl::Layout {
    text.replace('_', "").parse().unwrap()
}

/// `typed` is CuTe's `expected` at every index; with `rank`, the same
/// number of top-level modes.
fn is_cute<L: TypedLayout<Offset = usize>>(typed: L, expected: &str, rank: bool) {
    let cute = cute(expected);
    assert_eq!(typed.size() as i64, cute.size(), "{typed} vs {expected}");
    for i in 0..typed.size() {
        let offset = cute.crd2idx(&layout_dsl::IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, offset, "{typed} vs {expected} at {i}");
    }
    if rank {
        assert_eq!(typed.rank(), cute.rank(), "{typed} vs {expected}");
    }
}

#[test]
fn products_by_a_layout() {
    let (m, n) = (4, 4);
    let a = layout!(type (m,2):(1,8));
    let b = layout!(type (2,n):(1,2));
    let logical = "((4,_2),((2,1),(1,4))):((_1,_8),((4,16),(8,16)))";
    is_cute(a.logical_product(b).unwrap(), logical, true);
    is_cute(a.zipped_product(b).unwrap(), logical, true);
    let tiled = "((4,_2),(2,1),(1,4)):((_1,_8),(4,16),(8,16))";
    is_cute(a.tiled_product(b).unwrap(), tiled, true);
    let flat = "(4,_2,(2,1),(1,4)):(_1,_8,(4,16),(8,16))";
    is_cute(a.flat_product(b).unwrap(), flat, true);
    // By an extent: CuTe drops the static hole of 1 below stride 1, which
    // stays here (extent 1): one top-level mode more, the same function.
    is_cute(
        a.tiled_product(n).unwrap(),
        "((4,_2),2,2):((_1,_8),4,16)",
        false,
    );
}

#[test]
fn products_by_mode() {
    let (m, g) = (4, 3);
    let a = layout!(type (m,2):(1,8));
    let tiler = (C::<2>, layout!(g:1));
    let zipped = "((4,_2),(_2,(3,1))):((_1,_8),(4,(_1,_16)))";
    is_cute(a.zipped_product(tiler).unwrap(), zipped, true);
    let flat = "(4,_2,_2,(3,1)):(_1,_8,4,(_1,_16))";
    is_cute(a.flat_product(tiler).unwrap(), flat, true);
}

#[test]
fn blocked_raked_and_tile_to_shape() {
    let (m, g, r) = (4, 3, 24);
    let atom = layout!(type (4,8):(8,1));
    let grid = layout!((m,g):(1,m));
    let blocked = "((_4,4),(_8,3)):((_8,_32),(_1,128))";
    is_cute(atom.blocked_product(grid).unwrap(), blocked, true);
    let raked = "((4,_4),(3,_8)):((_32,_8),(128,_1))";
    is_cute(atom.raked_product(grid).unwrap(), raked, true);
    let a8 = layout!(type (8,8):(8,1));
    let tiled = "((_8,3),(_8,_8)):((_8,_64),(_1,192))";
    is_cute(a8.tile_to_shape((r, C::<64>)).unwrap(), tiled, true);
}

#[test]
fn a_rounded_hole_is_cutes_answer() {
    // Below stride 64 the span is 2·3 = 6: CuTe's hole is ⌊64/6⌋ = 10,
    // and B's 4 copies fit below it.
    let k = 3;
    let a = layout!(type (2,(k,3)):(1,(2,64)));
    let rounded = "((_2,(3,_3)),(4,1)):((_1,(_2,_64)),(6,192))";
    is_cute(a.logical_product(C::<4>).unwrap(), rounded, true);
}

#[test]
fn where_cute_is_wrong_the_typed_path_refuses() {
    // CuTe composes 3 copies over a hole of 2 without its shape
    // divisibility condition: a layout of 16 elements for a product of 24.
    let (m, g) = (4, 3);
    let cute_answer = cute("((4,_2),2,1):((_1,_8),4,16)");
    assert_eq!(cute_answer.size(), 16);
    let a = layout!(type (m,2):(1,8));
    let e = a.tiled_product(g).unwrap_err();
    assert!(e.to_string().contains("`tiled_product`"), "{e}");
}
