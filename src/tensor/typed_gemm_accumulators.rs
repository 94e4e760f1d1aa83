//! Where the nested `gemm` loops (`typed_gemm_nested.rs`) sum C's
//! products ([`Accumulator`]): a local array indexed by coordinate for a
//! small C whose coordinates have their own elements ([`Registers`]); a
//! local array of C's distinct elements for a C whose coordinates share
//! some through stride-0 leaves ([`Slots`], the slot of each coordinate
//! from [`slot_strides`]); else C's elements themselves ([`InPlace`]).

use super::typed_gemm::REGISTERS;
use super::typed_gemm_offsets::by_role;
use super::typed_gemm_offsets::{Pair, Split, role_offset};
use crate::__private::{GemmOperand, Roles};

/// Where the products of C's coordinate `(v, m, n)` are summed.
pub(super) trait Accumulator<T> {
    /// Whether the loop runs `m` outside `n` (one value of A times a row
    /// of B), else `n` outside `m` (one value of B times a column of A),
    /// with `v` innermost: the naive loop's order.
    const M_OUTER: bool;
    /// # Safety
    /// The coordinate is in C's domain.
    unsafe fn at(&mut self, v: usize, m: usize, n: usize) -> &mut T;
    /// Whether, for a V of `v`, the loop may sum a column at a time
    /// ([`Accumulator::column`], `v` outside `m`): the elements `(·, 0..m,
    /// n)` are contiguous, and each element of C gets its products in the
    /// naive loop's order all the same.
    #[inline(always)]
    fn columns(&self, _v: usize) -> bool {
        false
    }
    /// The elements `(v, 0..m, n)`, when [`Accumulator::columns`].
    ///
    /// # Safety
    /// `(v, n)` is in C's domain, `m` is C's M, and `columns` holds.
    unsafe fn column(&mut self, _v: usize, _n: usize, _m: usize) -> &mut [T] {
        unreachable!("gemm: a column of an accumulator without columns")
    }
}

/// A small C in a local array, which no read of A or B can alias, so
/// the sums stay in it (and vectorise) until they are stored.
pub(super) struct Registers<'r, T> {
    pub(super) acc: &'r mut [T; REGISTERS],
    /// V and V·M: the strides of M and N in `acc`.
    pub(super) v: usize,
    pub(super) vm: usize,
}

impl<T> Accumulator<T> for Registers<'_, T> {
    // With A's slab gathered, the vectoriser lays four lanes along `m`
    // and broadcasts B's values, the strided kernel's loop; with `m`
    // inside `n` it shuffled the accumulators at every step (callgrind, the
    // bench's MMA: 2,680 instructions a call against 1,208). Each
    // coordinate has its own element: the order within a step is free.
    const M_OUTER: bool = true;
    #[inline(always)]
    unsafe fn at(&mut self, v: usize, m: usize, n: usize) -> &mut T {
        unsafe { self.acc.get_unchecked_mut(v + self.v * m + self.vm * n) }
    }
}

/// C's offsets fixed per call: its `(V,M)` pair and its `N` as `(n, 0)`.
pub(super) type CPairs<'t> = (Pair<'t>, Pair<'t>);

/// C's distinct elements in a local array (which no read of A or B can
/// alias, so the sums of a row that shares one element stay in registers,
/// where in place they chained through memory): `offsets` give each
/// coordinate's slot, one for all the coordinates of an element.
pub(super) struct Slots<'r, 't, T> {
    pub(super) acc: &'r mut [T; REGISTERS],
    pub(super) offsets: CPairs<'t>,
}

impl<T> Accumulator<T> for Slots<'_, '_, T> {
    // Coordinates share slots: the naive loop's order.
    const M_OUTER: bool = false;
    #[inline(always)]
    unsafe fn at(&mut self, v: usize, m: usize, n: usize) -> &mut T {
        let (vm, tn) = self.offsets;
        // SAFETY: a slot is below the count of C's distinct elements,
        // at most `REGISTERS` (`slot_strides`).
        unsafe { self.acc.get_unchecked_mut(vm.at(v, m) + tn.at(n, 0)) }
    }
    // M of slot stride 1 has its own slots (a stride-0 leaf has slot
    // stride 0), so within a step of `k` and `n` only the coordinates
    // differing in `v` alone share a slot, which both orders visit by
    // ascending `v`.
    #[inline(always)]
    fn columns(&self, _v: usize) -> bool {
        matches!(self.offsets.0, Pair::Strided([_, 1]))
    }
    #[inline(always)]
    unsafe fn column(&mut self, v: usize, n: usize, m: usize) -> &mut [T] {
        let (vm, tn) = self.offsets;
        let start = unsafe { vm.at(v, 0) + tn.at(n, 0) };
        // SAFETY: slots `start + i`, `i < m`, are those of `(v, i, n)`.
        unsafe { core::slice::from_raw_parts_mut(self.acc.as_mut_ptr().add(start), m) }
    }
}

/// C's elements themselves: where coordinates share an element, every
/// product lands.
pub(super) struct InPlace<'c, T, O> {
    pub(super) out: &'c mut [T],
    pub(super) base: usize,
    pub(super) offsets: O,
    /// Whether the order of C's coordinates within a step of `k` is free
    /// (they have their own elements, or V is 1): then contiguous columns
    /// are summed one at a time.
    pub(super) free: bool,
}

impl<T> Accumulator<T> for InPlace<'_, T, CPairs<'_>> {
    // Consecutive products into different elements, as the strided
    // kernel's in-place loop: where C's columns share an element, `m`
    // outside `n` would chain every product of a row through one element.
    const M_OUTER: bool = false;
    #[inline(always)]
    unsafe fn at(&mut self, v: usize, m: usize, n: usize) -> &mut T {
        let (vm, tn) = self.offsets;
        let at = unsafe {
            (self.base)
                .wrapping_add(vm.at(v, m))
                .wrapping_add(tn.at(n, 0))
        };
        // SAFETY: an offset of C's from its base, checked against its engine.
        unsafe { self.out.get_unchecked_mut(at) }
    }
    #[inline(always)]
    fn columns(&self, _v: usize) -> bool {
        self.free && matches!(self.offsets.0, Pair::Strided([_, 1]))
    }
    #[inline(always)]
    unsafe fn column(&mut self, v: usize, n: usize, m: usize) -> &mut [T] {
        let (vm, tn) = self.offsets;
        let start = unsafe { tn.at(n, 0).wrapping_add(vm.at(v, 0)) }.wrapping_add(self.base);
        // SAFETY: elements `start + i`, `i < m`, are those of C's
        // coordinates `(v, i, n)` (M's stride 1), in its engine (checked
        // when C was built); no other reference to them lives while the
        // slice does.
        unsafe { core::slice::from_raw_parts_mut(self.out.as_mut_ptr().add(start), m) }
    }
}

impl<T, L: GemmOperand> Accumulator<T> for InPlace<'_, T, Split<'_, L>> {
    const M_OUTER: bool = false;
    #[inline(always)]
    unsafe fn at(&mut self, v: usize, m: usize, n: usize) -> &mut T {
        let Split(l, roles, _) = self.offsets;
        let at = (self.base)
            .wrapping_add(role_offset(l, roles, 0, v))
            .wrapping_add(role_offset(l, roles, 1, m))
            .wrapping_add(role_offset(l, roles, 2, n));
        // SAFETY: an offset of C's from its base, checked against its engine.
        unsafe { self.out.get_unchecked_mut(at) }
    }
}

/// The most leaves of extent over 1 [`slot_strides`] takes in a C (a C
/// whose `(V,M)` and `(V,N)` fit the tables has at most `2^12`
/// coordinates, so 12).
const LEAVES: usize = 16;

/// The slot strides of C's leaves of extent over 1, in order (V's, M's,
/// N's), and how many of them are V's and M's; for a flat C, by role.
pub(super) struct SlotStrides {
    pub(super) leaves: [usize; LEAVES],
    pub(super) vm: usize,
    pub(super) roles: [usize; 3],
}

impl SlotStrides {
    /// The stride of each leaf `(e, d)` of a table from leaf `start` on
    /// (0 for V and M's table, `vm` for N's), in the order
    /// [`slot_strides`] walked them.
    #[inline(always)]
    pub(super) fn from(&self, start: usize) -> impl FnMut(usize, usize) -> usize + '_ {
        let mut i = start;
        move |e, _| {
            if e > 1 {
                i += 1;
                self.leaves[i - 1]
            } else {
                0
            }
        }
    }
}

/// Each leaf's slot stride: 0 for a leaf of stride 0; the others, taken
/// by increasing stride magnitude, must each pass the reach of the ones
/// before (C's sufficient test of distinct offsets, `distinct` in
/// `typed_gemm_plan.rs`) and get the strides of a column-major array of
/// their extents. Two coordinates then have one slot exactly when they
/// differ only on stride-0 leaves, that is when they have one element.
/// `None` when C's coordinates may share an element otherwise (strides
/// that overlap), when its distinct elements are over `REGISTERS`, or past
/// [`LEAVES`] leaves: then C is summed in place.
#[inline(always)]
pub(super) fn slot_strides<LC: GemmOperand>(c: &LC, rc: Roles) -> Option<SlotStrides> {
    if LC::FLAT {
        let (extents, strides) = by_role(c.modes(), rc);
        let roles = flat_slot_strides(extents, strides)?;
        let leaves = [0; LEAVES]; // (Unused: a flat C has no tables.)
        return Some(SlotStrides {
            leaves,
            vm: 0,
            roles,
        });
    }
    // (|stride|, extent) of the leaves of extent over 1, in order.
    let mut leaves = [(0u128, 0usize); LEAVES];
    let (mut count, mut over, mut vm) = (0, false, 0);
    for (role, mode) in rc.into_iter().enumerate() {
        if role == 2 {
            vm = count;
        }
        let Some(mode) = mode else { continue };
        c.leaves(mode, &mut |e, d| {
            if e > 1 && count == LEAVES {
                over = true;
            } else if e > 1 {
                leaves[count] = ((d as isize).unsigned_abs() as u128, e);
                count += 1;
            }
        });
    }
    if over {
        return None;
    }
    // By increasing magnitude.
    let mut order = [0usize; LEAVES];
    for (i, o) in order.iter_mut().enumerate() {
        *o = i;
    }
    for i in 1..count {
        let mut j = i;
        while j > 0 && leaves[order[j - 1]].0 > leaves[order[j]].0 {
            order.swap(j - 1, j);
            j -= 1;
        }
    }
    let mut out = SlotStrides {
        leaves: [0; LEAVES],
        vm,
        roles: [0; 3],
    };
    let (mut reach, mut size) = (0u128, 1usize);
    for &i in &order[..count] {
        let (d, e) = leaves[i];
        if d == 0 {
            continue; // Slot stride 0: one element for the leaf.
        }
        if d <= reach {
            return None;
        }
        out.leaves[i] = size;
        size = size.checked_mul(e).filter(|&s| s <= REGISTERS)?;
        reach += (e as u128 - 1) * d; // e ≤ REGISTERS: no overflow.
    }
    Some(out)
}

/// [`slot_strides`] of a flat C, by role, in straight-line code so that
/// strides known while compiling fold (a loop over the modes sorted by
/// stride, with a `slots[role]` store, did not: the column of a row
/// sharing one element then ran through memory): each role of stride
/// other than 0 gets the product of the extents of those of smaller stride
/// (ties by role); the test of distinct offsets is
/// `typed_gemm::distinct_offsets`' on those roles, written out the same
/// way.
#[inline(always)]
fn flat_slot_strides(extent: [usize; 3], stride: [usize; 3]) -> Option<[usize; 3]> {
    // No closure nor `array::map` here: in a large caller (the nested
    // loops inlined) they stayed outlined calls, and nothing after folded.
    let mut magnitude = [0usize; 3];
    let mut kept = [1usize; 3];
    for r in 0..3 {
        magnitude[r] = (stride[r] as isize).unsigned_abs();
        // A role of stride 0 (or extent 1) is one element: extent 1 here.
        if extent[r] > 1 && magnitude[r] != 0 {
            kept[r] = extent[r];
        }
    }
    let size = kept[0].checked_mul(kept[1])?.checked_mul(kept[2])?;
    if size > REGISTERS {
        return None;
    }
    let mut slots = [0usize; 3];
    for r in 0..3 {
        if kept[r] == 1 {
            continue; // Slot stride 0.
        }
        // `distinct_offsets`' test, against the reach of the live roles of
        // smaller stride (ties by role; extents ≤ REGISTERS: no overflow),
        // and the product of their extents.
        let (mut reach, mut below) = (0u128, 1usize);
        for q in 0..3 {
            if kept[q] > 1 && (magnitude[q], q) < (magnitude[r], r) {
                reach += (kept[q] as u128 - 1) * magnitude[q] as u128;
                below *= kept[q];
            }
        }
        if magnitude[r] as u128 <= reach {
            return None;
        }
        slots[r] = below;
    }
    Some(slots)
}

/// Whether the coordinates of C that share an element differ in `n`
/// alone: its V's and M's leaves (of extent over 1) have strides other
/// than 0, and all its leaves of stride other than 0 pass the test of
/// distinct offsets (as [`slot_strides`]). Then a loop that runs `n`
/// inside blocks of `(v, m)` still gives each element its products by
/// ascending `n` within a step of `k`, as the naive loop. `false` past
/// 64 such leaves.
#[inline(always)]
pub(super) fn shares_only_along_n<LC: GemmOperand>(c: &LC, rc: Roles) -> bool {
    const MAX: usize = usize::BITS as usize;
    let mut leaves = [(0u128, 0usize); MAX];
    let (mut count, mut fits) = (0, true);
    for (role, mode) in rc.into_iter().enumerate() {
        let Some(mode) = mode else { continue };
        c.leaves(mode, &mut |e, d| {
            if e <= 1 {
                return;
            }
            if d == 0 {
                fits &= role == 2;
            } else if count == MAX {
                fits = false;
            } else {
                leaves[count] = ((d as isize).unsigned_abs() as u128, e);
                count += 1;
            }
        });
    }
    if !fits {
        return false;
    }
    let leaves = &mut leaves[..count];
    leaves.sort_unstable();
    let mut reach = 0u128;
    for &(d, e) in leaves.iter() {
        if d <= reach {
            return false;
        }
        // No overflow: the distinct leaves' extents multiply to at most
        // C's size, whose reach fits in `u128`.
        reach = reach.saturating_add((e as u128 - 1).saturating_mul(d));
    }
    true
}
