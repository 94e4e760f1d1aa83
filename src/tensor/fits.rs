//! The one check a tensor makes when it is built: every offset its layout
//! can give, plus its base, lies inside the engine (and, over more than
//! `i64::MAX` zero-sized elements, that the core holds the layout).

use layout_core::{DomainError, Error, ErrorKind, Layout};

use super::strided;

/// `Ok` when `base + L(c)` lies in `0..len` for every coordinate `c`: the
/// extremes are `base` plus the negative (or the positive) reaches
/// `(extent-1)·stride` of the leaf modes, summed.
pub(crate) fn check_fits(layout: &Layout, base: usize, len: usize) -> Result<(), Error> {
    let (mut low, mut high, mut empty) = (0i64, 0i64, false);
    // One recursion gives the reaches and whether some extent is 0 (no
    // offsets at all). Exact for a non-empty layout (`Layout::new` checked
    // its span); saturating so that an empty one, returned below whatever
    // its sums, cannot overflow.
    strided::for_each_leaf(layout.shape(), layout.stride(), &mut |extent, stride| {
        empty |= extent == 0;
        let reach = (extent - 1).saturating_mul(stride);
        if reach < 0 {
            low = low.saturating_add(reach);
        } else {
            high = high.saturating_add(reach);
        }
    });
    if empty {
        return Ok(());
    }
    span_fits(low, high, base, len, false)
}

/// `Ok` when `base + low` and `base + high`, a tensor's extreme offsets
/// (before or, `swizzled`, after a swizzle), lie in `0..len`.
pub(crate) fn span_fits(
    low: i64,
    high: i64,
    base: usize,
    len: usize,
    swizzled: bool,
) -> Result<(), Error> {
    let too_far = || {
        Error::from(ErrorKind::Overflow(
            "a tensor's offsets do not fit in 64 bits",
        ))
    };
    let base = i64::try_from(base).map_err(|_| too_far())?;
    let (low, high) = (
        base.checked_add(low).ok_or_else(too_far)?,
        base.checked_add(high).ok_or_else(too_far)?,
    );
    let size = i64::try_from(len).unwrap_or(i64::MAX);
    let outside = |smallest: bool, index| {
        let what = match (smallest, swizzled) {
            (true, false) => "the tensor's smallest offset",
            (false, false) => "the tensor's largest offset",
            (true, true) => "the tensor's smallest swizzled offset",
            (false, true) => "the tensor's largest swizzled offset",
        };
        Err(DomainError::IndexOutOfRange { what, index, size }.into())
    };
    if low < 0 {
        return outside(true, low);
    }
    if high >= size {
        return outside(false, high);
    }
    Ok(())
}

/// `Ok` when the core holds `layout` (its core form, or its composed one
/// for a swizzled layout), the core's error otherwise: what a tensor over
/// more than `i64::MAX` zero-sized elements asks (`Tensor::at_base`), so
/// that every tensor's run-time methods read a layout the core holds.
#[cold]
#[inline(never)]
pub(super) fn core_form_holds<L: super::AsLayout>(layout: &L) -> Result<(), Error> {
    match layout.to_core_composed() {
        Some(composed) => composed.map(|_| ()),
        None => layout.to_core().map(|_| ()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `check_fits` accepts exactly when every offset, walked, lies in
    /// `0..len` (brute force), empty layouts included.
    #[test]
    fn check_fits_equals_walking_every_offset() {
        for l in [
            "4:-2",
            "(3,0):(5,-7)",
            "(0,(2,3)):(1,(-4,100))",
            "((2,3),4):((-1,6),-2)",
            "(2,2,2):(0,3,-9)",
        ] {
            let l: Layout = l.parse().unwrap();
            for base in 0..24 {
                for len in 0..24 {
                    let walked = l
                        .offsets()
                        .all(|o| (0..len as i64).contains(&(base as i64 + o)));
                    assert_eq!(
                        check_fits(&l, base, len).is_ok(),
                        walked,
                        "{l} base {base} len {len}"
                    );
                }
            }
        }
    }
}
