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

/// What the core's rule ([`CoreFit`]) reads of a typed layout whose every
/// leaf is static, one constant per node of its type (`Mode::FIT`, each
/// node's from its children's alone): the facade's check then reads the
/// verdict from the type (fits_value.rs, `FitsCore::ALWAYS_FITS`) and
/// compiles no check for it, where walking the trees' `Tree::NODE` cost
/// about 170 M rustc instructions a static composition (BENCHMARKS.md,
/// "Compile cost of static operands: the verdict from the type"). The
/// numbers saturate in `u128` (each leaf is at most `2^64`); a stride is
/// read both as an unsigned and as a signed offset's (`[0]`, `[1]`).
#[doc(hidden)]
#[derive(Clone, Copy)]
pub struct StaticFit {
    /// Every leaf of both trees static; else nothing below is read.
    known: bool,
    /// The extents' product.
    size: u128,
    /// The largest product of the extents up to a leaf (an extent 0 past
    /// a product above `i64::MAX` does not undo its refusal: [`CoreFit`]
    /// reads leaf by leaf).
    peak: u128,
    /// `Σ (extent - 1)·|stride|`.
    span: [u128; 2],
    /// The largest extent or stride.
    widest: [u128; 2],
    /// The largest `extent·|stride|` of a leaf of extent above 1 and
    /// nonzero stride (an operand whose complement the core computes).
    spread: [u128; 2],
}

const fn most(a: u128, b: u128) -> u128 {
    if a > b { a } else { b }
}

impl StaticFit {
    /// A tree with a run-time leaf: the verdict is the run-time check's.
    pub const DYNAMIC: StaticFit = StaticFit {
        known: false,
        size: 1,
        peak: 1,
        span: [0; 2],
        widest: [0; 2],
        spread: [0; 2],
    };
    /// No leaf (a tuple's start).
    pub const EMPTY: StaticFit = StaticFit {
        known: true,
        ..StaticFit::DYNAMIC
    };

    /// The leaf `extent:stride`, each `None` where it is a run-time one.
    #[must_use]
    pub const fn leaf(extent: Option<i64>, stride: Option<i64>) -> StaticFit {
        let (Some(e), Some(d)) = (extent, stride) else {
            return StaticFit::DYNAMIC;
        };
        // As the typed leaves hold them (`usize`), and as fits_value.rs's
        // `magnitude` reads a stride for an unsigned and a signed offset.
        let e = e as usize as u128;
        let d = [d as usize as u128, d.unsigned_abs() as u128];
        let mut r = StaticFit {
            size: e,
            peak: e,
            ..StaticFit::EMPTY
        };
        let mut i = 0;
        while i < 2 {
            r.span[i] = e.saturating_sub(1).saturating_mul(d[i]);
            r.widest[i] = most(e, d[i]);
            if e > 1 && d[i] != 0 {
                r.spread[i] = e.saturating_mul(d[i]);
            }
            i += 1;
        }
        r
    }

    /// `self`'s leaves, then `next`'s.
    #[must_use]
    pub const fn then(self, next: StaticFit) -> StaticFit {
        let mut r = StaticFit {
            known: self.known && next.known,
            size: self.size.saturating_mul(next.size),
            peak: most(self.peak, self.size.saturating_mul(next.peak)),
            ..self
        };
        let mut i = 0;
        while i < 2 {
            r.span[i] = self.span[i].saturating_add(next.span[i]);
            r.widest[i] = most(self.widest[i], next.widest[i]);
            r.spread[i] = most(self.spread[i], next.spread[i]);
            i += 1;
        }
        r
    }

    /// The bits of the widest leaf, an extent or a stride's magnitude
    /// (`N < 2^bits`), as fits_gate.rs's `widest` reads the trees.
    #[must_use]
    pub const fn widest_bits(self) -> u32 {
        u128::BITS - self.widest[1].leading_zeros()
    }

    /// Whether every leaf is static and the core holds the layout as it
    /// is (`layout_core::Layout::new`'s rule, each static stride an `i64`
    /// read by its magnitude): the size leaf by leaf, `Σ (extent-1)·|stride|`
    /// and every extent and stride within `i64::MAX`. What the infallible
    /// conversion of an all-static layout asserts while compiling
    /// (convert_static.rs); a stride of `i64::MIN`, which the core holds
    /// on a mode of extent 1, is not counted as held (the conversion then
    /// does not compile, and `TryFrom` decides).
    #[must_use]
    pub const fn held_by_core(self) -> bool {
        let max = MAX as u128;
        self.known && self.peak <= max && self.span[1] <= max && self.widest[1] <= max
    }

    /// Whether every leaf is static and the layout fits the core's rule in
    /// every role ([`CoreFit`] with `spans`, as an operand: the strictest
    /// reading), its strides read as `signed` offsets or not. `false` says
    /// only that the run-time check decides.
    #[must_use]
    pub const fn always_fits(self, signed: bool) -> bool {
        let i = signed as usize;
        let max = MAX as u128;
        self.known
            && self.peak <= max
            && self.span[i] <= max
            && self.widest[i] <= max
            && self.spread[i] <= max
    }
}

#[cfg(test)]
mod tests {
    use super::{CoreFit, MAX, StaticFit};
    use alloc::vec::Vec;

    /// Static values around the rule's edges (as tests/overflow_sweep;
    /// fits_held_tests.rs reads them too).
    pub(super) fn values() -> Vec<i64> {
        let max = i64::MAX;
        let mut v: Vec<i64> = (0..=4).collect();
        for edge in [max, max / 2, max / 3, max / 4, 1 << 62, 1 << 61, 1 << 32] {
            v.extend((0..=3).map(|k| edge - k));
            v.extend((1..=3).map(|k| edge.saturating_add(k)));
        }
        v.extend([-1, -2, -(1 << 62), i64::MIN, i64::MIN + 1, -max / 2]);
        v
    }

    /// The core's rule leaf by leaf, in its strictest role (an operand
    /// whose complement the core computes), a stride read as fits_value.rs
    /// reads it for an unsigned or a signed offset.
    fn core_fits(leaves: &[(i64, i64)], signed: bool) -> bool {
        let mut fit = CoreFit::NEW;
        for &(e, d) in leaves {
            let d = if signed {
                (d as usize as isize).unsigned_abs()
            } else {
                d as usize
            };
            fit = fit.leaf(e as usize, d, true);
        }
        fit.verdict("test", false).is_ok()
    }

    pub(super) fn static_fit(leaves: &[(i64, i64)]) -> StaticFit {
        let mut fit = StaticFit::EMPTY;
        for &(e, d) in leaves {
            fit = fit.then(StaticFit::leaf(Some(e), Some(d)));
        }
        fit
    }

    /// `StaticFit` says "fits" exactly where `CoreFit` does, for every
    /// pair and many triples of edge values (the triples nested both ways:
    /// `then` is associative), unsigned and signed.
    #[test]
    fn static_fit_is_the_core_rule() {
        let v = values();
        let leaves: Vec<(i64, i64)> = v
            .iter()
            .flat_map(|&e| v.iter().map(move |&d| (e, d)))
            .collect();
        let (mut checked, mut fits) = (0usize, 0usize);
        for (i, &a) in leaves.iter().enumerate() {
            // Every leaf with a few others (each triple's order matters:
            // an extent 0 after a product past `i64::MAX`).
            for &b in leaves.iter().skip(i % 97).step_by(97) {
                for &c in [
                    (0, 1),
                    (2, 1),
                    (4, 1 << 61),
                    (1 << 32, 1 << 32),
                    (3, MAX as i64 / 3),
                ]
                .iter()
                {
                    for leaves in [[a, b, c], [c, a, b], [b, c, a]] {
                        let flat = static_fit(&leaves);
                        let nested = StaticFit::EMPTY
                            .then(StaticFit::leaf(Some(leaves[0].0), Some(leaves[0].1)))
                            .then(static_fit(&leaves[1..]));
                        for signed in [false, true] {
                            let want = core_fits(&leaves, signed);
                            assert_eq!(
                                flat.always_fits(signed),
                                want,
                                "{leaves:?} signed {signed}"
                            );
                            assert_eq!(
                                nested.always_fits(signed),
                                want,
                                "{leaves:?} signed {signed} nested"
                            );
                            checked += 1;
                            fits += usize::from(want);
                        }
                    }
                }
            }
        }
        // Both verdicts are read many times (18,348 of 4,008,540 fit: the
        // edge values pass `i64::MAX` in most triples).
        assert!(
            fits > 10_000 && checked - fits > 10_000,
            "{fits} of {checked}"
        );
    }

    /// A run-time leaf leaves the verdict to the run-time check.
    #[test]
    fn a_dynamic_leaf_decides_nothing() {
        let small = StaticFit::leaf(Some(4), Some(1));
        assert!(small.always_fits(false));
        assert!(
            !small
                .then(StaticFit::leaf(None, Some(1)))
                .always_fits(false)
        );
        assert!(!StaticFit::leaf(Some(2), None).then(small).always_fits(true));
    }
}

#[cfg(test)]
#[path = "fits_held_tests.rs"]
mod held_tests;
