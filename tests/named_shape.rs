//! A named shape (`#s`: a tuple of `usize` and `C<N>` leaves, or one leaf)
//! inside `layout!` wherever the notation takes a shape or a tiler: each
//! call agrees with the same call with the shape written out.

use layout_dsl::layout;
use layout_dsl::typed::C;

#[test]
fn identity_layout_of_a_named_shape() {
    for m in [1usize, 3, 6] {
        let s = (m, C::<4>);
        let named = layout!(make_identity_layout(#s)).unwrap();
        let written = layout!(make_identity_layout((m, 4))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
        assert_eq!(named.to_string(), format!("({m},4):(1@0,1@1)"));
    }
}

#[test]
fn make_layout_of_a_named_shape() {
    let m = 5usize;
    let s = (m, (C::<2>, 3usize));
    let named = layout!(make_layout(#s)).unwrap();
    let written = layout!(make_layout((m, (2, 3)))).unwrap();
    assert_eq!(named, written);
    // Column-major: strides 1, m, 2·m.
    assert_eq!(named.to_string(), "(5,(2,3)):(1,(5,10))");
    let leaf = m;
    assert_eq!(layout!(make_layout(#leaf)).unwrap().to_string(), "5:1");
}

#[test]
fn tile_to_shape_with_a_named_target() {
    let block = layout!((2, 2):(1, 2));
    for m in [4usize, 8] {
        let s = (m, C::<6>);
        let named = layout!(tile_to_shape(#block, #s)).unwrap();
        let written = layout!(tile_to_shape((2, 2):(1, 2), (m, 6))).unwrap();
        assert_eq!(named, written);
        let h = m / 2;
        let expected = format!("((2,{h}),(2,3)):((1,4),(2,{}))", 4 * h);
        assert_eq!(named.to_string(), expected);
    }
    // A block that does not divide the target: the core's error, as written out.
    let s = (5usize, C::<6>);
    assert!(layout!(tile_to_shape(#block, #s)).is_err());
}

#[test]
fn named_tiler_of_the_divides() {
    let (m, n) = (8usize, 12usize);
    let l = layout!((m, n):(1, m));
    let t = (C::<4>, C::<3>);
    let named = layout!(logical_divide(#l, #t)).unwrap();
    let written = layout!(logical_divide((m, n):(1, m), (4, 3))).unwrap();
    assert_eq!(named, written);
    assert_eq!(named.to_string(), "((4,2),(3,4)):((1,4),(8,24))");
    let named = layout!(zipped_divide(#l, #t)).unwrap();
    let written = layout!(zipped_divide((m, n):(1, m), (4, 3))).unwrap();
    assert_eq!(named, written);
    let named = layout!(flat_divide(#l, #t)).unwrap();
    let written = layout!(flat_divide((m, n):(1, m), (4, 3))).unwrap();
    assert_eq!(named, written);
    // One extent as the tiler.
    let k = 2usize;
    let named = layout!(logical_divide(#l, #k)).unwrap();
    assert_eq!(named, layout!(logical_divide((m, n):(1, m), 2)).unwrap());
}

#[test]
fn named_tiler_of_the_products() {
    let m = 3usize;
    let a = layout!((2, m):(m, 1));
    let s = (C::<2>, 2usize);
    let named = layout!(logical_product(#a, #s)).unwrap();
    let written = layout!(logical_product((2, m):(m, 1), (2, 2))).unwrap();
    assert_eq!(named, written);
    let named = layout!(zipped_product(#a, #s)).unwrap();
    let written = layout!(zipped_product((2, m):(m, 1), (2, 2))).unwrap();
    assert_eq!(named, written);
}

#[test]
fn named_tiler_of_local_tile() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let tiler = (C::<4>, 3usize);
    for (i, j) in [(0usize, 0usize), (1, 1)] {
        let named = layout!(local_tile(#l, #tiler, (i, j))).unwrap();
        let written = layout!(local_tile((m, n):(1, m), (4, 3), (i, j))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
    }
    let tile = layout!(local_tile(#l, #tiler, (1, 1))).unwrap();
    // Rows 4..8, columns 3..6: base 4 + 3·8 = 28.
    assert_eq!(tile.to_string(), "view((4,3):(1,8),28)");
}

// After `type`: the facade's traits take the named shape as it is. Their
// products keep one sub-mode per hole of the block (README), so a result
// is compared as a function, mode by mode, with the written-out call's.

/// Whether two layouts have the same top-level mode sizes and the same
/// offset at every index of every mode and of the whole.
fn same_function(a: &layout_dsl::Layout, b: &layout_dsl::Layout) -> bool {
    let modes = |l: &layout_dsl::Layout| {
        let mut out = vec![l.clone()];
        out.extend((0..).map_while(|i| l.mode(i)));
        out
    };
    let (a, b) = (modes(a), modes(b));
    a.len() == b.len()
        && a.iter().zip(&b).all(|(a, b)| {
            a.size() == b.size() && (0..a.size()).all(|i| a.at(i).unwrap() == b.at(i).unwrap())
        })
}

#[test]
fn typed_tile_to_shape_with_a_named_target() {
    type Block = layout_dsl::layout_type!(type (2, 2):(1, 2));
    type Target = (usize, C<6>);
    let a: Block = layout!(type (2, 2):(1, 2));
    for m in [4usize, 8] {
        let s: Target = (m, C::<6>);
        let written = layout!(type tile_to_shape((2, 2):(1, 2), (m, 6))).unwrap();
        let named: layout_dsl::layout_type!(type tile_to_shape(#Block, #Target)) =
            layout!(type tile_to_shape(#a, #s)).unwrap();
        let written = written.to_core().unwrap();
        let h = m / 2;
        assert_eq!(
            written.to_string(),
            format!("((2,{h}),(2,3)):((1,4),(2,{}))", 4 * h)
        );
        assert!(same_function(&named.to_core().unwrap(), &written));
        let block_written_out = layout!(type tile_to_shape((2, 2):(1, 2), #s)).unwrap();
        assert!(same_function(
            &block_written_out.to_core().unwrap(),
            &written
        ));
    }
    let s: Target = (5, C::<6>);
    assert!(
        layout!(type tile_to_shape(#a, #s)).is_err(),
        "2 does not divide 5"
    );
}

#[test]
fn typed_divide_of_named_layout_by_named_tiler() {
    let m = 8usize;
    let l = layout!((m, 12):(1, m));
    let t = (C::<4>, C::<3>);
    let named = layout!(type logical_divide(#l, #t)).unwrap();
    let written = layout!(type logical_divide((m, 12):(1, m), <4, 3>)).unwrap();
    assert_eq!(named.to_string(), written.to_string());
    assert_eq!(named.to_string(), "((4,2),(3,4)):((1,4),(8,24))");
    let named = layout!(type zipped_divide(#l, #t)).unwrap();
    let written = layout!(type zipped_divide((m, 12):(1, m), <4, 3>)).unwrap();
    assert_eq!(named.to_string(), written.to_string());
}

#[test]
fn typed_product_by_named_shape() {
    let m = 3usize;
    let a = layout!((2, m):(m, 1));
    let t = (C::<2>, C::<2>);
    let named = layout!(type logical_product(#a, #t))
        .unwrap()
        .to_core()
        .unwrap();
    let written = layout!(logical_product((2, m):(m, 1), (2, 2))).unwrap();
    assert_eq!(written.to_string(), "((2,2),(3,2)):((3,1),(1,3))");
    assert!(same_function(&named, &written));
}

#[test]
fn size_rank_depth_of_a_named_shape() {
    let m = 5usize;
    let s = (m, (C::<2>, 3usize));
    assert_eq!(layout!(size(#s)), 30);
    assert_eq!(layout!(rank(#s)), 2);
    assert_eq!(layout!(depth(#s)), 2);
    assert_eq!(layout!(size(#s)), layout!(size((m, (2, 3)))));
    // A typed layout keeps its own methods.
    let l = layout!((m, 4):(1, m));
    assert_eq!(
        (layout!(size(#l)), layout!(rank(#l)), layout!(cosize(#l))),
        (20, 2, 20)
    );
}

#[test]
fn tile_to_shape_ordered_with_a_named_target() {
    let a = layout!((2, 2):(1, 2));
    for m in [4usize, 8] {
        let s = (m, C::<6>);
        let named = layout!(type tile_to_shape(#a, #s, LayoutRight)).unwrap();
        let written = layout!(type tile_to_shape(#a, (m, 6), LayoutRight)).unwrap();
        assert_eq!(named, written);
        let core = layout!(tile_to_shape((2, 2):(1, 2), (m, 6), LayoutRight)).unwrap();
        assert!(same_function(&named.to_core().unwrap(), &core));
        assert_eq!(layout!(tile_to_shape(#a, #s, LayoutRight)).unwrap(), core);
        // Row-major copies: (m/2, 3) with strides (3·4, 4).
        let h = m / 2;
        assert_eq!(core.to_string(), format!("((2,{h}),(2,3)):((1,12),(2,4))"));
    }
}

/// A raw identifier names a layout, or a layout's type, as any other
/// (the `macro_parse` fuzz target found `#r#A` panicking in the macro).
#[test]
fn a_raw_identifier_names_a_layout() {
    let r#type = layout!((4,8):(8,1));
    assert_eq!(layout!(size(#r#type)), 32);
    assert_eq!(layout!(crd2idx((1,2), #r#type)), 10);
    type r#Tile = layout_dsl::layout_type!(type (4,2):(1,8));
    type Matrix = layout_dsl::layout_type!((m,n):(1,ld));
    type Picked = layout_dsl::layout_type!(type composition(#Matrix, #r#Tile));
    let (m, n) = (8, 6);
    let a: Matrix = layout!((m,n):(1,m));
    let r#tile: r#Tile = layout!(type (4,2):(1,8));
    let picked: Picked = layout!(type composition(#a, #r#tile)).unwrap();
    // CuTe's leaves: `a`'s dynamic leaves walked one by one.
    assert_eq!(picked.to_string(), "((4,1),(1,2)):((1,0),(0,8))");
}

/// `tile_to_shape(#a, #s)`, the target named (asked at its name to be a
/// shape), maps each index as the written-out call, which prints CuTe's
/// `tile_to_shape(Layout<Shape<_2,_2>,Stride<_1,_2>>{}, Shape<_8,_4>{})`,
/// `((_2,_4),(_2,_2)):((_1,_4),(_2,_16))` (g++ on CUTLASS). The named
/// call's copies are `usize` (the facade's `TileToShape` takes any
/// target), so its modes keep the complement's unit leaves
/// (`((2,(1,1,4)),(2,(1,1,2)))`): the same function, not yet CuTe's
/// nesting (docs/typed/algebra.md, `tile_to_shape`; tests/tile_to_shape_nesting.rs).
#[test]
fn tile_to_shape_of_a_named_target() {
    let a = layout!(type (2, 2):(1, 2));
    let s = (C::<8>, C::<4>);
    let named = layout!(type tile_to_shape(#a, #s))
        .unwrap()
        .to_core()
        .unwrap();
    let written = layout!(type tile_to_shape((2, 2):(1, 2), (8, 4)));
    assert_eq!(written.to_string(), "((2,4),(2,2)):((1,4),(2,16))");
    let written = written.to_core().unwrap();
    assert_eq!(named.size(), 32);
    for i in 0..32 {
        let at = layout_core::IntTuple::Int(i);
        assert_eq!(
            named.crd2idx(&at).unwrap(),
            written.crd2idx(&at).unwrap(),
            "at {i}"
        );
    }
}
