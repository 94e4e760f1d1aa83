//! `tensor::typed::local_tile(t, tiler, k)` (and `inner_partition`) at one
//! integer `k`, as CuTe's `local_tile(tensor, tiler, int)`: tile `k` of the
//! grid, colexicographic over the grid's modes, the modes past a shorter
//! tiler too (CuTe's `inner_partition` slices `zipped_divide`'s whole rest
//! mode by a coordinate that is not a tuple). Checked against CUTLASS's
//! prints (a 16×32×64 column-major tensor, `Layout<Shape<_16,_32,_64>>`
//! and `make_layout(make_shape(16,32,64))`, g++ on the headers, host
//! code), against `layout!(type local_tile(L, T, k))`, and against the
//! core at every index for every `k` of a grid.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/view.rs"]
mod cute_print_view;
use cute_print_view::{agrees, values};

const DYNAMIC: &str = "(16,32,64):(1,16,512)";

#[test]
fn one_integer_picks_a_tile_of_the_whole_grid_as_cute() {
    let data = vec![0u32; 16 * 32 * 64];
    let text = format!("local_tile({DYNAMIC}, (2,4), 37)");
    // CuTe, static: (_2,_4):(_1,_16) base 266.
    let t = Tensor::new(&data[..], layout!(type (16, 32, 64):(1, 16, 512))).unwrap();
    let tile = typed::local_tile(t.by_ref(), (C::<2>, C::<4>), 37).unwrap();
    assert_eq!(form(tile.layout()), cute_form("(_2,_4):(_1,_16)"));
    assert_eq!(tile.layout().to_string(), values("(_2,_4):(_1,_16)"));
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    // CuTe, dynamic: (_2,_4):(_1,16) base 266.
    let (m, n, k) = (16usize, 32usize, 64usize);
    let d = Tensor::new(&data[..], layout!((m, n, k):(1, m, {m * n}))).unwrap();
    let tile = typed::inner_partition(d.by_ref(), (C::<2>, C::<4>), 37).unwrap();
    assert_eq!(form(tile.layout()), cute_form("(_2,_4):(_1,16)"));
    assert_eq!(tile.base(), 266);
    agrees(tile.layout().to_core().unwrap(), tile.base(), &text);
    // The same as `layout!`'s form of one integer.
    let (l, base) = layout!(type local_tile((m, n, k):(1, m, {m * n}), (2, 4), 37)).unwrap();
    assert_eq!((*tile.layout(), tile.base()), (l, base));
}

#[test]
fn a_single_tile_stays_one_nested_mode_as_cute() {
    // CuTe, dynamic: local_tile(d, make_shape(_2{}), 100) is ((_2)):((_1))
    // base 200.
    let data = vec![0u32; 16 * 32 * 64];
    let (m, n, k) = (16usize, 32usize, 64usize);
    let d = Tensor::new(&data[..], layout!((m, n, k):(1, m, {m * n}))).unwrap();
    let tile = typed::local_tile(d.by_ref(), (C::<2>,), 100).unwrap();
    assert_eq!(form(tile.layout()), cute_form("((_2)):((_1))"));
    assert_eq!(tile.layout().to_string(), values("((_2)):((_1))"));
    assert_eq!(tile.base(), 200);
}

#[test]
fn every_index_of_a_partial_grid_agrees_with_the_core() {
    // 5×7 by (2,4): a partial last tile in both modes (3×2 tiles).
    let (m, n) = (5usize, 7usize);
    let data = vec![0u32; m * n];
    let t = Tensor::new(&data[..], layout!((m, n):(1, m))).unwrap();
    for k in 0..6 {
        let text = format!("local_tile((5,7):(1,5), (2,4), {k})");
        match typed::local_tile(t.by_ref(), (C::<2>, C::<4>), k) {
            Ok(tile) => agrees(tile.layout().to_core().unwrap(), tile.base(), &text),
            // A partial tile that reaches past the storage is refused.
            Err(_) => {
                let (core, base) = cute_print_view::core(&text);
                let last = (0..core.size())
                    .map(|i| core.crd2idx(&layout_core::IntTuple::Int(i)).unwrap())
                    .max()
                    .unwrap();
                assert!(base + last >= (m * n) as i64, "{text}");
            }
        }
    }
    // Past the grid: an error, as the core's.
    assert!(typed::local_tile(t.by_ref(), (C::<2>, C::<4>), 6).is_err());
    assert!(layout_core::evaluate("local_tile((5,7):(1,5), (2,4), 6)").is_err());
}
