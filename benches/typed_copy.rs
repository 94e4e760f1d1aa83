//! Typed `copy` between layouts of equal size: the same 64×64 `f32`
//! transpose-like copy (`dst(i,j) = src(i,j)`, the source column-major,
//! the destination row-major, both extents dynamic) written three ways:
//!
//! - `lockstep`: `(m,n):(1,m)` into `(m,n):(n,1)`, the same leaf extents,
//!   so both layouts are walked by one pair of loops;
//! - `odometer`: `((8,m/8),n):((1,8),m)` into `(m,n):(n,1)`, the same
//!   elements in the same order but different leaf extents, so the source
//!   is walked by its loops and the destination by the odometer;
//! - `hand`: the two loops written out with index arithmetic.
//!
//! The odometer path merges leaves that continue each other (here `8` and
//! `m/8`, stride 8 = 8·1: one row of 64), so a fourth pair keeps them
//! apart: the source stored with a gap after every 8 rows
//! (`((8,m/8),n):((1,9),9m/8)`, runs of 8), against the same three loops
//! by hand (`gapped`, `gapped_hand`).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, typed};

#[path = "common/mod.rs"]
mod common;

const M: usize = 64;
const N: usize = 64;

#[inline(never)]
fn lockstep(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let s = Tensor::new(src, layout!((m,n):(1,m))).unwrap();
    let mut d = Tensor::new(dst, layout!((m,n):(n,1))).unwrap();
    typed::copy(&s, &mut d);
}

#[inline(never)]
fn odometer(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let m8 = m / 8;
    let s = Tensor::new(src, layout!(((8,m8),n):((1,8),m))).unwrap();
    let mut d = Tensor::new(dst, layout!((m,n):(n,1))).unwrap();
    typed::copy(&s, &mut d);
}

#[inline(never)]
fn hand(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let (src, dst) = (&src[..m * n], &mut dst[..m * n]);
    for j in 0..n {
        for i in 0..m {
            dst[i * n + j] = src[i + j * m];
        }
    }
}

#[inline(never)]
fn gapped(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let (m8, ld) = (m / 8, 9 * (m / 8));
    let s = Tensor::new(src, layout!(((8,m8),n):((1,9),ld))).unwrap();
    let mut d = Tensor::new(dst, layout!((m,n):(n,1))).unwrap();
    typed::copy(&s, &mut d);
}

#[inline(never)]
fn gapped_hand(src: &[f32], dst: &mut [f32], m: usize, n: usize) {
    let (m8, ld) = (m / 8, 9 * (m / 8));
    let (src, dst) = (&src[..ld * n], &mut dst[..m * n]);
    for j in 0..n {
        for i1 in 0..m8 {
            for i0 in 0..8 {
                dst[(i0 + 8 * i1) * n + j] = src[i0 + 9 * i1 + ld * j];
            }
        }
    }
}

fn benches(c: &mut Criterion) {
    let src: Vec<f32> = (0..M * N).map(|x| x as f32).collect();
    let mut dst = vec![0.0f32; M * N];
    // The three agree (a check, not a measurement).
    let mut want = vec![0.0f32; M * N];
    hand(&src, &mut want, M, N);
    lockstep(&src, &mut dst, M, N);
    assert_eq!(dst, want);
    dst.fill(0.0);
    odometer(&src, &mut dst, M, N);
    assert_eq!(dst, want);

    let gsrc: Vec<f32> = (0..9 * (M / 8) * N).map(|x| x as f32).collect();
    let mut gwant = vec![0.0f32; M * N];
    gapped_hand(&gsrc, &mut gwant, M, N);
    dst.fill(0.0);
    gapped(&gsrc, &mut dst, M, N);
    assert_eq!(dst, gwant);

    let (m, n) = (black_box(M), black_box(N));
    let mut g = c.benchmark_group("typed_copy");
    g.bench_function("lockstep", |b| {
        b.iter(|| lockstep(black_box(&src), &mut dst, m, n))
    });
    g.bench_function("odometer", |b| {
        b.iter(|| odometer(black_box(&src), &mut dst, m, n))
    });
    g.bench_function("hand", |b| b.iter(|| hand(black_box(&src), &mut dst, m, n)));
    g.bench_function("gapped", |b| {
        b.iter(|| gapped(black_box(&gsrc), &mut dst, m, n))
    });
    g.bench_function("gapped_hand", |b| {
        b.iter(|| gapped_hand(black_box(&gsrc), &mut dst, m, n))
    });
    g.finish();

    let mut d2 = vec![0.0f32; M * N];
    common::paired(
        "typed_copy odometer/hand",
        || odometer(black_box(&src), &mut dst, m, n),
        || hand(black_box(&src), &mut d2, m, n),
    );
    common::paired(
        "typed_copy lockstep/hand",
        || lockstep(black_box(&src), &mut dst, m, n),
        || hand(black_box(&src), &mut d2, m, n),
    );
    common::paired(
        "typed_copy gapped/gapped_hand",
        || gapped(black_box(&gsrc), &mut dst, m, n),
        || gapped_hand(black_box(&gsrc), &mut d2, m, n),
    );
    common::paired(
        "typed_copy odometer/lockstep",
        || odometer(black_box(&src), &mut dst, m, n),
        || lockstep(black_box(&src), &mut d2, m, n),
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
