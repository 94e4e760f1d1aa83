//! The holes a product's run-time copies (`product_copies.rs`) choose
//! among, each folding what it can: [`whole`] (the exact or rounded holes
//! with their rest), [`compact`] (an `A` whose holes fill it), [`filled_by`]
//! (a padded `A` whose last hole `B`'s unit-stride leaf fills) and
//! [`fits_in`] (a last hole that holds `B` whole), with the static facts of
//! `B` the last two read ([`filled_hole`], [`fits_hole`]).

use crate::__private::layout::Layout;
use crate::__private::product_holes::{ProductHoles, exact_rest};
use crate::__private::tree::{Mode, Tree};
use crate::__private::walk::Form;

/// The holes of [`ProductHoles::product_spans`] with their rest: in place
/// where a hole was rounded (the span 0), else [`exact_rest`].
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn whole<T: ProductHoles<G>, G>(
    holes: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
) -> Layout<T::Shape, T::Stride> {
    if span == 0 {
        return holes;
    }
    T::with_rest(holes, exact_rest(size, cosize, span))
}

/// [`ProductHoles::compact_holes`] of exact holes (`unit`, the rest not
/// yet in place) that fill `A` (`span = size`, so the rest is `cosize`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn compact<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
) -> Option<Layout<T::Shape, T::Stride>> {
    if span == 0 || span != size {
        return None;
    }
    T::compact_holes(T::with_rest(unit, cosize), cosize)
}

/// [`ProductHoles::filled_holes`] of exact holes (`unit`) whose last hole
/// is `filled` (≥ 2, [`filled_hole`]) and whose span is `size·filled` (no
/// leaf of `A` dropped), so that the rest is `⌈cosize / filled⌉`, written
/// so: with `filled` known while compiling, the copy folds both.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) fn filled_by<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    (size, cosize, span): (usize, usize, usize),
    filled: usize,
) -> Option<Layout<T::Shape, T::Stride>> {
    if filled < 2 || span == 0 || size.checked_mul(filled) != Some(span) {
        return None;
    }
    T::filled_holes(T::with_rest(unit, cosize.div_ceil(filled)), filled)
}

/// [`ProductHoles::fits_holes`] of exact holes (`unit`) by a `B` of
/// cosize `fits` ([`fits_hole`], ≥ 2): the rest written as 1, which no
/// composition reads (the last mode is unbounded).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) fn fits_in<T: ProductHoles<G>, G>(
    unit: Layout<T::Shape, T::Stride>,
    span: usize,
    fits: usize,
) -> Option<Layout<T::Shape, T::Stride>> {
    if fits < 2 || span == 0 {
        return None;
    }
    T::fits_holes(T::with_rest(unit, 1), fits)
}

/// A static `B`'s cosize where a hole at least that large takes `B` whole
/// with each leaf a mode of its own in it, the same whatever the hole's
/// extent (the exact step's `n ≤ ⌈extent/r⌉` case, `compose_exact.rs`:
/// every leaf of extent 2 or more reaches below `cosize`, so its stride is
/// below the hole; a leaf of stride 0 goes nowhere); 0 where `B` has a
/// dynamic leaf or a leaf of extent 1 (whose stride may pass the hole), or
/// a cosize below 2.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn fits_hole<S: Mode<D>, D: Tree>(b: &Layout<S, D>) -> usize {
    if !const { S::STATIC && D::STATIC } {
        return 0;
    }
    let _ = b;
    let (mut whole, mut span) = (true, 0usize);
    S::Form::leaves(&S::DESC, &S::STRIDES, &mut |s, d| {
        whole &= s >= 2 || (s == 1 && d == 0);
        span = span.saturating_add((s.saturating_sub(1)).saturating_mul(d));
    });
    let cosize = span.saturating_add(1);
    if whole && (2..usize::MAX).contains(&cosize) {
        cosize
    } else {
        0
    }
}

/// The hole of a padded `A` that a static `B` fills with whole copies along
/// its unit-stride leaf: that leaf's extent (its first of extent 2 or
/// more), a constant while compiling; 0 where `B` has none or a dynamic
/// leaf. A last hole of this size is folded (a copy of the composition of
/// its own): the padding then holds `B`'s innermost mode, the case a
/// padded `A`'s product answers for any hole up to `cosize(B)` (a hole
/// there that no leaf of `B` ends at is mostly refused).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(super) fn filled_hole<S: Mode<D>, D: Tree>(b: &Layout<S, D>) -> usize {
    if !const { S::STATIC && D::STATIC } {
        return 0;
    }
    let _ = b;
    let mut hole = 0;
    S::Form::leaves(&S::DESC, &S::STRIDES, &mut |s, d| {
        if hole == 0 && d == 1 && s >= 2 {
            hole = s;
        }
    });
    hole
}
