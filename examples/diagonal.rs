//! CANN's Diagonal kernel as a layout: the diagonal of two modes is one mode
//! whose stride is the sum of theirs, read from a base offset. The output is
//! written in row-major order with the position iterator, and compared with
//! a naive loop over every coordinate.
//!
//! `cargo run --example diagonal`

use std::process::ExitCode;

use layout_dsl::{Layout, Positions, diagonal};

/// The input tensor: shape (2,3,4), row-major, element `i` holds `i`.
const SHAPE: [i64; 3] = [2, 3, 4];

fn main() -> ExitCode {
    let input = Layout::row_major(SHAPE.into()).unwrap();
    let data: Vec<i64> = (0..input.size()).collect();
    let mut failures = 0;
    for (offset, dim1, dim2) in [(0, 1, 2), (1, 1, 2), (-1, 1, 2), (2, 0, 2), (-1, -1, 0)] {
        let view = diagonal(&input, offset, dim1, dim2).unwrap();
        // torch and CANN write the result contiguously: batch modes then the diagonal.
        let mut got = Vec::new();
        let mut p = Positions::from_origin(view.layout());
        while !p.is_end() {
            got.push(data[(view.base() + p.offset()) as usize]);
            p.advance();
        }
        let want = naive_diagonal(&data, offset, dim1, dim2);
        let ok = got == want;
        failures += usize::from(!ok);
        println!(
            "diagonal(offset {offset:>2}, dims {dim1:>2},{dim2}) = {view:<22} -> {got:?}{}",
            if ok { "" } else { "  MISMATCH" }
        );
    }
    if failures > 0 {
        eprintln!("{failures} diagonal(s) differ from the naive loop");
        return ExitCode::FAILURE;
    }
    println!("all diagonals match the naive loop");
    ExitCode::SUCCESS
}

/// Every element (…, i, …, i + offset, …) in row-major order of the result:
/// the other dimensions outermost in their order, the diagonal innermost.
fn naive_diagonal(data: &[i64], offset: i64, dim1: i64, dim2: i64) -> Vec<i64> {
    let rank = SHAPE.len() as i64;
    let (d1, d2) = (
        dim1.rem_euclid(rank) as usize,
        dim2.rem_euclid(rank) as usize,
    );
    let batch: Vec<usize> = (0..SHAPE.len()).filter(|&d| d != d1 && d != d2).collect();
    let mut out = Vec::new();
    // With rank 3 there is exactly one batch dimension.
    for b in 0..SHAPE[batch[0]] {
        for i in 0..SHAPE[d1] {
            let j = i + offset;
            if !(0..SHAPE[d2]).contains(&j) {
                continue;
            }
            let mut coord = [0i64; 3];
            coord[batch[0]] = b;
            coord[d1] = i;
            coord[d2] = j;
            let linear = (coord[0] * SHAPE[1] + coord[1]) * SHAPE[2] + coord[2];
            out.push(data[linear as usize]);
        }
    }
    out
}

// `cargo test` runs the example's own check (the examples are `test = true`).
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(main(), ExitCode::SUCCESS);
}
