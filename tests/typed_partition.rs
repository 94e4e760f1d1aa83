//! The typed partitions (`layout_dsl::tensor::typed`) against the run-time
//! ones of `layout_dsl::tensor` (the reference, on the core's algebra): the
//! same shape, and the same element at every coordinate, over buffers whose
//! elements are their own positions. Then the laws: thread partitions
//! cover a tensor once; static leaves stay static; the typed fits check
//! agrees with the core's.

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::{C, CeilQuot, Layout, Prod, UnitZero};
use layout_dsl::{Layout as CoreLayout, layout};
use proptest::prelude::*;

/// Positions `0..len` as the elements, so an element names its offset.
fn positions(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// The elements in layout order and the shape, of any tensor.
fn seen<L: tensor::AsLayout>(t: &Tensor<&[usize], L>) -> (String, Vec<usize>) {
    let core = t.layout().to_core().unwrap();
    (core.shape().to_string(), t.iter().copied().collect())
}

fn core_matrix(m: usize, n: usize, ld: usize) -> CoreLayout {
    format!("({m},{n}):(1,{ld})").parse().unwrap()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// `local_tile` by a static (4,8) tiler, at a tile or with `X`.
    #[test]
    fn local_tile_equals_the_core(m in 1usize..40, n in 1usize..40, pad in 0usize..3, i in 0usize..10, j in 0usize..5) {
        let ld = m + pad;
        // Room for the partial tiles past (m, n).
        let data = positions(ld * n.next_multiple_of(8) + m.next_multiple_of(4) + 8);
        let typed_t = Tensor::new(&data[..], layout!((m,n):(1,ld))).unwrap();
        let core_t = Tensor::new(&data[..], core_matrix(m, n, ld)).unwrap();
        let (i, j) = (i % m.div_ceil(4), j % n.div_ceil(8));
        let got = typed::local_tile(typed_t, (C::<4>, C::<8>), (i, j)).unwrap();
        let want = tensor::local_tile(core_t.view(), (4, 8), (i, j)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        let got = typed::local_tile(typed_t, (C::<4>, C::<8>), (i, X)).unwrap();
        let want = tensor::local_tile(core_t.view(), (4, 8), (i, X)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        let got = typed::inner_partition(typed_t, (C::<4>, C::<8>), (X, j)).unwrap();
        let want = tensor::inner_partition(core_t.view(), (4, 8), (X, j)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        // outer_partition: element (i % 4, j % 8) of every tile.
        let got = typed::outer_partition(typed_t, (C::<4>, C::<8>), (i % 4, j % 8)).unwrap();
        let want = tensor::outer_partition(core_t.view(), (4, 8), (i % 4, j % 8)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        // CuTe's Step: the (4, _, 8) tiler projected to modes 0 and 2.
        let got = typed::local_tile_step(typed_t, (C::<4>, C::<2>, C::<8>), (i, 7, X), (C::<1>, X, C::<1>)).unwrap();
        let want = tensor::local_tile_step(core_t.view(), (4, 2, 8), (i, 7, X), (1, X, 1)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
    }

    /// `local_partition` by column- and row-major thread layouts, and with a step.
    #[test]
    fn local_partition_equals_the_core(m in 1usize..40, n in 1usize..40, k in 1usize..4, thr in 0usize..8) {
        let data = positions(m.next_multiple_of(4) * n.next_multiple_of(2) * k + 8);
        let ld = m.next_multiple_of(4);
        let ldk = ld * n.next_multiple_of(2);
        let shape = layout!((m,n,k):(1,ld,ldk));
        let core: CoreLayout = shape.to_core().unwrap();
        let typed_t = Tensor::new(&data[..], shape).unwrap();
        let core_t = Tensor::new(&data[..], core).unwrap();
        let col = layout!(type (4,2):(1,4));
        let row = layout!(type (4,2):(2,1));
        macro_rules! check {
            ($t:expr) => {{
                let (t, c) = ($t, $t.to_core().unwrap());
                let got = typed::local_partition(typed_t, &t, thr).unwrap();
                let want = tensor::local_partition(core_t.view(), &c, thr).unwrap();
                prop_assert_eq!(seen(&got), seen(&want));
                let got = typed::local_partition_step(typed_t, &t, thr, (X, C::<1>)).unwrap();
                let want = tensor::local_partition_step(core_t.view(), &c, thr, (X, 1)).unwrap();
                prop_assert_eq!(seen(&got), seen(&want));
            }};
        }
        check!(col);
        check!(row);
        prop_assert!(typed::local_partition(typed_t, &col, 8).is_err());
    }

    /// `t(_, j, _)` and `t(i, _, k)`.
    #[test]
    fn slice_equals_the_core(m in 1usize..9, n in 1usize..9, k in 1usize..4, c in 0usize..100) {
        let data = positions(m * n * k);
        let mn = m * n;
        let l = layout!((m,n,k):(n,1,mn));
        let typed_t = Tensor::new(&data[..], l).unwrap();
        let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
        let (i, j, kk) = (c % m, c % n, c % k);
        let got = typed::slice(typed_t, (X, j, X)).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice((X, j, X))));
        let got = typed::slice(typed_t, (i, X, kk)).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice((i, X, kk))));
        prop_assert!(typed::slice(typed_t, (m, X, 0)).is_err());
    }

    /// Every element of a tensor the threads divide is in exactly one
    /// thread's share.
    #[test]
    fn thread_shares_cover_once(mt in 1usize..6, nt in 1usize..6, k in 1usize..3) {
        let (m, n) = (4 * mt, 2 * nt);
        let data = positions(m * n * k);
        let mn = m * n;
        let t = Tensor::new(&data[..], layout!((m,n,k):(1,m,mn))).unwrap();
        macro_rules! check {
            ($thr_layout:expr) => {{
                let mut count = vec![0; data.len()];
                for thr in 0..8 {
                    for &p in typed::local_partition(t, &$thr_layout, thr).unwrap().iter() {
                        count[p] += 1;
                    }
                }
                prop_assert!(count.iter().all(|&c| c == 1), "{:?}", count);
            }};
        }
        check!(layout!(type (4,2):(1,4)));
        check!(layout!(type (4,2):(2,1)));
    }

    /// The fits check on the typed trees answers as the core's.
    #[test]
    fn typed_fits_equals_the_core(m in 0usize..6, n in 0usize..6, d in 0usize..9, base in 0usize..20, len in 0usize..60) {
        let data = positions(len);
        let l = layout!((m,n):(d,3));
        let typed_ok = Tensor::at_base(&data[..], l, base).is_ok();
        let core_ok = Tensor::at_base(&data[..], l.to_core().unwrap(), base).is_ok();
        prop_assert_eq!(typed_ok, core_ok);
        let signed = layout!((3,m):(-1,2));
        let typed_ok = Tensor::at_base(&data[..], signed, base).is_ok();
        let core_ok = Tensor::at_base(&data[..], signed.to_core().unwrap(), base).is_ok();
        prop_assert_eq!(typed_ok, core_ok);
    }

    /// `gemm`, `copy`, `axpby` on typed tensors equal the textbook loops.
    #[test]
    fn algorithms_equal_naive_loops(m in 1usize..6, n in 1usize..6, k in 1usize..6, seed in 0usize..50) {
        let val = |i: usize| ((i * 7 + seed) % 11) as i64 - 5;
        let a: Vec<i64> = (0..m * k).map(val).collect();
        let b: Vec<i64> = (0..k * n).map(|i| val(i + 3)).collect();
        let mut c: Vec<i64> = (0..m * n).map(|i| val(i + 1)).collect();
        let mut want = c.clone();
        for j in 0..n {
            for i in 0..m {
                for p in 0..k {
                    want[i + j * m] += a[i + p * m] * b[j * k + p];
                }
            }
        }
        let ta = Tensor::new(&a[..], layout!((m,k):(1,m))).unwrap();
        let tb = Tensor::new(&b[..], layout!((n,k):(k,1))).unwrap(); // B row-major
        let mut tc = Tensor::new(&mut c[..], layout!((m,n):(1,m))).unwrap();
        typed::gemm(&ta, &tb, &mut tc);
        prop_assert_eq!(&c, &want);

        let mut out = vec![0i64; m * k];
        let mut to = Tensor::new(&mut out[..], layout!((m,k):(k,1))).unwrap();
        typed::copy(&ta, &mut to);
        let mut y = vec![1i64; m * k];
        let mut ty = Tensor::new(&mut y[..], layout!((m,k):(k,1))).unwrap();
        typed::axpby(2, &ta, 3, &mut ty);
        for i in 0..m {
            for p in 0..k {
                prop_assert_eq!(out[i * k + p], a[i + p * m]);
                prop_assert_eq!(y[i * k + p], 2 * a[i + p * m] + 3);
            }
        }
    }
}

/// A partition of a static layout is static: the leaves `CeilQuot`/`Prod`, no
/// field at all, and the same offsets as the core's partition.
#[test]
fn static_partitions_stay_static() {
    let data = positions(1024);
    let s = Tensor::new(&data[..], layout!(type (128,8):(1,128))).unwrap();
    let t_c = layout!(type (16,16):(1,16));
    let p = typed::local_partition_step(s, &t_c, 37, (C::<1>, X)).unwrap();
    // The rest's stride is 0 where its static extent is 1 (`UnitZero`).
    type Share = Layout<
        (CeilQuot<C<128>, C<16>>, C<8>),
        (UnitZero<CeilQuot<C<128>, C<16>>, Prod<C<1>, C<16>>>, C<128>),
    >;
    let layout: &Share = p.layout();
    assert_eq!(core::mem::size_of::<Share>(), 0);
    assert_eq!(layout.to_string(), "(8,8):(16,128)");
    let core_s = Tensor::new(&data[..], s.layout().to_core().unwrap()).unwrap();
    let want =
        tensor::local_partition_step(core_s.view(), &t_c.to_core().unwrap(), 37, (1, X)).unwrap();
    assert_eq!(seen(&p), seen(&want));
    // make_tensor_like: compact and static.
    let like = typed::make_tensor_like::<f32, _, _, _, _>(&p).unwrap();
    assert_eq!(like.layout().to_string(), "(8,8):(1,8)");
    assert_eq!(core::mem::size_of_val(like.layout()), 0);
}

/// Errors name the values.
#[test]
fn errors_name_the_values() {
    let data = positions(100);
    let (m, n) = (10, 10);
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    // Tile 3 of 4 rows does not exist (ceil(10/4) = 3 tiles: 0..3).
    let e = typed::local_tile(t, (C::<4>, C::<5>), (3, 0)).unwrap_err();
    assert!(e.to_string().contains('3'), "{e}");
    // The last tile of 4 rows reaches past the 100 elements.
    assert!(typed::local_tile(t, (C::<4>, C::<5>), (2, 1)).is_err());
    let e = typed::local_partition(t, &layout!(type (2,2):(1,2)), 4).unwrap_err();
    assert!(e.to_string().contains("thread index"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// `UnitTile` and `C<1>` (both CuTe's tile `_1:_0` over a single extent)
    /// cut the same elements as the core's tile of 1, at a tile or with `X`,
    /// and a tiler nested like a tuple mode with its coordinate nested alike.
    #[test]
    fn unit_tiles_and_nested_tilers_equal_the_core(m in 1usize..20, n in 1usize..12, i in 0usize..20, j in 0usize..12) {
        let data = positions(m.next_multiple_of(4) * n + 8);
        let typed_t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
        let core_t = Tensor::new(&data[..], core_matrix(m, n, m)).unwrap();
        let (i, j) = (i % m.div_ceil(4), j % n);
        let want = tensor::local_tile(core_t.view(), (4, 1), (i, j)).unwrap();
        let unit = typed::local_tile(typed_t, (C::<4>, typed::UnitTile), (i, j)).unwrap();
        prop_assert_eq!(seen(&unit), seen(&want));
        prop_assert!(unit.layout().to_string().ends_with(":(1,0)"));
        let one = typed::local_tile(typed_t, (C::<4>, C::<1>), (i, j)).unwrap();
        prop_assert_eq!(seen(&one), seen(&want));
        prop_assert_eq!(one.layout().to_string(), unit.layout().to_string());
        let want = tensor::local_tile(core_t.view(), (4, 1), (i, X)).unwrap();
        let got = typed::local_tile(typed_t, (C::<4>, typed::UnitTile), (i, X)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        // ((4,4),n) by ((2,2),4) at ((a,b),k): the core's by-mode tiler.
        let data = positions(16 * n.next_multiple_of(4));
        let nested = Tensor::new(&data[..], layout!(((4,4),n):((1,4),16))).unwrap();
        let core_l: CoreLayout = format!("((4,4),{n}):((1,4),16)").parse().unwrap();
        let core_n = Tensor::new(&data[..], core_l).unwrap();
        let (a, b, k) = (i % 2, j % 2, j % n.div_ceil(4));
        let got = typed::local_tile(nested, ((C::<2>, C::<2>), C::<4>), ((a, b), k)).unwrap();
        let tiler = layout_dsl::Tiler::try_from(layout_dsl::IntTuple::from(vec![
            layout_dsl::IntTuple::from([2, 2]),
            layout_dsl::IntTuple::Int(4),
        ])).unwrap();
        let coord: layout_dsl::Coord = format!("(({a},{b}),{k})").parse::<layout_dsl::IntTuple>().unwrap().into();
        let want = tensor::local_tile(core_n.view(), tiler, coord).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
    }
}

/// A static tile that does not divide a static single extent leaves a
/// partial last tile, as CuTe's (no `static_assert` there; it used to be a
/// compile error here). CuTe C++ (CUTLASS headers, static `Int<N>`):
/// `local_tile((_4,_8):(_8,_1), (_3,_8), (1,0))` is `(_3,_8):(_8,_1)` at 24;
/// `local_partition((_8,_8):(_1,_8), (_3,_1):(_1,_3), 0)` is
/// `(_3,_8):(_3,_8)` at 0, thread 2's at 2.
#[test]
fn a_static_partial_tile_is_cutes() {
    let data = positions(64);
    let t = Tensor::new(&data[..32], layout!(type (4,8):(8,1))).unwrap();
    let first = typed::local_tile(t, (C::<3>, C::<8>), (0, 0)).unwrap();
    assert_eq!(
        (first.layout().to_string(), first.base()),
        ("(3,8):(8,1)".to_string(), 0)
    );
    // Tile 1 (rows 3..6) reaches past the 32 elements: refused, never read.
    assert!(typed::local_tile(t, (C::<3>, C::<8>), (1, 0)).is_err());
    // Over `Unbounded` it is CuTe's tile at 24, and the identity says which rows are in.
    let u = typed::Unbounded::new(&data[..32], layout!(type (4,8):(8,1))).unwrap();
    let last = u
        .local_tile_step((C::<3>, C::<8>), (1, 0), (C::<1>, C::<1>))
        .unwrap();
    assert_eq!(last.layout().to_string(), "(3,8):(8,1)");
    // Every tile row of them: ceil(4/3) = 2 tiles, a static leaf.
    let grid = u
        .by_ref()
        .local_tile_step((C::<3>, C::<8>), (X, 0), (C::<1>, C::<1>))
        .unwrap();
    let _: CeilQuot<C<4>, C<3>> = grid.layout().shape().2;
    assert_eq!(grid.layout().to_string(), "(3,8,2):(8,1,24)");
    let rows = typed::make_identity_tensor((C::<4>, C::<8>))
        .local_tile((C::<3>, C::<8>), (1, 0))
        .unwrap();
    assert_eq!((rows.get((0, 0)), rows.get((1, 0))), ([3, 0], [4, 0]));

    let t = Tensor::new(&data[..], layout!(type (8,8):(1,8))).unwrap();
    let threads = layout!(type (3,1):(1,3));
    let zero = typed::local_partition(t, &threads, 0).unwrap();
    assert_eq!(
        (zero.layout().to_string(), zero.base()),
        ("(3,8):(3,8)".to_string(), 0)
    );
    let one = typed::local_partition(t, &threads, 1).unwrap();
    assert_eq!(one.base(), 1);
    // Thread 2's third row is row 8: past the tensor.
    assert!(typed::local_partition(t, &threads, 2).is_err());
    // The same as the run-time partition, which the core computes.
    let core_t = Tensor::new(&data[..], t.layout().to_core().unwrap()).unwrap();
    let want = tensor::local_partition(core_t.view(), &threads.to_core().unwrap(), 0).unwrap();
    assert_eq!(seen(&zero), seen(&want));
}
