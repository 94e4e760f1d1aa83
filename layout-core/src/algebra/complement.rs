use alloc::string::ToString;

use super::Modes;
use super::coalesce::coalesce_modes;
use super::product_holes::{HoleRefusal, ProductHoles};
use crate::error::{AlgebraRefusal, DomainError, ErrorKind, Result, mul};
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
/// [`AlgebraRefusal::NotInjective`]) and a multiple of it (else
/// [`AlgebraRefusal::NotComplementable`]). Otherwise translates of `a`'s image
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
    complement_holes(a, cotarget, false).map(|(rest, _)| rest)
}

/// The complement a product uses: [`complement`], except that one hole
/// whose span does not divide its stride is rounded down, as CuTe's
/// complement divides (`algebra::product_holes`); the holes say which, so
/// the product can check its `B` stays below it. Where no hole is rounded
/// this is [`complement`].
///
/// ```
/// use layout_core::{algebra::product_complement, Layout};
/// let a: Layout = "(2,(5,3)):(1,(2,64))".parse().unwrap();
/// let (rest, holes) = product_complement(&a, 240).unwrap();
/// assert_eq!(rest.to_string(), "(6,2):(10,192)"); // CuTe's, 64/10 rounded down
/// assert_eq!(holes.rounded().map(|r| r.limit), Some(6));
/// ```
pub fn product_complement(a: &Layout, cotarget: i64) -> Result<(Layout, ProductHoles)> {
    complement_holes(a, cotarget, true)
}

/// [`complement`], or with `round` [`product_complement`].
fn complement_holes(a: &Layout, cotarget: i64, round: bool) -> Result<(Layout, ProductHoles)> {
    let mut leaves = Modes::new();
    a.for_each_leaf_mode(|s, d| leaves.push((s, d)));
    // The modes that matter, with their leaf index for errors and ties.
    let mut modes: InlineVec<(usize, i64, i64), 8> = InlineVec::new();
    for (mode, &(s, d)) in leaves.iter().enumerate() {
        if d < 0 {
            return Err(AlgebraRefusal::NegativeStride {
                function: "complement",
                mode,
                stride: d,
            }
            .into());
        }
        if s == 0 {
            let shape = a.shape().to_string();
            return Err(DomainError::ZeroSizeMode { mode, shape }.into());
        }
        if s != 1 && d != 0 {
            modes.push((mode, s, d));
        }
    }
    // After the strides: a negative stride is what makes the one-argument
    // form's cotarget (the cosize) negative.
    if cotarget < 0 {
        return Err(DomainError::OutOfRange {
            what: "complement's cotarget",
            min: 0,
            found: cotarget,
        }
        .into());
    }
    modes.sort_by_key(|&(mode, _, d)| (d, mode));
    let mut span = 1;
    let mut holes = Modes::new();
    let mut record = ProductHoles::new(1);
    for &(mode, s, d) in modes.iter() {
        // Both are ≥ 1 here (strides 0 and extents ≤ 1 were set aside).
        let (hole, next) = match record.next(d as u64, span as u64) {
            Ok((_, next)) if !round && next.rounded().is_some() => Err(HoleRefusal::NotMultiple),
            next => next,
        }
        .map_err(|refusal| match refusal {
            HoleRefusal::Overlaps => ErrorKind::Algebra(AlgebraRefusal::NotInjective {
                mode,
                stride: d,
                span,
            }),
            HoleRefusal::NotMultiple => ErrorKind::Algebra(AlgebraRefusal::NotComplementable {
                mode,
                stride: d,
                span,
            }),
        })?;
        record = next;
        // hole ≤ d, an i64.
        holes.push((hole as i64, span));
        span = mul(s, d)?;
    }
    // span ≥ 1: extents 0 were refused and the others are ≥ 2.
    holes.push((cotarget / span + i64::from(cotarget % span != 0), span));
    if !leaf_modes_fit(&holes) {
        // The error building the holes' layout would give.
        Layout::from_leaf_modes(&holes)?;
    }
    Ok((coalesce_modes(&holes), record))
}
