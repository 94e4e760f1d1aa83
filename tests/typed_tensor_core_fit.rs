//! A typed tensor with coordinates is one the core can hold: `Tensor::new`
//! over a typed layout refuses a non-empty layout with a run-time value
//! past `i64::MAX` (the largest integer the core takes, as
//! `layout_core::Layout::new` refuses it) even where every offset lies in
//! the engine, because the tensor's run-time methods (`iter`, `view`,
//! `slice`, the run-time `copy`) read it through the core. Before, a mode
//! of extent 1 whatever its stride and a broadcast mode whatever its
//! extent were accepted, `size()` wrapped and the first `iter` reached an
//! `unreachable!` ("checked when the tensor was built"). An empty layout
//! still fits any buffer, whatever its values, and now walks nothing
//! where its `iter` reached the same `unreachable!`.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, copy};
use layout_dsl::{ErrorKind, Layout};

const BIG: usize = i64::MAX as usize + 1;

/// `Tensor::new` refuses with the core's overflow error.
fn refused<L: layout_dsl::tensor::AsLayout>(data: &[u8], l: L) {
    refused_at(data, l, 0);
}

/// `Tensor::at_base` refuses with the core's overflow error.
fn refused_at<L: layout_dsl::tensor::AsLayout>(data: &[u8], l: L, base: usize) {
    match Tensor::at_base(data, l, base) {
        Err(e) => assert!(matches!(e.kind(), ErrorKind::Overflow(_)), "{e}"),
        Ok(t) => panic!(
            "built a tensor of {} elements the core cannot hold",
            t.size()
        ),
    }
}

#[test]
fn a_typed_tensor_the_core_cannot_hold_is_refused() {
    let data = [7u8; 16];
    for big in [BIG, usize::MAX] {
        // A mode of extent 1 whose stride passes i64.
        refused(&data, layout!((2,1):(1,big)));
        // A broadcast mode past i64 (its size wrapped).
        refused(&data, layout!((big,2):(0,1)));
        // The same in a signed layout (a negative static stride).
        refused_at(&data, layout!((2,1,2):(-1,big,2)), 1);
    }
    // Extents each within i64 whose product (the size) is not.
    let e = 1usize << 32;
    refused(&data, layout!((e,e):(0,0)));
}

/// An empty tensor is built, has size 0, walks nothing and copies nothing.
fn empty<L: layout_dsl::tensor::AsLayout>(data: &[u8], l: L) {
    let t = Tensor::new(data, l).unwrap();
    assert_eq!((t.size(), t.iter().count()), (0, 0));
    let mut out = [0u8; 0];
    let mut d = Tensor::new(&mut out[..], "0:1".parse::<Layout>().unwrap()).unwrap();
    copy(&t, &mut d);
}

#[test]
fn an_empty_typed_tensor_fits_and_walks_nothing() {
    let data = [7u8; 16];
    for big in [BIG, usize::MAX] {
        empty(&data, layout!((0,big):(1,0)));
        empty(&data, layout!((0,2):(1,big)));
        empty(&data, layout!((0,1):(0,big)));
    }
}

#[test]
fn the_same_layouts_in_range_are_tensors() {
    let data: Vec<u8> = (0..16).collect();
    let (two, four) = (2usize, 4usize);
    let t = Tensor::new(&data[..], layout!((2,1):(1,four))).unwrap();
    assert_eq!(t.iter().copied().collect::<Vec<_>>(), [0, 1]);
    let t = Tensor::new(&data[..], layout!((two,2):(0,1))).unwrap();
    assert_eq!(t.iter().copied().collect::<Vec<_>>(), [0, 0, 1, 1]);
    assert_eq!(t.try_slice((X, 1)).unwrap().size(), 2);
    let mut out = [0u8; 4];
    let mut d = Tensor::new(&mut out[..], "4:1".parse::<Layout>().unwrap()).unwrap();
    copy(&t, &mut d);
    assert_eq!(out, [0, 0, 1, 1]);
}
