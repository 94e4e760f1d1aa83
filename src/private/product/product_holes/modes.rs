//! The holes' walks of `product_holes.rs` over `A`'s leaves in the order
//! of their strides: the exact one (every stride a multiple of the span
//! below it), which carries only the span and leaves the rest to its
//! caller, and CuTe's rounding, out of line.

use crate::__private::algebra::{AlgebraError, ceil_div};
use crate::__private::compose::{product, product_i64, tri};
use crate::__private::construct::nonzero;
use crate::__private::partial::{Holes, product_fits, product_hole};

/// The holes, the stride after each, and the rest a product's walk gives.
pub(super) type Modes<const R: usize> = ([usize; R], [usize; R], usize);

/// The holes of the leaves `shape:stride` taken in `order` for a product
/// by a `B` of cosize `cosize`: each hole's extent, the stride after each
/// hole, and the rest's extent up to `size·cosize`. A stride the span
/// below it does not divide is rounded down (partial.rs), and then
/// `B` must reach only the copies below the first such hole (every product rounds,
/// as every door does).
/// (`const`: the static holes of an all-static product,
/// `product_static.rs`, are this function's answer.)
///
/// Where every hole is exact (each stride a multiple of the span below
/// it: compact and padded layouts), [`exact_modes`] answers; the first
/// stride that is not a multiple sends the whole walk to
/// [`rounded_modes`], which follows CuTe's rounding from the first leaf
/// again (the same answer wherever the exact walk answers: an exact hole
/// is the rounding rule's own answer).
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn product_modes<const R: usize>(
    function: &'static str,
    (shape, stride, order): ([usize; R], [usize; R], [usize; R]),
    size: usize,
    cosize: usize,
) -> Result<Modes<R>, AlgebraError> {
    let mut i = 0;
    while i < R {
        tri!(nonzero(function, shape[i]));
        i += 1;
    }
    match tri!(exact_modes(function, (shape, stride, order), size, cosize)) {
        Some(modes) => Ok(modes),
        None => rounded_modes(function, shape, stride, order, (size, cosize)),
    }
}

/// [`product_modes`] for leaves of nonzero extents (the caller checked),
/// where every hole is exact; `None` at the first stride that is not a
/// multiple of the span below it (the caller then rounds, out of line:
/// [`rounded_modes`]). The walk carries only the span.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn exact_modes<const R: usize>(
    function: &'static str,
    leaves: ([usize; R], [usize; R], [usize; R]),
    size: usize,
    cosize: usize,
) -> Result<Option<Modes<R>>, AlgebraError> {
    match tri!(exact_spans(function, leaves, size, cosize)) {
        Some((extents, next, span)) => Ok(Some((extents, next, exact_rest(size, cosize, span)))),
        None => Ok(None),
    }
}

/// [`exact_modes`] without the rest: the holes, the stride after each and
/// the span of `A`'s leaves in place of the rest ([`exact_rest`] gives
/// it), so that a caller that knows the rest another way (a folded copy,
/// `product_copies.rs`) makes no division for it. `size·cosize` is
/// checked here all the same.
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn exact_spans<const R: usize>(
    function: &'static str,
    (shape, stride, order): ([usize; R], [usize; R], [usize; R]),
    size: usize,
    cosize: usize,
) -> Result<Option<Modes<R>>, AlgebraError> {
    tri!(product_i64(function, size, cosize));
    let (mut extents, mut next) = ([1; R], [0; R]);
    let mut span = 1;
    let mut k = 0;
    while k < R {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        // The core drops a mode of extent 1 or stride 0: a hole of 1.
        // `span` ≥ 1 here: every extent and stride so far was nonzero and
        // their products checked.
        if s != 1 && d != 0 {
            // SAFETY: `span` is 1 or a product of nonzero extents and
            // strides whose overflow `product` refused: not 0. (Said, so
            // that the divisions below test nothing.)
            unsafe { core::hint::assert_unchecked(span != 0) };
            // A leaf that continues the span below it (a compact `A`)
            // leaves a hole of 1, with no division.
            if d != span {
                if d % span != 0 {
                    return Ok(None);
                }
                extents[k] = d / span;
            }
            span = tri!(product(function, s, d));
        }
        next[k] = span;
        k += 1;
    }
    Ok(Some((extents, next, span)))
}

/// The rest of [`exact_spans`]' holes, `⌈size·cosize / span⌉` (the caller
/// checked the product): where the holes fill `A` exactly (`span = size`)
/// it is `cosize`, with no division. `span` is not 0 (a product of
/// nonzero extents and strides, or 1).
#[doc(hidden)]
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn exact_rest(size: usize, cosize: usize, span: usize) -> usize {
    if span == size {
        return cosize;
    }
    // SAFETY: `span` is 1 or a product of nonzero numbers whose overflow
    // `exact_spans` refused.
    unsafe { core::hint::assert_unchecked(span != 0) };
    ceil_div(size.wrapping_mul(cosize), span)
}

/// [`product_modes`] where a stride is not a multiple of the span below
/// it: the walk again from the first leaf with CuTe's rounded holes
/// (`partial.rs`), refused unless `B` stays below the first of them.
/// Out of line: only such a layout comes here.
#[cold]
#[inline(never)]
pub(super) const fn rounded_modes<const R: usize>(
    function: &'static str,
    shape: [usize; R],
    stride: [usize; R],
    order: [usize; R],
    (size, cosize): (usize, usize),
) -> Result<Modes<R>, AlgebraError> {
    let cotarget = tri!(product_i64(function, size, cosize));
    let (mut extents, mut next) = ([1; R], [0; R]);
    let (mut span, mut holes) = (1, Holes::new(1));
    let mut k = 0;
    while k < R {
        let (s, d) = (shape[order[k]], stride[order[k]]);
        if s != 1 && d != 0 {
            (extents[k], holes) = tri!(product_hole(function, d, span, span, holes));
            span = tri!(product(function, s, d));
        }
        next[k] = span;
        k += 1;
    }
    tri!(product_fits(function, cosize, holes));
    Ok((extents, next, ceil_div(cotarget, span)))
}
