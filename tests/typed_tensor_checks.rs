//! The cheap forms of a typed tensor's checks (BENCHMARKS.md, "The typed
//! tensor's checks made cheaper"): `Tensor::new`'s sums saturate instead of
//! keeping overflow flags (`src/private/reach.rs`), a partition compares
//! its first offset with `len - reach` (`src/private/partition/partition_bound.rs`),
//! and an in-domain coordinate tells the optimiser every extent is non-zero
//! (`src/private/tensor.rs`). Each test below fails if the reasoning it
//! guards is dropped (tried: a wrapping product, a wrapping sum, the first
//! offset's carry left out).

use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::{Layout as CoreLayout, layout};
use proptest::prelude::*;

/// A product `(extent-1)·stride` past `usize::MAX` whose wrapped value is
/// small (here 0) is refused: the saturating product, not the wrapped one,
/// is compared with the length.
#[test]
fn a_product_past_usize_is_refused_even_when_it_wraps_small() {
    let three = [1u8, 2, 3];
    let (one, n, d) = (1usize, 3usize, 1usize << 63);
    // (3-1)·2^63 = 2^64: wraps to 0, inside three elements.
    let e = Tensor::new(&three[..], layout!((one,n):(1,d))).unwrap_err();
    assert!(e.to_string().contains("largest offset"), "{e}");
    // One element more along the same mode: 2·2^63 + 2^63 wraps to 2^63.
    let n = 4usize;
    assert!(Tensor::new(&three[..], layout!((one,n):(1,d))).is_err());
}

/// Two products that each fit but whose sum passes `usize::MAX` (and wraps
/// to 0) are refused: the saturating sum.
#[test]
fn a_sum_past_usize_is_refused_even_when_it_wraps_small() {
    let three = [1u8, 2, 3];
    let (two, d) = (2usize, 1usize << 63);
    let e = Tensor::new(&three[..], layout!((two,two):(d,d))).unwrap_err();
    assert!(e.to_string().contains("largest offset"), "{e}");
    // With a base: `base + reach` wraps to 1.
    let one = 1usize;
    assert!(Tensor::at_base(&three[..], layout!((two,one):(d,1)), d + 1).is_err());
    // Zero-sized elements: `usize::MAX` of them, so only the wrap could
    // refuse; the same layouts, refused.
    let many = [(); usize::MAX];
    assert!(Tensor::new(&many[..], layout!((two,two):(d,d))).is_err());
    // 2^63 - 1 + 2^63 - 1 = 2^64 - 2 < usize::MAX elements: inside the
    // buffer, but the core cannot hold a layout whose offsets pass
    // `i64::MAX`, and every tensor's layout is one the core holds (the
    // run-time methods read it through the core): its overflow error.
    let below = d - 1;
    let e = Tensor::new(&many[..], layout!((two,two):(below,below))).unwrap_err();
    assert!(
        matches!(e.kind(), layout_dsl::ErrorKind::Overflow(_)),
        "{e}"
    );
    // Half of it, 2^63 - 2: the core holds it, accepted and read.
    let half = (d >> 1) - 1;
    let t = Tensor::new(&many[..], layout!((two,two):(half,half))).unwrap();
    assert_eq!((t.view().size(), t.iter().count()), (4, 4));
}

/// A thread whose first offset passes `usize::MAX` only when the parent's
/// base is added (the offset within the parent fits): refused, with the
/// overflow named. Over `usize::MAX` zero-sized elements the wrapped
/// offset would lie inside.
#[test]
fn a_first_offset_past_usize_from_the_base_is_refused() {
    let data = [(); usize::MAX];
    // (The share's stride `2·d` within `i64`, as the core's: `d = 2^61`.)
    let (one, d) = (1usize, 1usize << 61);
    // Base 7·2^61, one element: fits.
    let t = Tensor::at_base(&data[..], layout!((one):(d)), 7 * d).unwrap();
    let threads = layout!(type (2):(1));
    // Thread 1 starts at 7·2^61 + 2^61 = 2^64.
    let got = typed::local_partition(t, &threads, 1);
    assert!(got.is_err(), "a share at 2^64 accepted");
    let e = got.err().unwrap();
    assert!(e.to_string().contains("overflows"), "{e}");
    // Thread 0 starts at the base: accepted, one element.
    let share = typed::local_partition(t, &threads, 0).unwrap();
    assert_eq!((share.size(), share.base()), (1, 7 * d));
}

/// Every coordinate form of a typed tensor (1-D, per mode, nested, and a
/// 1-D index into a tuple mode) over extents from 0 up: inside the domain
/// the element the core layout gives, outside `None`. An extent of 0 is
/// exactly where a coordinate's domain test must refuse before the walk's
/// (now skipped) extent-0 tests would have mattered.
fn check_every_coordinate(a: usize, b: usize, c: usize, pad: usize) -> Result<(), TestCaseError> {
    let ab = a * b + pad;
    let lda = a + pad;
    let len = ab * c.max(1) + lda * b + 1;
    let data: Vec<usize> = (0..len).collect();
    let l = layout!(((a,b),c):((1,a),ab));
    let core: CoreLayout = l.to_core().unwrap();
    let t = Tensor::new(&data[..], l).unwrap();
    let at = |i: usize| core.offset(i as i64).unwrap() as usize;
    let size = a * b * c;
    prop_assert_eq!(t.size(), size);
    for i in 0..size + 3 {
        prop_assert_eq!(t.get(i).copied(), (i < size).then(|| at(i)), "1-D {}", i);
    }
    for k in 0..c + 2 {
        for j in 0..a * b + 2 {
            let inside = j < a * b && k < c;
            let want = inside.then(|| at(j + a * b * k));
            prop_assert_eq!(t.get((j, k)).copied(), want, "({}, {})", j, k);
            let (x, y) = (j % (a + 1), j / (a + 1));
            let inside = x < a && y < b && k < c;
            let want = inside.then(|| at(x + a * y + a * b * k));
            prop_assert_eq!(t.get(((x, y), k)).copied(), want, "(({}, {}), {})", x, y, k);
        }
    }
    // A rank-2 share of it, as the benchmark reads `share[1]`: accepted
    // or refused as the core's, and then the same elements.
    let flat = Tensor::new(&data[..], layout!((a,b):(1,lda))).unwrap();
    let core_flat = Tensor::new(&data[..], layout!((a,b):(1,lda)).to_core().unwrap()).unwrap();
    let threads = layout!(type (2,2):(1,2));
    let core_threads = threads.to_core().unwrap();
    for k in 0..4 {
        let share = typed::local_partition(flat, &threads, k);
        let core_share = layout_dsl::tensor::local_partition(core_flat.view(), &core_threads, k);
        prop_assert_eq!(share.is_ok(), core_share.is_ok(), "thread {}", k);
        if let (Ok(share), Ok(core_share)) = (share, core_share) {
            for i in 0..share.size() + 2 {
                prop_assert_eq!(
                    share.get(i),
                    core_share.get(i),
                    "thread {} element {}",
                    k,
                    i
                );
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn every_coordinate_form_reads_the_core_element(
        a in 0usize..5, b in 0usize..4, c in 0usize..4, pad in 0usize..3,
    ) {
        check_every_coordinate(a, b, c, pad)?;
    }
}

/// Extents of 0 and 1 in each position, exhaustively.
#[test]
fn extents_zero_and_one_everywhere() {
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                check_every_coordinate(a, b, c, 1).unwrap();
            }
        }
    }
}
