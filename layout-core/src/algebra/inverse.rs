use alloc::vec::Vec;

use super::{coalesce, complement};
use crate::error::Result;
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

/// The left inverse `R` of an injective `L`: `R(L(i)) = i` for every `i` in
/// `L`'s domain, computed as `right_inverse((L, complement(L)))`.
///
/// ```
/// use layout_core::{left_inverse, Layout};
/// let l: Layout = "(2,4):(4,1)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(4,2):(2,1)");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    let rest = complement(layout, layout.cosize())?;
    right_inverse(&Layout::concat([layout.clone(), rest])?)
}
