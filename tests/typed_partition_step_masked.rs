//! `typed::local_partition_step_masked`: CuTe's `local_partition(t, thr,
//! idx, Step<…>{})` as a share that carries its residue. Against a naive
//! loop: every thread of rank-3 thread layouts (a mode projected away by
//! `X`, first, middle or last; a nested mode) over rank-2 tensors whose
//! extents the kept modes do not divide, in buffers cut exactly at the
//! tensor's last element: each element of the tensor is read once per
//! thread of the projected mode and nothing else is read.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use proptest::prelude::*;

/// Every thread `k` of `$thr` (`$n` threads) under `$step` over the
/// rank-2 tensor `$t` of extents `$s0`, `$s1`; `$coord(k)` is the thread's
/// coordinate in the two kept modes, of sizes `$t0`, `$t1`. The share's
/// element `(i, j)` is the tensor's `(c0 + t0·i, c1 + t1·j)` where inside,
/// masked elsewhere. Adds each element read to `$seen`.
macro_rules! every_thread {
    ($t:expr, $thr:expr, $step:expr, $n:expr, ($s0:expr, $s1:expr), ($t0:expr, $t1:expr), $coord:expr, $seen:expr) => {{
        let (t, thr, step, (t0, t1)): (_, _, _, (usize, usize)) = ($t, $thr, $step, ($t0, $t1));
        let (r0, r1) = ($s0.div_ceil(t0), $s1.div_ceil(t1));
        for k in 0..$n {
            let (c0, c1): (usize, usize) = $coord(k);
            let share = typed::local_partition_step_masked(t, &thr, k, step).unwrap();
            prop_assert_eq!(share.size(), r0 * r1);
            let want_residue = (($s0 + t0 - 1 - c0) / t0, ($s1 + t1 - 1 - c1) / t1);
            prop_assert_eq!(share.residue(), want_residue);
            let mut iter = share.iter();
            for j in 0..r1 {
                for i in 0..r0 {
                    let (x, y) = (c0 + t0 * i, c1 + t1 * j);
                    let want = (x < $s0 && y < $s1).then(|| &t[(x, y)]);
                    prop_assert_eq!(share.get((i, j)), want, "thread {} at ({}, {})", k, i, j);
                    prop_assert_eq!(iter.next(), Some(want));
                    if let Some(&v) = want {
                        $seen[v] += 1;
                        prop_assert_eq!(share[(i, j)], v);
                    }
                }
                prop_assert_eq!(share.get((r0, j)), None);
            }
            prop_assert_eq!(iter.next(), None);
            let mut valid = vec![];
            share.for_each_valid(|i, &v| valid.push((i, v)));
            let from_iter: Vec<_> = share
                .iter()
                .enumerate()
                .filter_map(|(i, v)| Some((i, *v?)))
                .collect();
            prop_assert_eq!(valid, from_iter);
            // The plain `Step` share is the same layout and base where it
            // is accepted.
            if let Ok(plain) = typed::local_partition_step(t, &thr, k, step) {
                prop_assert_eq!(plain.layout(), share.layout());
                prop_assert_eq!(plain.base(), share.base());
            }
        }
        prop_assert!(typed::local_partition_step_masked(t, &thr, $n, step).is_err());
    }};
}

/// Every position of `t` read `times` times (once per thread of the
/// projected mode), and no other.
fn each_times(
    t: &Tensor<&[usize], impl layout_dsl::tensor::AsLayout>,
    seen: &[usize],
    times: usize,
) -> Result<(), TestCaseError> {
    let mut want = vec![0; seen.len()];
    for p in t.positions() {
        want[p] += times;
    }
    prop_assert_eq!(seen, &want[..]);
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_element_read_once_per_projected_thread(
        m in 0usize..23, n in 0usize..13, row_major in any::<bool>(), pad in 0usize..3,
        base in 0usize..3, tail in 0usize..2,
    ) {
        let (d0, d1) = if row_major { (n + pad, 1) } else { (1, m + pad) };
        let reach = if m * n == 0 { 0 } else { base + (m - 1) * d0 + (n - 1) * d1 + 1 };
        let data = buffer(reach + tail);
        let t = Tensor::at_base(&data[..], layout!((m,n):(d0,d1)), base).unwrap();
        let one = C::<1>;
        // Step<_1,X,_1>: the middle mode (3 threads) replicates.
        let mut seen = vec![0; data.len()];
        let thr = layout!(type (4,3,2):(1,4,12));
        every_thread!(t, thr, (one, X, one), 24, (m, n), (4, 2), |k| (k % 4, k / 12), seen);
        each_times(&t, &seen, 3)?;
        // Step<X,_1,_1>: the first mode (2 threads) replicates.
        let mut seen = vec![0; data.len()];
        let thr = layout!(type (2,5,3):(1,2,10));
        every_thread!(t, thr, (X, one, one), 30, (m, n), (5, 3), |k| (k / 2 % 5, k / 10), seen);
        each_times(&t, &seen, 2)?;
        // Step<_1,_1,X>, a nested first mode and a transposed thread order.
        let mut seen = vec![0; data.len()];
        let thr = layout!(type ((2,3),1,2):((3,1),6,6));
        // `k = 3a + b + 6z`: the mode's coordinate `(a, b)`, colexicographic `a + 2b`.
        let coord = |k: usize| (k % 6 / 3 + 2 * (k % 3), 0);
        every_thread!(t, thr, (one, one, X), 12, (m, n), (6, 1), coord, seen);
        each_times(&t, &seen, 2)?;
    }
}

/// A buffer of `len` elements, element `k` being `k`.
fn buffer(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// A tuple mode the kept thread mode does not tile exactly is refused,
/// as `local_partition_masked` refuses it.
#[test]
fn a_tuple_mode_not_tiled_exactly_is_refused() {
    let data = buffer(6 * 2);
    let t = Tensor::new(&data[..], layout!(((2,3),2):((1,2),6))).unwrap();
    let thr = layout!(type (4,3,2):(1,4,12));
    let e = typed::local_partition_step_masked(t, &thr, 0, (C::<1>, X, C::<1>)).unwrap_err();
    assert!(e.to_string().contains("tiles exactly"), "{e}");
    let data = buffer(8 * 2);
    let t = Tensor::new(&data[..], layout!(((2,4),2):((1,2),8))).unwrap();
    let share = typed::local_partition_step_masked(t, &thr, 13, (C::<1>, X, C::<1>)).unwrap();
    assert_eq!(share.residue(), (2, 1));
    assert_eq!((share[(0, 0)], share[(1, 0)]), (1 + 8, 5 + 8));
}
