//! InfiniTensor's broadcast element-wise add: the output shape is the
//! broadcast of the inputs' shapes, and each input is read through a layout
//! with stride 0 on its broadcast axes. The sum is computed two ways (one
//! row-major walk over all three layouts; one `broadcast_offset` per
//! element) and compared with a naive loop.
//!
//! `cargo run --example broadcast_add`

use std::process::ExitCode;

use layout_dsl::idioms::{Device, KernelAttrs, OpType};
use layout_dsl::{
    IntTuple, Layout, Positions, broadcast, broadcast_offset, broadcast_to, idx2crd_row_major,
};

fn main() -> ExitCode {
    let attrs = KernelAttrs {
        device: Device::Cpu,
        op: OpType::Add,
    };
    let a_shape = IntTuple::from([2, 3, 4]);
    let b_shape = IntTuple::from([3, 1]);
    let (a, b) = (row_major(&a_shape), row_major(&b_shape));
    let a_data: Vec<i64> = (0..a.size()).map(|i| 100 * i).collect();
    let b_data: Vec<i64> = (0..b.size()).map(|i| i + 1).collect();

    let out_shape = broadcast(&[a_shape.clone(), b_shape.clone()]).unwrap();
    let (a_read, b_read) = (
        broadcast_to(&a, &out_shape).unwrap(),
        broadcast_to(&b, &out_shape).unwrap(),
    );
    println!("[{attrs}] {a_shape} + {b_shape} -> {out_shape}");
    println!("  A read as {a_read}, B read as {b_read}");

    // Walk all three in row-major order: no division per element.
    let out = row_major(&out_shape);
    let mut c = vec![0; out.size() as usize];
    let (mut pa, mut pb, mut pc) = (
        Positions::from_origin(&a_read),
        Positions::from_origin(&b_read),
        Positions::from_origin(&out),
    );
    while !pc.is_end() {
        c[pc.offset() as usize] = a_data[pa.offset() as usize] + b_data[pb.offset() as usize];
        pa.advance();
        pb.advance();
        pc.advance();
    }

    // The same, one output index at a time.
    let by_index: Vec<i64> = (0..out.size())
        .map(|i| {
            let ia = broadcast_offset(i, &out_shape, &a).unwrap();
            let ib = broadcast_offset(i, &out_shape, &b).unwrap();
            a_data[ia as usize] + b_data[ib as usize]
        })
        .collect();

    let want = naive_add(&a_data, &b_data);
    let coord = idx2crd_row_major(7, &out_shape).unwrap();
    println!("  C{coord} = {} (element 7)", c[7]);
    if c != want || by_index != want {
        eprintln!("mismatch:\n  walk  {c:?}\n  index {by_index:?}\n  naive {want:?}");
        return ExitCode::FAILURE;
    }
    println!("  all {} elements match the naive loop", want.len());
    ExitCode::SUCCESS
}

fn row_major(shape: &IntTuple) -> Layout {
    Layout::row_major(shape.clone()).unwrap()
}

/// C[i][j][k] = A[i][j][k] + B[j][0], with plain index arithmetic.
fn naive_add(a: &[i64], b: &[i64]) -> Vec<i64> {
    let mut c = Vec::new();
    for i in 0..2 {
        for j in 0..3 {
            for k in 0..4 {
                c.push(a[i * 12 + j * 4 + k] + b[j]);
            }
        }
    }
    c
}

// `cargo test` runs the example's own check (the examples are `test = true`).
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(main(), ExitCode::SUCCESS);
}
