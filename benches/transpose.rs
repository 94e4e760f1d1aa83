//! A 4096×4096 `f32` transpose: `layout!` tiles (`zipped_divide` into 32×32
//! and 64×64) against the naive double loop, ndarray's
//! `t().as_standard_layout()`, and a `copy_from_slice` of the same bytes
//! (the bandwidth ceiling).
//!
//! The source is row-major `(N,N):(N,1)`; the destination seen with the
//! source's coordinates is `(N,N):(1,N)`. Divided by the same tile, the
//! coordinate `(element, tile)` names the same entry in both.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;
use ndarray::{Array2, ArrayView2};

#[path = "common/mod.rs"]
mod common;

const N: usize = 4096;

#[inline(never)]
fn naive(src: &[f32], dst: &mut [f32]) {
    for i in 0..N {
        for j in 0..N {
            dst[j * N + i] = src[i * N + j];
        }
    }
}

/// The tiled transpose: both matrices divided into `T×T` tiles by
/// `zipped_divide`, tiles visited row band by row band, and inside a tile
/// the source row innermost (contiguous reads, each destination line filled
/// by `T` consecutive rows).
///
/// The matrices are fixed-size arrays: with every leaf static LLVM proves
/// each offset in bounds and drops the checks (there are none in the loop).
macro_rules! tiled {
    ($name:ident, $t:literal, $tiles:literal) => {
        #[inline(never)]
        fn $name(src: &[f32], dst: &mut [f32]) {
            let src: &[f32; N * N] = src.try_into().unwrap();
            let dst: &mut [f32; N * N] = dst.try_into().unwrap();
            let from = layout!(zipped_divide((4096,4096):(4096,1), ($t,$t)));
            let to = layout!(zipped_divide((4096,4096):(1,4096), ($t,$t)));
            for ti in 0..$tiles {
                for tj in 0..$tiles {
                    for i in 0..$t {
                        for j in 0..$t {
                            let c = ((i, j), (ti, tj));
                            dst[to.crd2idx(c)] = src[from.crd2idx(c)];
                        }
                    }
                }
            }
        }
    };
}

tiled!(tiled_16, 16, 256);
tiled!(tiled_32, 32, 128);
tiled!(tiled_64, 64, 64);

/// The shortest form (as in tests/transpose.rs): one integer per mode,
/// tiles in CuTe order, tile elements column by column. Slower: reads
/// stride down the source and LLVM unrolls the 1024-element tile loop.
#[inline(never)]
fn tiled_32_flat(src: &[f32], dst: &mut [f32]) {
    let from = layout!(zipped_divide((4096,4096):(4096,1), (32,32)));
    let to = layout!(zipped_divide((4096,4096):(1,4096), (32,32)));
    for tile in 0..from.size() / 1024 {
        for element in 0..1024 {
            dst[to.crd2idx((element, tile))] = src[from.crd2idx((element, tile))];
        }
    }
}

#[inline(never)]
fn ndarray_standard(src: &ArrayView2<f32>) -> Array2<f32> {
    src.t().as_standard_layout().into_owned()
}

#[inline(never)]
fn ndarray_assign(src: &ArrayView2<f32>, dst: &mut Array2<f32>) {
    dst.assign(&src.t());
}

#[inline(never)]
fn copy(src: &[f32], dst: &mut [f32]) {
    dst.copy_from_slice(src);
}

fn benches(c: &mut Criterion) {
    let src: Vec<f32> = (0..N * N).map(|x| x as f32).collect();
    let mut want = vec![0f32; N * N];
    naive(&src, &mut want);
    let mut dst = vec![0f32; N * N];
    type Kernel = fn(&[f32], &mut [f32]);
    let kernels: [(&str, Kernel); 6] = [
        ("naive", naive),
        ("layout_tiled_16", tiled_16),
        ("layout_tiled_32", tiled_32),
        ("layout_tiled_64", tiled_64),
        ("layout_tiled_32_flat", tiled_32_flat),
        ("copy_from_slice", copy),
    ];
    for (name, kernel) in &kernels[..5] {
        dst.fill(0.0);
        kernel(&src, &mut dst);
        assert!(dst == want, "{name}");
    }
    let view = ArrayView2::from_shape((N, N), &src).unwrap();
    assert_eq!(ndarray_standard(&view).as_slice().unwrap(), &want[..]);

    let mut g = c.benchmark_group("transpose");
    for (name, kernel) in kernels {
        g.bench_function(name, |b| {
            b.iter(|| kernel(black_box(&src), black_box(&mut dst)))
        });
    }
    g.bench_function("ndarray_as_standard_layout", |b| {
        b.iter(|| ndarray_standard(black_box(&view)))
    });
    let mut out = Array2::<f32>::zeros((N, N));
    g.bench_function("ndarray_assign", |b| {
        b.iter(|| ndarray_assign(black_box(&view), black_box(&mut out)))
    });
    g.finish();

    // Each side of a pair writes its own buffer (two closures cannot both
    // borrow one mutably); the buffers are alike and both warm.
    let mut dst2 = vec![0f32; N * N];
    let (src, dst, dst2) = (&src[..], &mut dst[..], &mut dst2[..]);
    let tiled: [(&str, Kernel); 3] = [("16", tiled_16), ("32", tiled_32), ("64", tiled_64)];
    for (name, kernel) in tiled {
        common::paired(
            &format!("transpose/naive naive/tiled_{name}"),
            || naive(black_box(src), black_box(&mut *dst)),
            || kernel(black_box(src), black_box(&mut *dst2)),
        );
        common::paired(
            &format!("transpose/ndarray ndarray/tiled_{name}"),
            || drop(black_box(ndarray_standard(black_box(&view)))),
            || kernel(black_box(src), black_box(&mut *dst2)),
        );
        common::paired(
            &format!("transpose/copy copy/tiled_{name}"),
            || copy(black_box(src), black_box(&mut *dst)),
            || kernel(black_box(src), black_box(&mut *dst2)),
        );
    }
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
