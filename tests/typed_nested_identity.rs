//! Typed identity tensors of nested shapes and static extents
//! (`typed::make_identity_tensor(((a,b),n))`, element = the hierarchical
//! coordinate's leaves) against the core: a data tensor whose elements
//! encode their coordinate (`i0 + 64·i1 + 4096·j` for the leaves of
//! `((a,b),n)`, room left so the leaves never carry) partitioned by the
//! core's run-time calls, decoded, at every coordinate; and the predicate
//! against `elem_less` leaf by leaf.

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::{C, Int};
use layout_dsl::{Layout as CoreLayout, layout};
use proptest::prelude::*;

/// Every encoded coordinate of the tiles the tests form.
const LEN: usize = 1 << 16;

fn decode(p: usize) -> [usize; 3] {
    [p % 64, (p / 64) % 64, p / 4096]
}

/// The core's data tensor over `((a,b),n)` whose elements encode coordinates.
fn encoded(data: &[usize], a: usize, b: usize, n: usize) -> Tensor<&[usize], CoreLayout> {
    let l: CoreLayout = format!("(({a},{b}),{n}):((1,64),4096)").parse().unwrap();
    Tensor::new(data, l).unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `local_tile` by (4, 2) with `X` over the column tiles, a thread
    /// share of it, and a slice: the coordinates the core's calls reach.
    #[test]
    fn nested_identity_equals_the_core(
        a in 1usize..5, b in 1usize..5, n in 1usize..13, t in 0usize..8, thread in 0usize..4,
    ) {
        let data: Vec<usize> = (0..LEN).collect();
        let c = typed::make_identity_tensor(((a, b), n));
        let core = encoded(&data, a, b, n);
        // The whole tensor: element ((i0,i1),j) is [i0,i1,j], by 1-D index per mode too.
        for j in 0..n {
            for i in 0..a * b {
                prop_assert_eq!(c.get((i, j)), [i % a, i / a, j]);
                prop_assert_eq!(c.get(((i % a, i / a), j)), [i % a, i / a, j]);
            }
        }
        // Tile 4 spreads over (a,b) when a and the part of 4 it takes divide one another.
        let spreads = a.min(4) != 0 && 4 % a.min(4) == 0 && a % a.min(4) == 0;
        let t = t % (a * b).div_ceil(4);
        let tile = c.local_tile((C::<4>, C::<2>), (t, X));
        prop_assert_eq!(tile.is_ok(), spreads);
        let Ok(tile) = tile else { return Ok(()) };
        let core_tile = tensor::local_tile(core.view(), (4, 2), (t, X)).unwrap();
        let tiles = n.div_ceil(2);
        for l in 0..tiles {
            for j in 0..2 {
                for i in 0..4 {
                    let want = decode(*core_tile.get((i, j, l)).unwrap());
                    prop_assert_eq!(tile.get((i, j, l)), want);
                }
            }
        }
        // Thread `thread` of (2,2) threads: the core's share of the core's tile.
        let threads = layout!(type (2,2):(1,2));
        let share = tile.local_partition(&threads, thread).unwrap(); // (2, 1, tiles)
        let core_threads: CoreLayout = "(2,2):(1,2)".parse().unwrap();
        let core_share = tensor::local_partition(core_tile, &core_threads, thread).unwrap();
        for l in 0..tiles {
            for j in 0..1 {
                for i in 0..2 {
                    let want = decode(*core_share.get((i, j, l)).unwrap());
                    prop_assert_eq!(share.get((i, j, l)), want);
                }
            }
            // The predicate of one column tile: every leaf below its extent.
            let sliced = share.slice((X, X, l)).unwrap();
            let pred = sliced.predicate([a, b, n]).unwrap();
            for j in 0..1 {
                for i in 0..2 {
                    let [i0, i1, jj] = sliced.get((i, j));
                    prop_assert_eq!(pred[(i, j)], i0 < a && i1 < b && jj < n);
                }
            }
        }
    }
}

/// Static extents stay static: the tile of a static identity tensor has a
/// zero-sized shape part, and its coordinates are those of the definition.
#[test]
fn static_identity_tensor() {
    let c = typed::make_identity_tensor(((C::<2>, C::<4>), C::<8>));
    assert_eq!(c.get(((1, 3), 7)), [1, 3, 7]);
    let tile = c.local_tile((C::<4>, C::<2>), (1, 3)).unwrap();
    assert_eq!(core::mem::size_of_val(&tile.shape()), 0);
    assert_eq!(tile.shape().0.0.get(), 2);
    for j in 0..2 {
        for i in 0..4 {
            // Mode 0's element 4 + i of (2,4): leaves ((4+i) % 2, (4+i) / 2).
            assert_eq!(tile.get((i, j)), [(4 + i) % 2, (4 + i) / 2, 6 + j]);
        }
    }
    let pred = tile.predicate([2, 3, 8]).unwrap();
    assert!(pred[(0, 0)] && !pred[(2, 0)]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The predicated copy out of, and epilogue into, a nested matrix
    /// `((a,b),n)` stored in exactly its size, tile by tile (4×3 tiles,
    /// registers `make_tensor_like` the tile): every element inside moves
    /// once, nothing else is touched.
    #[test]
    fn nested_predicated_tiles_touch_exactly_the_matrix(
        a in prop::sample::select(vec![1usize, 2, 4, 8]), b in 1usize..5, n in 1usize..10,
    ) {
        let size = a * b * n;
        let data: Vec<i64> = (0..size as i64).collect();
        let ab = a * b;
        let src = typed::Unbounded::new(&data[..], layout!(((a,b),n):((1,a),ab))).unwrap();
        let mut out = vec![-1i64; size];
        let mut dst = typed::Unbounded::new(&mut out[..], layout!(((a,b),n):((1,a),ab))).unwrap();
        let c = typed::make_identity_tensor(((a, b), n));
        let mut seen = 0;
        for t in 0..ab.div_ceil(4) {
            for u in 0..n.div_ceil(3) {
                let (tiler, coord) = ((C::<4>, C::<3>), (t, u));
                let one = (C::<1>, C::<1>);
                let g_s = src.by_ref().local_tile_step(tiler, coord, one).unwrap();
                let g_d = dst.by_mut().local_tile_step(tiler, coord, one).unwrap();
                let g_c = c.local_tile(tiler, coord).unwrap();
                let pred = g_c.predicate([a, b, n]).unwrap();
                let mut regs = typed::make_tensor_like::<i64, _, _, _, _>(&g_s).unwrap();
                typed::copy_if(&pred, &g_s, &mut regs);
                for j in 0..3 {
                    for i in 0..4 {
                        let [i0, i1, jj] = g_c.get((i, j));
                        let inside = i0 < a && i1 < b && jj < n;
                        let want = if inside { seen += 1; (i0 + a * i1 + ab * jj) as i64 } else { 0 };
                        prop_assert_eq!(regs[(i, j)], want);
                    }
                }
                let mut g_d = g_d;
                typed::axpby_if(&pred, 2, &regs, 0, &mut g_d);
            }
        }
        prop_assert_eq!(seen, size);
        let want: Vec<i64> = data.iter().map(|x| 2 * x).collect();
        prop_assert_eq!(out, want);
    }
}
