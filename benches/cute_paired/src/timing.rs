//! The interleaved timing: bursts of each side alternated, the median of
//! the per-round ratios (a neighbour's load hits both sides of a round
//! alike, and rounds a preemption spoiled fall outside the median).

use std::hint::black_box;
use std::time::Instant;

use crate::rows::{Row, Side};
use crate::{INPUTS, Input, Shared};

/// Calls of a side in one burst: 400 × 64 inputs, about 0.1 ms at 2–4 ns
/// an input, as the earlier harnesses' bursts.
pub const BURST: usize = 400;

/// One row's figures.
pub struct Pair {
    /// Median of the per-round ratios ours/CuTe.
    pub ratio: f64,
    /// Their first and third quartiles.
    pub q1: f64,
    pub q3: f64,
    /// Median ns per input of each side's bursts.
    pub ours_ns: f64,
    pub cute_ns: f64,
}

fn burst(f: Side, inputs: &[Input], shared: &Shared) -> f64 {
    let start = Instant::now();
    for _ in 0..BURST {
        black_box(f(black_box(inputs), black_box(shared)));
    }
    start.elapsed().as_secs_f64()
}

fn median_quartiles(mut v: Vec<f64>) -> (f64, f64, f64) {
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    (at(0.25), at(0.5), at(0.75))
}

/// Times `row` over `rounds` rounds (which side goes first alternates),
/// after a few rounds of warming up.
pub fn pair(row: &Row, rounds: usize, inputs: &[Input], shared: &Shared) -> Pair {
    for _ in 0..10 {
        burst(row.ours, inputs, shared);
        burst(row.cute, inputs, shared);
    }
    let rounds = rounds.max(1);
    let (mut ours, mut cute, mut ratios) = (vec![], vec![], vec![]);
    for r in 0..rounds {
        let (o, c) = if r % 2 == 0 {
            let o = burst(row.ours, inputs, shared);
            (o, burst(row.cute, inputs, shared))
        } else {
            let c = burst(row.cute, inputs, shared);
            (burst(row.ours, inputs, shared), c)
        };
        ratios.push(o / c);
        let per_input = 1e9 / (BURST * INPUTS) as f64;
        ours.push(o * per_input);
        cute.push(c * per_input);
    }
    let (q1, ratio, q3) = median_quartiles(ratios);
    Pair {
        ratio,
        q1,
        q3,
        ours_ns: median_quartiles(ours).1,
        cute_ns: median_quartiles(cute).1,
    }
}

/// `/proc/loadavg`'s first three fields (the machine is shared).
pub fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "unknown".into())
}
