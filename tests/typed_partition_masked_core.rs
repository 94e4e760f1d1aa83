//! `typed::local_partition_masked` against the core's `local_partition`
//! (the untyped door: its own walk over `layout_core::Layout`): for random
//! extents (0 included: the typed share is then built out of line, by
//! `with_facts!`'s cold path), strides (either order, a padded leading
//! dimension), bases and every thread of a few static thread layouts,
//! the masked share has the core share's layout and base, it admits
//! exactly the core share's coordinates that lie inside the tensor and
//! reads there the element the core share reads, and across the threads
//! every element of the tensor is read exactly once.

use layout_dsl::Layout;
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, local_partition, typed};
use proptest::prelude::*;

/// Every thread of the typed thread layout `$thr` (written `$notation`
/// for the core, extents `$t0`, `$t1`, strides `$e0`, `$e1`) over the typed tensor `$t` and
/// the core tensor `$core` (the same layout and base over a longer
/// buffer, so that the core accepts every share), whose modes have `$s0`,
/// `$s1` coordinates: the checks of the module docs. Counts each element
/// read in `$seen`.
macro_rules! every_thread {
    ($t:expr, $core:expr, $thr:expr, $notation:expr, ($t0:expr, $t1:expr), ($e0:expr, $e1:expr), ($s0:expr, $s1:expr), $seen:expr) => {{
        let (t, thr) = ($t, $thr);
        let threads: Layout = $notation.parse().unwrap();
        for k in 0..$t0 * $t1 {
            let share = typed::local_partition_masked(t, &thr, k).unwrap();
            let core = local_partition($core.view(), &threads, k).unwrap();
            // The same shape and base, and the same offset at every
            // index (the core writes the stride of an extent 1 as 0).
            let shape = |l: String| l.split(':').next().unwrap().to_string();
            prop_assert_eq!(
                shape(share.layout().to_string()),
                shape(core.layout().to_string())
            );
            prop_assert_eq!(share.base(), core.base(), "thread {}", k);
            // The thread's coordinate, CuTe's `get_flat_coord`: the
            // share's first element is the tensor's (c0, c1).
            let (c0, c1) = ((k / $e0) % $t0, (k / $e1) % $t1);
            let r0 = $s0.div_ceil($t0);
            let positions: Vec<usize> = core.positions().collect();
            let reads: Vec<Option<&usize>> = share.iter().collect();
            prop_assert_eq!(reads.len(), positions.len());
            for (i, (read, &at)) in reads.iter().zip(&positions).enumerate() {
                prop_assert_eq!(
                    share.base().wrapping_add(share.layout().at(i)),
                    at,
                    "thread {} element {}",
                    k,
                    i
                );
                let (x, y) = (c0 + $t0 * (i % r0), c1 + $t1 * (i / r0));
                let inside = x < $s0 && y < $s1;
                prop_assert_eq!(read.is_some(), inside, "thread {} element {}", k, i);
                if let &Some(&v) = read {
                    prop_assert_eq!(v, at, "thread {} element {}", k, i);
                    $seen[v] += 1;
                }
            }
        }
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn masked_shares_are_the_cores(
        m in 0usize..40, n in 0usize..20, row_major in any::<bool>(), pad in 0usize..3,
        base in 0usize..4, tail in 0usize..3,
    ) {
        let (d0, d1) = if row_major { (n + pad, 1) } else { (1, m + pad) };
        let reach = if m * n == 0 { 0 } else { base + (m - 1) * d0 + (n - 1) * d1 + 1 };
        // The typed tensor's buffer ends at its last element (or just
        // past it); the core's runs on, past every share's last offset.
        let data: Vec<usize> = (0..reach + tail).collect();
        let long: Vec<usize> = (0..reach + 64 * (d0 + d1) + 64).collect();
        let t = Tensor::at_base(&data[..], layout!((m,n):(d0,d1)), base).unwrap();
        let core_layout: Layout = format!("({m},{n}):({d0},{d1})").parse().unwrap();
        let core = Tensor::at_base(&long[..], core_layout, base).unwrap();
        let mut want = vec![0; data.len()];
        for p in t.positions() {
            want[p] += 1;
        }
        let mut seen = vec![0; data.len()];
        every_thread!(t, core, layout!(type (32,8):(1,32)), "(32,8):(1,32)", (32, 8), (1, 32), (m, n), seen);
        prop_assert_eq!(&seen, &want);
        let mut seen = vec![0; data.len()];
        every_thread!(t, core, layout!(type (3,5):(5,1)), "(3,5):(5,1)", (3, 5), (5, 1), (m, n), seen);
        prop_assert_eq!(&seen, &want);
        let mut seen = vec![0; data.len()];
        every_thread!(t, core, layout!(type (4,2):(2,1)), "(4,2):(2,1)", (4, 2), (2, 1), (m, n), seen);
        prop_assert_eq!(&seen, &want);
    }
}
