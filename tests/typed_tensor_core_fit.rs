//! A typed tensor is one the core can hold: `Tensor::new` over a typed
//! layout refuses a layout with a run-time value past `i64::MAX` (the
//! largest integer the core takes, as `layout_core::Layout::new` refuses
//! it), or whose size or offsets pass it, even where every offset lies in
//! the engine, because the tensor's run-time methods (`iter`, `view`,
//! `slice`, the run-time `copy`) read it through the core. Before, a mode
//! of extent 1 whatever its stride and a broadcast mode whatever its
//! extent were accepted, `size()` wrapped and the first `iter` reached an
//! `unreachable!` ("checked when the tensor was built"). Until branch
//! viewfix two tensors were still exempt and panicked later: an empty
//! layout with a value past `i64` (`view()` reached the same
//! `unreachable!`) and a layout over more than `i64::MAX` zero-sized
//! elements (`view()`, `iter()`, the run-time `copy`); both are refused
//! now with the core's overflow error.

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

/// An empty tensor the core holds is built, has size 0, walks nothing,
/// views, slices and copies nothing.
fn empty<L: layout_dsl::tensor::AsLayout>(data: &[u8], l: L) {
    let t = Tensor::new(data, l).unwrap();
    assert_eq!((t.size(), t.iter().count()), (0, 0));
    assert_eq!(t.view().size(), 0);
    let mut out = [0u8; 0];
    let mut d = Tensor::new(&mut out[..], "0:1".parse::<Layout>().unwrap()).unwrap();
    copy(&t, &mut d);
}

/// An empty layout fits any buffer, but one with a value past `i64` is
/// not one the core holds: refused with its overflow error (its `view()`,
/// `slice` and run-time `copy` panicked). The compact one
/// (`(0,big):(1,0)`) is decided by its size alone on the hot path, so its
/// size 0 is sent to the core's rule too.
#[test]
fn an_empty_typed_tensor_the_core_cannot_hold_is_refused() {
    let data = [7u8; 16];
    for big in [BIG, usize::MAX] {
        refused(&data, layout!((0,big):(1,0)));
        refused(&data, layout!((0,2):(1,big)));
        refused(&data, layout!((0,1):(0,big)));
        refused(&data, layout!((big,0):(1,big)));
        // Signed (a negative static stride: a run-time stride is then
        // read as signed, so the extent is the value past `i64`), with a
        // base.
        refused_at(&data, layout!((big,0):(-1,1)), 3);
        refused_at(&data, layout!((0,big):(1,0)), 16);
    }
}

#[test]
fn an_empty_typed_tensor_the_core_holds_fits_and_walks_nothing() {
    let data = [7u8; 16];
    let max = i64::MAX as usize;
    empty(&data, layout!((0,max):(1,0)));
    empty(&data, layout!((0,2):(1,max)));
    empty(&data, layout!((0,1):(0,max)));
    empty(&data, layout!((2,0):(1,2)));
    let t = Tensor::at_base(&data[..], layout!((0,2):(-1,max)), 16).unwrap();
    assert_eq!((t.view().size(), t.iter().count()), (0, 0));
}

/// Refused over `usize::MAX` zero-sized elements with the core's overflow
/// error.
fn refused_zst<L: layout_dsl::tensor::AsLayout>(l: L) {
    let data = [(); usize::MAX];
    match Tensor::new(&data[..], l) {
        Err(e) => assert!(matches!(e.kind(), ErrorKind::Overflow(_)), "{e}"),
        Ok(t) => panic!("built a tensor of {} () the core cannot hold", t.size()),
    }
}

/// More than `i64::MAX` zero-sized elements (`[(); N]`): every offset of
/// a layout may lie in the buffer and still pass `i64`, the core's range.
/// Refused, the compact layout (`Reach::colex_size`'s size-only path)
/// too; within `i64`, built and read through the core.
#[test]
fn a_tensor_past_i64_over_zero_sized_elements_is_refused() {
    let (past, max) = (BIG + 1, i64::MAX as usize);
    refused_zst(layout!((past):(1)));
    refused_zst(layout!((2,{past / 2 + 1}):(1,2)));
    refused_zst(layout!((2,2):(max,max)));
    // Offsets up to `2^64 - 2^32 - 1`: inside the buffer, past `i64`.
    let e = 1usize << 32;
    refused_zst(layout!((e,{e - 1}):(1,e)));
    let data = [(); usize::MAX];
    let t = Tensor::new(&data[..], layout!((max):(1))).unwrap();
    assert_eq!((t.view().size(), t.iter().len()), (max, max));
    let t = Tensor::new(&data[..], layout!((2,2):({max / 2},{max / 2}))).unwrap();
    assert_eq!((t.view().size(), t.iter().count()), (4, 4));
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
