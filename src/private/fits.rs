//! The typed algebra refuses where the core refuses past `i64` (issue 13
//! §2, "never a wrong answer"): the core holds every integer as an `i64`
//! and refuses a layout whose size or largest offset
//! (`Σ (extent-1)·|stride|`) passes `i64::MAX` (`layout_core::Layout::new`),
//! an operand as a result. The typed path holds `usize`s, so without
//! these checks it answered where the core refuses
//! (`composition((1,4):(1,3·2^61), (4,2):(2,8))`).
//!
//! The rule is written once, here ([`CoreFit`]: the size and offsets leaf
//! by leaf, as `layout_core::Layout::new`), and read by every door: the
//! macro's straight-line code after `type` (layout-macros/src/typed/fits.rs,
//! [`operands_fit`] over arrays), the facade's algebra traits on typed
//! values (fits_value.rs, over a typed value's leaves) and the inverses
//! (inverse_fits.rs). Each door's hot path is one comparison (run-time
//! leaves OR-ed, below a power of two computed while compiling); this
//! exact check runs only where it fails, cold.

use super::algebra::AlgebraError;

/// The core's rule for one layout, read leaf by leaf
/// (`layout_core::Layout::new`): its size (the extents' product) and its
/// largest offset (`Σ (extent - 1)·stride`, a stride by its magnitude)
/// within `i64::MAX`, and every extent and stride too (the core holds
/// each as an `i64`; a result's mode of extent 1 whose stride passes
/// `i64::MAX` is refused, though no offset reads it: the core refuses
/// some such strides and sets others to 0, and a typed layout the core
/// cannot hold is not given). An operand whose complement the core
/// computes (`spans`: `complement`, a product's `A`, `left_inverse`) has
/// each leaf's `extent·stride` within `i64::MAX` too, for a leaf of
/// extent above 1 and nonzero stride. `const`, as the typed walks: a
/// `const fn` may hold a typed call.
#[derive(Clone, Copy)]
pub struct CoreFit {
    size: usize,
    span: usize,
    empty: bool,
    /// The first leaf past the rule.
    past: Option<(usize, usize)>,
}

impl CoreFit {
    /// No leaf read yet.
    pub const NEW: CoreFit = CoreFit {
        size: 1,
        span: 0,
        empty: false,
        past: None,
    };

    /// `self` after the leaf `extent:stride` (`stride` the magnitude).
    #[must_use]
    pub const fn leaf(self, extent: usize, stride: usize, spans: bool) -> CoreFit {
        let mut r = self;
        r.empty = r.empty || extent == 0;
        let reach = match extent.saturating_sub(1).checked_mul(stride) {
            Some(x) => r.span.checked_add(x),
            None => None,
        };
        let own = !spans
            || extent <= 1
            || stride == 0
            || matches!(extent.checked_mul(stride), Some(p) if p <= MAX);
        match (r.size.checked_mul(extent), reach) {
            (Some(size), Some(span))
                if size <= MAX && span <= MAX && extent <= MAX && stride <= MAX && own =>
            {
                (r.size, r.span) = (size, span);
            }
            _ => {
                if r.past.is_none() {
                    r.past = Some((extent, stride));
                }
            }
        }
        r
    }

    /// `Ok` unless a leaf passed the rule. A `result` of size 0 fits
    /// whatever its strides: it has no offsets (the core gives such a mode
    /// stride 0); an operand is the core's as written, and is refused.
    ///
    /// # Errors
    /// [`AlgebraError::OffsetsOverflow`] naming the first leaf past it.
    pub const fn verdict(self, function: &'static str, result: bool) -> Result<(), AlgebraError> {
        match self.past {
            Some((extent, stride)) if !(result && self.empty) => {
                Err(AlgebraError::OffsetsOverflow {
                    function,
                    extent,
                    stride,
                })
            }
            _ => Ok(()),
        }
    }
}

const MAX: usize = i64::MAX as usize;

/// An error unless every layout in `leaves` fits the core (`CoreFit`),
/// which the macro calls only where its one comparison failed (every
/// run-time leaf below a power of two under which each fits): written
/// inside that branch, so the hot path builds no array. `leaves` holds
/// the layouts' flat `(extent, stride)` leaves one after another,
/// `ends[i]` where the `i`-th ends (an integer `m` the core reads, a
/// cotarget or a shape's extent, is a layout `m:0` of its own); the
/// layouts from `results` on are the call's result.
///
/// # Errors
/// [`AlgebraError::OffsetsOverflow`] naming the first leaf of a layout
/// where its size or offsets pass `i64::MAX`.
#[cold]
#[inline(never)]
pub const fn operands_fit<const N: usize, const K: usize>(
    function: &'static str,
    leaves: [(usize, usize); N],
    ends: [usize; K],
    results: usize,
) -> Result<(), AlgebraError> {
    let (mut start, mut k) = (0, 0);
    while k < ends.len() {
        let mut reach = CoreFit::NEW;
        let mut i = start;
        while i < ends[k] {
            reach = reach.leaf(leaves[i].0, leaves[i].1, false);
            i += 1;
        }
        if let Err(e) = reach.verdict(function, k >= results) {
            return Err(e);
        }
        start = ends[k];
        k += 1;
    }
    Ok(())
}
