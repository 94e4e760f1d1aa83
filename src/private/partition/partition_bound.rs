//! The check `outer_partition` and `local_partition` of a tensor make on
//! their result, reduced by what the tensor already proved: one addition
//! per mode and one comparison with the engine's length, no division and
//! no overflow test per product.
//!
//! # Why this is enough (non-negative strides)
//!
//! The tensor `t` (base `b`, modes `s_i:d_i`, engine length `len`) was
//! checked when it was built: if it has a coordinate at all,
//! `b + Σ A_i < len` exactly, where `A_i = (s_i-1)·d_i` is mode `i`'s reach
//! (a tuple mode: the sum over its leaves), so no partial sum of the `A_i`
//! wraps. Per mode the walk (`partition.rs`) splits `s_i` by a tile of `T`
//! coordinates into the tile (where the thread's coordinate `c < T` picks
//! the offset `at_i`) and the rest (`R_i` coordinates, kept whole):
//!
//! - a leaf `s:d`: the rest is `R = ceil(s/T)` with stride `T·d`, which the
//!   walk computed with an overflow test, so `at = c·d < T·d` does not wrap.
//!   `(R-1)·T = floor((s-1)/T)·T ≤ s-1`, so the rest's reach
//!   `(R-1)·T·d ≤ A` does not wrap either. (`at + (R-1)·T·d` may exceed
//!   `A`: the thread's last coordinate `c + (R-1)·T` lies past `s-1` when
//!   `c > (s-1) mod T`, a partial tile. That is what the check is for.)
//! - a tuple mode tiled exactly (`T · size(rest) = size(mode)`): the tile
//!   and the rest coordinates together are the mode's coordinates, so `at`
//!   and `at` plus the rest's reach are offsets of the mode, `≤ A`. A tuple
//!   mode not tiled exactly is not covered: the general check runs.
//! - a mode past the tiler passes whole: its reach is `A`.
//!
//! So the sum of the rest reaches (`reach`) is at most `Σ A_i < len` and
//! exact; the offsets `at_i` are each exact and their sum's carries are
//! kept. The partition's largest offset is `b + Σ at_i + reach` (every
//! stride non-negative), and its smallest `b + Σ at_i ≥ 0`: the partition
//! fits iff that sum is below `len`. A carry means the true offset is past
//! `usize::MAX`, so no engine holds it.
//!
//! The comparison is `start < len - reach` with `start = b + Σ at_i`
//! (its carries kept), not `start + reach < len`: since `reach ≤ len - 1`
//! the subtraction does not wrap, the two are the same inequality over
//! the integers, and the sum `start + reach` (whose carry would need its
//! own test) is never formed.
//!
//! A partition with no coordinate fits any engine. The argument above
//! needs a parent with a coordinate; a parent with none (some `s_i = 0`)
//! has a partition with none (a leaf: `R_i = ceil(0/T) = 0`; a tuple mode
//! tiled exactly: `size(rest) = 0`; a mode passed whole keeps its 0), so
//! whatever the wrapping `len - reach` says is harmless: an acceptance is
//! right, and a refusal asks the general check (cold) before it errs.
//!
//! A signed layout (a stride may be negative) takes the general check on
//! the result unless every coordinate of it is one of `t`'s (`within`).

use layout_core::{Error, ErrorKind};

use crate::__private::list::{Cons, Nil};
use crate::__private::reach::Reach;
use crate::__private::typed_partition::Fits;

/// What an `outer_partition` walk learned about its result's offsets:
/// enough to check it against the engine in a few additions (module docs).
#[derive(Clone, Copy, Debug)]
pub struct PartitionBound {
    /// Every coordinate of the result is one of the layout's (its offsets
    /// are then some of the tensor's): the test the general path uses.
    within: bool,
    /// The sum of the result's reaches, exact when `derived` (module docs).
    reach: usize,
    /// The sum of the modes' offsets (kept by the walk) carried past
    /// `usize::MAX`.
    carry: bool,
    /// Every stride is non-negative and every tuple mode tiled exactly:
    /// `reach` is exact and the few-additions check decides.
    derived: bool,
}

impl PartitionBound {
    /// Before the first mode: `signed` layouts take the general path.
    #[inline(always)]
    pub(crate) fn new(signed: bool) -> Self {
        PartitionBound {
            within: true,
            reach: 0,
            carry: false,
            derived: !signed,
        }
    }

    /// One tiled mode: `exact` when every coordinate of its part of the
    /// result is one of the mode's, `at` the thread's offset in the tile
    /// (added to `offset`), `reach` the rest's (wrapping) reach.
    #[inline(always)]
    pub(crate) fn mode(
        &mut self,
        leaf: bool,
        exact: bool,
        at: usize,
        reach: usize,
        offset: &mut usize,
    ) {
        self.within &= exact;
        // A leaf's partial tile is what the final comparison tests; a tuple
        // mode's is not covered by the module's argument.
        self.derived &= leaf | exact;
        let (sum, carry) = offset.overflowing_add(at);
        *offset = sum;
        self.carry |= carry;
        self.reach = self.reach.wrapping_add(reach);
    }

    /// The modes past the tiler, whole: their reach.
    #[inline(always)]
    pub(crate) fn whole(&mut self, reach: usize) {
        self.reach = self.reach.wrapping_add(reach);
    }

    /// Whether the result's offsets, from `parent_base + offset`, lie in
    /// `0..len`, given that the parent's offsets from `parent_base` did:
    /// `true` is the answer, `false` asks [`PartitionBound::refused`]. No
    /// layout in sight: the caller keeps it in registers.
    #[inline(always)]
    pub fn fits(&self, parent_base: usize, offset: usize, len: usize) -> bool {
        if !self.derived {
            return self.within;
        }
        let (start, c1) = parent_base.overflowing_add(offset);
        // `len - reach` does not wrap for a parent with a coordinate
        // (module docs), and then this is `start + reach < len`.
        let room = len.wrapping_sub(self.reach);
        !(self.carry | c1 | (start >= room))
    }

    /// The answer when [`PartitionBound::fits`] says no, for the result
    /// `layout` at `parent_base + offset`: the general check (a signed
    /// layout's partial partition, exact as before), else `Ok` for a result
    /// with no coordinate (it fits a buffer of length 0), an overflow error
    /// when the first offset itself is past `usize::MAX`, else the general
    /// check's error naming the offset. The work is cold and out of line,
    /// and takes the two flags it reads, not `self`: by value the whole
    /// bound (with `within`, which only [`PartitionBound::fits`] reads)
    /// was formed, and stored to the stack, ahead of the branch.
    #[inline(always)]
    pub fn refused<M: Fits>(
        self,
        layout: M,
        parent_base: usize,
        offset: usize,
        len: usize,
    ) -> Result<M, Error> {
        refused(layout, self.derived, self.carry, parent_base, offset, len)
    }
}

/// [`PartitionBound::refused`]'s work. Cold and by value (a reference
/// would make the caller store the layout on the hot path).
#[cold]
#[inline(never)]
fn refused<M: Fits>(
    layout: M,
    derived: bool,
    carry: bool,
    parent_base: usize,
    offset: usize,
    len: usize,
) -> Result<M, Error> {
    let base = parent_base.wrapping_add(offset);
    if derived && layout.check_fits(0, 0).is_ok() {
        return Ok(layout);
    }
    if derived && (carry | parent_base.overflowing_add(offset).1) {
        return Err(ErrorKind::Overflow("a partition's first offset overflows usize").into());
    }
    // The parent fit its engine, so an offset of the partition past it is
    // a partial tile's: named so, with the doors that predicate it (here,
    // in the cold function, so that the callers' hot paths do not change).
    match layout.check_fits(base, len) {
        Ok(()) => Ok(layout),
        Err(e) => Err(crate::tensor::partition::partial_tile(e, None)),
    }
}

/// The summed reach of a list of modes (`Self`) with strides `DL`,
/// wrapping: the modes a partition passes whole.
pub trait ListReach<DL> {
    /// `Σ (extent-1)·stride` over every leaf, wrapping.
    fn list_reach(&self, d: &DL) -> usize;
}

impl ListReach<Nil> for Nil {
    #[inline(always)]
    fn list_reach(&self, _: &Nil) -> usize {
        0
    }
}

impl<S: Reach<D>, D, SL: ListReach<DL>, DL> ListReach<Cons<D, DL>> for Cons<S, SL> {
    #[inline(always)]
    fn list_reach(&self, d: &Cons<D, DL>) -> usize {
        self.0
            .reach_wrapping(&d.0)
            .wrapping_add(self.1.list_reach(&d.1))
    }
}
