//! A tiler with fewer entries than the layout has modes — after a `Step`'s
//! projection (`local_tile(t, (2,4,8), (i,_,k), Step<_1,X,_1>)` over a
//! rank-3 tensor keeps two) or written so — divides the first modes and
//! keeps the others whole, as CuTe's `zipped_divide` and
//! `inner_partition`/`outer_partition` (`append<R>(coord, _)`) do. Every
//! typed door (the tensor functions, `layout!(type …)` of a named and of a
//! written-out layout) answers CuTe's layout (printed by CUTLASS's headers
//! for a 16×32×64 column-major tensor, `Layout<Shape<_16,_32,_64>>` and
//! `make_layout(make_shape(16,32,64))`), static leaves where CuTe's are,
//! and the core's at every index.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/view.rs"]
mod cute_print_view;
use cute_print_view::{agrees, values};

const STATIC: &str = "(16,32,64):(1,16,512)";

#[test]
fn a_step_keeping_two_of_three_tiles_the_first_two_modes() {
    // CuTe, static: (_2,_8,_64):(_1,_16,_512) base 258; dynamic:
    // (_2,_8,64):(_1,16,512) base 258.
    let text = format!("local_tile({STATIC}, (2,4,8), (1,_,2), (1,X,1))");
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], layout!(type (16, 32, 64):(1, 16, 512))).unwrap();
    let tiler = (C::<2>, C::<4>, C::<8>);
    let step = (C::<1>, X, C::<1>);
    let tile = typed::local_tile_step(t.by_ref(), tiler, (1, X, 2), step).unwrap();
    assert_eq!(form(tile.layout()), cute_form("(_2,_8,_64):(_1,_16,_512)"));
    assert_eq!(
        tile.layout().to_string(),
        values("(_2,_8,_64):(_1,_16,_512)")
    );
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);

    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let cute = "(_2,_8,64):(_1,16,512)";
    let (named, base) = layout!(type local_tile(#g, #tiler, (1, _, 2), (1, X, 1))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (by_name, base) = layout!(type local_tile(#g, #tiler, (1, _, 2), #step)).unwrap();
    assert_eq!(form(&by_name), cute_form(cute));
    agrees(by_name.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4, 8), (1, _, 2), (1, X, 1)))
            .unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);
}

#[test]
fn a_kept_x_keeps_its_rest_mode_before_the_modes_past_the_tiler() {
    // CuTe: (_2,_8,_8,_64):(_1,_16,_2,_512) base 256.
    let cute = "(_2,_8,_8,_64):(_1,_16,_2,_512)";
    let text = format!("local_tile({STATIC}, (2,4,8), (_,_,2), (1,X,1))");
    let g = layout!(type (16, 32, 64):(1, 16, 512));
    let (tile, base) = layout!(type local_tile(#g, (2, 4, 8), (_, _, 2), (1, X, 1))).unwrap();
    assert_eq!(form(&tile), cute_form(cute));
    assert_eq!(tile.to_string(), values(cute));
    agrees(tile.to_core().unwrap(), base, &text);
}

#[test]
fn a_short_tiler_without_a_step_keeps_the_modes_past_it() {
    // CuTe: (_2,_4,64):(_1,16,512) base 130, dynamic; static
    // (_2,_4,_8,_64):(_1,_16,_64,_512) base 2 at (1,_).
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], layout!(type (16, 32, 64):(1, 16, 512))).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>, C::<4>), (1, X)).unwrap();
    let cute = "(_2,_4,_8,_64):(_1,_16,_64,_512)";
    assert_eq!(form(tile.layout()), cute_form(cute));
    agrees(
        tile.layout().to_core().unwrap(),
        tile.base(),
        &format!("local_tile({STATIC}, (2,4), (1,_))"),
    );
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    let t2 = (C::<2>, C::<4>);
    let text = format!("local_tile({STATIC}, (2,4), (1,2))");
    let cute = "(_2,_4,64):(_1,16,512)";
    let (named, base) = layout!(type local_tile(#g, #t2, (1, 2))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), (1, 2))).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);
}

#[test]
fn outer_and_local_partition_keep_the_modes_past_their_tiler() {
    let (m, n, k) = (16usize, 32usize, 64usize);
    let g = layout!((m, n, k):(1, m, {m * n}));
    // CuTe: outer_partition(t, Shape<_2,_4>{}, (1,2)) = (8,8,64):(_2,64,512) base 33.
    let cute = "(8,8,64):(_2,64,512)";
    let text = format!("outer_partition({STATIC}, (2,4), (1,2))");
    let t2 = (C::<2>, C::<4>);
    let (named, base) = layout!(type outer_partition(#g, #t2, (1, 2))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type outer_partition((m, n, k):(1, m, {m * n}), (2, 4), (1, 2))).unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);
    // CuTe: local_partition(t, Layout<Shape<_2,_4,_8>>{}, 3, Step<_1,X,_1>{})
    // = (8,4,64):(_2,128,512) base 1.
    let cute = "(8,4,64):(_2,128,512)";
    let text = format!("local_partition({STATIC}, (2,4,8):(1,2,8), 3, (1,X,1))");
    let thr = layout!(type (2, 4, 8):(1, 2, 8));
    let (named, base) = layout!(type local_partition(#g, #thr, 3, (1, X, 1))).unwrap();
    assert_eq!(form(&named), cute_form(cute));
    agrees(named.to_core().unwrap(), base, &text);
    let (written, base) =
        layout!(type local_partition((m, n, k):(1, m, {m * n}), (2, 4, 8):(1, 2, 8), 3, (1, X, 1)))
            .unwrap();
    assert_eq!(form(&written), cute_form(cute));
    agrees(written.to_core().unwrap(), base, &text);
    // Static: CuTe (_4,_32,_64):(_4,_16,_512) base 2 for thread 13, Step<X,_1,X>.
    let s = layout!(type (16, 32, 64):(1, 16, 512));
    let (mine, base) = layout!(type local_partition(#s, #thr, 13, (X, 1, X))).unwrap();
    assert_eq!(form(&mine), cute_form("(_4,_32,_64):(_4,_16,_512)"));
    agrees(
        mine.to_core().unwrap(),
        base,
        &format!("local_partition({STATIC}, (2,4,8):(1,2,8), 13, (X,1,X))"),
    );
}

#[test]
fn a_tiler_of_rank_one_keeps_its_tile_mode_whole() {
    // CuTe slices a rank-1 tiler's tile mode by one `_`, which keeps it
    // a mode of its own: ((_8),_32,_64):((_1),_16,_512) at 8 for
    // local_tile(t, Shape<_2,_4,_8>{}, (_,_,1), Step<X,X,_1>{}).
    let cute = "((_8),_32,_64):((_1),_16,_512)";
    let g = layout!(type (16, 32, 64):(1, 16, 512));
    let (tile, base) = layout!(type local_tile(#g, (2, 4, 8), (_, _, 1), (X, X, 1))).unwrap();
    assert_eq!(
        (form(&tile), tile.to_string()),
        (cute_form(cute), values(cute))
    );
    agrees(
        tile.to_core().unwrap(),
        base,
        &format!("local_tile({STATIC}, (2,4,8), (_,_,1), (X,X,1))"),
    );
    let data = vec![0u32; 16 * 32 * 64];
    let t = Tensor::new(&data[..], g).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>,), (3,)).unwrap();
    let cute = "((_2),_32,_64):((_1),_16,_512)";
    assert_eq!((form(tile.layout()), tile.base()), (cute_form(cute), 6));
    // A rank-1 layout (CuTe's make_layout(make_shape(16))): ((_2),8):((_1),_2)
    // at `_`, ((_2)):((_1)) at 6 for the coordinate (3) or the index 3.
    let m = 16usize;
    let (grid, base) = layout!(type local_tile((m,):(1,), (2,), (_,))).unwrap();
    assert_eq!(
        (form(&grid), grid.to_string(), base),
        (cute_form("((_2),8):((_1),_2)"), "((2),8):((1),2)".into(), 0)
    );
    agrees(
        grid.to_core().unwrap(),
        base,
        "local_tile((16,):(1,), (2,), (_,))",
    );
    let (at, base) = layout!(type local_tile((m,):(1,), (2,), (3,))).unwrap();
    assert_eq!((at.to_string(), base), ("((2)):((1))".into(), 6));
    let (index, base) = layout!(type local_tile((m,):(1,), (2,), 3)).unwrap();
    assert_eq!((index.to_string(), base), ("((2)):((1))".into(), 6));
}
