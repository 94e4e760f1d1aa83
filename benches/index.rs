//! One index to one offset on a layout known only at run time (the core
//! `Layout`): the general path (`idx2crd` then `crd2idx`, an `IntTuple`
//! allocated per call) against `Layout::at`, the allocation-free
//! `Layout::offset` (CuTe's `layout(i)`) and `idx2crd_into` + `crd2idx_leaves`
//! with a reused buffer, and `Layout::offset` and `idx2crd_into` +
//! `crd2idx_leaves` against their previous versions
//! (`baselines/offset_before.rs`, `baselines/idx2crd_into_before.rs`). Each call takes the next of 1024 random indices,
//! so neither the index nor the branch pattern is predictable; every group
//! time is for 1024 calls.
//!
//! Then tensor element access by a `(i, j)` coordinate, the same 1024
//! random coordinates of a 64x64 row-major matrix: `Tensor::get` over a
//! core `Layout`, over a `layout!` value with dynamic extents, and
//! `i * 64 + j` into the slice by hand.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::tensor::Tensor;
use layout_dsl::{IntTuple, Layout, layout};

#[path = "common/mod.rs"]
mod common;

#[path = "baselines/offset_before.rs"]
mod before;

#[path = "baselines/idx2crd_into_before.rs"]
mod into_before;

/// Ranks 1 to 4, one of them nested; the last with no power-of-two extent.
const LAYOUTS: [(&str, &str); 5] = [
    ("rank1", "4096:3"),
    ("rank2", "(64,64):(64,1)"),
    ("rank3", "(16,(8,32)):(256,(1,8))"),
    ("rank4", "(8,16,4,8):(512,1,16,64)"),
    ("rank4_odd", "(6,10,3,7):(1,6,60,180)"),
];

const CALLS: usize = 1024;

type Walk = fn(&Layout, &[i64]) -> i64;

#[inline(never)]
fn general(l: &Layout, indices: &[i64]) -> i64 {
    indices.iter().fold(0, |sum, &i| {
        let coord: IntTuple = l.idx2crd(i).unwrap();
        sum ^ l.crd2idx(&coord).unwrap()
    })
}

#[inline(never)]
fn at(l: &Layout, indices: &[i64]) -> i64 {
    indices.iter().fold(0, |sum, &i| sum ^ l.at(i).unwrap())
}

#[inline(never)]
fn offset(l: &Layout, indices: &[i64]) -> i64 {
    indices.iter().fold(0, |sum, &i| sum ^ l.offset(i).unwrap())
}

/// `Layout::offset` before this session's change (the frozen copy).
#[inline(never)]
fn offset_before(l: &Layout, indices: &[i64]) -> i64 {
    indices
        .iter()
        .fold(0, |sum, &i| sum ^ before::offset_before(l, i).unwrap())
}

#[inline(never)]
fn buffer(l: &Layout, indices: &[i64]) -> i64 {
    let mut coord = Vec::new();
    indices.iter().fold(0, |sum, &i| {
        assert!(l.idx2crd_into(i, &mut coord));
        sum ^ l.crd2idx_leaves(&coord).unwrap()
    })
}

/// `idx2crd_into` + `crd2idx_leaves` before the flat loops (the frozen copy).
#[inline(never)]
fn buffer_before(l: &Layout, indices: &[i64]) -> i64 {
    let mut coord = Vec::new();
    indices.iter().fold(0, |sum, &i| {
        assert!(into_before::idx2crd_into_before(l, i, &mut coord));
        sum ^ into_before::crd2idx_leaves_before(l, &coord).unwrap()
    })
}

fn benches(c: &mut Criterion) {
    let walks: [(&str, Walk); 6] = [
        ("idx2crd_crd2idx", general),
        ("at", at),
        ("offset", offset),
        ("offset_before", offset_before),
        ("idx2crd_into", buffer),
        ("idx2crd_into_before", buffer_before),
    ];
    for (name, text) in LAYOUTS {
        let l: Layout = text.parse().unwrap();
        // A fixed xorshift sequence over the domain.
        let mut x = 0x9E37_79B9_7F4A_7C15u64;
        let indices: Vec<i64> = (0..CALLS)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                (x % l.size() as u64) as i64
            })
            .collect();
        let want = general(&l, &indices);
        for (walk_name, walk) in walks {
            assert_eq!(walk(&l, &indices), want, "{name} {walk_name}");
        }
        let mut g = c.benchmark_group(format!("index/{name}"));
        for (walk_name, walk) in walks {
            g.bench_function(walk_name, |b| {
                b.iter(|| walk(black_box(&l), black_box(&indices)))
            });
        }
        g.finish();
        let (l, indices) = (&l, &indices[..]);
        let run = |walk: Walk| {
            move || {
                black_box(walk(black_box(l), black_box(indices)));
            }
        };
        common::paired(
            &format!("index/{name} idx2crd_crd2idx/offset"),
            run(general),
            run(offset),
        );
        common::paired(&format!("index/{name} at/offset"), run(at), run(offset));
        common::paired(
            &format!("index/{name} offset_before/offset"),
            run(offset_before),
            run(offset),
        );
        common::paired(
            &format!("index/{name} idx2crd_into/offset"),
            run(buffer),
            run(offset),
        );
        common::paired(
            &format!("index/{name} idx2crd_into_before/idx2crd_into"),
            run(buffer_before),
            run(buffer),
        );
    }
}

type Coords = [(usize, usize)];

#[inline(never)]
fn tensor_core(t: &Tensor<&[u32], Layout>, coords: &Coords) -> u32 {
    coords
        .iter()
        .fold(0, |sum, &c| sum ^ t.get(c).copied().unwrap_or(0))
}

#[inline(never)]
fn by_hand(data: &[u32], coords: &Coords) -> u32 {
    coords.iter().fold(0, |sum, &(i, j)| {
        sum ^ data.get(i * 64 + j).copied().unwrap_or(0)
    })
}

fn tensor_benches(c: &mut Criterion) {
    let data: Vec<u32> = (0..64 * 64).collect();
    let mut x = 0x2545_F491_4F6C_DD1Du64;
    let coords: Vec<(usize, usize)> = (0..CALLS)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            ((x % 64) as usize, ((x >> 32) % 64) as usize)
        })
        .collect();
    let core = Tensor::new(&data[..], "(64,64):(64,1)".parse::<Layout>().unwrap()).unwrap();
    let (m, n) = (black_box(64usize), black_box(64usize));
    let typed = Tensor::new(&data[..], layout!((m, n):(n, 1))).unwrap();
    // The typed tensor's type is not nameable yet: a closure takes it.
    let typed_get = |coords: &Coords| {
        coords
            .iter()
            .fold(0, |sum, &c| sum ^ typed.get(c).copied().unwrap_or(0))
    };
    let want = by_hand(&data, &coords);
    assert_eq!(tensor_core(&core, &coords), want);
    assert_eq!(typed_get(&coords), want);
    let mut g = c.benchmark_group("index/tensor_get");
    g.bench_function("core_layout", |b| {
        b.iter(|| tensor_core(black_box(&core), black_box(&coords)))
    });
    g.bench_function("typed_layout", |b| b.iter(|| typed_get(black_box(&coords))));
    g.bench_function("by_hand", |b| {
        b.iter(|| by_hand(black_box(&data), black_box(&coords)))
    });
    g.finish();
    common::paired(
        "index/tensor_get core_layout/by_hand",
        || {
            black_box(tensor_core(black_box(&core), black_box(&coords)));
        },
        || {
            black_box(by_hand(black_box(&data), black_box(&coords)));
        },
    );
    common::paired(
        "index/tensor_get typed_layout/by_hand",
        || {
            black_box(typed_get(black_box(&coords)));
        },
        || {
            black_box(by_hand(black_box(&data), black_box(&coords)));
        },
    );
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches, tensor_benches
}
criterion_main!(group);
