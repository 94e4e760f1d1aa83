//! The typed algebra refuses where the core refuses past `i64` (issue 13
//! §2, "never a wrong answer"): the core holds every integer as an `i64`
//! and refuses a layout whose size or largest offset
//! (`Σ (extent-1)·|stride|`) passes `i64::MAX` (`layout_core::Layout::new`),
//! an operand as a result. The typed path holds `usize`s, so without
//! these checks it answered where the core refuses
//! (`composition((1,4):(1,3·2^61), (4,2):(2,8))`).
//!
//! One check, written by the macro after `type` for every typed call with
//! a run-time leaf (layout-macros/src/typed/fits.rs), on the operands and
//! the result alike (a product's or a composition's result can pass `i64`
//! where its operands do not): one comparison on the hot path, every
//! run-time leaf of both OR-ed, below a power of two the macro computed
//! from the static leaves, under which every one of them fits; the exact
//! check cold. The inverses' own check (inverse_fits.rs) is this one on
//! their operand, joined to their comparisons.

use super::algebra::AlgebraError;

/// An error unless every layout in `leaves` fits the core, which the
/// macro calls only where its one comparison failed (every run-time leaf
/// below a power of two under which each fits): written inside that
/// branch, so the hot path builds no array. `leaves` holds the layouts'
/// flat `(extent, stride)` leaves one after another, `ends[i]` where the
/// `i`-th ends (an integer `m` the core reads, a cotarget or a shape's
/// extent, is a layout `m:0` of its own); each is checked as the core
/// does, the size (the extents' product) then the offsets
/// (`Σ (extent - 1)·stride`), leaf by leaf in `i64`. The layouts from
/// `results` on are the call's result: one of size 0 fits whatever its
/// strides (it has no offsets; the core gives such a mode stride 0). A
/// result's mode of extent 1 whose stride passes `i64::MAX` is refused,
/// though no offset reads it: the core refuses some (a complement's
/// stride it computes) and answers others (a divide's rest of extent 1,
/// stride 0 in the core), and a typed layout the core cannot hold is not
/// given (tests/typed_algebra_overflow.rs). A `const fn`, as the typed
/// walks: a `const fn` may hold a typed call.
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
    const MAX: usize = i64::MAX as usize;
    let (mut start, mut k) = (0, 0);
    while k < ends.len() {
        let (mut size, mut span, mut i) = (1usize, 0usize, start);
        let result = k >= results;
        if result && empty(&leaves, start, ends[k]) {
            i = ends[k];
        }
        while i < ends[k] {
            let (extent, stride) = leaves[i];
            let reach = match extent.saturating_sub(1).checked_mul(stride) {
                Some(r) => span.checked_add(r),
                None => None,
            };
            match (size.checked_mul(extent), reach) {
                (Some(s), Some(r)) if s <= MAX && r <= MAX && extent <= MAX && stride <= MAX => {
                    (size, span) = (s, r);
                }
                _ => {
                    return Err(AlgebraError::OffsetsOverflow {
                        function,
                        extent,
                        stride,
                    });
                }
            }
            i += 1;
        }
        start = ends[k];
        k += 1;
    }
    Ok(())
}

/// Whether a leaf of `leaves[start..end]` has extent 0.
const fn empty(leaves: &[(usize, usize)], start: usize, end: usize) -> bool {
    let mut i = start;
    while i < end {
        if leaves[i].0 == 0 {
            return true;
        }
        i += 1;
    }
    false
}
