//! The step of `layout!(type composition(A, B))`'s walk
//! (`layout-macros/src/typed/compose.rs`) past a run-time mode of `A` that
//! breaks CuTe's divisibility conditions: the mode is merged with the
//! modes after it while they continue it (the next stride is the run's
//! extent times its stride, or the next extent is 1), as CuTe's static
//! `coalesce` merges such modes before its walk and the core does with
//! every value, and the leaf of `B` is stepped over the merged mode.
//! `({5},8):(1,5) ∘ 8` at 5 is the core's `8:1`: the step over `5` refuses
//! (8 is not a multiple of 5), the mode `8:5` continues it and is the last
//! (unbounded), so the leaf lands whole in the first mode, which the
//! typed nesting (fixed while compiling: one sub-mode per mode of `A`)
//! holds as `(8,1):(1,0)`, the same offsets.
//!
//! The merged step is handed back as a [`Step`] of the first mode whose
//! rest stride is in units of the mode after it, so that the macro's own
//! steps over the merged modes after the first (CuTe's step, unchanged)
//! give each extent 1 and pass the rest on to the mode after the run.
//! A run that never divides, a mode that does not continue it, or a merged
//! part the nesting cannot check (below) keeps the first refusal, which
//! names the values. CuTe with the same run-time leaves walks mode by mode
//! and, unchecked, answers a layout that is not `A∘B` (`(5,1):(_1,5)` for
//! the example).
//!
//! Cold: the macro writes the walk once, as a `const fn` of a flag
//! ([`compose_step_or_merged`] reads it at each step), and runs it with
//! the flag off and, only where that refuses, with it on from a cold
//! local function (`Gen::finish_once`); an optimized build inlines the
//! first run, where the flag is a constant, so it is the walk without the
//! merge (BENCHMARKS.md, "The typed composition's merge, one walk").

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::{Step, compose_step};

/// [`compose_step`] of a leaf `n:r` of `B` over the mode `extent:stride`
/// of `A`, and where it refuses and `merge` is set (the walk's second run),
/// the step merged with the modes after the mode (`merged`, cold). The macro's walk calls this at each run-time
/// step, so that its code is one call per step as without the merge; an
/// optimized build inlines it into each run of the walk, where `merge` is a
/// constant: the first run is the walk without the merge.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
#[allow(clippy::too_many_arguments)]
pub const fn compose_step_or_merged(
    merge: bool,
    function: &'static str,
    n: usize,
    r: usize,
    (extent, stride): (usize, usize),
    after: &[(usize, usize)],
    last: usize,
    alone: bool,
    folded: Option<usize>,
) -> Result<Step, AlgebraError> {
    match compose_step(function, n, r, extent) {
        Ok(step) => Ok(step),
        Err(refused) => {
            if !merge {
                return Err(refused);
            }
            match merged(n, r, (extent, stride), after, last, alone, folded) {
                Some(step) => Ok(step),
                None => Err(refused),
            }
        }
    }
}

/// `?` on an `Option` in a `const fn`.
macro_rules! some {
    ($e:expr) => {
        match $e {
            Some(value) => value,
            None => return None,
        }
    };
}

/// Whether a mode `next_extent:next_stride` continues a run of extent
/// `run` and stride `stride` (an extent 1, or the next stride).
const fn continues(run: usize, stride: usize, (next_extent, next_stride): (usize, usize)) -> bool {
    next_extent == 1 || matches!(run.checked_mul(stride), Some(p) if p == next_stride)
}

/// The step of a leaf `n:r` of `B` over the mode `extent:stride` of `A`
/// merged with the modes after it (`after`, `(extent, stride)`, then the
/// last, unbounded, of stride `last`), where [`compose_step`] over the
/// mode alone refused; `None` where this refuses too.
///
/// `alone`: the leaf is the only one of its part of `B`, so no other leaf
/// reaches the merged modes; else the merged part must stay inside the
/// first mode (reach below `extent`), where the macro's carry checks over
/// each mode still bound the sum (a leaf that skips the first mode, with
/// a static stride past it, is checked only in the modes after it, where
/// this leaf's reach is not counted). `folded`: the rest stride the macro
/// folded while compiling (a static stride over a static extent), which
/// the merged step must equal where the rest goes on.
///
/// Cold: only a refused step comes here. (`const`, as the walk that calls
/// it: a `const fn` may hold a typed composition.)
#[cold]
#[inline(never)]
const fn merged(
    n: usize,
    r: usize,
    (extent, stride): (usize, usize),
    after: &[(usize, usize)],
    last: usize,
    alone: bool,
    folded: Option<usize>,
) -> Option<Step> {
    if extent == 0 {
        return None;
    }
    // The run's extent and the product of its extents past the first.
    let (mut run, mut past) = (extent, 1usize);
    let mut i = 0;
    while i < after.len() {
        let (next_extent, next_stride) = after[i];
        i += 1;
        if next_extent == 0 || !continues(run, stride, (next_extent, next_stride)) {
            return None;
        }
        run = some!(run.checked_mul(next_extent));
        past = some!(past.checked_mul(next_extent));
        if let Ok(step) = compose_step("composition", n, r, run) {
            // The modes after the first pass `rest_stride · past` on: each
            // divides it, extent 1, down to `rest_stride` past the run.
            let rest_stride = some!(step.rest_stride.checked_mul(past));
            let goes_on = step.rest_shape != 1;
            if goes_on && matches!(folded, Some(f) if f != rest_stride) {
                return None;
            }
            let step = Step {
                rest_stride,
                ..step
            };
            return fits(step, extent, alone);
        }
    }
    // The last mode is unbounded: where the run reaches it, the leaf lands
    // whole in the run's first mode.
    if !continues(run, stride, (usize::MAX, last)) {
        return None;
    }
    let step = Step {
        shape: n,
        rest_shape: 1,
        rest_stride: 0,
        reach: some!(n.saturating_sub(1).checked_mul(r)),
    };
    fits(step, extent, alone)
}

/// `step`, unless another leaf may reach the merged modes and this one
/// reaches past the first.
const fn fits(step: Step, extent: usize, alone: bool) -> Option<Step> {
    if alone || step.reach < extent {
        Some(step)
    } else {
        None
    }
}
