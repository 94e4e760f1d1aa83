//! Composable Kernel's host tensor descriptors as layouts: each descriptor
//! is printed with its layout, and its element size, element space size and
//! offsets are compared with naive loops over its lengths and strides.
//!
//! `cargo run --example descriptor`

use std::process::ExitCode;

use layout_dsl::TensorLayout::{self, Bypass, ColumnMajor, RowMajor};
use layout_dsl::{Positions, TensorDescriptor};

fn main() -> ExitCode {
    // (lengths, strides, tag, whether the strides fit the tag)
    let cases: [(&[i64], &[i64], TensorLayout, bool); 7] = [
        (&[2, 3, 4], &[], RowMajor, true),
        (&[2, 3, 4], &[], ColumnMajor, true),
        (&[2, 3, 4], &[100, 0, 0], RowMajor, true),
        (&[2, 3, 4], &[100, 0, 0], ColumnMajor, true),
        (&[2, 3, 4, 5], &[60, 20, 5, 1], RowMajor, true),
        (&[4, 4], &[0, 1], Bypass, true),
        (&[2, 3, 4], &[12, 1, 4], RowMajor, false),
    ];
    let mut failures = 0;
    for (lengths, strides, tag, fits) in cases {
        let d = match TensorDescriptor::with_strides(lengths, strides, tag) {
            Ok(d) => d,
            Err(e) => {
                failures += usize::from(fits);
                println!("{lengths:?} {strides:?} {tag}: rejected: {e}");
                continue;
            }
        };
        let ok = fits && check(&d);
        failures += usize::from(!ok);
        println!(
            "{d}  ->  {}  size {} space {}{}",
            d.layout(),
            d.element_size(),
            d.element_space_size(),
            if ok { "" } else { "  MISMATCH" }
        );
    }
    let seed = TensorDescriptor::new(&[2, 3, 4, 5], RowMajor).unwrap();
    let offset = seed.offset(&[1, 2, 1, 3]).unwrap();
    println!("offset of (1,2,1,3) in {seed}: {offset}");
    if offset != 108 || failures > 0 {
        eprintln!("{failures} descriptor(s) differ from the naive loops");
        return ExitCode::FAILURE;
    }
    println!("all descriptors match the naive loops");
    ExitCode::SUCCESS
}

/// Size, space size and every offset against the lengths and strides alone.
fn check(d: &TensorDescriptor) -> bool {
    let (lengths, strides) = (d.lengths(), d.strides());
    let size: i64 = lengths.iter().product();
    let mut max = 0;
    let mut every = true;
    let mut p = Positions::from_origin(d.layout());
    while !p.is_end() {
        let naive: i64 = p.coord().iter().zip(strides).map(|(c, s)| c * s).sum();
        every &= d.offset(p.coord()).unwrap() == naive && p.offset() == naive;
        max = max.max(naive);
        p.advance();
    }
    let space = if size == 0 { 0 } else { max + 1 };
    every && d.element_size() == size && d.element_space_size() == space
}

// `cargo test` runs the example's own check (the examples are `test = true`).
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(main(), ExitCode::SUCCESS);
}
