//! CANN's Sort kernel cuts a tensor into 1-D stripes along an axis. Here the
//! stripes are a layout: mode 0 walks one stripe, mode 1 enumerates them.
//! Each stripe is sorted in place and the result compared with a naive loop.
//!
//! `cargo run --example sort_stripes`

use std::process::ExitCode;

use layout_dsl::{Layout, stripes};

const SHAPE: [i64; 3] = [3, 4, 5];

fn main() -> ExitCode {
    // A column-major tensor, to show the stripes follow the strides, not the memory order.
    let tensor = Layout::column_major(SHAPE.into()).unwrap();
    let data: Vec<i64> = (0..tensor.size()).map(|i| (i * 37 + 11) % 23).collect();
    let mut failures = 0;
    for axis in [0, 1, -1] {
        let cut = stripes(&tensor, axis).unwrap();
        let (stripe, which) = (cut.mode(0).unwrap(), cut.mode(1).unwrap());
        let mut sorted = data.clone();
        for start in which.offsets() {
            let at: Vec<usize> = stripe.offsets().map(|o| (start + o) as usize).collect();
            let mut values: Vec<i64> = at.iter().map(|&i| sorted[i]).collect();
            values.sort_unstable();
            for (&i, v) in at.iter().zip(values) {
                sorted[i] = v;
            }
        }
        let ok = sorted == naive_sort(&data, axis);
        failures += usize::from(!ok);
        println!(
            "axis {axis:>2}: stripes {cut}, {} stripes of {}{}",
            which.size(),
            stripe.size(),
            if ok { "" } else { "  MISMATCH" }
        );
    }
    if failures > 0 {
        eprintln!("{failures} sort(s) differ from the naive loop");
        return ExitCode::FAILURE;
    }
    println!("all sorts match the naive loop");
    ExitCode::SUCCESS
}

/// Sort along `axis` with three nested loops over a column-major (3,4,5) buffer.
fn naive_sort(data: &[i64], axis: i64) -> Vec<i64> {
    let axis = axis.rem_euclid(3) as usize;
    let index = |c: [i64; 3]| (c[0] + SHAPE[0] * (c[1] + SHAPE[1] * c[2])) as usize;
    let mut out = data.to_vec();
    let others: Vec<usize> = (0..3).filter(|&d| d != axis).collect();
    for a in 0..SHAPE[others[0]] {
        for b in 0..SHAPE[others[1]] {
            let coord = |k: i64| {
                let mut c = [0; 3];
                c[others[0]] = a;
                c[others[1]] = b;
                c[axis] = k;
                c
            };
            let mut values: Vec<i64> = (0..SHAPE[axis]).map(|k| data[index(coord(k))]).collect();
            values.sort_unstable();
            for (k, v) in values.into_iter().enumerate() {
                out[index(coord(k as i64))] = v;
            }
        }
    }
    out
}

// `cargo test` runs the example's own check (the examples are `test = true`).
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(main(), ExitCode::SUCCESS);
}
