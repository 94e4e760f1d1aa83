//! One index to one offset on a layout known only at run time (the core
//! `Layout`): the general path (`idx2crd` then `crd2idx`, an `IntTuple`
//! allocated per call) against `Layout::at`, the allocation-free
//! `Layout::offset` (CuTe's `layout(i)`) and `idx2crd_into` + `crd2idx_leaves`
//! with a reused buffer. Each call takes the next of 1024 random indices,
//! so neither the index nor the branch pattern is predictable; every group
//! time is for 1024 calls.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use layout_dsl::{IntTuple, Layout};

#[path = "common/mod.rs"]
mod common;

/// Ranks 1 to 4, one of them nested.
const LAYOUTS: [(&str, &str); 4] = [
    ("rank1", "4096:3"),
    ("rank2", "(64,64):(64,1)"),
    ("rank3", "(16,(8,32)):(256,(1,8))"),
    ("rank4", "(8,16,4,8):(512,1,16,64)"),
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

#[inline(never)]
fn buffer(l: &Layout, indices: &[i64]) -> i64 {
    let mut coord = Vec::new();
    indices.iter().fold(0, |sum, &i| {
        assert!(l.idx2crd_into(i, &mut coord));
        sum ^ l.crd2idx_leaves(&coord).unwrap()
    })
}

fn benches(c: &mut Criterion) {
    let walks: [(&str, Walk); 4] = [
        ("idx2crd_crd2idx", general),
        ("at", at),
        ("offset", offset),
        ("idx2crd_into", buffer),
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
            &format!("index/{name} idx2crd_into/offset"),
            run(buffer),
            run(offset),
        );
    }
}

criterion_group! {
    name = group;
    config = common::config();
    targets = benches
}
criterion_main!(group);
