//! What a tensor's check proved, told to the optimiser for the partition
//! of it (`tensor::typed`'s `outer_partition`, `local_partition` and
//! their masked and `Step` forms): `with_facts!`, the test that lets
//! them, and the cold path for a tensor it does not cover (split from
//! `typed_partitions.rs`).

use super::Tensor;
use super::engine::Engine;
use crate::__private::Fits;

/// `$body` (a partition of the tensor `$t`, by value) with what `$t`'s
/// check proved told to the optimiser ([`assume_facts`]); for a tensor
/// with no coordinate (an extent 0), which proved nothing, `$body` runs
/// out of line ([`cold`]). A macro, not a function taking a closure: the
/// closure (and the tensor it moves) is then built on the cold path only
/// (a closure argument was built, and stored, before the test: 60
/// instructions a `local_partition` with a read where 52 are).
///
/// The masked shares (`local_partition_masked` and its `Step` form) take
/// this form too, their body building the `Masked` share from the tensor.
/// They used to take the tensor apart first (a second form, the engine
/// kept out of the cold call: 45.4 -> 43.4 instructions a call then), but
/// once `Tensor::new`'s check tells the optimiser the extents are not 0
/// (`__private::reach::check_fits`) the emptiness test below is threaded
/// away only where the tensor goes in whole: cute_paired's
/// `partition_read_masked` 50.4 -> 48.4 instructions an input (and with
/// the share checked by its strides, `tensor_share_fits`, 40.4).
macro_rules! with_facts {
    ($t:ident => $body:expr) => {{
        if $t.layout.any_empty() {
            cold(move || $body)
        } else {
            // SAFETY: `$t` is a tensor with a coordinate.
            unsafe { assume_facts(&$t) };
            $body
        }
    }};
}
pub(super) use with_facts;

/// Tells the optimiser what a tensor's check proved: every extent of
/// non-zero stride is at most the engine's length (`Reach::assume_within`),
/// and the engine, a slice, spans at most `isize::MAX` bytes. With these
/// a partition's `ceil(s/T)` is `lea` and `shr` (`static_int.rs`'s
/// `ceil_div`) and a rest stride `T·d` needs no overflow test where `d`
/// is also such an extent.
///
/// # Safety
///
/// `t`'s layout has a coordinate (no extent 0).
#[inline(always)]
pub(super) unsafe fn assume_facts<E: Engine, L: Fits>(t: &Tensor<E, L>) {
    // SAFETY: the caller's promise, for a tensor's layout and engine.
    unsafe { assume_layout_facts::<E::Elem, L>(&t.layout, t.engine.as_slice().len()) }
}

/// [`assume_facts`] for a tensor taken apart: its `layout` over an engine
/// of `len` elements of type `T`.
///
/// # Safety
///
/// `layout` is a tensor's (its offsets, from the tensor's base, lie in
/// `0..len`) over an engine of `len` elements of type `T`, and it has a
/// coordinate (no extent 0).
#[inline(always)]
pub(super) unsafe fn assume_layout_facts<T, L: Fits>(layout: &L, len: usize) {
    // SAFETY: a tensor's offsets lie in its engine (checked when it was
    // built), and its layout has a coordinate (the caller's promise).
    unsafe { layout.assume_fits(len) };
    // A zero-sized element has no bound (a slice of `usize::MAX` of them).
    if let Some(most) = (isize::MAX as usize).checked_div(size_of::<T>()) {
        // SAFETY: a slice of a sized type spans at most `isize::MAX` bytes.
        unsafe { core::hint::assert_unchecked(len <= most) };
    }
}

/// `with_facts!`'s body for a tensor with no coordinate: out of line,
/// so that the hot path keeps the facts.
#[cold]
#[inline(never)]
pub(super) fn cold<R>(f: impl FnOnce() -> R) -> R {
    f()
}
