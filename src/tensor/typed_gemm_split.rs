//! The nested `gemm` (`typed_gemm_nested.rs`) past the tables: A's
//! `(V,M)` or B's `(V,N)` over 64 coordinates ([`GemmKernel::Split`]).
//! Splitting each offset where it is used divides at every product (by
//! run-time extents, unless the leaves are static); here A's and C's
//! `(V,M)` offsets are instead walked without a division
//! (`typed_gemm_walk.rs`: an odometer over their leaves, or for A, with C
//! of leaves, blocks of one table shifted) in blocks of up to 64
//! coordinates; B's and C's `N` offsets are split once a block, outside
//! the products. First, for a C of distinct elements, the runs of
//! `typed_gemm_runs.rs`, which need no walk and no slab, then the panels
//! of `typed_gemm_ordered.rs` (C's M of stride 1), `typed_gemm_packed.rs`
//! and `typed_gemm_compact.rs`.
//!
//! [`GemmKernel::Split`]: super::typed_gemm_plan::GemmKernel::Split

use core::mem::MaybeUninit;

use super::typed_gemm_accumulators::shares_only_along_n;
use super::typed_gemm_compact::compacted;
use super::typed_gemm_offsets::by_role;
use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_ordered::ordered;
use super::typed_gemm_packed::packed;
use super::typed_gemm_plan::TABLE;
use super::typed_gemm_runs::runs;
use super::typed_gemm_walk::{Blocks, Odometer};
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)`, C in place, each element of C
/// summing its products in ascending `k`: `m` in blocks of at most
/// `TABLE / V`, each block's A and C offsets walked without a division.
/// When C's coordinates have their own elements (`distinct`), each block's
/// offsets are walked once a call and `k` runs inside the block, a slab of
/// [`STEPS`] steps at a time ([`blocked_slabs`]); else, when the
/// coordinates sharing an element differ in `n` alone, `k` runs outermost
/// (an element shared between blocks must get its products by ascending
/// `k` too) and the offsets are walked at each step. `false` (nothing
/// written) for other sharing (the naive loop's order then matters
/// across blocks), when V is over `TABLE` or a `(V,M)` has more than
/// [`LEAVES`](super::typed_gemm_walk::LEAVES) leaves: the caller splits at each use.
#[inline(always)]
pub(super) fn blocked<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [ra, rb, rc]: [Roles; 3],
    [v, m, n, k]: [usize; 4],
    distinct: bool,
) -> bool
where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    if distinct && runs(a, b, c, [ra, rb, rc], [v, m, n, k]) {
        return true; // A's and C's M of common leaves: no gather.
    }
    if distinct && panels(a, b, c, [ra, rb, rc], [v, m, n, k]) {
        return true; // A's M gathered into a panel once a pass.
    }
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let (Some(a_vm), Some(c_vm)) = (Odometer::new(la, ra), Odometer::new(lc, rc)) else {
        return false;
    };
    if v > TABLE {
        return false;
    }
    let rows = TABLE / v;
    if distinct {
        blocked_slabs(a, b, c, [ra, rb, rc], [v, m, n, k], (a_vm, c_vm));
        return true;
    }
    if !shares_only_along_n(lc, rc) {
        // Blocks of `(v, m)` outside `n` would give an element shared
        // between two of them, or between `v`s, its products out of the
        // naive loop's order: split at each use, in that order.
        return false;
    }
    let dc = by_role(lc.modes(), rc).1;
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let c_base = c.base;
    let out = c.engine.as_mut_slice();
    let mut col = [MaybeUninit::<T>::uninit(); TABLE];
    let (mut a_at, mut c_at) = ([0usize; TABLE], [0usize; TABLE]);
    let (mut a_vm, mut c_vm) = (a_vm, c_vm);
    // An element shared between blocks gets its products by ascending
    // `k`: `k` outermost, the offsets walked at each step.
    for kk in 0..k {
        a_vm.reset();
        c_vm.reset();
        for m0 in (0..m).step_by(rows) {
            let rows = rows.min(m - m0);
            let size = v * rows;
            let size = Ord::min(size, TABLE);
            a_vm.fill(&mut a_at[..size]);
            if !LC::FLAT {
                c_vm.fill(&mut c_at[..size]);
            }
            let a_k = a.base.wrapping_add(role_offset(la, ra, 2, kk));
            let b_k = b.base.wrapping_add(role_offset(lb, rb, 2, kk));
            for (t, &offset) in a_at[..Ord::min(size, TABLE)].iter().enumerate() {
                // SAFETY: the odometer gives an offset of A's
                // coordinate `(t % v, m0 + t / v)`, below `(v, m)`,
                // from its base at step `kk`, checked against its
                // engine when it was built; `t < TABLE`.
                unsafe {
                    let value = *ad.get_unchecked(a_k.wrapping_add(offset));
                    col.get_unchecked_mut(t).write(value);
                }
            }
            for j in 0..n {
                let c_n = c_base.wrapping_add(role_offset(lc, rc, 2, j));
                let b_n = b_k.wrapping_add(role_offset(lb, rb, 1, j));
                for vv in 0..v {
                    let at = b_n.wrapping_add(role_offset(lb, rb, 0, vv));
                    // SAFETY: as above, B's coordinate `(vv, j)`.
                    let bv = unsafe { *bd.get_unchecked(at) };
                    // A C of leaves: its offsets by its strides (a
                    // strided loop, as the strided kernel's), else
                    // from the table.
                    let c_v = c_n.wrapping_add(vv.wrapping_mul(dc[0]));
                    for i in 0..rows {
                        let t = vv + v * i;
                        // SAFETY: entry `t < size ≤ TABLE` of both was
                        // written above; C's coordinate `(vv, m0 + i, j)`.
                        unsafe {
                            let at = if LC::FLAT {
                                c_v.wrapping_add((m0 + i).wrapping_mul(dc[1]))
                            } else {
                                c_n.wrapping_add(*c_at.get_unchecked(t))
                            };
                            let out = out.get_unchecked_mut(at);
                            *out = *out + col.get_unchecked(t).assume_init() * bv;
                        }
                    }
                }
            }
        }
    }
    true
}

/// The panels tried after the runs, in order: A's M gathered in C's
/// order when C's M is one progression of stride 1 (`ordered`); A's
/// groups transposed into C's runs (`packed`); A's leaf of stride 2, 3, 4
/// or 8 made stride 1 (`compacted`). `false`, nothing written, when none
/// takes the operands. One call, out of line and cold, so that `blocked`
/// (in line in every nested `gemm`) has one call site for them.
#[cold]
#[inline(never)]
fn panels<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    roles: [Roles; 3],
    dims: [usize; 4],
) -> bool
where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    ordered(a, b, c, roles, dims) || packed(a, b, c, roles, dims) || compacted(a, b, c, roles, dims)
}

/// How many steps of `k` a slab of [`blocked_slabs`] holds (a constant,
/// so the loop over them unrolls and the products vectorise along `m`,
/// as the strided kernel's sum over `k` in a register).
const STEPS: usize = 8;

/// [`blocked`] for a C whose coordinates have their own elements: each
/// block's A offsets walked once a call; A's elements of the block for
/// [`STEPS`] steps of `k` gathered into a local slab, and each element of
/// C summed over those steps in a register (load, products by ascending
/// `k`, store), as the strided kernel sums one element over `k`.
#[inline(always)]
fn blocked_slabs<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [ra, rb, rc]: [Roles; 3],
    [v, m, n, k]: [usize; 4],
    (mut a_vm, mut c_vm): (Odometer, Odometer),
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    // For a C of leaves (its offsets by its strides), A's offsets by
    // blocks of one table shifted, when the blocks are not too short;
    // else walked by the odometer, one carry per wrap of its first leaf.
    let mut blocks = match LC::FLAT {
        true => Blocks::new(la, ra),
        false => Blocks::unused(),
    };
    let by_blocks = LC::FLAT && blocks.fits && (blocks.len >= TABLE / 4 || blocks.len == v * m);
    let rows = if by_blocks { blocks.len } else { TABLE } / v;
    let dc = by_role(lc.modes(), rc).1;
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let c_base = c.base;
    let out = c.engine.as_mut_slice();
    // Step `s` of the slab at `slab[s·TABLE..]`, in the order of the
    // block's coordinates.
    let mut slab = [MaybeUninit::<T>::uninit(); STEPS * TABLE];
    let (mut a_at, mut c_at) = ([0usize; TABLE], [0usize; TABLE]);
    let mut a_k = [ad.as_ptr(); STEPS];
    let mut b_col = [MaybeUninit::<T>::uninit(); STEPS];
    for m0 in (0..m).step_by(rows) {
        let rows = rows.min(m - m0);
        let size = Ord::min(v * rows, TABLE);
        if by_blocks {
            blocks.next(&mut a_at[..size]);
        } else {
            a_vm.fill(&mut a_at[..size]);
        }
        if !LC::FLAT {
            c_vm.fill(&mut c_at[..size]);
        }
        for k0 in (0..k).step_by(STEPS) {
            // `steps` is STEPS (a constant) but at the last slab.
            let mut run = |steps: usize| {
                // Each step's first element, as a pointer, so that a
                // gathered value is one load (base and offset in the
                // address) and one store.
                for (s, a_k) in a_k[..steps].iter_mut().enumerate() {
                    let at = a.base.wrapping_add(role_offset(la, ra, 2, k0 + s));
                    *a_k = ad.as_ptr().wrapping_add(at);
                }
                for (t, &offset) in a_at[..size].iter().enumerate() {
                    for (s, &a_k) in a_k[..steps].iter().enumerate() {
                        // SAFETY: `a_k + offset` is A's element of
                        // coordinate `(t % v, m0 + t / v)` (the walk's
                        // offset, below `(v, m)`) at step `k0 + s < k`
                        // (two's complement offsets: wrapping pointer
                        // sums), in its engine (checked when A was
                        // built); `s·TABLE + t < STEPS·TABLE`.
                        unsafe {
                            let value = *a_k.wrapping_add(offset);
                            slab.get_unchecked_mut(s * TABLE + t).write(value);
                        }
                    }
                }
                for j in 0..n {
                    let c_n = c_base.wrapping_add(role_offset(lc, rc, 2, j));
                    let b_n = b.base.wrapping_add(role_offset(lb, rb, 1, j));
                    for vv in 0..v {
                        let b_v = b_n.wrapping_add(role_offset(lb, rb, 0, vv));
                        for (s, value) in b_col[..steps].iter_mut().enumerate() {
                            let at = b_v.wrapping_add(role_offset(lb, rb, 2, k0 + s));
                            // SAFETY: B's coordinate `(vv, j, k0 + s)`.
                            value.write(unsafe { *bd.get_unchecked(at) });
                        }
                        let c_v = c_n.wrapping_add(vv.wrapping_mul(dc[0]));
                        for i in 0..rows {
                            let t = vv + v * i;
                            // SAFETY: C's coordinate `(vv, m0 + i, j)` (a C
                            // of leaves by its strides, else entry `t <
                            // size` of its table); slab entries `s·TABLE +
                            // t`, `s < steps`, and `b_col[..steps]` were
                            // written above.
                            unsafe {
                                let at = if LC::FLAT {
                                    c_v.wrapping_add((m0 + i).wrapping_mul(dc[1]))
                                } else {
                                    c_n.wrapping_add(*c_at.get_unchecked(t))
                                };
                                let out = out.get_unchecked_mut(at);
                                let mut sum = *out;
                                for s in 0..steps {
                                    let x = slab.get_unchecked(s * TABLE + t).assume_init();
                                    sum = sum + x * b_col.get_unchecked(s).assume_init();
                                }
                                *out = sum;
                            }
                        }
                    }
                }
            };
            if k - k0 >= STEPS {
                run(STEPS);
            } else {
                run(k - k0);
            }
        }
    }
}
