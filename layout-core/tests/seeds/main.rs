//! The seeds (InfiniTensor operator utils, Composable Kernel's host tensor
//! descriptor, CANN's position iterator and Diagonal) on their own numbers,
//! through the Rust API and the notation, every bad input with its error
//! kind and the text it points at. One module per seed; the helpers below
//! are shared.

use layout_core::idioms::{Device, KernelAttrs, OpType};
use layout_core::{
    AlgebraRefusal, CallError, DomainError, ErrorKind, IdiomError, IntTuple, Layout, Positions,
    TensorDescriptor, TensorLayout, View, block, blocks, broadcast, broadcast_offset, broadcast_to,
    diagonal, evaluate, idx2crd_row_major, real_axis, slice_axis, split_axis, stripes, table,
};

fn eval(src: &str) -> String {
    match evaluate(src) {
        Ok(v) => v.to_string(),
        Err(e) => panic!("{src}: {e}"),
    }
}

/// The error's kind and the source text its span covers.
fn fails(src: &str) -> (ErrorKind, &str) {
    let e = evaluate(src).expect_err(src);
    let span = e
        .span()
        .unwrap_or_else(|| panic!("{src}: error without a span: {e}"));
    (e.kind().clone(), &src[span.start..span.end])
}

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn tuple(s: &str) -> IntTuple {
    s.parse().unwrap()
}

mod broadcast;
mod descriptor;
mod positions;
mod slices;
mod views;
