//! `layout!`'s typed `crd2idx` against the hand-written index expression,
//! over every coordinate of a 64×64 domain, each offset reading one element
//! (a gather into a sum) so the loop cannot be folded away.
//!
//! The kernels are `no_mangle` so their assembly can be compared by name:
//! `cargo rustc --release --bench crd2idx -- --emit asm` (BENCHMARKS.md).

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::layout;

#[path = "common/mod.rs"]
mod common;

/// Row-major 64×64 through the macro.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_row_major(data: &[u32]) -> u32 {
    let l = layout!((64,64):(64,1));
    let mut sum = 0u32;
    for i in 0..64 {
        for j in 0..64 {
            sum = sum.wrapping_add(data[l.crd2idx((i, j))]);
        }
    }
    sum
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_row_major(data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for i in 0..64 {
        for j in 0..64 {
            sum = sum.wrapping_add(data[i * 64 + j]);
        }
    }
    sum
}

/// A hierarchical layout indexed with 2-D coordinates: each integer is split
/// over its mode (`i` into `(i % 4, i / 4)`), as CuTe does.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_hier_2d(data: &[u32]) -> u32 {
    let l = layout!(((4,16),(8,8)):((1,32),(4,512)));
    let mut sum = 0u32;
    for j in 0..64 {
        for i in 0..64 {
            sum = sum.wrapping_add(data[l.crd2idx((i, j))]);
        }
    }
    sum
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_hier_2d(data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for j in 0..64 {
        for i in 0..64 {
            sum = sum.wrapping_add(data[i % 4 + i / 4 * 32 + j % 8 * 4 + j / 8 * 512]);
        }
    }
    sum
}

/// The same layout with full hierarchical coordinates `((a,b),(c,d))`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_hier_4d(data: &[u32]) -> u32 {
    let l = layout!(((4,16),(8,8)):((1,32),(4,512)));
    let mut sum = 0u32;
    for d in 0..8 {
        for c in 0..8 {
            for b in 0..16 {
                for a in 0..4 {
                    sum = sum.wrapping_add(data[l.crd2idx(((a, b), (c, d)))]);
                }
            }
        }
    }
    sum
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_hier_4d(data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for d in 0..8 {
        for c in 0..8 {
            for b in 0..16 {
                for a in 0..4 {
                    sum = sum.wrapping_add(data[a + b * 32 + c * 4 + d * 512]);
                }
            }
        }
    }
    sum
}

/// A 128-byte-swizzled 64×64 tile (`Sw<3,4,3>` over row-major offsets):
/// the swizzle must fold to the mask, shift and XOR a person writes.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_swizzle(data: &[u32]) -> u32 {
    let l = layout!(Sw<3,4,3> o 0 o (64,64):(64,1));
    let mut sum = 0u32;
    for i in 0..64 {
        for j in 0..64 {
            sum = sum.wrapping_add(data[l.crd2idx((i, j))]);
        }
    }
    sum
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_swizzle(data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for i in 0..64 {
        for j in 0..64 {
            let o = i * 64 + j;
            sum = sum.wrapping_add(data[o ^ ((o & 0x380) >> 3)]);
        }
    }
    sum
}

/// Column-major with a leading dimension known only at run time.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_dynamic(data: &[u32], m: usize, n: usize) -> u32 {
    let l = layout!((m,n):(1,m));
    let mut sum = 0u32;
    for j in 0..n {
        for i in 0..m {
            sum = sum.wrapping_add(data[l.crd2idx((i, j))]);
        }
    }
    sum
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_dynamic(data: &[u32], m: usize, n: usize) -> u32 {
    let mut sum = 0u32;
    for j in 0..n {
        for i in 0..m {
            sum = sum.wrapping_add(data[i + j * m]);
        }
    }
    sum
}

/// `at` of a dynamic rank-2 layout: one integer split over the modes.
/// `asm_diff.sh` requires the same instructions as `hand_dynamic_at` up to
/// the zero case: `at` defines an extent of 0 (the empty mode takes the
/// whole index, in a cold out-of-line call) where the hand-written `%`
/// panics, so only that last block differs.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_dynamic_at(m: usize, n: usize, i: usize) -> usize {
    layout!((m,n):(n,1)).at(i)
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_dynamic_at(m: usize, n: usize, i: usize) -> usize {
    (i % m) * n + i / m
}

fn benches(c: &mut Criterion) {
    let data: Vec<u32> = (0..4096u32)
        .map(|x| x.wrapping_mul(2_654_435_761))
        .collect();
    // Same answers first: a benchmark of wrong code measures nothing.
    assert_eq!(macro_row_major(&data), hand_row_major(&data));
    assert_eq!(macro_hier_2d(&data), hand_hier_2d(&data));
    assert_eq!(macro_hier_4d(&data), hand_hier_4d(&data));
    assert_eq!(macro_swizzle(&data), hand_swizzle(&data));
    assert_eq!(macro_dynamic(&data, 64, 64), hand_dynamic(&data, 64, 64));
    for (m, i) in (1..5).flat_map(|m| (0..20).map(move |i| (m, i))) {
        assert_eq!(macro_dynamic_at(m, 7, i), hand_dynamic_at(m, 7, i));
    }
    assert_eq!(macro_dynamic_at(0, 7, 3), 3 * 7);

    let mut g = c.benchmark_group("crd2idx");
    type Kernel = fn(&[u32]) -> u32;
    let kernels: [(&str, Kernel); 8] = [
        ("row_major/layout", macro_row_major),
        ("row_major/hand", hand_row_major),
        ("hier_2d/layout", macro_hier_2d),
        ("hier_2d/hand", hand_hier_2d),
        ("hier_4d/layout", macro_hier_4d),
        ("hier_4d/hand", hand_hier_4d),
        ("swizzle/layout", macro_swizzle),
        ("swizzle/hand", hand_swizzle),
    ];
    for (name, kernel) in kernels {
        g.bench_function(name, |b| b.iter(|| kernel(black_box(&data))));
    }
    g.bench_function("dynamic/layout", |b| {
        b.iter(|| macro_dynamic(black_box(&data), black_box(64), black_box(64)))
    });
    g.bench_function("dynamic/hand", |b| {
        b.iter(|| hand_dynamic(black_box(&data), black_box(64), black_box(64)))
    });
    g.finish();

    // Interleaved ratios (layout! time / hand-written time).
    for pair in kernels.chunks(2) {
        let (name, (a, b)) = (pair[0].0, (pair[0].1, pair[1].1));
        let name = name.replace("/layout", "");
        common::paired(
            &format!("crd2idx/{name} layout/hand"),
            || {
                black_box(a(black_box(&data)));
            },
            || {
                black_box(b(black_box(&data)));
            },
        );
    }
    let (m, n) = (64, 64);
    common::paired(
        "crd2idx/dynamic layout/hand",
        || {
            black_box(macro_dynamic(black_box(&data), black_box(m), black_box(n)));
        },
        || {
            black_box(hand_dynamic(black_box(&data), black_box(m), black_box(n)));
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
