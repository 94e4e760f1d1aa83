//! The tutorial GEMM (`examples/sgemm.rs`, CuTe's `sgemm_1` shape with
//! simulated threads) at 512³ `f32`, against the same tiling written with
//! hand index arithmetic, the naive triple loop, and the `matrixmultiply`
//! crate (a tuned CPU GEMM); and the predicated GEMM at 509³ against the
//! same tiling with bounds checks by hand. All compute `C = alpha·A·Bᵀ + beta·C` with A
//! `(M,K)` and B `(N,K)` column-major.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};

#[path = "common/mod.rs"]
mod common;

#[allow(dead_code)]
#[path = "../examples/sgemm.rs"]
mod sgemm;

const N: usize = 512;
const BM: usize = 128;
const BN: usize = 128;
const BK: usize = 8;

/// `sgemm_1`'s tiling by hand: CTA tiles of 128×128, k-tiles of 8 copied
/// into shared-memory arrays, and each of the 16×16 compute threads
/// accumulating rows `tx + 16·i`, columns `ty + 16·j`, `k` ascending.
/// Sizes and leading dimensions are run-time values, as a kernel's are
/// (and as `gemm_device` takes them); the tile sizes are constants, as
/// in CuTe. Whole tiles only, as `gemm_device`.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn hand_tiled_rt(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    c: &mut [f32],
    ldc: usize,
    alpha: f32,
    beta: f32,
) {
    let mut sa = [0.0f32; BM * BK];
    let mut sb = [0.0f32; BN * BK];
    let mut acc = vec![[0.0f32; 64]; 256];
    for by in 0..n / BN {
        for bx in 0..m / BM {
            acc.iter_mut().for_each(|r| *r = [0.0; 64]);
            for kt in 0..k / BK {
                for kk in 0..BK {
                    for i in 0..BM {
                        sa[i + kk * BM] = a[bx * BM + i + (kt * BK + kk) * lda];
                    }
                    for j in 0..BN {
                        sb[j + kk * BN] = b[by * BN + j + (kt * BK + kk) * ldb];
                    }
                }
                for (thr, r) in acc.iter_mut().enumerate() {
                    let (tx, ty) = (thr % 16, thr / 16);
                    // The thread's accumulators in a local array (its
                    // registers), as `gemm` keeps a small C.
                    let mut regs = *r;
                    for kk in 0..BK {
                        for j in 0..8 {
                            let bv = sb[ty + 16 * j + kk * BN];
                            for i in 0..8 {
                                regs[i + 8 * j] += sa[tx + 16 * i + kk * BM] * bv;
                            }
                        }
                    }
                    *r = regs;
                }
            }
            for (thr, r) in acc.iter().enumerate() {
                let (tx, ty) = (thr % 16, thr / 16);
                for j in 0..8 {
                    for i in 0..8 {
                        let out = &mut c[bx * BM + tx + 16 * i + (by * BN + ty + 16 * j) * ldc];
                        *out = alpha * r[i + 8 * j] + beta * *out;
                    }
                }
            }
        }
    }
}

#[inline(never)]
fn hand_tiled(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let (s, ld) = black_box(((N, N, N), N));
    hand_tiled_rt(s, a, ld, b, ld, c, ld, alpha, beta);
}

/// The same tiling with `N` a compile-time constant (every stride folded):
/// the baseline of the earlier rows of BENCHMARKS.md, kept for comparison.
#[inline(never)]
fn hand_tiled_const(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let mut sa = [0.0f32; BM * BK];
    let mut sb = [0.0f32; BN * BK];
    let mut acc = vec![[0.0f32; 64]; 256];
    for by in 0..N / BN {
        for bx in 0..N / BM {
            acc.iter_mut().for_each(|r| *r = [0.0; 64]);
            for kt in 0..N / BK {
                for kk in 0..BK {
                    for m in 0..BM {
                        sa[m + kk * BM] = a[bx * BM + m + (kt * BK + kk) * N];
                    }
                    for n in 0..BN {
                        sb[n + kk * BN] = b[by * BN + n + (kt * BK + kk) * N];
                    }
                }
                for (thr, r) in acc.iter_mut().enumerate() {
                    let (tx, ty) = (thr % 16, thr / 16);
                    for kk in 0..BK {
                        for j in 0..8 {
                            let bv = sb[ty + 16 * j + kk * BN];
                            for i in 0..8 {
                                r[i + 8 * j] += sa[tx + 16 * i + kk * BM] * bv;
                            }
                        }
                    }
                }
            }
            for (thr, r) in acc.iter().enumerate() {
                let (tx, ty) = (thr % 16, thr / 16);
                for j in 0..8 {
                    for i in 0..8 {
                        let out = &mut c[bx * BM + tx + 16 * i + (by * BN + ty + 16 * j) * N];
                        *out = alpha * r[i + 8 * j] + beta * *out;
                    }
                }
            }
        }
    }
}

/// [`hand_tiled_rt`] for any sizes, bounds checked by hand as CuTe's
/// predicated steps do it: the copies into shared memory load zeros for
/// rows or columns past the matrices, and the epilogue writes only
/// elements inside C.
#[inline(never)]
#[allow(clippy::too_many_arguments)]
fn hand_predicated_rt(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    c: &mut [f32],
    ldc: usize,
    alpha: f32,
    beta: f32,
) {
    let mut sa = [0.0f32; BM * BK];
    let mut sb = [0.0f32; BN * BK];
    let mut acc = vec![[0.0f32; 64]; 256];
    for by in 0..n.div_ceil(BN) {
        for bx in 0..m.div_ceil(BM) {
            acc.iter_mut().for_each(|r| *r = [0.0; 64]);
            for kt in 0..k.div_ceil(BK) {
                for kk in 0..BK {
                    let col = kt * BK + kk;
                    for i in 0..BM {
                        let row = bx * BM + i;
                        sa[i + kk * BM] = if row < m && col < k {
                            a[row + col * lda]
                        } else {
                            0.0
                        };
                    }
                    for j in 0..BN {
                        let row = by * BN + j;
                        sb[j + kk * BN] = if row < n && col < k {
                            b[row + col * ldb]
                        } else {
                            0.0
                        };
                    }
                }
                for (thr, r) in acc.iter_mut().enumerate() {
                    let (tx, ty) = (thr % 16, thr / 16);
                    let mut regs = *r;
                    for kk in 0..BK {
                        for j in 0..8 {
                            let bv = sb[ty + 16 * j + kk * BN];
                            for i in 0..8 {
                                regs[i + 8 * j] += sa[tx + 16 * i + kk * BM] * bv;
                            }
                        }
                    }
                    *r = regs;
                }
            }
            for (thr, r) in acc.iter().enumerate() {
                let (tx, ty) = (thr % 16, thr / 16);
                for j in 0..8 {
                    for i in 0..8 {
                        let (row, col) = (bx * BM + tx + 16 * i, by * BN + ty + 16 * j);
                        if row < m && col < n {
                            let out = &mut c[row + col * ldc];
                            *out = alpha * r[i + 8 * j] + beta * *out;
                        }
                    }
                }
            }
        }
    }
}

/// The predicated row's size: a multiple of no tile extent.
const P: usize = 509;

#[inline(never)]
fn cute_predicated(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let (s, ld) = black_box(((P, P, P), P));
    sgemm::gemm_device_predicated(s, a, ld, b, ld, c, ld, alpha, beta).unwrap();
}

#[inline(never)]
fn hand_predicated(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let (s, ld) = black_box(((P, P, P), P));
    hand_predicated_rt(s, a, ld, b, ld, c, ld, alpha, beta);
}

#[inline(never)]
fn cute_shape(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let (s, ld) = black_box(((N, N, N), N));
    sgemm::gemm_device(s, a, ld, b, ld, c, ld, alpha, beta).unwrap();
}

#[inline(never)]
fn naive(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    sgemm::naive((N, N, N), a, N, b, N, c, N, alpha, beta);
}

#[inline(never)]
fn matrixmultiply(a: &[f32], b: &[f32], c: &mut [f32], alpha: f32, beta: f32) {
    let n = N as isize;
    // SAFETY: every matrix is N×N with the strides given.
    unsafe {
        matrixmultiply::sgemm(
            N,
            N,
            N,
            alpha,
            a.as_ptr(),
            1,
            n,
            b.as_ptr(),
            n,
            1,
            beta,
            c.as_mut_ptr(),
            1,
            n,
        );
    }
}

type Gemm = fn(&[f32], &[f32], &mut [f32], f32, f32);

fn benches(crit: &mut Criterion) {
    let value = |i: usize| ((i * 7 % 17) as f32 - 8.0) / 4.0;
    let a: Vec<f32> = (0..N * N).map(value).collect();
    let b: Vec<f32> = (0..N * N).map(|i| value(i + 3)).collect();
    let c0: Vec<f32> = (0..N * N).map(|i| value(i + 5)).collect();
    let (alpha, beta) = (1.5, -0.5);
    let gemms: [(&str, Gemm); 5] = [
        ("cute_shape", cute_shape),
        ("hand_tiled", hand_tiled),
        ("hand_tiled_const", hand_tiled_const),
        ("naive", naive),
        ("matrixmultiply", matrixmultiply),
    ];
    let mut want = c0.clone();
    naive(&a, &b, &mut want, alpha, beta);
    for (name, gemm) in gemms {
        let mut c = c0.clone();
        gemm(&a, &b, &mut c, alpha, beta);
        // The tiled ones sum in `k` order as the naive loop does.
        if name != "matrixmultiply" {
            assert_eq!(c, want, "{name}");
        }
    }
    let mut g = crit.benchmark_group("sgemm512");
    g.sample_size(10);
    for (name, gemm) in gemms {
        let mut c = c0.clone();
        g.bench_function(name, |bench| {
            bench.iter(|| gemm(black_box(&a), black_box(&b), black_box(&mut c), alpha, beta))
        });
    }
    g.finish();
    let mut c = c0.clone();
    let mut d = c0.clone();
    let mut pair = |name: &str, x: Gemm, y: Gemm| {
        let (a, b) = (&a[..], &b[..]);
        // Two outputs, so the closures do not share a `&mut`.
        let (c, d) = (&mut c, &mut d);
        common::paired(
            name,
            || {
                x(
                    black_box(a),
                    black_box(b),
                    black_box(&mut c[..]),
                    alpha,
                    beta,
                )
            },
            || {
                y(
                    black_box(a),
                    black_box(b),
                    black_box(&mut d[..]),
                    alpha,
                    beta,
                )
            },
        );
    };
    pair("sgemm512 cute_shape/hand_tiled", cute_shape, hand_tiled);
    pair(
        "sgemm512 hand_tiled/hand_tiled_const",
        hand_tiled,
        hand_tiled_const,
    );
    pair("sgemm512 hand_tiled/naive", hand_tiled, naive);
    pair(
        "sgemm512 matrixmultiply/hand_tiled",
        matrixmultiply,
        hand_tiled,
    );
    predicated(crit);
}

/// The predicated row: 509³ (no tile divides it), CuTe-shaped with
/// identity tensors and `copy_if` against bounds checks by hand.
fn predicated(crit: &mut Criterion) {
    let value = |i: usize| ((i * 7 % 17) as f32 - 8.0) / 4.0;
    let a: Vec<f32> = (0..P * P).map(value).collect();
    let b: Vec<f32> = (0..P * P).map(|i| value(i + 3)).collect();
    let c0: Vec<f32> = (0..P * P).map(|i| value(i + 5)).collect();
    let (alpha, beta) = (1.5, -0.5);
    let gemms: [(&str, Gemm); 2] = [
        ("cute_predicated", cute_predicated),
        ("hand_predicated", hand_predicated),
    ];
    let mut want = c0.clone();
    sgemm::naive((P, P, P), &a, P, &b, P, &mut want, P, alpha, beta);
    let mut g = crit.benchmark_group("sgemm509");
    g.sample_size(10);
    for (name, gemm) in gemms {
        let mut c = c0.clone();
        gemm(&a, &b, &mut c, alpha, beta);
        assert_eq!(c, want, "{name}");
        g.bench_function(name, |bench| {
            bench.iter(|| gemm(black_box(&a), black_box(&b), black_box(&mut c), alpha, beta))
        });
    }
    g.finish();
    let (mut c, mut d) = (c0.clone(), c0);
    let (a, b) = (&a[..], &b[..]);
    common::paired(
        "sgemm509 cute_predicated/hand_predicated",
        || {
            cute_predicated(
                black_box(a),
                black_box(b),
                black_box(&mut c[..]),
                alpha,
                beta,
            )
        },
        || {
            hand_predicated(
                black_box(a),
                black_box(b),
                black_box(&mut d[..]),
                alpha,
                beta,
            )
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
