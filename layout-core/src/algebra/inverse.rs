use alloc::vec::Vec;

use alloc::string::ToString;

use super::coalesce;
use crate::error::{AlgebraRefusal, DomainError, Result, mul};
use crate::layout::Layout;

/// The right inverse `R` of `L`: `L(R(i)) = i` for every `i` below `size(R)`,
/// the longest such prefix of `L`'s codomain. Stride-0 modes are skipped, as
/// CuTe does.
///
/// ```
/// use layout_core::{right_inverse, Layout};
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(4,2):(2,1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    let flat = coalesce(layout);
    let modes: Vec<(i64, i64)> = flat.leaf_modes().collect();
    // Where each mode starts in the index space of `flat`.
    let mut index_strides = Vec::with_capacity(modes.len());
    let mut product = 1i64;
    for &(s, _) in &modes {
        index_strides.push(if s == 1 { 0 } else { product });
        product = product.saturating_mul(s);
    }
    let mut out = Vec::new();
    let mut next = 1i64;
    // Follow the chain of strides 1, s·d, … through the modes.
    while let Some(i) = modes
        .iter()
        .position(|&(_, d)| d.unsigned_abs() == next.unsigned_abs())
    {
        let (s, d) = modes[i];
        out.push((s, d.signum() * index_strides[i]));
        match s.checked_mul(d.abs()) {
            Some(n) if n != next && s > 1 => next = n,
            _ => break,
        }
        if out.len() > modes.len() {
            break;
        }
    }
    Layout::from_leaf_modes(&out)
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
