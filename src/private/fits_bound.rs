//! The bounds the checks past `i64` compare with (fits_value.rs's
//! `FitsCore::quick`, fits_gate.rs's gate), computed while compiling from
//! a typed layout's own description (`Tree::NODE`) where its type does
//! not decide (`FitsCore::ALWAYS_FITS`).

use super::text::Node;

const MAX: usize = i64::MAX as usize;

/// The bits of the widest static leaf of a layout's trees (`|N| < 2^bits`).
pub(super) const fn widest(shape: Node, stride: Node) -> u32 {
    let (s, d) = (widest_leaf(shape), widest_leaf(stride));
    if s > d { s } else { d }
}

/// The bits of the widest static leaf of a tree.
const fn widest_leaf(node: Node) -> u32 {
    match node {
        Node::Static(n) => u64::BITS - n.unsigned_abs().leading_zeros(),
        Node::Dynamic => 0,
        Node::Tuple(items) => {
            // SAFETY: a `Tree::NODE` tuple points at a constant array.
            let items = unsafe { &*items };
            let (mut bits, mut i) = (0, 0);
            while i < items.len() {
                let b = widest_leaf(items[i].1);
                if b > bits {
                    bits = b;
                }
                i += 1;
            }
            bits
        }
    }
}

/// The bound fits_value.rs's `FitsCore::quick` compares with, and whether it holds the
/// size too (`true`) or leaves it to the extents' products: the size in
/// the bound where that bound is at least `2^24` (a layout of one or two
/// run-time extents), else the offsets' alone (a bound on every extent of
/// six run-time ones would be `2^10`, which ordinary sizes fail).
pub(super) const fn choose(shape: Node, stride: Node, spans: bool) -> (u32, bool) {
    let with_size = bound(shape, stride, spans, true);
    if with_size >= 24 && with_size < usize::BITS {
        (with_size, true)
    } else {
        (bound(shape, stride, spans, false), false)
    }
}

/// The largest `k` (at most 62) such that every run-time leaf below `2^k`
/// keeps the offsets of a layout of these trees within `i64::MAX` (and
/// with `spans` each leaf's `extent·stride`, bounded by `(2^k)²`; with
/// `size` its size), and every static leaf is below it too (the
/// comparison ORs them in); `usize::BITS` (never passed) where none does.
pub(super) const fn bound(shape: Node, stride: Node, spans: bool, size: bool) -> u32 {
    // Fitting is monotone in `k` (every term grows with `v`) and the
    // static leaves' smallness too (the other way): the largest `k` that
    // fits, by bisection (6 walks, not 62: the bound is evaluated for
    // every layout type a method checks), is the answer where its static
    // leaves are below it, and no `k` is otherwise.
    if !at(shape, stride, spans, size, 1).0 {
        return usize::BITS;
    }
    let (mut lo, mut hi) = (1u32, 62u32);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if at(shape, stride, spans, size, mid).0 {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    match at(shape, stride, spans, size, lo) {
        (true, true) => lo,
        _ => usize::BITS,
    }
}

/// Whether a layout of these trees fits the core's `i64` with every
/// run-time leaf `2^k - 1` (its offsets, with `size` its size, with
/// `spans` each leaf's `extent·stride`), and whether its static leaves
/// are all below `2^k` (none negative, the trees congruent).
const fn at(shape: Node, stride: Node, spans: bool, size: bool, k: u32) -> (bool, bool) {
    let v = (1u128 << k) - 1;
    let (mut span, mut product, mut small) = (0u128, 1u128, true);
    walk(shape, stride, v, (&mut span, &mut product), &mut small);
    // Each `extent·stride` at most `v²`.
    let own = !spans || v * v <= MAX as u128;
    let fits = own && span <= MAX as u128 && (!size || product <= MAX as u128);
    (fits, small)
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

/// Accumulates the offsets and the size of the trees' leaves (`v` for a
/// run-time one), saturating.
pub(super) const fn walk(
    shape: Node,
    stride: Node,
    v: u128,
    at: (&mut u128, &mut u128),
    small: &mut bool,
) {
    let (span, size) = at;
    match (shape, stride) {
        (Node::Tuple(s), Node::Tuple(d)) => {
            // SAFETY: a `Tree::NODE` tuple points at a constant array.
            let (s, d) = unsafe { (&*s, &*d) };
            let mut i = 0;
            while i < s.len() && i < d.len() {
                walk(s[i].1, d[i].1, v, (&mut *span, &mut *size), small);
                i += 1;
            }
        }
        (Node::Tuple(_), _) | (_, Node::Tuple(_)) => *small = false,
        (s, d) => {
            let (s, d) = (value(s, v, small), value(d, v, small));
            *span = span.saturating_add(s.saturating_sub(1).saturating_mul(d));
            *size = size.saturating_mul(s);
        }
    }
}
