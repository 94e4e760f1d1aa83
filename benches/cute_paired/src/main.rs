//! `paired`: our typed API against CuTe C++ doing the same work, in one
//! process (README.md).
//!
//! ```text
//! paired [ROUNDS] [ROW]         check every row's sides agree, then time them
//! paired --calls ROW SIDE N     N bursts of one side, untimed (cg.sh counts them)
//! paired --list                 the rows, what each computes, its symbols
//! ```
//!
//! A row's two sides are checked to give the same answer on every input
//! first (the process aborts if not). Then `ROUNDS` rounds (default 1001):
//! each times a burst of `BURST` calls of our function and of CuTe's, in
//! alternating order, each call making the row's work once per input over
//! the 64 inputs. Printed per row: the median of the per-round ratios
//! ours/CuTe with its quartiles, and each side's median ns per input.

mod cute;
mod ours;
mod probes;
mod rows;
mod timing;

use std::hint::black_box;

use rows::{ROWS, Row};

/// One input of a row: the extents `m`, `n`; its place `k` in the slice is
/// its thread (or tile `(k%2, k%4)`), on both sides, so both compilers know
/// `k`'s range as in the earlier harnesses. `repr(C)`: CuTe's side reads it.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Input {
    pub m: usize,
    pub n: usize,
}

/// How many inputs one call of a side goes through.
pub const INPUTS: usize = 64;

/// The inputs, as every earlier harness took them: `(37+5i, 64+3i)`,
/// thread `i` (`m` 37..352, `n` 64..253; not all multiples of the tiles).
/// From `seed` (37 in practice) read through `black_box`, so nothing folds.
pub fn inputs(seed: usize) -> Vec<Input> {
    let seed = black_box(seed);
    (0..INPUTS)
        .map(|i| Input {
            m: seed + 5 * i,
            n: seed + 27 + 3 * i,
        })
        .collect()
}

/// Two run-time strides of `A` in the strided product rows.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct Strides {
    pub s: usize,
    pub t: usize,
}

/// What rows read beside their inputs, input by input where it is a list.
pub struct Shared {
    /// The buffer the tensor rows read: element `i` holds `i`, padded past
    /// the largest tensor so that every share and tile these inputs read
    /// lies in it (the plain typed tensor refuses a partial share past its
    /// engine; CuTe would read past it).
    pub data: Vec<u32>,
    /// `(4,m):(s,t)` compact: `(1,4)` (column-major) at even places, `(m,1)`
    /// (row-major) at odd ones, read from memory on both sides (picked in
    /// the loop, g++ specialises each branch on its constants).
    pub compact: Vec<Strides>,
    /// Padded (a hole of 2): `(1,8)` at even places, `(2m,1)` at odd ones.
    pub padded: Vec<Strides>,
    /// Rank 1 `m:r`: `r` 1 at even places, 6 at odd ones.
    pub rank1: Vec<usize>,
}

impl Shared {
    /// The buffer and strides for `inputs`.
    pub fn new(inputs: &[Input]) -> Self {
        let m = inputs.iter().map(|i| i.m).max().unwrap_or(0);
        let n = inputs.iter().map(|i| i.n).max().unwrap_or(0);
        let even = |k: usize| k.is_multiple_of(2);
        let by_place = |f: &dyn Fn(usize, usize) -> Strides| -> Vec<Strides> {
            inputs.iter().enumerate().map(|(k, i)| f(k, i.m)).collect()
        };
        Shared {
            data: (0..(m + 32) * (n + 8)).map(|i| i as u32).collect(),
            compact: by_place(&|k, m| match even(k) {
                true => Strides { s: 1, t: 4 },
                false => Strides { s: m, t: 1 },
            }),
            padded: by_place(&|k, m| match even(k) {
                true => Strides { s: 1, t: 8 },
                false => Strides { s: 2 * m, t: 1 },
            }),
            rank1: (0..inputs.len())
                .map(|k| if even(k) { 1 } else { 6 })
                .collect(),
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let inputs = inputs(37);
    let shared = Shared::new(&inputs);
    match args.first().map(String::as_str) {
        Some("--list") => {
            for row in ROWS {
                let (o, c) = row.symbols;
                println!("{:22} {o} {c}\n    {}", row.name, row.what);
            }
        }
        Some("--calls") => calls(&args[1..], &inputs, &shared),
        _ => {
            let rounds = args.first().and_then(|a| a.parse().ok()).unwrap_or(1001);
            let wanted = args.iter().find(|a| a.parse::<usize>().is_err());
            let chosen: Vec<&Row> = ROWS
                .iter()
                .filter(|r| wanted.is_none_or(|w| r.name == w))
                .collect();
            if chosen.is_empty() {
                eprintln!("no row named {wanted:?}; `paired --list` names them");
                std::process::exit(2);
            }
            run(&chosen, rounds, &inputs, &shared);
        }
    }
}

/// Checks, then times, each chosen row.
fn run(chosen: &[&Row], rounds: usize, inputs: &[Input], shared: &Shared) {
    println!("load before: {}", timing::loadavg());
    for row in chosen {
        if let Err(e) = rows::check(row, inputs, shared) {
            eprintln!("DISAGREEMENT: {e}");
            std::process::abort();
        }
    }
    println!("agreement: every row's sides equal on all {INPUTS} inputs");
    for row in chosen {
        let r = timing::pair(row, rounds, inputs, shared);
        println!(
            "{:22} ours/CuTe {:.3} (quartiles {:.3}..{:.3}), ours {:.2} ns, CuTe {:.2} ns an input ({} rounds x {} calls x {INPUTS})",
            row.name,
            r.ratio,
            r.q1,
            r.q3,
            r.ours_ns,
            r.cute_ns,
            rounds,
            timing::BURST
        );
    }
    println!("load after: {}", timing::loadavg());
}

/// `--calls ROW SIDE N`: N calls of one side (`ours` or `cute`) over the
/// inputs, untimed: callgrind's count for `cg.sh`.
fn calls(args: &[String], inputs: &[Input], shared: &Shared) {
    let usage = "usage: paired --calls ROW ours|cute N";
    let [name, side, n] = args else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let row = ROWS.iter().find(|r| r.name == name).expect("no such row");
    let f = match side.as_str() {
        "ours" => row.ours,
        "cute" => row.cute,
        _ => panic!("{usage}"),
    };
    let n: usize = n.parse().expect(usage);
    let mut sum = 0usize;
    for _ in 0..n {
        sum = sum.wrapping_add(f(black_box(inputs), black_box(shared)));
    }
    println!("{sum}");
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The harness's own test: every row's sides agree on the inputs.
    #[test]
    fn every_row_agrees() {
        let inputs = inputs(37);
        let shared = Shared::new(&inputs);
        for row in ROWS {
            let sum = rows::check(row, &inputs, &shared).unwrap();
            assert!(sum > 0, "row {} summed nothing", row.name);
        }
    }

    /// The same over other extents: seeds from 33 (the least for which
    /// every masked element these rows read is inside its tensor) up.
    #[test]
    fn every_row_agrees_over_other_extents() {
        for seed in [33, 34, 40, 64, 101, 255] {
            let inputs = inputs(seed);
            let shared = Shared::new(&inputs);
            for row in ROWS {
                if let Err(e) = rows::check(row, &inputs, &shared) {
                    panic!("seed {seed}: {e}");
                }
            }
        }
    }

    /// The check sees a side that differs on one input.
    #[test]
    fn a_wrong_side_is_caught() {
        let inputs = inputs(37);
        let shared = Shared::new(&inputs);
        let wrong = Row {
            name: "wrong",
            what: "divide, ours off by one on input 5",
            symbols: ("", ""),
            ours: |i, d| (ROWS[0].ours)(i, d) + usize::from(i.len() > 5),
            cute: ROWS[0].cute,
            probe: None,
        };
        let e = rows::check(&wrong, &inputs, &shared).unwrap_err();
        assert!(e.contains("input 5"), "{e}");
    }
}
