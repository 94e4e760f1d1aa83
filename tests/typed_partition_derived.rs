//! `local_partition` / `outer_partition` of a typed tensor check their
//! result in a few additions that rely on the parent having been checked
//! (`src/private/partition/partition_bound.rs`), not a second walk. These tests try
//! to break that: random layouts (padded, broadcast stride 0, transposed,
//! a base past 0, a tuple mode, a signed stride), thread layouts that do
//! not divide the extents (non-power-of-two, nested), every thread, and
//! buffers cut tight around the parent's reach, so an offset the short
//! check let past the engine would show. Each answer is compared with the
//! core's, which walks the whole result.

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{Layout as CoreLayout, layout};
use proptest::prelude::*;

/// Every element of `t` (by 1-D index, as `t[i]` reads it) lies in the
/// buffer `0..len` (whose element `k` is `k`) and is the one the core's
/// view reads at that index.
fn same_elements<L, W>(
    got: &Tensor<&[usize], L>,
    want: &Tensor<&[usize], W>,
    len: usize,
) -> Result<(), TestCaseError>
where
    L: tensor::AsLayout + tensor::IndexBy<usize>,
    W: tensor::AsLayout + tensor::IndexBy<usize>,
{
    let size = want.size();
    prop_assert_eq!(got.size(), size);
    for i in 0..size {
        let at = *got.get(i).expect("an index below the size");
        prop_assert!(at < len, "element {i} at {at}, past {len}");
        prop_assert_eq!(Some(&at), want.get(i), "element {}", i);
    }
    prop_assert!(got.get(size).is_none());
    Ok(())
}

/// The typed and the core partition agree: both refused, or both accepted
/// with the same elements, all inside the buffer.
macro_rules! agree {
    ($got:expr, $want:expr, $len:expr) => {{
        let (got, want) = ($got, $want);
        prop_assert_eq!(
            got.is_ok(),
            want.is_ok(),
            "typed {:?} core {:?}",
            got.as_ref().err(),
            want.as_ref().err()
        );
        if let (Ok(got), Ok(want)) = (got, want) {
            same_elements(&got, &want, $len)?;
        }
    }};
}

/// Every thread of `$thr` (and the first index past them, refused) over
/// the typed tensor `$t` and the core tensor `$c`, plus the `Step` form
/// (mode 0 of the threads dropped: the tensor's mode 1 passes whole).
macro_rules! every_thread {
    ($t:expr, $c:expr, $thr:expr, $len:expr) => {{
        let thr = $thr;
        let core_thr: CoreLayout = thr.to_core().unwrap();
        let threads: usize = thr.size();
        for k in 0..=threads {
            let got = typed::local_partition($t, &thr, k);
            if k == threads {
                let e = got
                    .err()
                    .expect("a thread index past the threads is refused");
                prop_assert!(e.to_string().contains(&threads.to_string()), "{e}");
                continue;
            }
            agree!(got, tensor::local_partition($c.view(), &core_thr, k), $len);
            agree!(
                typed::local_partition_step($t, &thr, k, (X, C::<1>)),
                tensor::local_partition_step($c.view(), &core_thr, k, (X, 1)),
                $len
            );
        }
    }};
}

/// A buffer of `len` elements, element `k` being `k`.
fn buffer(len: usize) -> Vec<usize> {
    (0..len).collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(384))]

    /// Rank 2, dynamic extents and strides of four kinds, a base, and a
    /// buffer from below the parent's reach to past a partial share.
    #[test]
    fn partitions_of_checked_tensors_stay_inside(
        m in 0usize..19, n in 0usize..11, kind in 0usize..4, pad in 0usize..3,
        base in 0usize..4, cut in 0usize..24,
    ) {
        let (d0, d1) = match kind {
            0 => (1, m + pad),         // column-major, padded
            1 => (n + pad, 1),         // row-major, padded
            2 => (0, 1 + pad),         // mode 0 broadcast
            _ => (2 + pad, 0),         // mode 1 broadcast
        };
        let reach = if m * n == 0 { 0 } else { base + (m - 1) * d0 + (n - 1) * d1 + 1 };
        // From 12 below the parent's reach (refused) to 11 past it.
        let len = (reach + cut).saturating_sub(12);
        let data = buffer(len);
        let l = layout!((m,n):(d0,d1));
        let core: CoreLayout = l.to_core().unwrap();
        let (t, c) = (Tensor::at_base(&data[..], l, base), Tensor::at_base(&data[..], core, base));
        prop_assert_eq!(t.is_ok(), c.is_ok());
        let (Ok(t), Ok(c)) = (t, c) else { return Ok(()) };
        every_thread!(t, c, layout!(type (4,2):(1,4)), len);
        every_thread!(t, c, layout!(type (3,5):(5,1)), len);
        every_thread!(t, c, layout!(type (2,(3,2)):(1,(2,6))), len);
        every_thread!(t, c, layout!(type (1,7):(7,1)), len);
        for i in 0..6 {
            for j in 0..5 {
                agree!(
                    typed::outer_partition(t, (C::<6>, C::<5>), (i, j)),
                    tensor::outer_partition(c.view(), (6, 5), (i, j)),
                    len
                );
            }
        }
    }

    /// A share of a share (a thread's part of a CTA tile, itself partial)
    /// over a tight buffer: the inner partition's short check relies on the
    /// outer one's.
    #[test]
    fn partitions_of_partitions_stay_inside(
        m in 1usize..30, n in 1usize..14, cut in 0usize..20, thr in 0usize..6, thr2 in 0usize..4,
    ) {
        let reach = m * n;
        let len = (reach + cut).saturating_sub(10).max(reach);
        let data = buffer(len);
        let l = layout!((m,n):(1,m));
        let (t, c) = (Tensor::new(&data[..], l).unwrap(), Tensor::new(&data[..], l.to_core().unwrap()).unwrap());
        let (outer, core_outer) = (layout!(type (3,2):(1,3)), layout!(type (3,2):(1,3)).to_core().unwrap());
        let (p, q) = (typed::local_partition(t, &outer, thr), tensor::local_partition(c.view(), &core_outer, thr));
        prop_assert_eq!(p.is_ok(), q.is_ok());
        let (Ok(p), Ok(_)) = (p, q) else { return Ok(()) };
        // The core's own share may write a mode of extent 1 with another
        // stride (the same elements); the inner partition is compared with
        // the core's over the typed share's layout and base, as built.
        let q = Tensor::at_base(&data[..], p.layout().to_core().unwrap(), p.base()).unwrap();
        let (inner, core_inner) = (layout!(type (2,2):(2,1)), layout!(type (2,2):(2,1)).to_core().unwrap());
        agree!(typed::local_partition(p, &inner, thr2), tensor::local_partition(q.view(), &core_inner, thr2), len);
    }

    /// A tuple mode (tiled exactly only for even `m`) beside a leaf: the
    /// tuple mode's part is covered by the short check only when exact.
    #[test]
    fn tuple_modes_stay_inside(
        m in 1usize..10, n in 1usize..8, pad in 0usize..3, cut in 0usize..30, thr in 0usize..8,
    ) {
        let ld = 2 * m + pad;
        let reach = 2 * m + (n - 1) * ld;
        let len = (reach + cut).saturating_sub(15);
        let data = buffer(len);
        let l = layout!(((2,m),n):((1,2),ld));
        let (Ok(t), Ok(c)) = (Tensor::new(&data[..], l), Tensor::new(&data[..], l.to_core().unwrap())) else {
            return Ok(());
        };
        let (thr_l, core_thr) = (layout!(type (4,2):(1,4)), layout!(type (4,2):(1,4)).to_core().unwrap());
        agree!(typed::local_partition(t, &thr_l, thr), tensor::local_partition(c.view(), &core_thr, thr), len);
    }

    /// A signed layout (static stride -1) keeps the general check.
    #[test]
    fn signed_layouts_agree(m in 1usize..20, n in 1usize..8, cut in 0usize..20, thr in 0usize..8) {
        let reach = m * n;
        let len = (reach + cut).saturating_sub(10);
        let data = buffer(len);
        let l = layout!((m,n):(-1,m));
        let core: CoreLayout = l.to_core().unwrap();
        let (t, c) = (Tensor::at_base(&data[..], l, m - 1), Tensor::at_base(&data[..], core, m - 1));
        prop_assert_eq!(t.is_ok(), c.is_ok());
        let (Ok(t), Ok(c)) = (t, c) else { return Ok(()) };
        let (thr_l, core_thr) = (layout!(type (4,2):(1,4)), layout!(type (4,2):(1,4)).to_core().unwrap());
        agree!(typed::local_partition(t, &thr_l, thr), tensor::local_partition(c.view(), &core_thr, thr), len);
    }
}

/// A thread whose first offset is past `usize::MAX` (three modes of one
/// element, strides near 2^63, the thread at 1 in each) over an engine of
/// `usize::MAX` zero-sized elements: the sum of the offsets wraps to a
/// small number that lies inside, but the partition is refused (before,
/// the wrapped base was accepted). Its share's strides `2d` and `4d`
/// pass `i64` (branch i64named): refused as the core refuses them, before
/// the base is summed.
#[test]
fn a_first_offset_past_usize_is_refused() {
    let data = [(); usize::MAX];
    let (one, d) = (1usize, (1usize << 63) - 1);
    let t = Tensor::new(&data[..], layout!((one,one,one):(d,d,d))).unwrap();
    let threads = layout!(type (2,2,2):(1,2,4));
    // Not `unwrap_err`: the `Debug` of an accepted share would print all
    // `usize::MAX` elements.
    let got = typed::local_partition(t, &threads, 7);
    assert!(got.is_err(), "a share past usize::MAX accepted");
    let e = got.err().unwrap();
    assert!(e.to_string().contains("past i64::MAX"), "{e}");
    // Thread 0 starts at 0 and is one element, but its strides are `2d`
    // too: refused (before, accepted), as the core refuses it (its
    // divide, padded to two elements a mode, reaches `3d`).
    let e = typed::local_partition(t, &threads, 0).err().unwrap();
    assert!(e.to_string().contains("past i64::MAX"), "{e}");
    assert!(
        layout_dsl::evaluate(&format!(
            "local_partition((1,1,1):({d},{d},{d}), (2,2,2):(1,2,4), 0)"
        ))
        .is_err()
    );
    // With strides `2^61`, within `i64` doubled: accepted.
    let d = 1usize << 61;
    let t = Tensor::new(&data[..], layout!((one,one,one):(d,d,d))).unwrap();
    let share = typed::local_partition(t, &threads, 0).unwrap();
    assert_eq!(share.size(), 1);
    assert_eq!(share.base(), 0);
}

/// An empty tensor's partitions are empty and accepted, whatever the
/// wrapping sums of `extent - 1` say.
#[test]
fn empty_partitions_fit_any_buffer() {
    let none: [usize; 0] = [];
    for (m, n) in [(0, 0), (0, 7), (9, 0)] {
        let t = Tensor::new(&none[..], layout!((m,n):(1,m))).unwrap();
        for k in 0..8 {
            let p = typed::local_partition(t, &layout!(type (4,2):(1,4)), k).unwrap();
            assert_eq!(p.size(), 0, "({m},{n}) thread {k}");
        }
    }
}

/// The exact edge, by hand: `(5,3):(1,5)` by `(4,1)` threads over 15
/// elements. Thread 0 takes rows 0 and 4 (offsets up to 4 + 10 = 14):
/// accepted; thread 1 takes rows 1 and 5, and row 5 of column 2 is offset
/// 15, one past: refused, and accepted again with one more element.
#[test]
fn a_partial_share_one_past_the_end_is_refused() {
    let (m, n) = (5, 3);
    let threads = layout!(type (4,1):(1,4));
    let fifteen = buffer(15);
    let t = Tensor::new(&fifteen[..], layout!((m,n):(1,m))).unwrap();
    let zero = typed::local_partition(t, &threads, 0).unwrap();
    assert_eq!(zero[(1, 2)], 14);
    let e = typed::local_partition(t, &threads, 1).unwrap_err();
    assert!(e.to_string().contains("15"), "{e}");
    let sixteen = buffer(16);
    let t = Tensor::new(&sixteen[..], layout!((m,n):(1,m))).unwrap();
    assert_eq!(typed::local_partition(t, &threads, 1).unwrap()[(1, 2)], 15);
}

/// `local_partition` (and `outer_partition`) tell the optimiser what a tensor with a coordinate
/// proved (an extent of non-zero stride is at most the engine's length,
/// a slice at most `isize::MAX` bytes), so that `ceil(s/T)` is `lea` and
/// `shr` and the rest stride `T·d` needs no overflow test; an empty tensor
/// takes the walk out of line. The edges where those facts do not hold
/// keep CuTe's exact answer (these run in release too: `--release`).
#[test]
fn partitions_past_the_facts_stay_exact() {
    let threads = layout!(type (32,8):(1,32));
    let none: [f32; 0] = [];
    // The largest extents the core holds (branch i64named: a partition's
    // operand and result within `i64`, as the core's): `2^63-4`.
    let (z, big) = (0usize, i64::MAX as usize - 3);
    // Empty: ceil((2^63-4)/8) = 2^60.
    let t = Tensor::new(&none[..], layout!((z,big):(1,z))).unwrap();
    let share = typed::local_partition(t, &threads, 255).unwrap();
    assert_eq!(
        share.layout().to_string(),
        format!("(0,{}):(32,0)", 1usize << 60)
    );
    // Empty, the same extent as the stride the threads multiply by 8.
    let t = Tensor::new(&none[..], layout!((big,z):(1,big))).unwrap();
    let e = typed::local_partition(t, &threads, 0).err().unwrap();
    assert!(e.to_string().contains("overflows"), "{e}");
    // With a coordinate, over `usize::MAX` zero-sized elements (no bound
    // in bytes): ceil((2^63-4)/32) = 2^58, and 8·(2^63-4) overflows.
    let data = [(); usize::MAX];
    let one = 1usize;
    let t = Tensor::new(&data[..], layout!((big,one):(1,big))).unwrap();
    let share = typed::local_partition(t, &layout!(type (32,1):(1,32)), 3).unwrap();
    assert_eq!(
        share.layout().to_string(),
        format!("({},1):(32,{big})", 1usize << 58)
    );
    assert_eq!(share.base(), 3);
    let e = typed::local_partition(t, &threads, 3).err().unwrap();
    assert!(e.to_string().contains("overflows"), "{e}");
    // `outer_partition` takes the same facts.
    let share = typed::outer_partition(t, (C::<32>, C::<1>), (3, 0)).unwrap();
    assert_eq!(
        share.layout().to_string(),
        format!("({},1):(32,{big})", 1usize << 58)
    );
    let t = Tensor::new(&none[..], layout!((z,big):(1,z))).unwrap();
    let share = typed::outer_partition(t, (C::<32>, C::<8>), (31, 7)).unwrap();
    assert_eq!(
        share.layout().to_string(),
        format!("(0,{}):(32,0)", 1usize << 60)
    );
    // Past `i64` (an extent `2^64-4`, whose `+ 7` passes `usize::MAX`):
    // the tensor itself is refused when it is built, with the core's
    // overflow error (branch viewfix: every tensor's layout is one the
    // core holds, an empty one too; before, its partition was refused,
    // and before that CuTe's exact answer `(0,2^61):(32,0)` was given).
    let past = usize::MAX - 3;
    let e = Tensor::new(&none[..], layout!((z,past):(1,z))).unwrap_err();
    assert!(
        matches!(e.kind(), layout_dsl::ErrorKind::Overflow(_)),
        "{e}"
    );
    let e = Tensor::new(&data[..], layout!((past,one):(1,past))).unwrap_err();
    assert!(
        matches!(e.kind(), layout_dsl::ErrorKind::Overflow(_)),
        "{e}"
    );
}
