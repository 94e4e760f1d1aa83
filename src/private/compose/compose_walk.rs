//! The walk of [`Compose`](crate::__private::Compose) (`compose_value.rs`): one leaf
//! of the right layout over the left layout's leaves, as a recursion over
//! type-level lists (`list.rs`) that inlines to straight-line code. The
//! leaf's typed mode, folded where static, is `compose_leaf.rs`'s.

use crate::__private::algebra::AlgebraError;
use crate::__private::compose::product;
use crate::__private::compose_exact::{compose_step_exact, reads_next_line};
use crate::__private::int::Int;
use crate::__private::list::{Cons, Nil};
use crate::__private::tree::Tree;

pub(in crate::__private) const FUNCTION: &str = "composition";

/// The walk of one leaf `n:r` of the right layout over the left layout's
/// leaves (`Self`, extents; `E`, strides) as `usize`s: one mode per leaf,
/// the last taking the rest.
///
/// Leaves that continue one another (`e' = a·e`, or an extent 1 but the
/// last's) are walked as one mode where the `merge` mask lets them
/// (`cute_merges`: where CuTe's `coalesce` merges them, on their types;
/// all of them in the second walk, on the values): the group's part goes
/// to its first leaf, the others get `1:0`, so the nesting does not
/// change. CuTe's dynamic path walks each dynamic leaf alone, and so does
/// the first walk (CuTe's leaves); where that breaks a divisibility
/// condition (CuTe's layout is wrong there) the merged mode may hold it.
/// Each group's step is exact (`compose_step_exact`): the leaf is a line
/// plus the walk of what is left over the groups after it, carried as
/// `(n, r, line)`.
///
/// `compose_static.rs` copies this branching, every group merged, into a
/// `const fn` (the static leaves' values): a change here is a change there, which
/// `tests/typed_compose_static.rs` checks over every small input (a
/// difference is an `AlgebraError::FoldedDiffers`, never a wrong layout).
pub trait WalkLeaves<E>: Copy {
    /// Whether `Self` is the last leaf (the unbounded mode).
    const LAST: bool;
    /// How many leaves `Self` has.
    const LEAVES: usize;
    /// Which of `Self`'s leaves are static, head first: what CuTe's
    /// `coalesce` may merge (`cute_merges`).
    const STATICS: StaticLeaves;
    /// The list of the result's extents (or strides): one `usize` per leaf.
    type Modes;
    /// Per bounded leaf: the sum of reaches into its group, and the
    /// group's extent.
    type Reach: Copy + Default;
    /// The extents and strides of the leaf's mode; adds its reaches.
    /// `group` is the extent of the group's leaves before this one (1:
    /// this leaf starts a group) and the group's stride. The third part
    /// is the group's mode, for its first leaf when that is an earlier one.
    /// Bit `i` of `merge` lets leaf `i + 1` (from `Self`'s head) join leaf
    /// `i`'s group where the values continue it (`cute_merges`).
    fn walk(
        self,
        e: E,
        leaf: (usize, usize, usize),
        group: (usize, usize),
        merge: u32,
        reach: &mut Self::Reach,
    ) -> Result<Walked<Self::Modes>, AlgebraError>;
    /// Nothing carries: each group's sum of reaches is below its extent
    /// (or 0: no leaf moves there). `Ok(true)` where a leaf but the last
    /// is empty: the core refuses that (`ZeroSizeMode`) unless the right
    /// layout reads no index and walks no leaf over the left one, which
    /// the caller decides (`empty_mode`).
    fn check(self, reach: Self::Reach) -> Result<bool, AlgebraError>;
    /// The stride of the line the leaves from `Self` to the last are, when
    /// they continue one another as one group (`group`, `merge` as in `walk`).
    fn line(self, e: E, group: (usize, usize), merge: u32) -> Option<usize>;
    /// `A(j)`: the left layout at index `j`, its last leaf unbounded
    /// (`None` on an overflow or an empty leaf but the last).
    fn value(self, e: E, j: usize) -> Option<usize>;
    /// The modes `modes` one per leaf from the first, `1:0` after them
    /// (`None` when there are more modes than leaves: impossible where the
    /// values' period divides the extent, none found elsewhere;
    /// ARCHITECTURE.md, "A leaf needs at most one mode per group").
    fn fill(self, modes: &[(usize, usize)]) -> Option<(Self::Modes, Self::Modes)>;
}

/// The most leaves [`StaticLeaves`] describes (a left layout has at most
/// 12: a mode of the result is a tuple).
const STATIC_LEAVES: usize = 16;

/// Which leaves of a left layout are static, head first: each leaf's
/// extent where static, and whether its stride is static.
#[derive(Clone, Copy, Debug)]
pub struct StaticLeaves {
    extents: [Option<i64>; STATIC_LEAVES],
    strides: [bool; STATIC_LEAVES],
    len: usize,
}

impl StaticLeaves {
    /// One leaf.
    pub(in crate::__private) const fn one(extent: Option<i64>, stride: Option<i64>) -> Self {
        let mut s = StaticLeaves {
            extents: [None; STATIC_LEAVES],
            strides: [false; STATIC_LEAVES],
            len: 1,
        };
        s.extents[0] = extent;
        s.strides[0] = stride.is_some();
        s
    }
    /// A leaf before `tail`'s (the leaves past the 16th are dropped:
    /// dynamic, never merged).
    pub(in crate::__private) const fn before(
        extent: Option<i64>,
        stride: Option<i64>,
        tail: Self,
    ) -> Self {
        let mut s = Self::one(extent, stride);
        let mut i = 0;
        while i + 1 < STATIC_LEAVES && i < tail.len {
            s.extents[i + 1] = tail.extents[i];
            s.strides[i + 1] = tail.strides[i];
            i += 1;
        }
        s.len = i + 1;
        s
    }
}

/// The leaves CuTe's `coalesce` may merge, as the `merge` mask of
/// [`WalkLeaves::walk`]: bit `i` set where leaf `i + 1` may join the group
/// of leaf `i`. CuTe merges modes on their types, not their values: a
/// static extent 1 (but the last's) joins any group, and a leaf joins a
/// group whose extent and stride are static when its stride is static
/// (`layout-macros/src/typed/compose.rs` coalesces `A` the same way).
/// Dynamic leaves that continue one another stay apart: CuTe's walk
/// steps over each, and so does the method's first walk; only where that
/// walk refuses does the second merge on the values (`u32::MAX`).
pub(in crate::__private) const fn cute_merges(s: StaticLeaves) -> u32 {
    let mut mask = 0u32;
    // The current group's extent and stride are static numbers.
    let mut group_static = s.len > 0 && s.extents[0].is_some() && s.strides[0];
    let mut i = 0;
    while i + 1 < s.len {
        let next_one = matches!(s.extents[i + 1], Some(1)) && i + 2 < s.len;
        if next_one || (group_static && s.strides[i + 1]) {
            mask |= 1 << i;
            group_static = group_static && s.extents[i + 1].is_some();
        } else {
            group_static = s.extents[i + 1].is_some() && s.strides[i + 1];
        }
        i += 1;
    }
    mask
}

/// The group the next leaf walks in, after a leaf that brings the group's
/// extent to `extent` (`stride` the group's stride): a new one at the next
/// leaf when nothing so far moves, the same one when the next leaf
/// continues it (an extent 1 but the last's, whose stride extends it, or
/// the next stride), else none (this leaf ends its group).
/// (`const`: the static walk, `compose_static.rs`, takes the same steps.)
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) const fn next_group(
    (extent, stride): (usize, usize),
    (next_extent, next_stride): (usize, usize),
    next_is_last: bool,
) -> Option<(usize, usize)> {
    if extent == 1 {
        return Some((1, next_stride));
    }
    let continues = (next_extent == 1 && !next_is_last)
        || (extent != 0 && matches!(extent.checked_mul(stride), Some(p) if p == next_stride));
    if continues {
        Some((extent, stride))
    } else {
        None
    }
}

/// The walk's `parts` where the left layout has an empty mode but its
/// last: the core's `ZeroSizeMode` unless `b` reads no index at all (its
/// size 0) and has no leaf the core's walk takes over every mode (neither
/// empty nor of stride 0); then `parts`, as the core answers (CuTe too:
/// nothing is divided by the empty extent). Cold: an empty mode is rare,
/// and the leaves are read through the core's trees.
#[cold]
pub(in crate::__private) fn empty_mode<S: Tree, D: Tree, P>(
    b: crate::__private::layout::Layout<S, D>,
    parts: P,
) -> Result<P, AlgebraError> {
    let (shape, stride) = b.into_parts();
    let reads = match (shape.to_core(), stride.to_core()) {
        (Ok(s), Ok(d)) => {
            let walks = s.leaves().zip(d.leaves()).any(|(s, d)| s != 0 && d != 0);
            walks || s.leaves().all(|s| s != 0)
        }
        _ => true,
    };
    if reads {
        Err(AlgebraError::ZeroExtent { function: FUNCTION })
    } else {
        Ok(parts)
    }
}

/// The extents and strides of a leaf's mode over the rest of the left
/// layout's leaves, and the mode of the group the first of them is in.
pub type Walked<M> = (M, M, (usize, usize));

/// `mode` where a group starts, `1:0` elsewhere.
#[cfg_attr(debug_assertions, inline)]
#[cfg_attr(not(debug_assertions), inline(always))]
pub(in crate::__private) const fn placed(first: bool, mode: (usize, usize)) -> (usize, usize) {
    if first { mode } else { (1, 0) }
}

impl<A0: Int, E0: Int> WalkLeaves<Cons<E0, Nil>> for Cons<A0, Nil> {
    const LAST: bool = true;
    const LEAVES: usize = 1;
    const STATICS: StaticLeaves = StaticLeaves::one(A0::STATIC, E0::STATIC);
    type Modes = Cons<usize, Nil>;
    type Reach = Nil;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(
        self,
        _: Cons<E0, Nil>,
        (n, r, line): (usize, usize, usize),
        (before, stride): (usize, usize),
        _: u32,
        _: &mut Nil,
    ) -> Result<Walked<Self::Modes>, AlgebraError> {
        // The last group is unbounded: the rest lands there.
        let along = product(FUNCTION, r, stride)?;
        let mode = (
            n,
            along.checked_add(line).ok_or(AlgebraError::SumOverflow {
                function: FUNCTION,
                left: along,
                right: line,
            })?,
        );
        let here = placed(before == 1, mode);
        Ok((Cons(here.0, Nil), Cons(here.1, Nil), mode))
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check(self, _: Nil) -> Result<bool, AlgebraError> {
        Ok(false)
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn line(self, _: Cons<E0, Nil>, (_, stride): (usize, usize), _: u32) -> Option<usize> {
        Some(stride)
    }
    #[inline]
    fn value(self, e: Cons<E0, Nil>, j: usize) -> Option<usize> {
        j.checked_mul(e.0.get())
    }
    #[inline]
    fn fill(self, modes: &[(usize, usize)]) -> Option<(Self::Modes, Self::Modes)> {
        let (shape, stride) = match modes {
            [] => (1, 0),
            [mode] => *mode,
            _ => return None,
        };
        Some((Cons(shape, Nil), Cons(stride, Nil)))
    }
}

impl<A0: Int, A1: Int, T, E0: Int, E1: Int, TE: Copy> WalkLeaves<Cons<E0, Cons<E1, TE>>>
    for Cons<A0, Cons<A1, T>>
where
    Cons<A1, T>: WalkLeaves<Cons<E1, TE>>,
{
    const LAST: bool = false;
    const LEAVES: usize = 1 + <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::LEAVES;
    const STATICS: StaticLeaves = StaticLeaves::before(
        A0::STATIC,
        E0::STATIC,
        <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::STATICS,
    );
    type Modes = Cons<usize, <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::Modes>;
    type Reach = Cons<(usize, usize), <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::Reach>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn walk(
        self,
        e: Cons<E0, Cons<E1, TE>>,
        (n, r, line): (usize, usize, usize),
        (before, stride): (usize, usize),
        merge: u32,
        reach: &mut Self::Reach,
    ) -> Result<Walked<Self::Modes>, AlgebraError> {
        let next = (self.1.0.get(), e.1.0.get());
        let next_is_last = <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::LAST;
        let first = before == 1;
        let extent = product(FUNCTION, before, self.0.get())?;
        // Nothing so far moves: the next group starts at the next leaf
        // (`next_group`'s first case, its own path so that the common case
        // below keeps its constants rather than selects between the two).
        if extent == 1 {
            let (shapes, strides, mode) =
                self.1
                    .walk(e.1, (n, r, line), (1, next.1), merge >> 1, &mut reach.1)?;
            return Ok((Cons(1, shapes), Cons(0, strides), mode));
        }
        // The next leaf continues this group (where it may join it).
        let joins = if merge & 1 != 0 {
            next_group((extent, stride), next, next_is_last)
        } else {
            None
        };
        let (here, up, shapes, strides) = if let Some(group) = joins {
            let (shapes, strides, mode) =
                self.1
                    .walk(e.1, (n, r, line), group, merge >> 1, &mut reach.1)?;
            (placed(first, mode), mode, shapes, strides)
        } else {
            // This leaf ends its group: the exact step over it, the rest
            // of the leaf on over the groups after it.
            let next_line = if reads_next_line(r, extent) {
                self.1.line(e.1, (1, next.1), merge >> 1)
            } else {
                None
            };
            let step = compose_step_exact(FUNCTION, (n, r, line), (extent, stride), next_line)?;
            let mode = (step.shape, step.stride);
            // Saturating: a sum past usize::MAX is past the extent too.
            reach.0 = (reach.0.0.saturating_add(step.reach), extent);
            let rest = (step.rest_shape, step.rest_stride, step.rest_line);
            let (shapes, strides, _) =
                self.1
                    .walk(e.1, rest, (1, next.1), merge >> 1, &mut reach.1)?;
            (placed(first, mode), mode, shapes, strides)
        };
        Ok((Cons(here.0, shapes), Cons(here.1, strides), up))
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn check(self, reach: Self::Reach) -> Result<bool, AlgebraError> {
        // An empty mode but the last: the caller decides whether an index
        // splits over it (the core's `ZeroSizeMode`); the carries are
        // checked first, whatever it decides.
        let empty = self.0.get() == 0;
        let ((reach, extent), rest) = (reach.0, reach.1);
        if reach != 0 && reach >= extent {
            return Err(AlgebraError::Carry {
                function: FUNCTION,
                reach,
                extent,
            });
        }
        match self.1.check(rest) {
            Ok(later) => Ok(empty || later),
            Err(e) => Err(e),
        }
    }
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn line(
        self,
        e: Cons<E0, Cons<E1, TE>>,
        (before, stride): (usize, usize),
        merge: u32,
    ) -> Option<usize> {
        let next = (self.1.0.get(), e.1.0.get());
        let next_is_last = <Cons<A1, T> as WalkLeaves<Cons<E1, TE>>>::LAST;
        let extent = before.checked_mul(self.0.get())?;
        // A group of extent 1 is no group: the next leaf starts one.
        if extent != 1 && merge & 1 == 0 {
            return None;
        }
        let group = next_group((extent, stride), next, next_is_last)?;
        self.1.line(e.1, group, merge >> 1)
    }
    #[inline]
    fn value(self, e: Cons<E0, Cons<E1, TE>>, j: usize) -> Option<usize> {
        let extent = self.0.get();
        if extent == 0 {
            return None;
        }
        let digit = (j % extent).checked_mul(e.0.get())?;
        digit.checked_add(self.1.value(e.1, j / extent)?)
    }
    #[inline]
    fn fill(self, modes: &[(usize, usize)]) -> Option<(Self::Modes, Self::Modes)> {
        let (here, rest) = modes
            .split_first()
            .map_or(((1, 0), modes), |(m, r)| (*m, r));
        let (shapes, strides) = self.1.fill(rest)?;
        Some((Cons(here.0, shapes), Cons(here.1, strides)))
    }
}
