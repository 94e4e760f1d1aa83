//! `typed::local_partition_masked`: a thread's share that carries its
//! residue (`src/private/partition/partition_residue.rs`) instead of being
//! checked against the storage. Against a naive loop: every thread of
//! several thread layouts (non-power-of-two, nested, transposed) over
//! tensors whose extents they do not divide, in buffers cut exactly at the
//! tensor's last element, every element of the tensor is read exactly
//! once across the threads and nothing else is read (no masked element,
//! not the padding past a leading dimension).

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::Int;
use proptest::prelude::*;

/// A buffer of `len` elements, element `k` being `k`.
fn buffer(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// Every thread (by coordinate `(c0, c1)` in a thread layout of mode sizes
/// `T0`, `T1`, and by its index `thr(c)`) of `$thr` over the rank-2 tensor
/// `$t` whose modes have `$s0`, `$s1` coordinates: the share's element
/// `(i, j)` is the tensor's `(c0 + T0·i, c1 + T1·j)` where both lie inside
/// it, and masked elsewhere, by every coordinate form. Adds each element
/// read to `$seen` (by the value, its position).
macro_rules! every_thread {
    ($t:expr, $thr:expr, ($s0:expr, $s1:expr), $seen:expr) => {{
        let (t, thr) = ($t, $thr);
        let (t0, t1): (usize, usize) = (thr.mode_size::<0>().get(), thr.mode_size::<1>().get());
        let (r0, r1) = ($s0.div_ceil(t0), $s1.div_ceil(t1));
        for c1 in 0..t1 {
            for c0 in 0..t0 {
                let share = typed::local_partition_masked(t, &thr, (c0, c1)).unwrap();
                let by_index =
                    typed::local_partition_masked(t, &thr, thr.crd2idx((c0, c1))).unwrap();
                prop_assert_eq!(share.layout(), by_index.layout());
                prop_assert_eq!(share.base(), by_index.base());
                prop_assert_eq!(share.size(), r0 * r1);
                let want_residue = (($s0 + t0 - 1 - c0) / t0, ($s1 + t1 - 1 - c1) / t1);
                prop_assert_eq!(share.residue(), want_residue);
                let mut iter = share.iter();
                for j in 0..r1 {
                    for i in 0..r0 {
                        let (x, y) = (c0 + t0 * i, c1 + t1 * j);
                        let want = (x < $s0 && y < $s1).then(|| &t[(x, y)]);
                        prop_assert_eq!(
                            share.get((i, j)),
                            want,
                            "thread ({}, {}) at ({}, {})",
                            c0,
                            c1,
                            i,
                            j
                        );
                        prop_assert_eq!(share.get(i + r0 * j), want);
                        prop_assert_eq!(iter.next(), Some(want));
                        prop_assert_eq!(share.is_valid((i, j)), want.is_some());
                        if let Some(&v) = want {
                            $seen[v] += 1;
                            prop_assert_eq!(share[(i, j)], v);
                        }
                    }
                    prop_assert_eq!(share.get((r0, j)), None);
                }
                prop_assert_eq!(iter.next(), None);
                prop_assert_eq!(share.get(r0 * r1), None);
                let mut valid = vec![];
                share.for_each_valid(|i, &v| valid.push((i, v)));
                let from_iter: Vec<_> = share
                    .iter()
                    .enumerate()
                    .filter_map(|(i, v)| Some((i, *v?)))
                    .collect();
                prop_assert_eq!(valid, from_iter);
                // The plain share is the same layout and base where it is
                // accepted; the masked one is a tensor exactly when none
                // of it is masked.
                if let Ok(plain) = typed::local_partition(t, &thr, (c0, c1)) {
                    prop_assert_eq!(plain.layout(), share.layout());
                    prop_assert_eq!(plain.base(), share.base());
                }
                let whole = want_residue == (r0, r1) || r0 * r1 == 0;
                match share.into_tensor() {
                    Ok(tensor) => {
                        prop_assert!(whole);
                        let got: Vec<_> = tensor.iter().collect();
                        let want: Vec<_> = share.iter().map(Option::unwrap).collect();
                        prop_assert_eq!(got, want);
                    }
                    Err(_) => prop_assert!(!whole),
                }
            }
        }
        prop_assert!(typed::local_partition_masked(t, &thr, t0 * t1).is_err());
    }};
}

/// Every position of the tensor `t` read once, and no other.
fn each_once(
    t: &Tensor<&[usize], impl layout_dsl::tensor::AsLayout>,
    seen: &[usize],
) -> Result<(), TestCaseError> {
    let mut want = vec![0; seen.len()];
    for p in t.positions() {
        want[p] += 1;
    }
    prop_assert_eq!(seen, &want[..]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Rank 2, column- or row-major with a padded leading dimension, at a
    /// base past 0, in a buffer that ends at the tensor's last element (or
    /// a little past it).
    #[test]
    fn every_element_read_once(
        m in 0usize..41, n in 0usize..19, row_major in any::<bool>(), pad in 0usize..3,
        base in 0usize..3, tail in 0usize..3,
    ) {
        let (d0, d1) = if row_major { (n + pad, 1) } else { (1, m + pad) };
        let reach = if m * n == 0 { 0 } else { base + (m - 1) * d0 + (n - 1) * d1 + 1 };
        let data = buffer(reach + tail);
        let t = Tensor::at_base(&data[..], layout!((m,n):(d0,d1)), base).unwrap();
        let mut seen = vec![0; data.len()];
        every_thread!(t, layout!(type (32,8):(1,32)), (m, n), seen);
        each_once(&t, &seen)?;
        let mut seen = vec![0; data.len()];
        every_thread!(t, layout!(type (3,5):(5,1)), (m, n), seen);
        each_once(&t, &seen)?;
        let mut seen = vec![0; data.len()];
        every_thread!(t, layout!(type (2,(3,2)):(1,(2,6))), (m, n), seen);
        each_once(&t, &seen)?;
        let mut seen = vec![0; data.len()];
        every_thread!(t, layout!(type (1,7):(7,1)), (m, n), seen);
        each_once(&t, &seen)?;
    }

    /// A tuple mode `(2,m)` (alone, or with a leaf after it), tiled
    /// exactly by 4 only for even `m`: masked shares of it are refused
    /// unless it is (its valid coordinates are no count per mode).
    #[test]
    fn tuple_modes_read_once_or_refused(m in 1usize..10, n in 1usize..8, pad in 0usize..3, tail in 0usize..2) {
        let ld = 2 * m + pad;
        let data = buffer(2 * m + (n - 1) * ld + tail);
        let t = Tensor::new(&data[..], layout!(((2,m),n):((1,2),ld))).unwrap();
        let thr = layout!(type (4,2):(1,4));
        for k in 0..8 {
            let share = typed::local_partition_masked(t, &thr, k);
            prop_assert_eq!(share.is_ok(), m % 2 == 0, "{:?}", share.as_ref().err());
        }
        if m % 2 == 0 {
            let mut seen = vec![0; data.len()];
            every_thread!(t, thr, (2 * m, n), seen);
            each_once(&t, &seen)?;
        }
        let data = buffer(6 * m * n);
        let t = Tensor::new(&data[..], layout!(((2,m,3),n):((1,2,{2 * m}),{6 * m}))).unwrap();
        let share = typed::local_partition_masked(t, &thr, 0);
        prop_assert_eq!(share.is_ok(), m % 2 == 0);
        if m % 2 == 0 {
            let mut seen = vec![0; data.len()];
            every_thread!(t, thr, (6 * m, n), seen);
            each_once(&t, &seen)?;
        }
    }

    /// A signed stride: the residue's argument does not need the strides'
    /// signs.
    #[test]
    fn signed_layouts_read_once(m in 1usize..20, n in 1usize..8) {
        let data = buffer(m * n);
        let t = Tensor::at_base(&data[..], layout!((m,n):(-1,m)), m - 1).unwrap();
        let mut seen = vec![0; data.len()];
        every_thread!(t, layout!(type (4,2):(1,4)), (m, n), seen);
        each_once(&t, &seen)?;
    }

    /// A mode past the thread layout passes whole: all of it is inside.
    #[test]
    fn a_mode_past_the_threads_is_whole(m in 0usize..12, n in 1usize..5, k in 1usize..4, thr in 0usize..6) {
        let data = buffer(m * n * k);
        let t = Tensor::new(&data[..], layout!((m,n,k):(1,m,{m * n}))).unwrap();
        let share = typed::local_partition_masked(t, &layout!(type (3,2):(1,3)), thr).unwrap();
        let (c0, c1) = (thr % 3, thr / 3);
        let want = ((m + 2 - c0) / 3, (n + 1 - c1) / 2, k);
        prop_assert_eq!(share.residue(), want);
        for z in 0..k {
            for j in 0..n.div_ceil(2) {
                for i in 0..m.div_ceil(3) {
                    let (x, y) = (c0 + 3 * i, c1 + 2 * j);
                    let want = (x < m && y < n).then(|| &t[(x, y, z)]);
                    prop_assert_eq!(share.get((i, j, z)), want);
                }
            }
        }
        let mut valid = vec![];
        share.for_each_valid(|i, &v| valid.push((i, v)));
        let from_iter: Vec<_> = share.iter().enumerate().filter_map(|(i, v)| Some((i, *v?))).collect();
        prop_assert_eq!(valid, from_iter);
    }
}

/// The brief's shape: `(32,8)` threads over `(37,64)`, thread 5 holds
/// rows 5 and 37: its second row is masked, its element `(1,1)` too.
#[test]
fn a_partial_share_masks_its_last_row() {
    let (m, n) = (37, 64);
    let data: Vec<f32> = (0..m * n).map(|x| x as f32).collect();
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    let thr = layout!(type (32,8):(1,32));
    let share = typed::local_partition_masked(t, &thr, 5).unwrap();
    assert_eq!(share.layout().to_string(), "(2,8):(32,296)");
    assert_eq!(share.residue(), (1, 8));
    assert_eq!(share[(0, 1)], (5 + 8 * 37) as f32);
    assert_eq!(share.get((1, 1)), None);
    // Thread 4 of the same rows holds row 36: both rows inside.
    let share = typed::local_partition_masked(t, &thr, 4).unwrap();
    assert_eq!(share.residue(), (2, 8));
    assert_eq!(share[(1, 1)], (36 + 8 * 37) as f32);
}

#[test]
#[should_panic(expected = "coordinate (1, 1) of the share is masked")]
fn a_masked_read_panics() {
    let data = [0u8; 37 * 9];
    let t = Tensor::new(&data[..], layout!((37,9):(1,37))).unwrap();
    let share = typed::local_partition_masked(t, &layout!(type (32,8):(1,32)), 5).unwrap();
    let _ = share[(1, 1)];
}

/// A masked share is written only where it is inside: the padding rows
/// past `m` in a padded buffer stay as they were.
#[test]
fn writes_stay_inside() {
    let (m, n, ld) = (5, 3, 8);
    let mut data = vec![0u32; ld * n];
    let mut t = Tensor::new(&mut data[..], layout!((m,n):(1,ld))).unwrap();
    let thr = layout!(type (2,2):(1,2));
    for k in 0..4 {
        let mut share = typed::local_partition_masked(t.by_mut(), &thr, k).unwrap();
        share.for_each_valid_mut(|_, x| *x += 1);
        if let Some(x) = share.get_mut((2, 0)) {
            *x += 10;
        }
    }
    for j in 0..n {
        for i in 0..ld {
            let want = match i {
                _ if i >= m => 0,
                4 if j < 2 => 11, // row 4 is share row 2 of threads (0,0) and (0,1)
                _ => 1,
            };
            assert_eq!(data[i + ld * j], want, "({i},{j})");
        }
    }
}

/// Three modes of one element, the thread at 1 in each (over `usize::MAX`
/// zero-sized elements, the tensor at a base near `usize::MAX`): no
/// coordinate is inside, so nothing is read and the wrapped base is
/// harmless. Strides near 2^63 (the share's `2d` past `i64`) are refused,
/// as the core refuses them (branch i64named).
#[test]
fn a_share_past_every_mode_masks_everything() {
    let data = [(); usize::MAX];
    let thr = layout!(type (2,2,2):(1,2,4));
    let (one, d) = (1usize, (1usize << 63) - 1);
    let t = Tensor::new(&data[..], layout!((one,one,one):(d,d,d))).unwrap();
    let e = typed::local_partition_masked(t, &thr, 7).unwrap_err();
    assert!(e.to_string().contains("past i64::MAX"), "{e}");
    let d = 1usize << 61;
    let t = Tensor::at_base(&data[..], layout!((one,one,one):(d,d,d)), usize::MAX - 1).unwrap();
    let share = typed::local_partition_masked(t, &thr, 7).unwrap();
    assert_eq!(share.base(), (usize::MAX - 1).wrapping_add(3 * d));
    assert_eq!(share.residue(), (0, 0, 0));
    assert_eq!(share.get((0, 0, 0)), None);
    assert_eq!(share.get(0), None);
    assert!(share.into_tensor().is_err());
}

/// Extents near the largest the core holds (zero-sized elements, so the
/// tensor's facts say nothing of them): the counts and the cut stay exact,
/// and a coordinate whose product `c + T·j` wraps is masked, not read.
/// Past `i64` (`usize::MAX - 3`, where `s + T - 1` would wrap) the tensor
/// itself is refused when it is built, with the core's overflow error
/// (branch viewfix; before, its share was refused, branch i64named).
#[test]
fn huge_extents_stay_exact() {
    let data = [(); usize::MAX];
    let (one, zero) = (1usize, 0usize);
    let past = usize::MAX - 3;
    let e = Tensor::new(&data[..], layout!((past,one):(1,zero))).unwrap_err();
    assert!(
        matches!(e.kind(), layout_dsl::ErrorKind::Overflow(_)),
        "{e}"
    );
    let s = i64::MAX as usize - 3;
    // (The column's stride 0: `8·s` would overflow, an error of its own.)
    let t = Tensor::new(&data[..], layout!((s,one):(1,zero))).unwrap();
    let thr = layout!(type (32,8):(1,32));
    for c0 in [0, 5, 28, 31] {
        let share = typed::local_partition_masked(t, &thr, (c0, 0)).unwrap();
        let count = (s - c0).div_ceil(32);
        assert_eq!(share.residue(), (count, 1), "thread ({c0}, 0)");
        assert!(share.get((count - 1, 0)).is_some());
        assert_eq!(share.get((count, 0)), None);
        assert_eq!(share.get((usize::MAX, 0)), None);
        assert_eq!(share.get((0, usize::MAX)), None);
        assert_eq!(share.get(usize::MAX), None);
        // Column 1 of the threads: past the one column.
        let share = typed::local_partition_masked(t, &thr, (c0, 1)).unwrap();
        assert_eq!(share.residue(), (count, 0));
        assert_eq!(share.get((0, 0)), None);
    }
}
