use alloc::string::ToString;

use super::Modes;
use super::coalesce::coalesce_modes;
use crate::error::{ErrorKind, Result, mul};
use crate::inline_vec::InlineVec;
use crate::layout::{Layout, leaf_modes_fit};

/// The layout of the "holes" of `a` up to `cotarget`: ordered so that
/// `(a, complement(a, M))` is a bijection from its domain onto `[0, M')`
/// for the smallest multiple `M'` of `a`'s span that is ≥ `M`.
/// CuTe's one-argument `complement(a)` is `complement(a, a.cosize())`.
///
/// Stride-0 and extent-1 modes are ignored. A complement exists exactly
/// when the remaining modes, sorted by stride, stack: each stride at least
/// the span (`extent·stride`) of the mode below it (else
/// [`ErrorKind::NotInjective`]) and a multiple of it (else
/// [`ErrorKind::NotComplementable`]). Otherwise translates of `a`'s image
/// cannot tile an interval (see `ARCHITECTURE.md`, "Exact composition").
///
/// ```
/// use layout_core::{complement, Layout};
/// let a: Layout = "(2,2):(1,6)".parse().unwrap();
/// assert_eq!(complement(&a, 24).unwrap().to_string(), "(3,2):(2,12)");
/// // {0,1,3,4}: covering 2 would cover 3 twice.
/// assert!(complement(&"(2,2):(1,3)".parse().unwrap(), 8).is_err());
/// ```
#[must_use = "complement returns the complement layout"]
pub fn complement(a: &Layout, cotarget: i64) -> Result<Layout> {
    let mut leaves = Modes::new();
    a.for_each_leaf_mode(|s, d| leaves.push((s, d)));
    // The modes that matter, with their leaf index for errors and ties.
    let mut modes: InlineVec<(usize, i64, i64), 8> = InlineVec::new();
    for (mode, &(s, d)) in leaves.iter().enumerate() {
        if d < 0 {
            return Err(ErrorKind::NegativeStride {
                function: "complement",
                mode,
                stride: d,
            }
            .into());
        }
        if s == 0 {
            let shape = a.shape().to_string();
            return Err(ErrorKind::ZeroSizeMode { mode, shape }.into());
        }
        if s != 1 && d != 0 {
            modes.push((mode, s, d));
        }
    }
    // After the strides: a negative stride is what makes the one-argument
    // form's cotarget (the cosize) negative.
    if cotarget < 0 {
        return Err(ErrorKind::OutOfRange {
            what: "complement's cotarget",
            min: 0,
            found: cotarget,
        }
        .into());
    }
    modes.sort_by_key(|&(mode, _, d)| (d, mode));
    let mut span = 1;
    let mut holes = Modes::new();
    for &(mode, s, d) in modes.iter() {
        if d < span {
            return Err(ErrorKind::NotInjective {
                mode,
                stride: d,
                span,
            }
            .into());
        }
        if d % span != 0 {
            return Err(ErrorKind::NotComplementable {
                mode,
                stride: d,
                span,
            }
            .into());
        }
        holes.push((d / span, span));
        span = mul(s, d)?;
    }
    // span ≥ 1: extents 0 were refused and the others are ≥ 2.
    holes.push((cotarget / span + i64::from(cotarget % span != 0), span));
    if !leaf_modes_fit(&holes) {
        // The error building the holes' layout would give.
        Layout::from_leaf_modes(&holes)?;
    }
    Ok(coalesce_modes(&holes))
}
