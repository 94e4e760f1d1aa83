//! How much of a thread's share lies inside the tensor it was cut from:
//! the residue a [`Masked`](crate::tensor::typed::Masked) share carries
//! instead of checking its offsets against the engine.
//!
//! # Why a count per mode is the residue
//!
//! `local_partition` divides each top-level mode of `t` (size `s`) by the
//! thread layout's mode (static size `T`): CuTe's `logical_divide`, the
//! mode composed with `(T, R):(1, T)`, so the share's coordinate `j` in
//! that mode's rest is the mode's coordinate `c + T·j` (`c < T` the
//! thread's coordinate in the tile). That coordinate is one of `t`'s iff
//! `c + T·j < s`, iff `j < ceil((s - c) / T)` (0 when `c ≥ s`): a count,
//! the mode's residue. A share coordinate whose every entry is below its
//! mode's residue is one of `t`'s coordinates, so its offset is one of
//! `t`'s offsets, which `t`'s check placed in the engine: no check of the
//! share's own offsets is needed, whatever the signs of the strides. The
//! share's offsets are formed in wrapping `usize` arithmetic (the base
//! `b + Σ at_i`, each rest offset), so the sum is the parent's offset
//! itself, not one near it.
//!
//! - a leaf (the rest `ceil(s/T):T·d`): the composition is exact, so the
//!   count is the residue; it is at most the rest's extent `ceil(s/T)`.
//! - a tuple mode tiled exactly (`T · size(rest) = s`): every coordinate is
//!   one of the mode's; the count is `size(rest)`.
//! - a tuple mode not tiled exactly: the tile cuts one of its leaves
//!   (`s_k`, by `T_k`), and its coordinates inside are those whose
//!   coordinate in that leaf's rest is below `ceil((s_k - c_k)/T_k)`,
//!   which is a prefix of the rest's colexicographic order only when no
//!   leaf of extent over 1 follows it; a count per top-level mode cannot
//!   say it in general, so `general` asks the caller to refuse the share
//!   (a [`Residue`](crate::tensor::Residue) masks such a partition element
//!   by element). Not done: a count per leaf.
//! - a mode past the thread layout passes whole: its size.
//!
//! `(s + T - 1 - c) / T` is the count for every `c < T` (it is 0 for
//! `c ≥ s`), one `lea`, a `sub` and a `shr` where a tensor's facts say the
//! sum does not wrap (`typed_partitions.rs`'s `with_facts!`); otherwise
//! `(s - 1 - c) / T + 1`, exact since then `s > c`.

use crate::__private::list::{Cons, Nil};
use crate::__private::static_int::StaticInt;
use crate::__private::tree::Shape;

/// The residue of each mode of a share: `Self` the thread layout's mode
/// sizes (a list of static extents), `SL` the tensor's top-level shapes,
/// `RL` the share's, `CL` the thread's coordinate in each mode.
pub trait ModeResidues<SL, RL, CL> {
    /// One `usize` per mode of the share.
    type Valid: Copy;
    /// The counts (module docs); `general` is set where the share needs
    /// the engine check (a tuple mode not tiled exactly).
    fn residues(&self, s: &SL, r: &RL, c: &CL, general: &mut bool) -> Self::Valid;
}

/// The size of each shape of a list: the modes past the thread layout.
pub trait SizesOf {
    /// One `usize` per shape.
    type Sizes: Copy;
    /// The sizes.
    fn sizes(&self) -> Self::Sizes;
}

impl SizesOf for Nil {
    type Sizes = Nil;
    #[inline(always)]
    fn sizes(&self) -> Nil {
        Nil
    }
}

impl<S: Shape, SL: SizesOf> SizesOf for Cons<S, SL> {
    type Sizes = Cons<usize, SL::Sizes>;
    #[inline(always)]
    fn sizes(&self) -> Self::Sizes {
        Cons(self.0.size(), self.1.sizes())
    }
}

impl<SL, RL: SizesOf> ModeResidues<SL, RL, Nil> for Nil {
    type Valid = RL::Sizes;
    #[inline(always)]
    fn residues(&self, _: &SL, r: &RL, _: &Nil, _: &mut bool) -> RL::Sizes {
        r.sizes()
    }
}

impl<T, TL, S, SL, RS, RL, CL> ModeResidues<Cons<S, SL>, Cons<RS, RL>, Cons<usize, CL>>
    for Cons<T, TL>
where
    T: StaticInt,
    TL: ModeResidues<SL, RL, CL>,
    S: Shape,
    RS: Shape,
{
    type Valid = Cons<usize, TL::Valid>;
    #[inline(always)]
    fn residues(
        &self,
        s: &Cons<S, SL>,
        r: &Cons<RS, RL>,
        c: &Cons<usize, CL>,
        general: &mut bool,
    ) -> Self::Valid {
        let (size, t, c0) = (Shape::size(&s.0), T::VALUE as usize, c.0);
        // `c0 < t` (the thread's coordinate in the tile), so `t - 1 - c0`
        // does not wrap and `t ≥ 1`.
        let count = match size.checked_add(t - 1 - c0) {
            Some(sum) => sum / t,
            // `size` is past `usize::MAX - t`, so above `c0`.
            None => (size - 1 - c0) / t + 1,
        };
        let count = if S::DEPTH == 0 {
            count
        } else {
            let rest = Shape::size(&r.0);
            // Tiled exactly: every coordinate (module docs); otherwise the
            // caller refuses the share.
            *general |= t.checked_mul(rest) != Some(size);
            count.min(rest)
        };
        Cons(count, self.1.residues(&s.1, &r.1, &c.1, general))
    }
}

/// A coordinate list (`Self`, one `usize` per top-level mode) whose every
/// entry is below its mode's residue (`V`).
pub trait BelowEach<V> {
    /// Whether every entry is below its count.
    fn below_each(&self, v: &V) -> bool;
}

impl BelowEach<Nil> for Nil {
    #[inline(always)]
    fn below_each(&self, _: &Nil) -> bool {
        true
    }
}

impl<CL: BelowEach<VL>, VL> BelowEach<Cons<usize, VL>> for Cons<usize, CL> {
    #[inline(always)]
    fn below_each(&self, v: &Cons<usize, VL>) -> bool {
        // `&`, not `&&`: one branch for the whole coordinate.
        (self.0 < v.0) & self.1.below_each(&v.1)
    }
}

/// The residues (`Self`) against one integer split colexicographically
/// over the share's top-level shapes `SL`, the last taking what is left
/// (as the typed layouts split it).
pub trait SplitBelow<SL> {
    /// Whether each part of `index` is below its mode's count.
    fn split_below(&self, s: &SL, index: usize) -> bool;
}

impl<S> SplitBelow<Cons<S, Nil>> for Cons<usize, Nil> {
    #[inline(always)]
    fn split_below(&self, _: &Cons<S, Nil>, index: usize) -> bool {
        index < self.0
    }
}

impl<S: Shape, A, SL, VL> SplitBelow<Cons<S, Cons<A, SL>>> for Cons<usize, VL>
where
    VL: SplitBelow<Cons<A, SL>>,
{
    #[inline(always)]
    fn split_below(&self, s: &Cons<S, Cons<A, SL>>, index: usize) -> bool {
        // An empty mode has no coordinate (and no divisor).
        match s.0.size() {
            0 => false,
            n => index % n < self.0 && self.1.split_below(&s.1, index / n),
        }
    }
}

/// The sizes of a share's top-level modes (`Self`) all within their
/// residues (`V`): no coordinate of the share is masked.
pub trait CoveredBy<V> {
    /// Whether every size is at most its count.
    fn covered_by(&self, v: &V) -> bool;
}

impl CoveredBy<Nil> for Nil {
    #[inline(always)]
    fn covered_by(&self, _: &Nil) -> bool {
        true
    }
}

impl<SL: CoveredBy<VL>, VL> CoveredBy<Cons<usize, VL>> for Cons<usize, SL> {
    #[inline(always)]
    fn covered_by(&self, v: &Cons<usize, VL>) -> bool {
        self.0 <= v.0 && self.1.covered_by(&v.1)
    }
}
