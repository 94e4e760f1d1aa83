use alloc::vec::Vec;

use alloc::string::ToString;

use super::coalesce;
use crate::error::{AlgebraRefusal, DomainError, Result, mul};
use crate::layout::Layout;

/// CuTe's `right_inverse(L)`: `R` with `L(R(i)) = i` for every `i` below
/// `size(R)`, `R`'s values in `L`'s domain.
///
/// CuTe's construction (`layout.hpp`): the coalesced modes, sorted by
/// stride with `detail::SortByKey` (an exchange sort, not stable), are
/// folded in that order, each mode whose stride is the current reach
/// (`1` first, then `extent·stride` of the mode taken) taken as a mode of
/// `R` of its extent, its stride where the mode starts in `L`'s domain;
/// the result is coalesced. Stride-0 and negative-stride modes are never
/// taken (no reach is 0 or negative). Where two modes share a stride the
/// sort decides which one the chain takes, not the index order: of
/// `(2,3,2):(2,2,1)` it takes `3:2` and answers `(2,3):(6,2)`, as CuTe
/// C++ prints (golden rows: `tests/golden/cute_right_inverse.jsonl`).
///
/// ```
/// use layout_core::{right_inverse, Layout};
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(4,2):(2,1)");
/// let l: Layout = "(2,3,2):(2,2,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(2,3):(6,2)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    let flat = coalesce(layout);
    let modes: Vec<(i64, i64)> = flat.leaf_modes().collect();
    // Where each mode starts in the index space of `flat`; a product past
    // `i64` is never read (a mode there cannot be reached either).
    let mut before = Vec::with_capacity(modes.len());
    let mut product = 1i64;
    for &(s, _) in &modes {
        before.push(product);
        product = product.saturating_mul(s);
    }
    let mut out = alloc::vec![(1, 0)];
    let mut reach = Some(1i64);
    for i in sort_by_stride(&modes) {
        let (s, d) = modes[i];
        if reach == Some(d) {
            out.push((s, before[i]));
            // An overflowing reach is met by no stride: the chain ends.
            reach = s.checked_mul(d);
        }
    }
    Ok(coalesce(&Layout::from_leaf_modes(&out)?))
}

/// CuTe's `detail::SortByKey` of the modes' indices by stride: an
/// exchange sort (swap whenever a later key is smaller), whose order of
/// equal strides depends on the swaps around them (strides `(2,2,1)` give
/// the indices `2, 1, 0`), so that of two modes at one stride the chain
/// takes the one CuTe takes.
fn sort_by_stride(modes: &[(i64, i64)]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..modes.len()).collect();
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if modes[order[j]].1 < modes[order[i]].1 {
                order.swap(i, j);
            }
        }
    }
    order
}

/// CuTe's `left_inverse(L)`: `R(L(i)) = i` for every `i` in `L`'s domain
/// when `L` is injective. Stride-0 modes are skipped, as CuTe does: `R`
/// then maps each offset of `L` to an index with that offset,
/// `L(R(L(i))) = L(i)`.
///
/// CuTe's construction: the coalesced modes, sorted by stride
/// `d₁ < d₂ < …` (zero strides left out), each start a mode of `R` of
/// extent `dⱼ / dⱼ₋₁` whose stride is where the mode below starts in `L`'s
/// domain (the first, below `d₁`, has stride 0), and the mode of largest
/// stride ends `R` with its own extent; the result is coalesced. Away from
/// `L`'s image `R` is CuTe's, not pycute's `right_inverse((L, complement(L)))`.
///
/// ```
/// use layout_core::{left_inverse, Layout};
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(4,2):(2,1)");
/// let l: Layout = "(4,2):(1,8)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(8,2):(1,4)");
/// ```
///
/// # Errors
/// `NegativeStride` and `ZeroSizeMode` for such leaves (naming the leaf);
/// [`AlgebraRefusal::LeftInverseNotDivisible`] where a stride is not a
/// multiple of the next smaller one, the divisibility CuTe asserts
/// (`(2,2):(2,3)` is injective, but CuTe does not compile it);
/// [`AlgebraRefusal::LeftInverseOverlap`] where a stride starts inside the
/// span of the mode below it: given the divisibility, `L` is then not
/// injective, and no `R` exists.
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    for (mode, (s, d)) in layout.leaf_modes().enumerate() {
        if d < 0 {
            let function = "left_inverse";
            return Err(AlgebraRefusal::NegativeStride {
                function,
                mode,
                stride: d,
            }
            .into());
        }
        if s == 0 {
            let shape = layout.shape().to_string();
            return Err(DomainError::ZeroSizeMode { mode, shape }.into());
        }
    }
    let flat = coalesce(layout);
    // (extent, stride, where the mode starts in `flat`'s domain)
    let mut modes: Vec<(i64, i64, i64)> = Vec::new();
    let mut start = 1i64;
    for (s, d) in flat.leaf_modes() {
        modes.push((s, d, start));
        start = mul(start, s)?;
    }
    // The order of ties does not matter: equal non-zero strides are
    // refused below, and when every stride is 0 coalesce left one mode.
    modes.sort_by_key(|&(_, d, _)| d);
    let Some(&(last_extent, _, _)) = modes.last() else {
        return Layout::from_leaf_modes(&[(1, 0)]);
    };
    // The result's modes: extents, then strides shifted by one (the first
    // stride is 0, the last extent the largest-stride mode's own).
    let mut out: Vec<(i64, i64)> = Vec::new();
    let (mut below, mut span, mut from) = (1i64, 1i64, 0i64);
    for &(s, d, at) in modes.iter().filter(|m| m.1 != 0) {
        if d % below != 0 {
            return Err(AlgebraRefusal::LeftInverseNotDivisible { stride: d, below }.into());
        }
        // With `below` dividing `d`, a start inside the span below is a
        // collision: index `d / below` of that mode lands on `d`.
        if d < span {
            return Err(AlgebraRefusal::LeftInverseOverlap { stride: d, span }.into());
        }
        out.push((d / below, from));
        below = d;
        span = mul(s, d)?;
        from = at;
    }
    out.push((last_extent, from));
    Ok(coalesce(&Layout::from_leaf_modes(&out)?))
}
