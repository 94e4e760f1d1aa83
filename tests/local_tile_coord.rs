//! A tile coordinate of another rank than a shorter tiler, and one integer
//! for the whole coordinate of a shorter tiler, as CuTe takes them:
//! `inner_partition` slices `zipped_divide`'s rest mode, which has one mode
//! per mode of the layout, by `append<R1>(coord, _)` (entries past the
//! tiler slice the modes kept whole; a shorter coordinate is padded with
//! `_`), or by the integer (colexicographic over the whole rest mode);
//! `outer_partition`'s integer indexes the tile mode, the modes past the
//! tiler kept whole. Every typed door (the tensor functions, `layout!(type
//! …)` of a named and of a written-out layout) answers CuTe's layout
//! (printed by CUTLASS's headers for a 16×32×64 column-major tensor,
//! `make_layout(make_shape(16,32,64))` and `Layout<Shape<_16,_32,_64>>`),
//! static leaves where CuTe's are, and the core's at every index.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use proptest::prelude::*;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/view.rs"]
mod cute_print_view;
use cute_print_view::{agrees, same_offsets, values};

const STATIC: &str = "(16,32,64):(1,16,512)";

#[test]
fn a_coordinate_longer_than_the_tiler_slices_the_modes_kept_whole() {
    // CuTe (dynamic): local_tile(t, Shape<_2,_4>{}, (1,2,3)) is
    // (_2,_4):(_1,16) at 1666; (1,_,3) is (_2,_4,8):(_1,16,64) at 1538;
    // (_,2,_) is (_2,_4,8,64):(_1,16,_2,512) at 128.
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let t2 = (C::<2>, C::<4>);
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], g).unwrap();

    let text = format!("local_tile({STATIC}, (2,4), (1,2,3))");
    let cute = "(_2,_4):(_1,16)";
    let tile = typed::local_tile(t.by_ref(), t2, (1, 2, 3)).unwrap();
    assert_eq!(form(tile.layout()), cute_form(cute));
    assert_eq!(tile.base(), 1666);
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    let inner = typed::inner_partition(t.by_ref(), t2, (1, 2, 3)).unwrap();
    assert_eq!((inner.layout(), inner.base()), (tile.layout(), 1666));
    let (named, base) = layout!(type local_tile(#g, #t2, (1, 2, 3))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), (1, 2, 3))).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);

    let text = format!("local_tile({STATIC}, (2,4), (1,_,3))");
    let cute = "(_2,_4,8):(_1,16,64)";
    let tile = typed::local_tile(t.by_ref(), t2, (1, X, 3)).unwrap();
    assert_eq!(form(tile.layout()), cute_form(cute));
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    let (written, base) =
        layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), (1, _, 3))).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);

    let text = format!("local_tile({STATIC}, (2,4), (_,2,_))");
    let cute = "(_2,_4,8,64):(_1,16,_2,512)";
    let tile = typed::local_tile(t.by_ref(), t2, (X, 2, X)).unwrap();
    assert_eq!(form(tile.layout()), cute_form(cute));
    assert_eq!(tile.base(), 128);
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    let (named, base) = layout!(type local_tile(#g, #t2, (_, 2, _))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
}

#[test]
fn a_rank_one_tiler_with_a_full_coordinate_on_a_static_layout() {
    // CuTe (static): local_tile(t, make_shape(_2{}), (1,2,3)) is
    // ((_2)):((_1)) at 1570; (1,_,3) is ((_2),_32):((_1),_16) at 1538.
    let s = layout!(type (16, 32, 64):(1, 16, 512));
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], s).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>,), (1, 2, 3)).unwrap();
    let cute = "((_2)):((_1))";
    assert_eq!(
        (form(tile.layout()), tile.layout().to_string(), tile.base()),
        (cute_form(cute), values(cute), 1570)
    );
    agrees(
        tile.layout().to_core().unwrap(),
        tile.base(),
        &format!("local_tile({STATIC}, (2), (1,2,3))"),
    );
    let (tile, base) = layout!(type local_tile(#s, (2,), (1, _, 3))).unwrap();
    let cute = "((_2),_32):((_1),_16)";
    assert_eq!(
        (form(&tile), tile.to_string(), base),
        (cute_form(cute), values(cute), 1538)
    );
    agrees(
        tile.to_core().unwrap(),
        base,
        &format!("local_tile({STATIC}, (2), (1,_,3))"),
    );
}

#[test]
fn a_coordinate_shorter_than_the_tiler_is_padded_with_x() {
    // CuTe (dynamic): local_tile(t, Shape<_2,_4>{}, (1)) is
    // (_2,_4,8,64):(_1,16,64,512) at 2; Shape<_2,_4,_8> at (1,2) is
    // (_2,_4,_8,8):(_1,16,512,4096) at 130.
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], g).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>, C::<4>), (1,)).unwrap();
    assert_eq!(
        form(tile.layout()),
        cute_form("(_2,_4,8,64):(_1,16,64,512)")
    );
    agrees(
        tile.layout().to_core().unwrap(),
        tile.base(),
        &format!("local_tile({STATIC}, (2,4), (1))"),
    );
    let t3 = (C::<2>, C::<4>, C::<8>);
    let text = format!("local_tile({STATIC}, (2,4,8), (1,2))");
    let cute = "(_2,_4,_8,8):(_1,16,512,4096)";
    let tile = typed::local_tile(t.by_ref(), t3, (1, 2)).unwrap();
    assert_eq!(form(tile.layout()), cute_form(cute));
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    let (named, base) = layout!(type local_tile(#g, #t3, (1, 2))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4, 8), (1, 2))).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);
}

#[test]
fn one_integer_with_a_shorter_tiler_indexes_the_modes_kept_whole_too() {
    // CuTe: local_tile(t, Shape<_2,_4>{}, 37) is (_2,_4):(_1,16) at 266
    // (dynamic), (_2,_4):(_1,_16) (static); make_shape(_2{}) at 100 is
    // ((_2)):((_1)) at 200.
    let (m, n, k) = (16usize, 32usize, 64usize);
    let (tile, base) = layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), 37)).unwrap();
    assert_eq!(form(&tile), cute_form("(_2,_4):(_1,16)"));
    assert_eq!(base, 266);
    agrees(
        tile.to_core().unwrap(),
        base,
        &format!("local_tile({STATIC}, (2,4), 37)"),
    );
    // All static: folded while compiling.
    let (tile, base) = layout!(type local_tile((16, 32, 64):(1, 16, 512), (2, 4), 37));
    assert_eq!(form(&tile), cute_form("(_2,_4):(_1,_16)"));
    assert_eq!(base, 266);
    let (tile, base) = layout!(type local_tile((m, n, k):(1, m, {m * n}), (2,), 100)).unwrap();
    assert_eq!((tile.to_string(), base), ("((2)):((1))".into(), 200));
    agrees(
        tile.to_core().unwrap(),
        base,
        &format!("local_tile({STATIC}, (2), 100)"),
    );
    // Past the last tile of the whole grid (8·8·64 tiles): the core's error.
    assert!(layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), 4096)).is_err());
    assert!(layout_core::evaluate(&format!("local_tile({STATIC}, (2,4), 4096)")).is_err());
    // CuTe: outer_partition(t, Shape<_2,_4>{}, 5) is (8,8,64):(_2,64,512) at
    // 33; make_shape(_2{}) at 1 is (8,32,64):(_2,16,512) at 1.
    let (part, base) = layout!(type outer_partition((m, n, k):(1, m, {m * n}), (2, 4), 5)).unwrap();
    assert_eq!(form(&part), cute_form("(8,8,64):(_2,64,512)"));
    agrees(
        part.to_core().unwrap(),
        base,
        &format!("outer_partition({STATIC}, (2,4), 5)"),
    );
    // A leaf named `k` is read as itself, not as the index (the expansion
    // once bound the index to `k` before reading the layout: `(8,8,5)`).
    let (part, base) =
        layout!(type outer_partition((m, n, k):(1, m, {m * n}), (2, 4, 8), 5)).unwrap();
    assert_eq!(part.to_string(), "(8,8,8):(2,64,4096)");
    agrees(
        part.to_core().unwrap(),
        base,
        &format!("outer_partition({STATIC}, (2,4,8), 5)"),
    );
    let (part, base) = layout!(type outer_partition((m, n, k):(1, m, {m * n}), (2,), 1)).unwrap();
    assert_eq!(form(&part), cute_form("(8,32,64):(_2,16,512)"));
    agrees(
        part.to_core().unwrap(),
        base,
        &format!("outer_partition({STATIC}, (2), 1)"),
    );
}

#[test]
fn a_nested_layout_by_a_short_tiler_and_a_long_coordinate() {
    // The core's nesting (CuTe prints ((2,1),_8):((1,4),16) at 1794 for
    // local_tile(n, Shape<_2,_8>{}, (1,2,3)): the same offsets).
    let (a, b) = (4usize, 32usize);
    let l = layout!(((a, 4), b, 64):((1, a), 16, 512));
    let text = "local_tile(((4,4),32,64):((1,4),16,512), (2,8), (1,2,3))";
    let (tile, base) = layout!(type local_tile(#l, (2, 8), (1, 2, 3))).unwrap();
    assert_eq!(
        (tile.to_string(), base),
        ("((2,1),8):((1,4),16)".into(), 1794)
    );
    same_offsets(tile.to_core().unwrap(), base, text);
    let (tile, base) =
        layout!(type local_tile(((a, 4), b, 64):((1, a), 16, 512), (2, 8), (1, 2, 3))).unwrap();
    same_offsets(tile.to_core().unwrap(), base, text);
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], l).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>,), (X, 2, 3)).unwrap();
    same_offsets(
        tile.layout().to_core().unwrap(),
        tile.base(),
        "local_tile(((4,4),32,64):((1,4),16,512), (2), (_,2,3))",
    );
}

/// The typed `local_tile` of a rank-3 tensor by a rank-1 or rank-2 tiler
/// at every coordinate rank, against the core at every index.
fn check_rank3(m: usize, n: usize, k: usize, i: usize, j: usize, l: usize) {
    // Room past the layout's offsets, so that a partial tile (which reaches
    // past them) is a view here too, and every case is compared.
    let data = vec![0u8; 2 * m * n * k + 8 * m + 8];
    let t = Tensor::new(&data[..], layout!((m, n, k):(1, m, {m * n}))).unwrap();
    let layout = format!("({m},{n},{k}):(1,{m},{})", m * n);
    let (i2, j4) = (i % m.div_ceil(2), j % n.div_ceil(4));
    let (j1, l1) = (j % n, l % k);
    let cases: [(String, Result<_, _>); 3] = [
        (
            format!("local_tile({layout}, (2,4), ({i2},{j4},{l1}))"),
            typed::local_tile(t.by_ref(), (C::<2>, C::<4>), (i2, j4, l1))
                .map(|t| (t.layout().to_core().unwrap(), t.base())),
        ),
        (
            format!("local_tile({layout}, (2), ({i2},{j1},_))"),
            typed::local_tile(t.by_ref(), (C::<2>,), (i2, j1, X))
                .map(|t| (t.layout().to_core().unwrap(), t.base())),
        ),
        (
            format!("local_tile({layout}, (2,4), (_,{j4},{l1}))"),
            typed::local_tile(t.by_ref(), (C::<2>, C::<4>), (X, j4, l1))
                .map(|t| (t.layout().to_core().unwrap(), t.base())),
        ),
    ];
    for (text, typed) in cases {
        let (layout, base) = typed.unwrap_or_else(|e| panic!("{text}: {e}"));
        same_offsets(layout, base, &text);
    }
}

proptest! {
    #[test]
    fn short_tilers_agree_with_the_core(
        m in 1usize..9, n in 1usize..9, k in 1usize..5,
        i in 0usize..16, j in 0usize..16, l in 0usize..8,
    ) {
        check_rank3(m, n, k, i, j, l);
    }
}
