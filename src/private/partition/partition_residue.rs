//! Which elements of a thread's share lie inside the tensor it was cut
//! from: the residue a [`Masked`](crate::tensor::typed::Masked) share
//! carries instead of checking its offsets against the engine.
//!
//! # Why a cut per mode is the residue
//!
//! `local_partition` divides each top-level mode of `t` (size `s`) by the
//! thread layout's mode (static size `T`): CuTe's `logical_divide`, the
//! mode composed with `(T, R):(1, T)`, so the share's coordinate `j` in
//! that mode's rest is the mode's coordinate `c + T·j` (`c < T` the
//! thread's coordinate in the tile). That coordinate is one of `t`'s iff
//! `c + T·j < s` (exactly, no wrap), so a share keeps per mode its cut
//! ([`Cut`]: `c`, `s` and the static `T`) and admits `j` iff that holds;
//! then `j < ceil((s - c)/T) ≤ R`, in the share's domain, and a share
//! coordinate whose every entry is admitted is one of `t`'s coordinates,
//! so its offset is one of `t`'s offsets, which `t`'s check placed in the
//! engine: no check of the share's own offsets is needed, whatever the
//! signs of the strides. The share's offsets are formed in wrapping
//! `usize` arithmetic (the base `b + Σ at_i`, each rest offset), so the
//! sum is the parent's offset itself, not one near it.
//!
//! - a leaf (the rest `ceil(s/T):T·d`): the composition is exact.
//! - a tuple mode tiled exactly (`T · size(rest) = s`): every coordinate is
//!   one of the mode's (`c + T·j < T·R` iff `j < R`).
//! - a tuple mode not tiled exactly: the tile cuts one of its leaves
//!   (`s_k`, by `T_k`), and its coordinates inside are those whose
//!   coordinate in that leaf's rest is below `ceil((s_k - c_k)/T_k)`,
//!   which is a prefix of the rest's colexicographic order only when no
//!   leaf of extent over 1 follows it; one cut per top-level mode cannot
//!   say it in general, so `general` asks the caller to refuse the share
//!   (a [`Residue`](crate::tensor::Residue) masks such a partition element
//!   by element). Not done: a cut per leaf.
//! - a mode past the thread layout passes whole: the cut `0`, its size, `T = 1`.
//!
//! Why the cut and not the count `ceil((s - c)/T)`: a read at a
//! coordinate known while compiling (`share[(1,1)]`) is then `c + T < s`,
//! an `or` and a compare per mode, and nothing is computed when the share
//! is made; the count was three instructions a mode when made (`xor`,
//! `add`, `shr`) and its compare did not fold (the share's values join
//! the cold path of an empty tensor's before the read).

use crate::__private::int::C;
use crate::__private::list::{Cons, Nil};
use crate::__private::static_int::StaticInt;
use crate::__private::tree::Shape;

/// One mode's cut: the thread's coordinate `c` in the tile, the
/// tensor's mode size `s`, the tile's static size `T` (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut<T> {
    c: usize,
    s: usize,
    t: T,
}

impl Cut<C<1>> {
    /// The cut that admits `0..count` (`c = 0`, `T = 1`, `s = count`):
    /// a mode kept whole, or a tile mode whose grid coordinate is given
    /// (`tile_residue.rs`).
    #[inline(always)]
    pub fn first(count: usize) -> Self {
        Cut {
            c: 0,
            s: count,
            t: C::<1>,
        }
    }
}

impl<T: StaticInt> Cut<T> {
    /// Whether the share's coordinate `j` in this mode stands for one of
    /// the tensor's, `c + T·j < s` (a product or sum past `usize::MAX`
    /// is not).
    #[inline(always)]
    pub fn admits(&self, j: usize) -> bool {
        // SAFETY: a cut is made only here, with `c` below `T` (or 0 for a
        // `T` of 0): so the sum below does not wrap where `T·j` does not,
        // which the optimiser then sees for a `j` known while compiling
        // (the value of `c` reaches a read through the cold path's join,
        // where its range is lost).
        unsafe { core::hint::assert_unchecked(self.c < (T::VALUE as usize).max(1)) };
        match j
            .checked_mul(T::VALUE as usize)
            .and_then(|x| x.checked_add(self.c))
        {
            Some(x) => x < self.s,
            None => false,
        }
    }

    /// How many coordinates of the mode it admits, `ceil((s - c)/T)` (0
    /// when `c ≥ s`): they are `0..count`.
    #[inline(always)]
    pub fn count(&self) -> usize {
        match self.s.checked_sub(self.c) {
            Some(room) if room > 0 => (room - 1) / T::VALUE as usize + 1,
            _ => 0,
        }
    }
}

/// The cut of each mode of a share: `Self` the thread layout's mode
/// sizes (a list of static extents), `SL` the tensor's top-level shapes,
/// `RL` the share's, `CL` the thread's coordinate in each mode.
pub trait ModeResidues<SL, RL, CL> {
    /// One [`Cut`] per mode of the share.
    type Valid: Copy;
    /// The cuts (module docs); `general` is set where no cut says which
    /// coordinates are inside (a tuple mode not tiled exactly).
    fn residues(&self, s: &SL, r: &RL, c: &CL, general: &mut bool) -> Self::Valid;
}

/// The cut of each shape of a list: the modes past the thread layout,
/// whole (`0`, the size, `T = 1`).
pub trait WholeCuts {
    /// One `Cut<C<1>>` per shape.
    type Cuts: Copy;
    /// The cuts.
    fn whole_cuts(&self) -> Self::Cuts;
}

impl WholeCuts for Nil {
    type Cuts = Nil;
    #[inline(always)]
    fn whole_cuts(&self) -> Nil {
        Nil
    }
}

impl<S: Shape, SL: WholeCuts> WholeCuts for Cons<S, SL> {
    type Cuts = Cons<Cut<C<1>>, SL::Cuts>;
    #[inline(always)]
    fn whole_cuts(&self) -> Self::Cuts {
        Cons(Cut::first(self.0.size()), self.1.whole_cuts())
    }
}

impl<SL, RL: WholeCuts> ModeResidues<SL, RL, Nil> for Nil {
    type Valid = RL::Cuts;
    #[inline(always)]
    fn residues(&self, _: &SL, r: &RL, _: &Nil, _: &mut bool) -> RL::Cuts {
        r.whole_cuts()
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
    type Valid = Cons<Cut<T>, TL::Valid>;
    #[inline(always)]
    fn residues(
        &self,
        s: &Cons<S, SL>,
        r: &Cons<RS, RL>,
        cs: &Cons<usize, CL>,
        general: &mut bool,
    ) -> Self::Valid {
        let (size, t) = (Shape::size(&s.0), T::default());
        if S::DEPTH != 0 {
            // Tiled exactly: every coordinate (module docs); otherwise the
            // caller refuses the share.
            let rest = Shape::size(&r.0);
            *general |= (T::VALUE as usize).checked_mul(rest) != Some(size);
        }
        // `c.0 < T` already (a thread's coordinate in its mode); the clamp
        // makes it this type's own invariant (`admits`) and folds away.
        let c = cs.0.min((T::VALUE as usize).saturating_sub(1));
        let cut = Cut { c, s: size, t };
        Cons(cut, self.1.residues(&s.1, &r.1, &cs.1, general))
    }
}

/// A coordinate list (`Self`, one `usize` per top-level mode) whose every
/// entry its mode's cut admits (`V`).
pub trait BelowEach<V> {
    /// Whether every entry is admitted.
    fn below_each(&self, v: &V) -> bool;
}

impl BelowEach<Nil> for Nil {
    #[inline(always)]
    fn below_each(&self, _: &Nil) -> bool {
        true
    }
}

impl<T: StaticInt, CL: BelowEach<VL>, VL> BelowEach<Cons<Cut<T>, VL>> for Cons<usize, CL> {
    #[inline(always)]
    fn below_each(&self, v: &Cons<Cut<T>, VL>) -> bool {
        v.0.admits(self.0) && self.1.below_each(&v.1)
    }
}

/// The cuts (`Self`) against one integer split colexicographically over
/// the share's top-level shapes `SL`, the last taking what is left (as
/// the typed layouts split it).
pub trait SplitBelow<SL> {
    /// Whether each part of `index` is admitted by its mode's cut.
    fn split_below(&self, s: &SL, index: usize) -> bool;
}

impl<S, T: StaticInt> SplitBelow<Cons<S, Nil>> for Cons<Cut<T>, Nil> {
    #[inline(always)]
    fn split_below(&self, _: &Cons<S, Nil>, index: usize) -> bool {
        self.0.admits(index)
    }
}

impl<S: Shape, A, SL, T: StaticInt, VL> SplitBelow<Cons<S, Cons<A, SL>>> for Cons<Cut<T>, VL>
where
    VL: SplitBelow<Cons<A, SL>>,
{
    #[inline(always)]
    fn split_below(&self, s: &Cons<S, Cons<A, SL>>, index: usize) -> bool {
        // An empty mode has no coordinate (and no divisor).
        match s.0.size() {
            0 => false,
            n => self.0.admits(index % n) && self.1.split_below(&s.1, index / n),
        }
    }
}

/// The counts of a share's cuts (`Self`), as a list of `usize` (what
/// [`Masked::residue`](crate::tensor::typed::Masked::residue) gives, as a
/// tuple), and whether they cover the sizes of its top-level shapes.
pub trait Counts<SL> {
    /// One `usize` per mode.
    type Counts: Copy;
    /// The counts.
    fn counts(&self) -> Self::Counts;
    /// Whether every coordinate of the shapes `s` is admitted.
    fn cover(&self, s: &SL) -> bool;
}

impl Counts<Nil> for Nil {
    type Counts = Nil;
    #[inline(always)]
    fn counts(&self) -> Nil {
        Nil
    }
    #[inline(always)]
    fn cover(&self, _: &Nil) -> bool {
        true
    }
}

impl<T: StaticInt, VL: Counts<SL>, S: Shape, SL> Counts<Cons<S, SL>> for Cons<Cut<T>, VL> {
    type Counts = Cons<usize, VL::Counts>;
    #[inline(always)]
    fn counts(&self) -> Self::Counts {
        Cons(self.0.count(), self.1.counts())
    }
    #[inline(always)]
    fn cover(&self, s: &Cons<S, SL>) -> bool {
        s.0.size() <= self.0.count() && self.1.cover(&s.1)
    }
}

/// The admitted coordinates of a share (`Self` its cuts, `SL` its
/// top-level shapes), walked in the share's colexicographic order without
/// a division: per mode `0..count`, the first mode fastest.
pub trait WalkAdmitted<SL> {
    /// One `usize` per mode (a list).
    type Coord: Copy;
    /// Calls `f(coordinate, index)` on every admitted coordinate, `index`
    /// its 1-D index in the share.
    fn walk_admitted<F: FnMut(Self::Coord, usize)>(&self, s: &SL, f: &mut F);
}

impl WalkAdmitted<Nil> for Nil {
    type Coord = Nil;
    #[inline(always)]
    fn walk_admitted<F: FnMut(Nil, usize)>(&self, _: &Nil, f: &mut F) {
        f(Nil, 0);
    }
}

impl<T: StaticInt, VL: WalkAdmitted<SL>, S: Shape, SL> WalkAdmitted<Cons<S, SL>>
    for Cons<Cut<T>, VL>
{
    type Coord = Cons<usize, VL::Coord>;
    #[inline(always)]
    fn walk_admitted<F: FnMut(Self::Coord, usize)>(&self, s: &Cons<S, SL>, f: &mut F) {
        let n = s.0.size();
        // `count ≤ n` (module docs); the `min` says so to the reader.
        let count = self.0.count().min(n);
        self.1.walk_admitted(&s.1, &mut |rest, index| {
            let first = index.wrapping_mul(n);
            for i in 0..count {
                f(Cons(i, rest), first.wrapping_add(i));
            }
        });
    }
}
