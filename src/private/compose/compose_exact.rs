//! The exact step of composition on typed values (`compose_walk.rs`): one
//! leaf of the right layout over one group of the left layout's leaves,
//! giving what the core's exact composition gives (ARCHITECTURE.md,
//! "Composition of typed values", the exact step).

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::{div_ceil, div_rem, product, tri};

/// One step of the exact walk over a group `extent:stride` of the left
/// layout: the leaf's mode in this group, and the leaf that goes on into
/// the groups after it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroupStep {
    /// The extent of the leaf's mode in this group.
    pub shape: usize,
    /// Its stride.
    pub stride: usize,
    /// The extent still to walk over the groups after this one.
    pub rest_shape: usize,
    /// Its stride in units of the next group's first index.
    pub rest_stride: usize,
    /// A line added to what the groups after give (per unit of the rest's
    /// coordinate): the part of this group that moves with that coordinate.
    pub rest_line: usize,
    /// The largest digit of this group the leaf reaches.
    pub reach: usize,
}

/// The leaf `c ↦ line·c + A(c·r)` for `c < n`, where `A(j) = stride·(j mod
/// extent) + A'(j div extent)` is this group followed by the groups after
/// it (`A'`; `next_line` gives `A'`'s stride when `A'` is one line, the
/// left layout's unbounded last group or a group that ends there).
///
/// With `r = q·extent + ρ` (`ρ < extent`), `c·r = c·q·extent + c·ρ`:
/// - `ρ = 0`: nothing here, the leaf goes on as `n:q`;
/// - `n ≤ t = ⌈extent/ρ⌉`: the digit here is `c·ρ` (no carry), so the leaf
///   is the line `c·(ρ·stride + line)` plus `A'(c·q)`: the mode `n` here
///   when `q = 0` or `A'` is a line (then `A'(c·q)` is the line `c·q·e'`),
///   else the walk of `n:q` over `A'` with that line added;
/// - else `t | n` is needed, and with `c = c0 + t·c1` the digit here is
///   `c0·ρ + c1·δ` (`δ = t·ρ − extent`), which must stay below `extent`;
///   then the mode `t` here and the walk of `n/t` at `q·t + 1` over `A'`
///   (with the line `line·t + δ·stride`), when `q = 0` or `A'` is a line.
///
/// A refusal is not final: the caller then decides the value point by
/// point (`compose_decide.rs`). Each refusal is necessary where `A'` is a
/// line (ARCHITECTURE.md proves it), so a left layout of at most two groups
/// is never decided point by point; with more groups, carries out of two
/// groups can cancel, and the case `q > 0` with a carry here over an `A'`
/// of several groups is not stepped (a composition with two leaves).
///
/// `next_line` is read only where [`reads_next_line`] holds (the caller
/// computes it only there). `const`: the static walk (`compose_static.rs`)
/// takes the same steps.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn compose_step_exact(
    function: &'static str,
    (n, r, line): (usize, usize, usize),
    (extent, stride): (usize, usize),
    next_line: Option<usize>,
) -> Result<GroupStep, AlgebraError> {
    if n == 0 || r == 0 {
        return Ok(on(n, 0, line));
    }
    if extent == 0 {
        return Err(AlgebraError::ZeroExtent { function });
    }
    let (q, rho) = div_rem(r, extent);
    // Whole copies of this group: only the groups after it move.
    if rho == 0 {
        return Ok(on(n, q, line));
    }
    let here = tri!(sum(function, tri!(product(function, rho, stride)), line));
    let t = div_ceil(extent, rho);
    // The leaf stays below `extent` in this group.
    if n <= t {
        let reach = (n - 1) * rho;
        let here = match (q, next_line) {
            (0, _) => here,
            (_, Some(last)) => tri!(sum(function, here, tri!(product(function, q, last)))),
            (_, None) => {
                return Ok(GroupStep {
                    reach,
                    ..on(n, q, here)
                });
            }
        };
        return Ok(GroupStep {
            shape: n,
            stride: here,
            rest_shape: 1,
            rest_stride: 0,
            rest_line: 0,
            reach,
        });
    }
    let (rest, left) = div_rem(n, t);
    if left != 0 {
        let (shape, part) = (n, t);
        return Err(AlgebraError::ShapeNotDivisible {
            function,
            shape,
            part,
        });
    }
    // `t·ρ < extent + ρ`: no overflow; `δ < ρ`, so `δ·stride < ρ·stride`.
    let delta = t * rho - extent;
    // Saturating: a reach past usize::MAX is past the extent too.
    let reach = ((t - 1) * rho).saturating_add((rest - 1).saturating_mul(delta));
    if reach >= extent {
        return Err(AlgebraError::Carry {
            function,
            reach,
            extent,
        });
    }
    let (here, rest_stride) = if q == 0 {
        (here, 1)
    } else {
        let Some(last) = next_line else {
            return Err(AlgebraError::StrideNotDivisible {
                function,
                stride: r,
                extent,
            });
        };
        // `q·t + 1 ≤ r·t`: no overflow where `r·t` fits; checked anyway.
        let jump = tri!(sum(function, tri!(product(function, q, t)), 1));
        (
            tri!(sum(function, here, tri!(product(function, q, last)))),
            jump,
        )
    };
    let rest_line = tri!(sum(
        function,
        tri!(product(function, line, t)),
        delta * stride
    ));
    Ok(GroupStep {
        shape: t,
        stride: here,
        rest_shape: rest,
        rest_stride,
        rest_line,
        reach,
    })
}

/// Whether [`compose_step_exact`] reads its `next_line` for a leaf of
/// stride `r` over a group of extent `extent`: where the leaf moves past
/// the group (`q > 0`).
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub const fn reads_next_line(r: usize, extent: usize) -> bool {
    extent != 0 && r >= extent
}

/// The leaf goes on past this group without a mode here.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
const fn on(rest_shape: usize, rest_stride: usize, rest_line: usize) -> GroupStep {
    GroupStep {
        shape: 1,
        stride: 0,
        rest_shape,
        rest_stride,
        rest_line,
        reach: 0,
    }
}

/// `left + right`, or the error naming both.
#[inline]
pub(in crate::__private) const fn sum(
    function: &'static str,
    left: usize,
    right: usize,
) -> Result<usize, AlgebraError> {
    match left.checked_add(right) {
        Some(total) => Ok(total),
        None => Err(AlgebraError::SumOverflow {
            function,
            left,
            right,
        }),
    }
}
