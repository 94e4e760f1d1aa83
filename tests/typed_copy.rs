//! Typed `copy` and `axpby` between layouts of equal size and any shapes
//! (CuTe's `copy`: `dst(i) = src(i)` by 1-D index), against the naive loop
//! over `i` with the core's `L(i)`, on random extents and strides in
//! -8..=8 (0 included: a broadcast source, a destination written from
//! several coordinates, where the order of the writes shows). Both the
//! lockstep path (equal leaf extents) and the odometer path (different
//! extents or nestings) are exercised.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;

use common::config;
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

const CASES: u32 = 256;

/// A layout's leaves in order, `(extent, stride)`, the stride as the
/// typed signed layout reads it (two's complement).
type Leaves = Vec<(usize, i64)>;

fn leaves(extents: &[usize], strides: &[usize]) -> Leaves {
    extents
        .iter()
        .zip(strides)
        .map(|(&e, &d)| (e, d as i64))
        .collect()
}

/// `L(i)` by the definition: `i` split over the leaves colexicographically
/// (leaf 0 fastest), each part times its stride.
fn offset(l: &Leaves, mut i: usize) -> i64 {
    let mut o = 0;
    for &(e, d) in l {
        o += (i % e) as i64 * d;
        i /= e;
    }
    o
}

fn size(l: &Leaves) -> usize {
    l.iter().map(|&(e, _)| e).product()
}

/// Storage that just holds `l` (every offset from the base is inside) and
/// the base: minus the lowest offset.
fn storage(l: &Leaves, seed: i64) -> (Vec<i64>, usize) {
    let low: i64 = l
        .iter()
        .map(|&(s, d)| (s as i64 - 1).max(0) * d.min(0))
        .sum();
    let high: i64 = l
        .iter()
        .map(|&(s, d)| (s as i64 - 1).max(0) * d.max(0))
        .sum();
    let data = (0..=(high - low))
        .map(|i| (i * 7 + seed) % 23 - 11)
        .collect();
    (data, (-low) as usize)
}

/// Leaf extents of two sides from one list of factors: factor `j` goes to
/// leaf `to[j]` of the side, so both sides' sizes are the product of the
/// factors.
fn extents(factors: &[usize], to: &[usize], leaves: usize) -> Vec<usize> {
    let mut e = vec![1; leaves];
    for (f, &t) in factors.iter().zip(to) {
        e[t % leaves] *= f;
    }
    e
}

/// A stride in -8..=8 as a typed signed layout reads it (two's complement).
fn stride(d: i64) -> usize {
    d as usize
}

/// `typed::copy` and `typed::axpby` from `$src` into `$dst` (typed signed
/// layouts of equal size) equal the naive loops over 1-D indices.
macro_rules! check {
    ($src:expr, $sl:expr, $dst:expr, $dl:expr, $alpha:expr, $beta:expr) => {{
        let (ls, ld, sl, dl): (_, _, &Leaves, &Leaves) = ($src, $dst, &$sl, &$dl);
        prop_assert_eq!(size(sl), size(dl));
        let (src_data, sb) = storage(sl, 1);
        let (dst_data, db) = storage(dl, 2);
        let mut want = dst_data.clone();
        let mut want_ax = dst_data.clone();
        for i in 0..size(sl) {
            let p = (sb as i64 + offset(sl, i)) as usize;
            let q = (db as i64 + offset(dl, i)) as usize;
            want[q] = src_data[p];
            want_ax[q] = $alpha * src_data[p] + $beta * want_ax[q];
        }
        let src = Tensor::at_base(&src_data[..], ls, sb).unwrap();
        let mut dst = Tensor::at_base(dst_data.clone(), ld, db).unwrap();
        typed::copy(&src, &mut dst);
        prop_assert_eq!(dst.engine(), &want, "copy {:?} -> {:?}", sl, dl);
        let mut dst = Tensor::at_base(dst_data, ld, db).unwrap();
        typed::axpby($alpha, &src, $beta, &mut dst);
        prop_assert_eq!(dst.engine(), &want_ax, "axpby {:?} -> {:?}", sl, dl);
    }};
}

fn factors() -> impl Strategy<Value = Vec<usize>> {
    // Mostly 1..=3, sometimes 0 (both sides empty).
    prop::collection::vec(prop_oneof![12 => 1usize..=3, 1 => Just(0usize)], 5)
}

fn strides(n: usize) -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec((-8i64..=8).prop_map(stride), n)
}

fn assignment() -> impl Strategy<Value = Vec<usize>> {
    prop::collection::vec(0usize..4, 5)
}

proptest! {
    #![proptest_config(config(CASES))]

    /// `(a,(b,c))` into `((p,q),r,s)` and into `(p,q)`: different nestings
    /// and extents (the odometer), and `(a,(b,c))` into itself with other
    /// strides (lockstep).
    #[test]
    fn nested_into_flat_equals_the_naive_loop(
        f in factors(), ta in assignment(), tb in assignment(),
        ds in strides(3), dd in strides(4), d2 in strides(2),
        alpha in -3i64..=3, beta in -1i64..=1,
    ) {
        let a = extents(&f, &ta, 3);
        let b = extents(&f, &tb, 4);
        let c = extents(&f, &tb, 2);
        let src = Layout::new_signed((a[0], (a[1], a[2])), (ds[0], (ds[1], ds[2])));
        let sl = leaves(&a, &ds);
        let dst4 = Layout::new_signed(((b[0], b[1]), b[2], b[3]), ((dd[0], dd[1]), dd[2], dd[3]));
        check!(src, sl, dst4, leaves(&b, &dd), alpha, beta);
        let dst2 = Layout::new_signed((c[0], c[1]), (d2[0], d2[1]));
        check!(src, sl, dst2, leaves(&c, &d2), alpha, beta);
        check!(dst2, leaves(&c, &d2), src, sl, alpha, beta);
        let same = Layout::new_signed((a[0], (a[1], a[2])), (dd[0], (dd[1], dd[2])));
        check!(src, sl, same, leaves(&a, &dd), alpha, beta);
        // The same leaves nested otherwise: lockstep across nestings.
        let flat = Layout::new_signed((a[0], a[1], a[2]), (dd[0], dd[1], dd[2]));
        check!(src, sl, flat, leaves(&a, &dd), alpha, beta);
    }

    /// Leaves that continue each other (a compact layout scaled by `k`,
    /// `k = 0` a broadcast) merge into longer rows; one side compact, the
    /// other random, and both compact.
    #[test]
    fn contiguous_leaves_equal_the_naive_loop(
        f in factors(), ta in assignment(), tb in assignment(),
        k in -2i64..=2, k2 in -2i64..=2, dd in strides(4), alpha in -3i64..=3, beta in -1i64..=1,
    ) {
        let a = extents(&f, &ta, 3);
        let b = extents(&f, &tb, 4);
        let compact = |e: &[usize], k: i64| -> Vec<usize> {
            let mut acc = k;
            e.iter().map(|&n| { let d = acc; acc *= n as i64; stride(d) }).collect()
        };
        let ds = compact(&a, k);
        let src = Layout::new_signed((a[0], (a[1], a[2])), (ds[0], (ds[1], ds[2])));
        let sl = leaves(&a, &ds);
        let dst = Layout::new_signed(((b[0], b[1]), b[2], b[3]), ((dd[0], dd[1]), dd[2], dd[3]));
        check!(src, sl, dst, leaves(&b, &dd), alpha, beta);
        check!(dst, leaves(&b, &dd), src, sl, alpha, beta);
        let dc = compact(&b, k2);
        let both = Layout::new_signed(((b[0], b[1]), b[2], b[3]), ((dc[0], dc[1]), dc[2], dc[3]));
        check!(src, sl, both, leaves(&b, &dc), alpha, beta);
    }

    /// A rank-1 source into a rank-3 destination (one leaf walked, three
    /// counted) and back, and a source broadcast by stride 0 everywhere.
    #[test]
    fn vector_and_broadcast_equal_the_naive_loop(
        f in factors(), tb in assignment(), dd in strides(3), alpha in -3i64..=3,
        beta in -1i64..=1,
    ) {
        let n: usize = f.iter().product();
        let b = extents(&f, &tb, 3);
        let vec = Layout::new_signed(n, stride(1));
        let vl = leaves(&[n], &[1]);
        let dst = Layout::new_signed((b[0], b[1], b[2]), (dd[0], dd[1], dd[2]));
        let dl = leaves(&b, &dd);
        check!(vec, vl, dst, dl, alpha, 1);
        check!(dst, dl, vec, vl, alpha, 0);
        let broadcast = Layout::new_signed((b[2], b[0] * b[1]), (0usize, 0usize));
        check!(broadcast, leaves(&[b[2], b[0] * b[1]], &[0, 0]), dst, dl, alpha, beta);
    }

    /// Static extents on one side, dynamic on the other (the extents that
    /// match are compared at run time; the static side's loops fold).
    #[test]
    fn static_into_dynamic_equals_the_naive_loop(
        e in prop::sample::select(vec![(1usize, 12usize), (2, 6), (3, 4), (4, 3), (6, 2), (12, 1)]),
        dd in strides(2), alpha in -3i64..=3, beta in -1i64..=1,
    ) {
        let src = Layout::new_signed((C::<3>, (C::<2>, C::<2>)), (C::<-4>, (C::<1>, C::<2>)));
        let dst = Layout::new_signed(e, (dd[0], dd[1]));
        let sl: Leaves = vec![(3, -4), (2, 1), (2, 2)];
        let dl = leaves(&[e.0, e.1], &dd);
        check!(src, sl, dst, dl, alpha, beta);
        check!(dst, dl, src, sl, alpha, beta);
    }
}

/// The example of the issue: a nested (2,4)-by-m tile into a flat register
/// tensor of the same size, values by 1-D index.
#[test]
fn nested_tile_into_flat_registers() {
    let m = 3;
    let data: Vec<u32> = (0..24).collect();
    let tile = Tensor::new(
        &data[..],
        Layout::new(((2usize, 4usize), m), ((1usize, 2usize), 8usize)),
    )
    .unwrap();
    let mut regs = [0u32; 24];
    let mut r = Tensor::new(
        &mut regs[..],
        Layout::new((C::<6>, C::<4>), (C::<4>, C::<1>)),
    )
    .unwrap();
    typed::copy(&tile, &mut r);
    // regs at (i % 6)·4 + i / 6 holds tile(i) = i (the tile is compact).
    for i in 0..24 {
        assert_eq!(regs[(i % 6) * 4 + i / 6], i as u32);
    }
}

#[test]
#[should_panic(expected = "copy: the sizes differ")]
fn different_sizes_panic() {
    let a = [0u8; 6];
    let mut b = [0u8; 8];
    let s = Tensor::new(&a[..], Layout::new((2usize, 3usize), (1usize, 2usize))).unwrap();
    let mut d = Tensor::new(&mut b[..], Layout::new(8usize, 1usize)).unwrap();
    typed::copy(&s, &mut d);
}
