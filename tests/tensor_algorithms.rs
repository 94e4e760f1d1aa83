//! `copy`, `copy_if`, `fill`, `clear`, `axpby` and `gemm` against naive
//! loops over `L(i)`, on random layouts with negative and zero strides
//! (broadcast sources, and destinations that write one element from
//! several coordinates, where the order of the writes shows).

#[path = "../layout-core/tests/common/mod.rs"]
mod common;

use common::*;
use layout_core::{IntTuple, Layout};
use layout_dsl::tensor::{Tensor, axpby, clear, copy, copy_if, fill, gemm};
use proptest::collection::vec;
use proptest::prelude::*;

const CASES: u32 = 256;

/// A layout of `shape` with strides in -8..=8 (0 and negatives included).
fn signed_layout_of(shape: IntTuple) -> BoxedStrategy<Layout> {
    let n = shape.leaves().count();
    vec(-8..=8i64, n)
        .prop_map(move |d| Layout::new(shape.clone(), rebuild(&shape, &mut d.into_iter())).unwrap())
        .boxed()
}

/// Two layouts of one random shape.
fn pair() -> impl Strategy<Value = (Layout, Layout)> {
    shape_up_to(64).prop_flat_map(|s| (signed_layout_of(s.clone()), signed_layout_of(s)))
}

/// A tensor over fresh storage that just holds `l`, and the storage
/// position of `L(i)`: the base is minus the smallest offset.
fn storage(l: &Layout, seed: i64) -> (Vec<i64>, usize) {
    let low: i64 = l.leaf_modes().map(|(s, d)| (s - 1) * d.min(0)).sum();
    let high: i64 = l.leaf_modes().map(|(s, d)| (s - 1) * d.max(0)).sum();
    let data = (0..=(high - low))
        .map(|i| (i * 7 + seed) % 23 - 11)
        .collect();
    (data, (-low) as usize)
}

fn position(l: &Layout, base: usize, i: i64) -> usize {
    (base as i64 + l.at(i).unwrap()) as usize
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn copy_and_copy_if_equal_the_naive_loop((ls, ld) in pair(), mask in any::<u64>()) {
        let (src_data, sb) = storage(&ls, 1);
        let (dst_data, db) = storage(&ld, 2);
        let pred = |i: usize| (mask >> (i % 64)) & 1 == 1;
        let mut want = dst_data.clone();
        let mut want_if = dst_data.clone();
        for i in 0..ls.size() {
            let v = src_data[position(&ls, sb, i)];
            want[position(&ld, db, i)] = v;
            if pred(i as usize) {
                want_if[position(&ld, db, i)] = v;
            }
        }
        let src = Tensor::at_base(&src_data[..], ls.clone(), sb).unwrap();
        let mut dst = Tensor::at_base(dst_data.clone(), ld.clone(), db).unwrap();
        copy(&src, &mut dst);
        prop_assert_eq!(dst.engine(), &want);
        let mut dst = Tensor::at_base(dst_data, ld.clone(), db).unwrap();
        copy_if(pred, &src, &mut dst);
        prop_assert_eq!(dst.engine(), &want_if);
    }

    #[test]
    fn fill_clear_and_axpby_equal_the_naive_loop((lx, ly) in pair(), alpha in -3..=3i64, beta in -3..=3i64) {
        let (x_data, xb) = storage(&lx, 3);
        let (y_data, yb) = storage(&ly, 4);
        let mut want = y_data.clone();
        for i in 0..lx.size() {
            let (p, q) = (position(&lx, xb, i), position(&ly, yb, i));
            // `y` may alias itself (a stride 0), so `beta·y` compounds: a
            // case whose integers overflow tests nothing about the layout.
            let ax = alpha.checked_mul(x_data[p]);
            let next = if beta == 0 { ax } else { beta.checked_mul(want[q]).and_then(|by| ax?.checked_add(by)) };
            prop_assume!(next.is_some());
            want[q] = next.unwrap();
        }
        let x = Tensor::at_base(&x_data[..], lx.clone(), xb).unwrap();
        let mut y = Tensor::at_base(y_data.clone(), ly.clone(), yb).unwrap();
        axpby(alpha, &x, beta, &mut y);
        prop_assert_eq!(y.engine(), &want);

        let mut filled = y_data.clone();
        for i in 0..ly.size() {
            filled[position(&ly, yb, i)] = 9;
        }
        fill(&mut y, 9);
        prop_assert_eq!(y.engine(), &filled);
        for i in 0..ly.size() {
            filled[position(&ly, yb, i)] = 0;
        }
        clear(&mut y);
        prop_assert_eq!(y.engine(), &filled);
    }

    /// `(M,K) x (N,K) => (M,N)` with any strides for A and B, and C
    /// column- or row-major, possibly reversed.
    #[test]
    fn gemm_equals_the_triple_loop(
        (m, n, k) in (1..=6i64, 1..=6i64, 1..=6i64),
        seed in any::<u64>(),
        c_row_major in any::<bool>(),
        c_reversed in any::<bool>(),
    ) {
        let mut rng = Dice::new(seed);
        let mut stride = || rng.below(17) as i64 - 8;
        let la = Layout::new(IntTuple::from([m, k]), IntTuple::from([stride(), stride()])).unwrap();
        let lb = Layout::new(IntTuple::from([n, k]), IntTuple::from([stride(), stride()])).unwrap();
        let sign = if c_reversed { -1 } else { 1 };
        let dc = if c_row_major { [sign * n, sign] } else { [sign, sign * m] };
        let lc = Layout::new(IntTuple::from([m, n]), IntTuple::from(dc)).unwrap();
        let ((a_data, ab), (b_data, bb), (c_data, cb)) = (storage(&la, 5), storage(&lb, 6), storage(&lc, 7));
        let at = |l: &Layout, base: usize, i: i64, j: i64| {
            (base as i64 + l.crd2idx(&IntTuple::from([i, j])).unwrap()) as usize
        };
        let mut want = c_data.clone();
        for i in 0..m {
            for j in 0..n {
                for p in 0..k {
                    want[at(&lc, cb, i, j)] += a_data[at(&la, ab, i, p)] * b_data[at(&lb, bb, j, p)];
                }
            }
        }
        let a = Tensor::at_base(&a_data[..], la, ab).unwrap();
        let b = Tensor::at_base(&b_data[..], lb, bb).unwrap();
        let mut c = Tensor::at_base(c_data, lc, cb).unwrap();
        gemm(&a, &b, &mut c);
        prop_assert_eq!(c.engine(), &want);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(CASES))]

    /// `(M,K) x (N,K) => (M,N)` with hierarchical modes of any strides
    /// (0 and negatives): modes of one leaf, of a few (the fixed-array
    /// odometer) and of many (the core's offsets) all equal the triple
    /// loop over 1-D coordinates per mode.
    #[test]
    fn gemm_of_hierarchical_modes_equals_the_triple_loop(
        (sm, sn, sk) in (shape_up_to(32), shape_up_to(8), shape_up_to(8)),
        seed in any::<u64>(),
    ) {
        let mut rng = Dice::new(seed);
        let pair = |x: &IntTuple, y: &IntTuple| IntTuple::Tuple(vec![x.clone(), y.clone()]);
        let mut layout = |shape: IntTuple| {
            let n = shape.leaves().count();
            let d: Vec<i64> = (0..n).map(|_| rng.below(17) as i64 - 8).collect();
            Layout::new(shape.clone(), rebuild(&shape, &mut d.into_iter())).unwrap()
        };
        let (la, lb, lc) = (layout(pair(&sm, &sk)), layout(pair(&sn, &sk)), layout(pair(&sm, &sn)));
        let ((a_data, ab), (b_data, bb), (c_data, cb)) = (storage(&la, 5), storage(&lb, 6), storage(&lc, 7));
        let at = |l: &Layout, base: usize, i: i64, j: i64| {
            (base as i64 + l.crd2idx(&IntTuple::from([i, j])).unwrap()) as usize
        };
        let size = |s: &IntTuple| s.size().unwrap();
        let mut want = c_data.clone();
        for i in 0..size(&sm) {
            for j in 0..size(&sn) {
                for p in 0..size(&sk) {
                    want[at(&lc, cb, i, j)] += a_data[at(&la, ab, i, p)] * b_data[at(&lb, bb, j, p)];
                }
            }
        }
        let a = Tensor::at_base(&a_data[..], la, ab).unwrap();
        let b = Tensor::at_base(&b_data[..], lb, bb).unwrap();
        let mut c = Tensor::at_base(c_data, lc, cb).unwrap();
        gemm(&a, &b, &mut c);
        prop_assert_eq!(c.engine(), &want);
    }
}

/// Floating point: each `C(m,n)` sums its products in `k` order, so the
/// result is the naive loop's bit for bit.
#[test]
fn gemm_f32_is_bit_exact() {
    let (m, n, k) = (7usize, 5usize, 33usize);
    let a: Vec<f32> = (0..m * k).map(|i| ((i * 37 % 101) as f32).sin()).collect();
    let b: Vec<f32> = (0..n * k).map(|i| ((i * 53 % 97) as f32).cos()).collect();
    let mut want = vec![0.5f32; m * n];
    for i in 0..m {
        for j in 0..n {
            for p in 0..k {
                want[i + j * m] += a[i + p * m] * b[j * k + p];
            }
        }
    }
    let l = |s: String| s.parse::<Layout>().unwrap();
    let ta = Tensor::new(&a[..], l(format!("({m},{k}):(1,{m})"))).unwrap();
    let tb = Tensor::new(&b[..], l(format!("({n},{k}):({k},1)"))).unwrap();
    let mut tc = Tensor::new(vec![0.5f32; m * n], l(format!("({m},{n}):(1,{m})"))).unwrap();
    gemm(&ta, &tb, &mut tc);
    assert_eq!(tc.engine(), &want);
}

/// The other two dispatches: `(M) x (N) => (M,N)` and `(V) x (V) => (V)`.
#[test]
fn gemm_outer_product_and_elementwise() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let a = Tensor::new([1, 2, 3], l("3:1")).unwrap();
    let b = Tensor::new([10, 20], l("2:1")).unwrap();
    let mut c = Tensor::new([1; 6], l("(3,2):(1,3)")).unwrap();
    gemm(&a, &b, &mut c);
    assert_eq!(c.engine(), &[11, 21, 31, 21, 41, 61]);
    let mut v = Tensor::new([1; 3], l("3:1")).unwrap();
    gemm(&a, &Tensor::new([4, 5, 6], l("3:1")).unwrap(), &mut v);
    assert_eq!(v.engine(), &[5, 11, 19]);
}
