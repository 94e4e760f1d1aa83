//! The typed `gemm` on a nested operand against the same offsets flat: one
//! simulated thread's MMA of the tutorial sgemm (`examples/sgemm.rs`),
//! `C(8,8) += A(8,8)·B(8,8)ᵀ` over `f32`, A and B read from `(128,8)`
//! shared-memory tiles at rows `16·i` (leading dimension 128, a run-time
//! value), C a local `(8,8)` accumulator tile:
//!
//! - `flat`: A's M one leaf, `(8,8):(16,lda)`;
//! - `collapsed`: A's M `(2,4):(16,32)`, the same eight offsets as a
//!   nested mode, which is one progression (`8:16`): `gemm` sees that once
//!   per call and runs the strided kernel;
//! - `runtime`: as `collapsed` with the strides run-time arguments
//!   (`(2,4):(s,2s)`, `s = 16`), so the test runs at each call and both
//!   kernels are in the function (`collapsed`'s literals fold it away);
//! - `nested`: A's M `(2,4):(64,16)`, the same rows in another order (row
//!   `i` of C is row `4·(i%2) + i/2` of `flat`'s), not a progression: each
//!   mode walked by its 1-D coordinate, split over the two leaves;
//! - `hand`: the loops with index arithmetic;
//! - `shared` against `flat_shared`: `nested` and `flat` into a C whose
//!   columns share one element (`(8,8):(1,0)`): the nested loop sums C's
//!   8 distinct elements in a local array (`GemmKernel::Shared`), the
//!   strided kernel in place (its stride 0 folded);
//! - `long` against `flat_long`: A's M `(2,64):(64,1)` (its extents
//!   run-time arguments), past the 64-entry tables, C `(128,8)`, against
//!   A's M `128:1` (the same 128 rows in another order);
//! - `mirrored` against `flat_long`: A's M `(64,2):(2,1)` (its extent 2
//!   and stride 2 run-time arguments), C `(128,8)` of stride 1 along A's
//!   stride 2 (the mirrored run), the same rows in another order;
//! - `transposed` against `flat_long`: A's M `(32,four):(four,1)` (`four`
//!   a run-time argument), C `(128,8)` of stride 1 along A's stride 4
//!   (A's runs transposed into a panel once a pass), the same rows in
//!   another order;
//! - `cpermuted` against `flat`: `flat`'s A (M `8:16`) into a C nested
//!   as `cnested`'s, `((2,4),8):((4,1),8)`: A's rows in C's order are
//!   `(4,2):(32,16)`, no progression (A's offsets by a table);
//! - `cgap` against `flat_gap`: `cnested` and `flat` into a C whose
//!   columns are 16 apart (`ldc` a run-time argument);
//! - `compacted` against `flat_long` and `flat_long_s`: A's M
//!   `(2,64):(128,2)` (its 2s run-time arguments; A over 256 rows), no
//!   leaf of stride 1 (A's leaf of stride 2 copied to stride 1 in a panel
//!   once a pass), against `flat_long` (A's `128:1`, other rows) and
//!   `flat_long_s` (A's `128:2`, the same rows in another order).
//!
//! Each pair is checked bit for bit before it is timed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

#[path = "common/mod.rs"]
mod common;

const LDA: usize = 128;

#[inline(never)]
fn flat(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!((8,8):(16,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(type (8,8):(1,8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn collapsed(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((16,32),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(type (8,8):(1,8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn runtime(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, s: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((s,{2*s}),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(type (8,8):(1,8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn nested(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((64,16),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(type (8,8):(1,8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn cnested(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((64,16),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(((2,4),8):((4,1),8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn cpermuted(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!((8,8):(16,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(((2,4),8):((4,1),8))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn cgap(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, ldc: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((64,16),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!(((2,4),8):((4,1),ldc))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn flat_gap(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, ldc: usize) {
    let a = Tensor::new(sa, layout!((8,8):(16,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((8,8):(1,ldc))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn shared(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!(((2,4),8):((64,16),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((8,8):(1,0))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn flat_shared(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!((8,8):(16,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((8,8):(1,0))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn long(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, two: usize) {
    let a = Tensor::new(sa, layout!(((two,{32*two}),8):(({32*two},1),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn flat_long(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!((128,8):(1,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn mirrored(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, two: usize) {
    let a = Tensor::new(sa, layout!(((64,two),8):((two,1),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

/// A's M `(two,64):({64·two},two)` (no leaf of stride 1), A of leading
/// dimension `lda` over 256 rows.
#[inline(never)]
fn compacted(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, two: usize) {
    let a = Tensor::new(sa, layout!(((two,64),8):(({64*two},two),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

/// `compacted`'s rows flat, `128:2`.
#[inline(never)]
fn flat_long_s(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let a = Tensor::new(sa, layout!((128,8):(2,lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn transposed(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize, four: usize) {
    let a = Tensor::new(sa, layout!(((32,four),8):((four,1),lda))).unwrap();
    let b = Tensor::new(sb, layout!((8,8):(16,lda))).unwrap();
    let mut c = Tensor::new(acc, layout!((128,8):(1,128))).unwrap();
    typed::gemm(&a, &b, &mut c);
}

#[inline(never)]
fn hand(sa: &[f32], sb: &[f32], acc: &mut [f32], lda: usize) {
    let mut r = [0.0f32; 64];
    r.copy_from_slice(&acc[..64]);
    for k in 0..8 {
        for j in 0..8 {
            let b = sb[16 * j + k * lda];
            for i in 0..8 {
                r[i + 8 * j] += sa[16 * i + k * lda] * b;
            }
        }
    }
    acc[..64].copy_from_slice(&r);
}

fn benches(c: &mut Criterion) {
    let sa: Vec<f32> = (0..LDA * 8).map(|x| (x % 13) as f32 - 6.0).collect();
    let sb: Vec<f32> = (0..LDA * 8).map(|x| (x % 7) as f32 - 3.0).collect();
    // They agree bit for bit (a check, not a measurement).
    let (mut x, mut y, mut z) = ([0.5f32; 64], [0.5f32; 64], [0.5f32; 64]);
    let (mut w, mut u) = ([0.5f32; 64], [0.5f32; 64]);
    flat(&sa, &sb, &mut x, LDA);
    collapsed(&sa, &sb, &mut y, LDA);
    runtime(&sa, &sb, &mut u, LDA, 16);
    nested(&sa, &sb, &mut w, LDA);
    hand(&sa, &sb, &mut z, LDA);
    assert_eq!((x, y, u), (z, z, z));
    let row = |i: usize| 4 * (i % 2) + i / 2;
    assert!((0..64).all(|e| w[e].to_bits() == z[row(e % 8) + e / 8 * 8].to_bits()));
    // `cnested`'s C puts row `i` at `row(i)`: `flat`'s elements.
    let mut cn = [0.5f32; 64];
    cnested(&sa, &sb, &mut cn, LDA);
    assert!((0..64).all(|e| cn[e].to_bits() == z[e].to_bits()));
    // `cpermuted`'s C puts `flat`'s row `i` at `row(i)`; `cgap`'s and
    // `flat_gap`'s columns 16 apart hold `cnested`'s and `flat`'s.
    let mut cp = [0.5f32; 64];
    cpermuted(&sa, &sb, &mut cp, LDA);
    assert!((0..64).all(|e| cp[row(e % 8) + e / 8 * 8].to_bits() == z[e].to_bits()));
    let (mut g1, mut g2) = ([0.5f32; 128], [0.5f32; 128]);
    cgap(&sa, &sb, &mut g1, LDA, 16);
    flat_gap(&sa, &sb, &mut g2, LDA, 16);
    assert!((0..64).all(|e| g1[e % 8 + e / 8 * 16].to_bits() == z[e].to_bits()));
    assert!((0..128).all(|e| g1[e].to_bits() == g2[e].to_bits()));

    // `long` and `flat_long` agree bit for bit, row `i` of `long`'s A
    // being row `64·(i%2) + i/2` of `flat_long`'s.
    let (mut p, mut q) = (vec![0.5f32; 1024], vec![0.5f32; 1024]);
    long(&sa, &sb, &mut p, LDA, 2);
    flat_long(&sa, &sb, &mut q, LDA);
    let long_row = |i: usize| 64 * (i % 2) + i / 2;
    // `shared` and `flat_shared`: C's row `i` is summed from A's row
    // `row(i)` of `flat`'s, over the 8 columns on one element.
    let (mut s1, mut s2) = ([0.5f32; 8], [0.5f32; 8]);
    shared(&sa, &sb, &mut s1, LDA);
    flat_shared(&sa, &sb, &mut s2, LDA);
    assert!((0..8).all(|i| s1[i].to_bits() == s2[row(i)].to_bits()));
    assert!((0..1024).all(|e| p[e].to_bits() == q[long_row(e % 128) + e / 128 * 128].to_bits()));
    // `mirrored`'s row `i` is row `2·(i%64) + i/64` of `flat_long`'s.
    let mut t = vec![0.5f32; 1024];
    mirrored(&sa, &sb, &mut t, LDA, 2);
    let m_row = |i: usize| 2 * (i % 64) + i / 64;
    assert!((0..1024).all(|e| t[e].to_bits() == q[m_row(e % 128) + e / 128 * 128].to_bits()));
    // `transposed`'s row `i` is row `4·(i%32) + i/32` of `flat_long`'s.
    let mut tt = vec![0.5f32; 1024];
    transposed(&sa, &sb, &mut tt, LDA, 4);
    let t_row = |i: usize| 4 * (i % 32) + i / 32;
    assert!((0..1024).all(|e| tt[e].to_bits() == q[t_row(e % 128) + e / 128 * 128].to_bits()));

    // `compacted`'s row `i` is row `64·(i%2) + i/2` of `flat_long_s`'s.
    let sa2: Vec<f32> = (0..2 * LDA * 8).map(|x| (x % 13) as f32 - 6.0).collect();
    let sb2: Vec<f32> = (0..2 * LDA * 8).map(|x| (x % 7) as f32 - 3.0).collect();
    let (mut r1, mut r2) = (vec![0.5f32; 1024], vec![0.5f32; 1024]);
    compacted(&sa2, &sb2, &mut r1, 2 * LDA, 2);
    flat_long_s(&sa2, &sb2, &mut r2, 2 * LDA);
    assert!((0..1024).all(|e| r1[e].to_bits() == r2[long_row(e % 128) + e / 128 * 128].to_bits()));

    let (lda, s) = (black_box(LDA), black_box(16));
    let mut g = c.benchmark_group("gemm_nested");
    g.bench_function("flat", |b| {
        b.iter(|| flat(black_box(&sa), &sb, &mut x, lda))
    });
    g.bench_function("collapsed", |b| {
        b.iter(|| collapsed(black_box(&sa), &sb, &mut x, lda))
    });
    g.bench_function("runtime", |b| {
        b.iter(|| runtime(black_box(&sa), &sb, &mut x, lda, s))
    });
    g.bench_function("nested", |b| {
        b.iter(|| nested(black_box(&sa), &sb, &mut x, lda))
    });
    g.bench_function("hand", |b| {
        b.iter(|| hand(black_box(&sa), &sb, &mut x, lda))
    });
    g.finish();

    common::paired(
        "gemm_nested collapsed/flat",
        || collapsed(black_box(&sa), &sb, &mut x, lda),
        || flat(black_box(&sa), &sb, &mut y, lda),
    );
    common::paired(
        "gemm_nested runtime/flat",
        || runtime(black_box(&sa), &sb, &mut x, lda, s),
        || flat(black_box(&sa), &sb, &mut y, lda),
    );
    common::paired(
        "gemm_nested nested/flat",
        || nested(black_box(&sa), &sb, &mut x, lda),
        || flat(black_box(&sa), &sb, &mut y, lda),
    );
    common::paired(
        "gemm_nested cnested/flat",
        || cnested(black_box(&sa), &sb, &mut x, lda),
        || flat(black_box(&sa), &sb, &mut y, lda),
    );
    common::paired(
        "gemm_nested cpermuted/flat",
        || cpermuted(black_box(&sa), &sb, &mut x, lda),
        || flat(black_box(&sa), &sb, &mut y, lda),
    );
    let ldc = black_box(16);
    common::paired(
        "gemm_nested cgap/flat_gap",
        || cgap(black_box(&sa), &sb, &mut g1, lda, ldc),
        || flat_gap(black_box(&sa), &sb, &mut g2, lda, ldc),
    );
    common::paired(
        "gemm_nested shared/flat_shared",
        || shared(black_box(&sa), &sb, &mut x, lda),
        || flat_shared(black_box(&sa), &sb, &mut y, lda),
    );
    let two = black_box(2);
    common::paired(
        "gemm_nested long/flat_long",
        || long(black_box(&sa), &sb, &mut p, lda, two),
        || flat_long(black_box(&sa), &sb, &mut q, lda),
    );
    common::paired(
        "gemm_nested mirrored/flat_long",
        || mirrored(black_box(&sa), &sb, &mut t, lda, two),
        || flat_long(black_box(&sa), &sb, &mut q, lda),
    );
    let four = black_box(4);
    common::paired(
        "gemm_nested transposed/flat_long",
        || transposed(black_box(&sa), &sb, &mut tt, lda, four),
        || flat_long(black_box(&sa), &sb, &mut q, lda),
    );
    let lda2 = black_box(2 * LDA);
    common::paired(
        "gemm_nested compacted/flat_long",
        || compacted(black_box(&sa2), &sb2, &mut r1, lda2, two),
        || flat_long(black_box(&sa), &sb, &mut q, lda),
    );
    common::paired(
        "gemm_nested compacted/flat_long_s",
        || compacted(black_box(&sa2), &sb2, &mut r1, lda2, two),
        || flat_long_s(black_box(&sa2), &sb2, &mut r2, lda2),
    );
    common::paired(
        "gemm_nested flat/hand",
        || flat(black_box(&sa), &sb, &mut x, lda),
        || hand(black_box(&sa), &sb, &mut y, lda),
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
