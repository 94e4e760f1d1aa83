//! The check that a typed value a call of the value door gives (or
//! takes) fits the core's `i64` (fits.rs has the macro's straight-line
//! code): where `layout!(type …)` calls `Compose`, `Product`,
//! `RankedProduct`, `TileToShape`, `Divide` or `Complement` on typed values (a named
//! operand, a run-time stride the macro's rules do not type), the macro
//! wraps the call in [`value_fits`] and passes a layout operand to
//! [`layout_fits`]. One comparison on the hot path: every leaf of the
//! layout OR-ed (the static ones are constants), below the largest power
//! of two under which a layout of this type fits whatever its run-time
//! leaves, computed while compiling from the type's own description
//! (`Tree::NODE`, [`bound`]); the exact check cold.

use super::algebra::AlgebraError;
use super::int::Offset;
use super::layout::Layout;
use super::text::Node;
use super::tree::{Mode, Tree};
use super::walk::Form;

const MAX: usize = i64::MAX as usize;

/// `Ok(layout)` unless its size or offsets pass `i64::MAX`, which the
/// core refuses (a layout of size 0 fits: it has no offsets).
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
#[inline(always)]
pub fn layout_fits<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    layout: &Layout<S, D, I>,
) -> Result<(), AlgebraError> {
    fits::<S, D, I, false, false>(function, layout)
}

/// [`layout_fits`] of an operand whose complement the core computes
/// (`complement`, a product's holes): also each mode's `extent·stride`
/// (where the next mode must start) within `i64::MAX`, for a mode of
/// extent above 1 and nonzero stride, as the core's complement requires
/// (`complement((1,2):(1,2^62), 8)`: "a product does not fit in 64 bits").
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
#[inline(always)]
pub fn operand_spans_fit<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    layout: &Layout<S, D, I>,
) -> Result<(), AlgebraError> {
    fits::<S, D, I, true, false>(function, layout)
}

/// [`layout_fits`], with `SPANS` [`operand_spans_fit`]; with `SIZED` the
/// comparison's bound leaves the size out and the size is computed
/// exactly instead (a composition's result has as many run-time extents
/// as its `B`, whose product one bound per leaf would cut to `2^15`).
#[inline(always)]
fn fits<S: Mode<D>, D: Tree, I: Offset, const SPANS: bool, const SIZED: bool>(
    function: &'static str,
    layout: &Layout<S, D, I>,
) -> Result<(), AlgebraError> {
    let k = const { bound(S::NODE, D::NODE, SPANS, SIZED) };
    let (shape, stride) = (layout.shape().desc(), S::strides(&layout.stride()));
    // Where the bound is low (many run-time leaves, as a product's holes:
    // leaves of ordinary sizes would fail it on every call), or there is
    // none (`usize::BITS`: a static leaf alone passes it), the exact check
    // inline instead.
    if !(QUICK..usize::BITS).contains(&k) {
        return exactly::<S, D, I>(function, &shape, &stride, SPANS);
    }
    let (mut or, mut size) = (0usize, Some(1usize));
    S::Form::leaves(&shape, &stride, &mut |e, d| {
        or |= e | magnitude::<I>(d);
        // `SIZED`: the size exactly, the bound left it out.
        if SIZED {
            size = size.and_then(|s| s.checked_mul(e));
        }
    });
    let sized = !SIZED || size.is_some_and(|s| s <= MAX);
    if or >> k == 0 && sized {
        Ok(())
    } else {
        cold_exactly::<S, D, I>(function, &shape, &stride, SPANS)
    }
}

/// The least bound [`layout_fits`] writes its comparison for.
const QUICK: u32 = 16;

/// [`exactly`], out of the hot path.
#[cold]
#[inline(never)]
fn cold_exactly<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    shape: &<S::Form as Form>::Desc,
    stride: &<S::Form as Form>::Desc,
    spans: bool,
) -> Result<(), AlgebraError> {
    exactly::<S, D, I>(function, shape, stride, spans)
}

/// [`value_fits`] of a composition: its offsets by the bound (four
/// run-time extents bound each below `2^29`, not `2^15`), its size (its
/// `B`'s) by checked products.
///
/// # Errors
/// The call's own, else [`layout_fits`]'s.
#[inline(always)]
pub fn composed_fits<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    result: Result<Layout<S, D, I>, AlgebraError>,
) -> Result<Layout<S, D, I>, AlgebraError> {
    match result {
        Ok(layout) => match fits::<S, D, I, false, true>(function, &layout) {
            Ok(()) => Ok(layout),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// [`layout_fits`] of a value door's result.
///
/// # Errors
/// The call's own, else [`layout_fits`]'s.
#[inline(always)]
pub fn value_fits<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    result: Result<Layout<S, D, I>, AlgebraError>,
) -> Result<Layout<S, D, I>, AlgebraError> {
    match result {
        Ok(layout) => match layout_fits(function, &layout) {
            Ok(()) => Ok(layout),
            Err(e) => Err(e),
        },
        Err(e) => Err(e),
    }
}

/// A typed layout the facade's algebra traits check against the core's
/// `i64` (their operands and results, [`layout_fits`] and its forms):
/// the bound a trait's impl names, so that a generic result type is
/// checked without naming its trees' bounds.
#[doc(hidden)]
pub trait FitsCore {
    /// [`layout_fits`]; with `SPANS` [`operand_spans_fit`]; with `SIZED`
    /// the size left to an operand (a composition's is its `B`'s).
    ///
    /// # Errors
    /// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
    fn fits_core<const SPANS: bool, const SIZED: bool>(
        &self,
        function: &'static str,
    ) -> Result<(), AlgebraError>;
}

impl<S: Mode<D>, D: Tree, I: Offset> FitsCore for Layout<S, D, I> {
    #[inline(always)]
    fn fits_core<const SPANS: bool, const SIZED: bool>(
        &self,
        function: &'static str,
    ) -> Result<(), AlgebraError> {
        fits::<S, D, I, SPANS, SIZED>(function, self)
    }
}

/// `result` where it fits the core's `i64` ([`layout_fits`]), as the
/// facade's algebra traits give it.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
#[inline(always)]
pub fn result_fits<L: FitsCore>(function: &'static str, result: L) -> Result<L, AlgebraError> {
    match result.fits_core::<false, false>(function) {
        Ok(()) => Ok(result),
        Err(e) => Err(e),
    }
}

/// An integer the core reads (a cotarget, an extent of a tiler) within
/// `i64::MAX`, as a layout `m:0`: one comparison, the refusal cold.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming `m`.
#[inline(always)]
pub fn integer_fits(function: &'static str, m: usize) -> Result<(), AlgebraError> {
    if m <= MAX {
        Ok(())
    } else {
        Err(refused(function, m, 0))
    }
}

/// A stride's size as the core's offsets read it.
#[inline(always)]
fn magnitude<I: Offset>(stride: usize) -> usize {
    if I::SIGNED {
        (stride as isize).unsigned_abs()
    } else {
        stride
    }
}

/// [`layout_fits`] exactly: the size and offsets leaf by leaf, as the
/// core (the refusal built cold).
#[inline(always)]
fn exactly<S: Mode<D>, D: Tree, I: Offset>(
    function: &'static str,
    shape: &<S::Form as Form>::Desc,
    stride: &<S::Form as Form>::Desc,
    spans: bool,
) -> Result<(), AlgebraError> {
    let (mut size, mut span, mut past, mut empty) = (1usize, 0usize, None, false);
    S::Form::leaves(shape, stride, &mut |extent, d| {
        let d = magnitude::<I>(d);
        empty |= extent == 0;
        let reach = extent.saturating_sub(1).checked_mul(d);
        let own =
            !spans || extent <= 1 || d == 0 || extent.checked_mul(d).is_some_and(|p| p <= MAX);
        match (
            size.checked_mul(extent),
            reach.and_then(|r| r.checked_add(span)),
        ) {
            (Some(s), Some(r)) if s <= MAX && r <= MAX && extent <= MAX && d <= MAX && own => {
                (size, span) = (s, r);
            }
            _ => {
                past.get_or_insert((extent, d));
            }
        }
    });
    // An empty result has no offsets (an operand's spans still count).
    match past {
        Some((extent, stride)) if !empty || spans => Err(refused(function, extent, stride)),
        _ => Ok(()),
    }
}

/// The refusal of [`exactly`], cold.
#[cold]
#[inline(never)]
fn refused(function: &'static str, extent: usize, stride: usize) -> AlgebraError {
    AlgebraError::OffsetsOverflow {
        function,
        extent,
        stride,
    }
}

/// The largest `k` (at most 62) such that every run-time leaf below `2^k`
/// keeps a layout of these trees within `i64::MAX` (size and offsets, and
/// with `spans` each leaf's `extent·stride`, bounded by `(2^k)²`) and
/// every static leaf is below it too (the comparison ORs them in);
/// `usize::BITS` (never passed) where none does.
const fn bound(shape: Node, stride: Node, spans: bool, sized: bool) -> u32 {
    let mut k = 62;
    while k > 0 {
        let v = (1u128 << k) - 1;
        let (mut size, mut span, mut small) = (1u128, 0u128, true);
        walk(shape, stride, v, &mut size, &mut span, &mut small);
        // Each `extent·stride` at most `v²`.
        if spans && v * v > MAX as u128 {
            small = false;
        }
        if small && (sized || size <= MAX as u128) && span <= MAX as u128 {
            return k;
        }
        k -= 1;
    }
    usize::BITS
}

/// A leaf's value: its static number, else `v`; `small` cleared where a
/// static one is not below `v + 1` (or is negative: a signed stride).
const fn value(node: Node, v: u128, small: &mut bool) -> u128 {
    match node {
        Node::Static(n) if n < 0 => {
            *small = false;
            n.unsigned_abs() as u128
        }
        Node::Static(n) => {
            if n as u128 > v {
                *small = false;
            }
            n as u128
        }
        _ => v,
    }
}

/// Accumulates the size and offsets of the trees' leaves (`v` for a
/// run-time one), saturating.
const fn walk(
    shape: Node,
    stride: Node,
    v: u128,
    size: &mut u128,
    span: &mut u128,
    small: &mut bool,
) {
    match (shape, stride) {
        (Node::Tuple(s), Node::Tuple(d)) => {
            // SAFETY: a `Tree::NODE` tuple points at a constant array.
            let (s, d) = unsafe { (&*s, &*d) };
            let mut i = 0;
            while i < s.len() && i < d.len() {
                walk(s[i].1, d[i].1, v, size, span, small);
                i += 1;
            }
        }
        (Node::Tuple(_), _) | (_, Node::Tuple(_)) => *small = false,
        (s, d) => {
            let (s, d) = (value(s, v, small), value(d, v, small));
            *size = size.saturating_mul(s);
            *span = span.saturating_add(s.saturating_sub(1).saturating_mul(d));
        }
    }
}
