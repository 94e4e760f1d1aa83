use alloc::string::ToString;
use alloc::vec::Vec;

use super::compose_build::{Built, build, checked_once, level};
use super::divisible::compose_divisible;
use super::refine::{self, Proof};
use super::{Modes, Tiler};
use crate::error::{DomainError, ErrorKind, Result, mul};
use crate::inline_vec::InlineVec;
use crate::int_tuple::IntTuple::{self, Int, Tuple};
use crate::layout::Layout;

/// `A ∘ B`: the layout `R` with `R(i) = A(B(i))` for every `i < size(B)`,
/// shaped like `B` (each leaf of `B` possibly split into several modes).
///
/// `B` distributes over its modes. A by-mode tiler `<B0,B1,…>` composes mode
/// `i` of `A` with `Bi` and, as CuTe does, drops the modes of `A` it does not
/// reach. Indices past `size(A)` are read through `A`'s last mode, as CuTe's
/// `crd2idx` reads them.
///
/// Each leaf `s:d` of `B` walks the flattened `A` as CuTe walks it. When
/// every walk divides `A`'s extents and the leaves' pieces of each mode of
/// `A` add up without a carry, that is the result (CuTe's, and proven
/// exact). Otherwise the result is decided point by point (see
/// `ARCHITECTURE.md`, "Exact composition"): CuTe's layout where it is right,
/// else the only layout that can be right, else an error naming the mode of
/// `B` and an index `i` such that no layout of `B`'s shape agrees with
/// `A(B(j))` for all `j ≤ i`.
///
/// ```
/// use layout_core::{composition, Layout, Tiler};
/// let a: Layout = "(6,2):(8,2)".parse().unwrap();
/// let b: Layout = "(4,3):(3,1)".parse().unwrap();
/// assert_eq!(composition(&a, &Tiler::from(b)).unwrap().to_string(), "((2,2),3):((24,2),8)");
/// // CuTe answers (2,2):(20,2), but A(B(2)) = A(10) is 10, not 2.
/// let a: Layout = "(8,5):(4,2)".parse().unwrap();
/// let b: Layout = "4:5".parse().unwrap();
/// assert_eq!(composition(&a, &Tiler::from(b)).unwrap().to_string(), "(2,2):(20,10)");
/// // CuTe refuses this one (stride 8 is not a multiple of extent 6).
/// let a: Layout = "(6,5):(8,1)".parse().unwrap();
/// let b: Layout = "6:8".parse().unwrap();
/// assert_eq!(composition(&a, &Tiler::from(b)).unwrap().to_string(), "(3,2):(17,4)");
/// // CuTe answers (2,7):(7,1), but A(B(3)) = A(8) is 100, not 7 + 1: no layout of shape (2,7) is A∘B.
/// let a: Layout = "(8,2):(1,100)".parse().unwrap();
/// let b: Layout = "(2,7):(7,1)".parse().unwrap();
/// assert!(composition(&a, &Tiler::from(b)).is_err());
/// ```
#[must_use = "composition returns the composed layout"]
pub fn composition(a: &Layout, b: &Tiler) -> Result<Layout> {
    match b {
        Tiler::ByMode(tilers) => {
            let modes = a.modes();
            if tilers.len() > modes.len() {
                let (tiler, layout) = (tilers.len(), modes.len());
                return Err(DomainError::TilerTooLong { tiler, layout }.into());
            }
            let composed = modes.iter().zip(tilers).map(|(m, t)| composition(m, t));
            Layout::concat(composed.collect::<Result<Vec<_>>>()?)
        }
        Tiler::Layout(b) => match compose_divisible(a, &[b], false) {
            Some(r) => Ok(r),
            None => compose_parts(a, &[b], false, &mut |_| {}).map(|(r, _)| r),
        },
    }
}

/// `composition(a, make_layout(b0, b1, …))` without building the tiler:
/// what `logical_divide` composes with (its tile and the tile's complement).
/// The caller checks that the concatenation would be a valid layout.
pub(crate) fn composition_of_modes(a: &Layout, modes: &[&Layout]) -> Result<Layout> {
    if let Some(r) = compose_divisible(a, modes, true) {
        return Ok(r);
    }
    compose_parts(a, modes, true, &mut |_| {}).map(|(r, _)| r)
}

/// One piece of CuTe's walk of a leaf of `B` over the flattened `A`: the
/// leaf's `extent` consecutive values land `step` apart in mode `mode` of
/// `A` (the last mode of `A` is unbounded). Reported by
/// [`composition_refinement`](super::composition_refinement).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Which leaf of `B` (in order, counting every leaf of every part).
    pub leaf: usize,
    /// Which mode of the flattened, coalesced `A`.
    pub mode: usize,
    /// The distance, in that mode's coordinate, between consecutive values.
    pub step: i64,
    /// How many values of the leaf land in that mode.
    pub extent: i64,
}

/// The leaf modes of a result, leaf of `B` after leaf of `B`: leaf `m`'s
/// modes are `modes[ends[m-1]..ends[m]]`.
pub(super) struct LeafModes {
    pub(super) modes: Modes,
    pub(super) ends: InlineVec<usize, 8>,
}

impl LeafModes {
    pub(super) fn new() -> Self {
        LeafModes {
            modes: Modes::new(),
            ends: InlineVec::new(),
        }
    }

    pub(super) fn leaf(&self, m: usize) -> &[(i64, i64)] {
        let start = if m == 0 { 0 } else { self.ends[m - 1] };
        &self.modes[start..self.ends[m]]
    }
}

/// `a ∘ (parts…)` (a tuple of the parts if `tuple`, else the lone part),
/// with how it was proven. Every piece of CuTe's walk goes to `on_piece`.
pub(super) fn compose_parts(
    a: &Layout,
    parts: &[&Layout],
    tuple: bool,
    on_piece: &mut impl FnMut(Piece),
) -> Result<(Layout, Proof)> {
    let flat = coalesce_keeping_last(a);
    let mut leaves = Modes::new();
    for part in parts {
        part.for_each_leaf_mode(|s, d| leaves.push((s, d)));
    }
    // The largest coordinate each bounded mode of A receives from each leaf,
    // summed over the leaves: below the mode's extent, nothing carries.
    let mut reach: InlineVec<i64, 8> = InlineVec::new();
    for _ in 1..flat.len() {
        reach.push(0);
    }
    let (mut cute, mut divides) = (LeafModes::new(), true);
    let (mut up, mut down) = (false, false);
    for (leaf, &(s, d)) in leaves.iter().enumerate() {
        let walked = walk_leaf(&flat, s, d, &mut cute.modes, &mut |mode, step, extent| {
            if let Some(r) = reach.get_mut(mode) {
                *r = r.saturating_add((extent - 1).saturating_mul(step));
            }
            on_piece(Piece {
                leaf,
                mode,
                step,
                extent,
            });
        });
        match walked {
            Ok(exact) => divides &= exact,
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::Domain(DomainError::ZeroSizeMode { .. })
                ) =>
            {
                return Err(e);
            }
            // An overflow in CuTe's walk: decided point by point instead.
            Err(_) => {
                divides = false;
                break;
            }
        }
        cute.ends.push(cute.modes.len());
        up |= s > 1 && d > 0;
        down |= s > 1 && d < 0;
    }
    let no_carry = reach.iter().zip(flat.iter()).all(|(r, m)| *r < m.0);
    // A(-x) = -A(x): one sign is as good as the other, but a mix may borrow
    // (unless A is one unbounded mode, a line).
    let one_sign = !(up && down) || reach.is_empty();
    // Borrowed, not moved: the common case keeps CuTe's walk where it is.
    let decided;
    let (result, proof) = if divides && no_carry && one_sign {
        (&cute, Proof::Divisibility)
    } else {
        let walked = (cute.ends.len() == leaves.len()).then_some(&cute);
        decided = refine::decide(&flat, &leaves, walked, || shape_of(parts, tuple))?;
        (&decided.0, decided.1)
    };
    // Each list read once as a slice (an `InlineVec` checks where it lives
    // on every access).
    let result = Built {
        modes: &result.modes,
        ends: &result.ends,
    };
    let layout = checked_once(|check| {
        let mut next = 0;
        if !tuple {
            return build(parts[0].shape(), &result, &mut next, check);
        }
        let (mut shapes, mut strides) = (
            Vec::with_capacity(parts.len()),
            Vec::with_capacity(parts.len()),
        );
        for part in parts {
            let (s, d) = build(part.shape(), &result, &mut next, check)?;
            shapes.push(s);
            strides.push(d);
        }
        level(shapes, strides, check)
    })?;
    Ok((layout, proof))
}

/// The shape of `B`, for error messages.
fn shape_of(parts: &[&Layout], tuple: bool) -> IntTuple {
    if tuple {
        Tuple(parts.iter().map(|p| p.shape().clone()).collect())
    } else {
        parts[0].shape().clone()
    }
}

/// Flatten and merge like `coalesce`, but never drop the last mode: it
/// absorbs indices past the domain, so it still matters when `B` reaches
/// beyond `size(A)` (CuTe's `coalesce_x`). Its extent is never read.
pub(super) fn coalesce_keeping_last(a: &Layout) -> Modes {
    let mut modes = Modes::new();
    a.for_each_leaf_mode(|s, d| modes.push((s, d)));
    // Past its size, `crd2idx` hands the rest of an index to the last mode,
    // recursively; when that ends in an empty tuple the rest reads as 0
    // (CuTe's flattening loses that mode and reads it with the last leaf).
    if ends_in_empty_tuple(a.shape()) {
        modes.push((1, 0));
    }
    let Some(last) = modes.last_mut() else {
        modes.push((1, 0));
        return modes;
    };
    // A stand-in extent of 2 keeps a trailing extent-1 mode from being skipped.
    if last.0 == 1 {
        last.0 = 2;
    }
    // Merge right to left in place: `modes[front..]` is the result so far.
    let mut front = modes.len() - 1;
    for i in (0..front).rev() {
        let ((s, d), head) = (modes[i], modes[front]);
        if s == 1 {
            continue;
        } else if s.checked_mul(d) == Some(head.1) {
            modes[front] = (s.saturating_mul(head.0), d);
        } else {
            front -= 1;
            modes[front] = (s, d);
        }
    }
    modes.remove_front(front);
    modes
}

fn ends_in_empty_tuple(shape: &IntTuple) -> bool {
    match shape {
        Int(_) => false,
        Tuple(modes) => modes.last().is_none_or(ends_in_empty_tuple),
    }
}

fn ceil_div(a: i64, b: i64) -> i64 {
    a / b + i64::from(a % b != 0)
}

/// CuTe's walk (`composition_impl`) of one leaf `s:d` of `B` over the
/// flattened `a`: pushes the leaf modes of its result (at least one) onto
/// `out` and reports each piece `(mode, step, extent)` to `piece`. Returns
/// whether every step divided, which makes the result exact for this leaf
/// alone: each mode it crosses is covered whole (the step divides its
/// extent, or the stride skips whole copies of it), so `c·d` has exactly
/// the digits the pieces give it.
///
/// CuTe checks two of these divisibilities statically (and refuses); where
/// it lets a step through that does not divide, or where it refuses, the
/// walk still goes on with CuTe's ceiling divisions, for a candidate that
/// [`refine::decide`] checks.
#[inline]
pub(super) fn walk_leaf(
    a: &[(i64, i64)],
    s: i64,
    d: i64,
    out: &mut Modes,
    piece: &mut impl FnMut(usize, i64, i64),
) -> Result<bool> {
    let &[ref init @ .., (_, last_stride)] = a else {
        out.push((s, 0));
        return Ok(true);
    };
    if d == 0 {
        out.push((s, 0));
        return Ok(true);
    }
    if init.is_empty() {
        out.push((s, mul(d, last_stride)?));
        piece(0, d.checked_abs().unwrap_or(i64::MAX), s);
        return Ok(true);
    }
    // An empty leaf reads nothing (and CuTe's walk below would divide by 0).
    if s == 0 {
        out.push((0, 0));
        return Ok(true);
    }
    let start = out.len();
    let mut divides = true;
    let (mut rest_shape, mut rest_stride) = (s, d);
    for (mode, &(extent, stride)) in init.iter().enumerate() {
        if extent == 0 {
            let shape =
                Layout::from_leaf_modes(a).map_or_else(|_| "?".into(), |l| l.shape().to_string());
            return Err(DomainError::ZeroSizeMode { mode, shape }.into());
        }
        let step = rest_stride.checked_abs().unwrap_or(i64::MAX);
        let next_shape = ceil_div(extent, step);
        let next_stride = ceil_div(step, extent) * rest_stride.signum();
        if rest_shape == 1 {
            rest_stride = next_stride;
            continue;
        }
        // Skipping whole copies of this mode needs the stride to be a multiple of it.
        if next_shape == 1 {
            divides &= step % extent == 0;
            rest_stride = next_stride;
            continue;
        }
        let new_shape = next_shape.min(rest_shape);
        // Going on to the next mode needs this one covered whole.
        if rest_shape > next_shape {
            divides &= extent % step == 0 && rest_shape % new_shape == 0;
        }
        out.push((new_shape, mul(rest_stride, stride)?));
        piece(mode, step, new_shape);
        rest_shape /= new_shape;
        rest_stride = next_stride;
    }
    // What B has left lives in A's last mode (a lone mode even if of extent 1).
    if rest_shape != 1 || out.len() == start {
        out.push((rest_shape, mul(rest_stride, last_stride)?));
        piece(
            init.len(),
            rest_stride.checked_abs().unwrap_or(i64::MAX),
            rest_shape,
        );
    }
    Ok(divides)
}
