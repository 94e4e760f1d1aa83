//! `Layout::offsets()` (the runtime odometer) over a rank-4 layout of 2^20
//! elements, against taking every index apart (`idx2crd` then `crd2idx`)
//! and against four hand-written nested loops. Each offset reads one
//! element (a gather into a sum), so no loop can be folded away.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::{IntTuple, Layout};

#[path = "common/mod.rs"]
mod common;

/// 2^20 elements, a bijection onto 0..2^20 whose first leaf is not the
/// contiguous one (a tile of 8 rows of 64), so the walk is not a memcpy.
const LAYOUT: &str = "(8,64,32,64):(64,1,512,16384)";

#[inline(never)]
fn odometer(layout: &Layout, data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for o in layout.offsets() {
        sum = sum.wrapping_add(data[o as usize]);
    }
    sum
}

/// The same through internal iteration (`fold`), as `sum`, `for_each` and
/// `collect`-like adaptors do.
#[inline(never)]
fn odometer_fold(layout: &Layout, data: &[u32]) -> u32 {
    layout
        .offsets()
        .fold(0u32, |sum, o| sum.wrapping_add(data[o as usize]))
}

/// Every index taken apart and put back together by the core.
#[inline(never)]
fn per_index(layout: &Layout, data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for i in 0..layout.size() {
        let coord: IntTuple = layout.idx2crd(i).unwrap();
        let o = layout.crd2idx(&coord).unwrap();
        sum = sum.wrapping_add(data[o as usize]);
    }
    sum
}

/// `L(i)` for every `i`: one crd2idx of an integer, no allocation.
#[inline(never)]
fn per_index_at(layout: &Layout, data: &[u32]) -> u32 {
    let mut sum = 0u32;
    for i in 0..layout.size() {
        sum = sum.wrapping_add(data[layout.at(i).unwrap() as usize]);
    }
    sum
}

/// What one writes by hand for a rank-4 layout known at run time.
#[inline(never)]
fn nested(layout: &Layout, data: &[u32]) -> u32 {
    let modes: Vec<(i64, i64)> = layout.leaf_modes().collect();
    let [(e0, s0), (e1, s1), (e2, s2), (e3, s3)] = modes[..] else {
        panic!("a rank-4 flat layout")
    };
    let mut sum = 0u32;
    for i3 in 0..e3 {
        for i2 in 0..e2 {
            for i1 in 0..e1 {
                let base = i1 * s1 + i2 * s2 + i3 * s3;
                for i0 in 0..e0 {
                    sum = sum.wrapping_add(data[(base + i0 * s0) as usize]);
                }
            }
        }
    }
    sum
}

fn benches(c: &mut Criterion) {
    let layout: Layout = LAYOUT.parse().unwrap();
    let data: Vec<u32> = (0..layout.size() as u32)
        .map(|x| x.wrapping_mul(2_654_435_761))
        .collect();
    let want = nested(&layout, &data);
    type Walk = fn(&Layout, &[u32]) -> u32;
    let walks: [(&str, Walk); 5] = [
        ("offsets", odometer),
        ("offsets_fold", odometer_fold),
        ("nested_loops", nested),
        ("idx2crd_crd2idx", per_index),
        ("at", per_index_at),
    ];
    for (name, walk) in walks {
        assert_eq!(walk(&layout, &data), want, "{name}");
    }

    let mut g = c.benchmark_group("offsets");
    for (name, walk) in walks {
        g.bench_function(name, |b| {
            b.iter(|| walk(black_box(&layout), black_box(&data)))
        });
    }
    g.finish();

    let (layout, data) = (&layout, &data[..]);
    let run = |walk: Walk| {
        move || {
            black_box(walk(black_box(layout), black_box(data)));
        }
    };
    common::paired(
        "offsets/idx2crd_crd2idx per_index/offsets",
        run(per_index),
        run(odometer),
    );
    common::paired("offsets/offsets offsets/nested", run(odometer), run(nested));
    common::paired(
        "offsets/offsets_fold fold/nested",
        run(odometer_fold),
        run(nested),
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
