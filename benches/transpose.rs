//! A 4096×4096 `f32` transpose: `layout!` tiles (`zipped_divide` into 16×16,
//! 32×32 and 64×64) against the naive double loop, ndarray's
//! `t().as_standard_layout()`, and a `copy_from_slice` of the same bytes
//! (the bandwidth ceiling); on x86-64 also the same tiles moved through a
//! staging buffer with SSE and non-temporal stores (`streamed!`).
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

/// The tiled transpose at memory speed: the same `zipped_divide` tiles,
/// each moved through a tile-sized staging buffer whose layout is the tile
/// transposed, `(T,T):(1,T)`. Source rows go into the buffer 4×4 at a time,
/// transposed in SSE registers; then each destination row of the tile
/// leaves the buffer with non-temporal stores, whole 64-byte lines that do
/// not read the destination first (as a large `memcpy` does). Needs the
/// destination 64-byte aligned (rows of 4096 floats keep every tile row on
/// line boundaries).
#[cfg(target_arch = "x86_64")]
macro_rules! streamed {
    ($name:ident, $t:literal, $tiles:literal) => {
        #[inline(never)]
        fn $name(src: &[f32], dst: &mut [f32]) {
            use core::arch::x86_64::{_mm_loadu_ps, _mm_sfence, _mm_stream_ps};
            assert!(src.len() == N * N && dst.len() == N * N);
            assert!(dst.as_ptr().align_offset(64) == 0, "destination not 64-byte aligned");
            let from = layout!(zipped_divide((4096,4096):(4096,1), ($t,$t)));
            let to = layout!(zipped_divide((4096,4096):(1,4096), ($t,$t)));
            let staging = layout!(($t,$t):(1,$t));
            let mut buf = Aligned([0f32; $t * $t]);
            let buf = &mut buf.0;
            for ti in 0..$tiles {
                for tj in 0..$tiles {
                    for bi in 0..$t / 4 {
                        for bj in 0..$t / 4 {
                            let s = from.crd2idx(((bi * 4, bj * 4), (ti, tj)));
                            let b = staging.crd2idx((bi * 4, bj * 4));
                            // SAFETY: the layouts keep s + 3·N + 3 < N² and
                            // b + 3·T + 3 < T².
                            unsafe {
                                transpose4(src.as_ptr().add(s), N, buf.as_mut_ptr().add(b), $t)
                            };
                        }
                    }
                    for j in 0..$t {
                        let (d, b) = (to.crd2idx(((0, j), (ti, tj))), staging.crd2idx((0, j)));
                        for k in (0..$t).step_by(4) {
                            // SAFETY: d + T ≤ N², 16-byte aligned (asserted
                            // above, T and N multiples of 4); b + T ≤ T².
                            unsafe {
                                let row = _mm_loadu_ps(buf.as_ptr().add(b + k));
                                _mm_stream_ps(dst.as_mut_ptr().add(d + k), row);
                            }
                        }
                    }
                }
            }
            // SAFETY: SSE is baseline on x86-64; orders the streamed stores.
            unsafe { _mm_sfence() };
        }
    };
}

#[repr(align(64))]
struct Aligned<T>(T);

/// Four rows of four floats, `row` apart, written transposed `out_row` apart.
///
/// # Safety
/// Both 4×4 blocks must be in bounds.
#[cfg(target_arch = "x86_64")]
#[inline(always)]
unsafe fn transpose4(src: *const f32, row: usize, dst: *mut f32, out_row: usize) {
    use core::arch::x86_64::*;
    // SAFETY: the caller's bounds; SSE is baseline on x86-64.
    unsafe {
        let r0 = _mm_loadu_ps(src);
        let r1 = _mm_loadu_ps(src.add(row));
        let r2 = _mm_loadu_ps(src.add(2 * row));
        let r3 = _mm_loadu_ps(src.add(3 * row));
        let (lo01, lo23) = (_mm_unpacklo_ps(r0, r1), _mm_unpacklo_ps(r2, r3));
        let (hi01, hi23) = (_mm_unpackhi_ps(r0, r1), _mm_unpackhi_ps(r2, r3));
        _mm_storeu_ps(dst, _mm_movelh_ps(lo01, lo23));
        _mm_storeu_ps(dst.add(out_row), _mm_movehl_ps(lo23, lo01));
        _mm_storeu_ps(dst.add(2 * out_row), _mm_movelh_ps(hi01, hi23));
        _mm_storeu_ps(dst.add(3 * out_row), _mm_movehl_ps(hi23, hi01));
    }
}

#[cfg(target_arch = "x86_64")]
streamed!(streamed_16, 16, 256);
#[cfg(target_arch = "x86_64")]
streamed!(streamed_32, 32, 128);
#[cfg(target_arch = "x86_64")]
streamed!(streamed_64, 64, 64);

/// `len` floats starting on a 64-byte boundary, zeroed.
#[cfg(target_arch = "x86_64")]
fn aligned_vec(len: usize) -> Vec<Aligned<[f32; 16]>> {
    (0..len / 16).map(|_| Aligned([0.0; 16])).collect()
}

#[cfg(target_arch = "x86_64")]
fn floats(v: &mut [Aligned<[f32; 16]>]) -> &mut [f32] {
    // SAFETY: `Aligned<[f32; 16]>` is 16 floats with no padding (size 64).
    unsafe { std::slice::from_raw_parts_mut(v.as_mut_ptr().cast::<f32>(), v.len() * 16) }
}

/// The streamed kernels against `copy_from_slice` and the naive loop, all
/// on 64-byte aligned buffers.
#[cfg(target_arch = "x86_64")]
fn streamed_pairs(c: &mut Criterion, src: &[f32], want: &[f32]) {
    type Kernel = fn(&[f32], &mut [f32]);
    let (mut s, mut d1, mut d2) = (aligned_vec(N * N), aligned_vec(N * N), aligned_vec(N * N));
    let (s, d1, d2) = (floats(&mut s), floats(&mut d1), floats(&mut d2));
    s.copy_from_slice(src);
    let s = &*s;
    let kernels: [(&str, Kernel); 3] = [
        ("16", streamed_16),
        ("32", streamed_32),
        ("64", streamed_64),
    ];
    let mut g = c.benchmark_group("transpose");
    for (name, kernel) in kernels {
        d2.fill(0.0);
        kernel(s, d2);
        assert!(d2 == want, "streamed_{name}");
        g.bench_function(format!("layout_streamed_{name}"), |b| {
            b.iter(|| kernel(black_box(s), black_box(&mut *d2)))
        });
    }
    g.bench_function("copy_from_slice_aligned", |b| {
        b.iter(|| copy(black_box(s), black_box(&mut *d1)))
    });
    g.finish();
    for (name, kernel) in kernels {
        common::paired(
            &format!("transpose/copy copy/streamed_{name}"),
            || copy(black_box(s), black_box(&mut *d1)),
            || kernel(black_box(s), black_box(&mut *d2)),
        );
        common::paired(
            &format!("transpose/naive naive/streamed_{name}"),
            || naive(black_box(s), black_box(&mut *d1)),
            || kernel(black_box(s), black_box(&mut *d2)),
        );
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
    #[cfg(target_arch = "x86_64")]
    streamed_pairs(c, src, &want);
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
