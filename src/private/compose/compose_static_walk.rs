//! The `const fn` copy of the run-time walk (`compose_walk.rs`) that
//! gives a static leaf of a composition its value (`compose_static.rs`):
//! the same branching, step for step, over the left layout's leaves as
//! numbers, and where it refuses past two leaves the point-by-point
//! decision (`compose_decide_static.rs`), as `Compose` decides at run time.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::{product, tri};
use crate::__private::compose_decide_static::decide_static;
use crate::__private::compose_exact::{compose_step_exact, reads_next_line, sum};
use crate::__private::compose_static::{FoldedModes, WIDTH};
use crate::__private::compose_walk::{next_group, placed};

const FUNCTION: &str = "composition";

/// The left layout's leaves as numbers.
pub(in crate::__private) struct Left {
    pub(in crate::__private) extents: [usize; WIDTH],
    pub(in crate::__private) strides: [usize; WIDTH],
    pub(in crate::__private) len: usize,
}

/// The static leaf's modes: the walk's, or where the walk refuses a
/// condition of its steps over more than two leaves, the point-by-point
/// decision's, as `Compose` decides at run time (`compose_value.rs`).
pub(in crate::__private) const fn modes(
    a: &Left,
    n: usize,
    r: usize,
) -> Result<FoldedModes, AlgebraError> {
    let mut out = [(1, 0); WIDTH];
    let group = (1, a.strides[0]);
    match walk(a, 0, (n, r, 0), group, &mut out, &mut [(0, 0); WIDTH]) {
        Ok(_) => Ok(out),
        Err(
            refused @ (AlgebraError::ShapeNotDivisible { .. }
            | AlgebraError::StrideNotDivisible { .. }
            | AlgebraError::Carry { .. }),
        ) if a.len > 2 => match decide_static((a.extents, a.strides, a.len), n, r) {
            Some(decided) => Ok(decided),
            None => Err(refused),
        },
        Err(refused) => Err(refused),
    }
}

/// `WalkLeaves::walk` (`compose_walk.rs`) from leaf `i` on, step for
/// step: writes leaf `i`'s sub-mode and the later ones, returns the mode
/// of the group leaf `i` is in; adds the reaches into each group (as
/// `WalkLeaves::Reach`: per leaf, the sum and the extent of its group).
const fn walk(
    a: &Left,
    i: usize,
    (n, r, line): (usize, usize, usize),
    (before, stride): (usize, usize),
    out: &mut FoldedModes,
    reach: &mut [(usize, usize); WIDTH],
) -> Result<(usize, usize), AlgebraError> {
    if i + 1 == a.len {
        // The last group is unbounded: the rest lands there.
        let along = tri!(product(FUNCTION, r, stride));
        let mode = (n, tri!(sum(FUNCTION, along, line)));
        out[i] = placed(before == 1, mode);
        return Ok(mode);
    }
    let next = (a.extents[i + 1], a.strides[i + 1]);
    let next_is_last = i + 2 == a.len;
    let first = before == 1;
    let extent = tri!(product(FUNCTION, before, a.extents[i]));
    let (here, mode) = if let Some(group) = next_group((extent, stride), next, next_is_last) {
        let mode = tri!(walk(a, i + 1, (n, r, line), group, out, reach));
        (placed(first && extent != 1, mode), mode)
    } else {
        let next_line = if reads_next_line(r, extent) {
            self::line(a, i + 1, (1, next.1))
        } else {
            None
        };
        let step = tri!(compose_step_exact(
            FUNCTION,
            (n, r, line),
            (extent, stride),
            next_line
        ));
        let mode = (step.shape, step.stride);
        // Saturating: a sum past usize::MAX is past the extent too.
        reach[i] = (reach[i].0.saturating_add(step.reach), extent);
        let rest = (step.rest_shape, step.rest_stride, step.rest_line);
        tri!(walk(a, i + 1, rest, (1, next.1), out, reach));
        (placed(first, mode), mode)
    };
    out[i] = here;
    Ok(mode)
}

/// The most leaves of a right operand whose composition [`folds`] decides.
pub(in crate::__private) const RIGHT_WIDTH: usize = 64;

/// The right operand's leaves as numbers `(n, r)` (the first `.1`), when
/// every one is static and there are at most [`RIGHT_WIDTH`].
pub(in crate::__private) type Right = Option<([(usize, usize); RIGHT_WIDTH], usize)>;

/// Whether `Compose` of the static left leaves `a` (at least two) and the
/// static right leaves `right` is the walk's, every leaf walked and the
/// reaches checked as the run-time `composition` does (`compose_value.rs`:
/// `compose_tree`, then `WalkLeaves::check`): then its value is the
/// folded leaves' (`FoldedLeaf`, whose `MODES` are this walk where it
/// answers), and the run-time walk need not be compiled. `false` wherever
/// the run-time path may answer otherwise (a refusal, the point-by-point
/// decision, an overflow): that path decides then.
pub(in crate::__private) const fn folds(a: &Left, right: &Right) -> bool {
    let Some((leaves, count)) = right else {
        return false;
    };
    if a.len < 2 || a.len > WIDTH {
        return false;
    }
    let mut reach = [(0, 0); WIDTH];
    let mut k = 0;
    while k < *count {
        let (n, r) = leaves[k];
        let mut out = [(1, 0); WIDTH];
        let group = (1, a.strides[0]);
        if walk(a, 0, (n, r, 0), group, &mut out, &mut reach).is_err() {
            return false;
        }
        k += 1;
    }
    // `WalkLeaves::check`: no empty leaf but the last, nothing carries.
    let mut i = 0;
    while i + 1 < a.len {
        let (sum, extent) = reach[i];
        if a.extents[i] == 0 || (sum != 0 && sum >= extent) {
            return false;
        }
        i += 1;
    }
    true
}

/// `WalkLeaves::line`: the stride of the line leaves `i..` are, when they
/// continue one another as one group.
const fn line(a: &Left, i: usize, (before, stride): (usize, usize)) -> Option<usize> {
    if i + 1 == a.len {
        return Some(stride);
    }
    let next = (a.extents[i + 1], a.strides[i + 1]);
    let Some(extent) = before.checked_mul(a.extents[i]) else {
        return None;
    };
    match next_group((extent, stride), next, i + 2 == a.len) {
        Some(group) => line(a, i + 1, group),
        None => None,
    }
}

/// The walk of a right leaf `n:r` over a left layout's leaves given as
/// numbers (`extents`, `strides`, at least two, at most 12), as the
/// folded leaves compute it (the walk, or where it refuses past two
/// leaves the point-by-point decision), and whether the decision gave it:
/// for tests comparing it with the run-time walk.
#[doc(hidden)]
pub fn static_walk_decided(
    extents: &[usize],
    strides: &[usize],
    n: usize,
    r: usize,
) -> (Result<FoldedModes, AlgebraError>, bool) {
    assert!(extents.len() == strides.len() && (2..=WIDTH).contains(&extents.len()));
    let mut left = Left {
        extents: [0; WIDTH],
        strides: [0; WIDTH],
        len: extents.len(),
    };
    left.extents[..extents.len()].copy_from_slice(extents);
    left.strides[..strides.len()].copy_from_slice(strides);
    let mut out = [(1, 0); WIDTH];
    let group = (1, left.strides[0]);
    let walked = walk(&left, 0, (n, r, 0), group, &mut out, &mut [(0, 0); WIDTH]).is_ok();
    let folded = modes(&left, n, r);
    let decided = !walked && folded.is_ok();
    (folded, decided)
}

/// [`static_walk_decided`]'s modes.
#[doc(hidden)]
pub fn static_walk(
    extents: &[usize],
    strides: &[usize],
    n: usize,
    r: usize,
) -> Result<FoldedModes, AlgebraError> {
    static_walk_decided(extents, strides, n, r).0
}
