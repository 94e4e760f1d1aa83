//! The typed identity tensors and predicated algorithms
//! (`layout_dsl::tensor::typed`) against the run-time path of
//! `layout_dsl::tensor` (the core's identity tensor, the reference): the
//! same coordinate at every coordinate of every tile and thread share, the
//! same predicate as `elem_less` there, and predicated copies and
//! epilogues that touch exactly the elements inside the matrix.

use layout_dsl::tensor::{self, Tensor, X, elem_less, typed};
use layout_dsl::typed::C;
use layout_dsl::{BasisLayout, IntTuple, Layout as CoreLayout, ScaledBasis, layout};
use proptest::prelude::*;

fn core_layout(text: &str) -> CoreLayout {
    text.parse().unwrap()
}

/// A basis layout's shape and its leaves' strides, `0` for an extent of 1:
/// there the core's divide (integers only) gives the stride `0`, as CuTe
/// does for a static `_1`, where the typed shell keeps the stride CuTe
/// gives a dynamic extent that happens to be 1 (`3@1`); no offset differs.
fn moving(l: &BasisLayout) -> (IntTuple, Vec<ScaledBasis>) {
    let strides = l.shape().leaves().zip(l.leaf_strides());
    let strides = strides.map(|(e, s)| {
        if e == 1 {
            ScaledBasis::int(0)
        } else {
            s.clone()
        }
    });
    (l.shape().clone(), strides.collect())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// `local_tile` by a static (4,3) tiler with `X` over the columns,
    /// `local_partition` by (2,3) threads, a slice: the same coordinates
    /// as the core's identity tensor through the same calls, everywhere.
    #[test]
    fn partitioned_identity_equals_the_core(
        m in 1usize..30, n in 1usize..30, a in 0usize..8, thread in 0usize..6,
    ) {
        let a = a % m.div_ceil(4);
        let typed_c = typed::make_identity_tensor((m, n));
        let core_c = tensor::make_identity_tensor([m, n]).unwrap();
        let tile = typed_c.local_tile((C::<4>, C::<3>), (a, X)).unwrap(); // (4,3,n/3)
        let core_tile = tensor::local_tile(core_c, (4, 3), (a, X)).unwrap();
        let threads = layout!(type (2,3):(1,2));
        let part = tile.local_partition(&threads, thread).unwrap(); // (2,1,n/3)
        let core_part =
            tensor::local_partition(core_tile.clone(), &core_layout("(2,3):(1,2)"), thread).unwrap();
        let tiles = n.div_ceil(3);
        prop_assert_eq!(tile.shape().2, tiles);
        // CuTe's `layout()`: the same basis layout from both tensors.
        prop_assert_eq!(moving(&tile.layout().unwrap()), moving(&core_tile.layout().unwrap()));
        prop_assert_eq!(moving(&part.layout().unwrap()), moving(&core_part.layout().unwrap()));
        for l in 0..tiles {
            for j in 0..3 {
                for i in 0..4 {
                    prop_assert_eq!(Some(tile.get((i, j, l))), core_tile.get((i, j, l)));
                    prop_assert_eq!(tile.get((i, j, l)), [a * 4 + i, l * 3 + j]);
                }
            }
            for i in 0..2 {
                prop_assert_eq!(Some(part.get((i, 0, l))), core_part.get((i, 0, l)));
            }
            // A slice of the share, and its predicate: `elem_less` of each coordinate.
            let sliced = part.slice((X, X, l)).unwrap();
            let pred = sliced.predicate([m, n]).unwrap();
            for i in 0..2 {
                let coord = core_part.get((i, 0, l)).unwrap();
                prop_assert_eq!(sliced.get((i, 0)), coord);
                prop_assert_eq!(pred[(i, 0)], elem_less(coord, [m, n]));
            }
        }
    }

    /// The predicated copy out of, and epilogue into, a matrix stored in
    /// exactly its size, tile by tile (4×3 tiles, `Step` over the columns):
    /// every element inside moves once, nothing else is touched.
    #[test]
    fn predicated_tiles_touch_exactly_the_matrix(m in 1usize..20, n in 1usize..20) {
        let data: Vec<i64> = (0..(m * n) as i64).collect();
        let src = typed::Unbounded::new(&data[..], layout!((m,n):(1,m))).unwrap();
        let mut out = vec![-1i64; m * n];
        let mut dst = typed::Unbounded::new(&mut out[..], layout!((m,n):(1,m))).unwrap();
        let c = typed::make_identity_tensor((m, n));
        let one = C::<1>;
        let mut seen = 0;
        for a in 0..m.div_ceil(4) {
            for b in 0..n.div_ceil(3) {
                let tiler = (C::<4>, C::<3>, C::<1>);
                let coord = (a, b, X);
                let g_s = src.by_ref().local_tile_step(tiler, coord, (one, one, X)).unwrap();
                let g_d = dst.by_mut().local_tile_step(tiler, coord, (one, one, X)).unwrap();
                let g_c = c.local_tile_step(tiler, coord, (one, one, X)).unwrap();
                let pred = g_c.predicate([m, n]).unwrap();
                let mut tile = Tensor::new(vec![0i64; 12], layout!(type (4,3):(1,4))).unwrap();
                typed::copy_if(&pred, &g_s, &mut tile);
                for j in 0..3 {
                    for i in 0..4 {
                        let [r, s] = g_c.get((i, j));
                        let want = if r < m && s < n { seen += 1; (r + s * m) as i64 } else { 0 };
                        prop_assert_eq!(tile[(i, j)], want);
                    }
                }
                // y = 2·x + 0·y into the matrix, inside only.
                let mut g_d = g_d;
                typed::axpby_if(&pred, 2, &tile, 0, &mut g_d);
            }
        }
        prop_assert_eq!(seen, m * n);
        let want: Vec<i64> = data.iter().map(|x| 2 * x).collect();
        prop_assert_eq!(out, want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// A thread's predicated share of a tile, typed (`Unbounded`, identity
    /// tensor, `copy_if` from an `Unbounded` view) against the core's `Residue` through the
    /// same calls, at every coordinate: the same element where the core
    /// has one, untouched where it has none.
    #[test]
    fn predicated_share_equals_the_core_residue(
        m in 1usize..24, n in 1usize..24, a in 0usize..6, b in 0usize..8, thread in 0usize..6,
    ) {
        let (a, b) = (a % m.div_ceil(4), b % n.div_ceil(3));
        let data: Vec<i64> = (0..(m * n) as i64).collect();
        let threads = layout!(type (2,3):(1,2));
        // Typed.
        let src = typed::Unbounded::new(&data[..], layout!((m,n):(1,m))).unwrap();
        let one = C::<1>;
        let share = src
            .local_tile_step((C::<4>, C::<3>), (a, b), (one, one))
            .unwrap()
            .local_partition(&threads, thread)
            .unwrap(); // (2,1)
        let coords = typed::make_identity_tensor((m, n))
            .local_tile((C::<4>, C::<3>), (a, b))
            .unwrap()
            .local_partition(&threads, thread)
            .unwrap();
        let pred = coords.predicate([m, n]).unwrap();
        let mut got = Tensor::new(vec![-1i64; 2], layout!(type (2,1):(1,2))).unwrap();
        typed::copy_if(&pred, &share, &mut got);
        // Core.
        let whole = Tensor::new(&data[..], core_layout(&format!("({m},{n}):(1,{m})"))).unwrap();
        let residue = tensor::Residue::new(whole, [m, n]).unwrap();
        let tile = tensor::local_tile(residue, (4, 3), (a, b)).unwrap();
        let core_share =
            tensor::local_partition(tile, &core_layout("(2,3):(1,2)"), thread).unwrap();
        for i in 0..2 {
            let want = core_share.get((i, 0)).copied().unwrap_or(-1);
            prop_assert_eq!(got[(i, 0)], want);
        }
    }
}

/// `copy_if` between checked tensors: the masked elements keep their values.
#[test]
fn copy_if_between_tensors_keeps_the_masked_elements() {
    let src = Tensor::new(vec![1, 2, 3, 4, 5, 6], layout!(type (2,3):(3,1))).unwrap();
    let mut dst = Tensor::new(vec![0; 6], layout!(type (2,3):(1,2))).unwrap();
    let c = typed::make_identity_tensor((2, 3));
    let pred = c.predicate([2, 2]).unwrap(); // column 2 masked
    typed::copy_if(&pred, &src, &mut dst);
    assert_eq!(dst[(0, 0)], 1);
    assert_eq!(dst[(1, 0)], 4);
    assert_eq!(dst[(1, 1)], 5);
    assert_eq!(dst[(0, 2)], 0);
    assert_eq!(dst[(1, 2)], 0);
}

/// A predicate that admits an element past the storage panics; it never
/// reads there.
#[test]
#[should_panic(expected = "the predicate admits an element past the tensor's storage")]
fn a_predicate_admitting_past_the_storage_panics() {
    let (m, n) = (5usize, 3usize);
    let data = vec![0.0f32; m * n];
    let src = typed::Unbounded::new(&data[..], layout!((m,n):(1,m))).unwrap();
    let tile = src
        .local_tile_step((C::<4>, C::<2>), (1, 1), (C::<1>, C::<1>))
        .unwrap();
    let all = Tensor::new(vec![true; 8], layout!(type (4,2):(1,4))).unwrap();
    let mut dst = Tensor::new(vec![0.0f32; 8], layout!(type (4,2):(1,4))).unwrap();
    typed::copy_if(&all, &tile, &mut dst);
}

/// An identity tensor's partition whose coordinates would overflow is an
/// error; so is any partition of a shape whose size passes `i64::MAX`,
/// which the core's identity layout refuses (tests/typed_identity_overflow.rs).
#[test]
fn identity_coordinates_that_overflow_are_refused() {
    let c = typed::make_identity_tensor((i64::MAX as usize / 4, 4));
    assert!(c.local_tile((C::<4>, C::<4>), (usize::MAX / 8, 0)).is_err());
    assert!(c.local_tile((C::<4>, C::<4>), (0, 0)).is_ok());
    let past = typed::make_identity_tensor((usize::MAX / 2, 4));
    assert!(past.local_tile((C::<4>, C::<4>), (0, 0)).is_err());
    assert!(
        layout_dsl::evaluate(&format!("make_identity_layout(({},4))", usize::MAX / 2)).is_err()
    );
}

/// CuTe's print of the sgemm tutorial's `tAcA` (identity tensor of
/// (M,K) = (128,80), `local_tile` by (128,128,8) at (0,0,_) with
/// `Step<_1,X,_1>`, `local_partition` by the (32,8):(1,32) copy threads,
/// thread 0) is `(_4,_1,10):(_32@0,_0,_8@1)` (g++ with CUTLASS's headers,
/// `print(tAcA.layout())`): `layout()`'s basis strides; the integer
/// layouts it is made of are `entry_layouts()`.
#[test]
fn layout_prints_the_basis_strides_as_cute() {
    let (m, k) = (128usize, 80usize);
    let c_a = typed::make_identity_tensor((m, k));
    assert_eq!(c_a.layout().unwrap().to_string(), "(128,80):(1@0,1@1)");
    let tiler = (C::<128>, C::<128>, C::<8>);
    let g_a = c_a
        .local_tile_step(tiler, (0, 0, X), (C::<1>, X, C::<1>))
        .unwrap();
    let t_a = layout!(type (32,8):(1,32));
    let ta_ca = g_a.local_partition(&t_a, 0).unwrap();
    let layout = ta_ca.layout().unwrap();
    assert_eq!(layout.to_string(), "(4,1,10):(32@0,0,8@1)");
    let [e0, e1] = ta_ca.entry_layouts();
    assert_eq!(e0.to_string(), "(4,1,10):(32,0,0)");
    assert_eq!(e1.to_string(), "(4,1,10):(0,0,8)");
    // Thread 33 (row 1, column 1 of the threads) starts at coordinate (1,1).
    let t33 = g_a.local_partition(&t_a, 33).unwrap();
    assert_eq!(t33.get((0, 0, 0)), [1, 1]);
    assert_eq!(t33.layout().unwrap().to_string(), "(4,1,10):(32@0,0,8@1)");
}

/// The run-time identity tensor's `layout()` after the tutorial's calls
/// above: CuTe's printed `(_4,_1,10):(_32@0,_0,_8@1)` without the
/// underscores, and the typed tensor's answer; unpartitioned, CuTe's
/// `make_identity_layout((4,8))` (`(_4,_8):(_1@0,_1@1)`, g++ with CUTLASS's
/// headers), which is also the core's `BasisLayout::identity`.
#[test]
fn run_time_layout_prints_the_basis_strides_as_cute() {
    let cute = |printed: &str| printed.replace('_', "");
    let c = tensor::make_identity_tensor([4, 8]).unwrap();
    let layout = c.layout().unwrap();
    assert_eq!(layout.to_string(), cute("(_4,_8):(_1@0,_1@1)"));
    let shape = "(4,8)".parse().unwrap();
    assert_eq!(layout, BasisLayout::identity(&shape).unwrap());
    assert_eq!(
        layout,
        typed::make_identity_tensor((4usize, 8usize))
            .layout()
            .unwrap()
    );

    let (m, k) = (128usize, 80usize);
    let c_a = tensor::make_identity_tensor([m, k]).unwrap();
    let g_a = tensor::local_tile_step(c_a, (128, 128, 8), (0, 0, X), (1, X, 1)).unwrap();
    let t_a = core_layout("(32,8):(1,32)");
    let ta_ca = tensor::local_partition(g_a.clone(), &t_a, 0).unwrap();
    let layout = ta_ca.layout().unwrap();
    assert_eq!(layout.to_string(), cute("(_4,_1,10):(_32@0,_0,_8@1)"));
    let typed_g_a = typed::make_identity_tensor((m, k))
        .local_tile_step((C::<128>, C::<128>, C::<8>), (0, 0, X), (C::<1>, X, C::<1>))
        .unwrap();
    let typed_t_a = layout!(type (32,8):(1,32));
    assert_eq!(
        layout,
        typed_g_a
            .local_partition(&typed_t_a, 0)
            .unwrap()
            .layout()
            .unwrap()
    );
    // Thread 33 starts elsewhere; its layout is the same (the origin is not in it).
    let t33 = tensor::local_partition(g_a, &t_a, 33).unwrap();
    assert_eq!(t33.get((0, 0, 0)), Some([1, 1]));
    assert_eq!(t33.layout().unwrap(), layout);
}
