//! Past the tables, after the runs (`typed_gemm_runs.rs`) and the
//! transposed panel (`typed_gemm_packed.rs`): A's M with no leaf of
//! stride 1, as `(2,64):(128,2)` into C's `128:1`. Each pass copies A's
//! elements of M into a local panel, one of A's leaves of stride `q` (2,
//! 3, 4 or 8, a literal: interleaved loads) made stride 1, the other
//! leaves packed after it in order; then the panel is A's M of the same
//! common leaves with those strides (`(2,64):(64,1)`, as the runs' `long`),
//! and each column of C is summed from it by the runs' loops (their
//! direct or paired run, vectorised), the copy paid once for all N
//! columns. The slabs walked C by a run-time stride (a scalar loop).
//!
//! `typed_gemm_ordered.rs` is tried first: when C's M is one progression
//! of stride 1 it gathers A's M in C's order (the bench's operands of
//! this path go there now); this panel stays for a C whose M is not.

use core::mem::MaybeUninit;

use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_run::{Inner, Progression};
use super::typed_gemm_runs::{Common, MIN_RUN, Operands, STEPS, columns, inner};
use super::typed_gemm_walk::LEAVES;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// The panel's elements: `STEPS` steps of M (16 KiB of `f64`).
const PANEL: usize = 2048;

/// `C(m,n) += Σ_k A(m,k)·B(n,k)` for a C of distinct elements, V of one
/// coordinate, A's and C's M of common leaves (`Common`, at most
/// `PANEL / STEPS` coordinates) none of A's stride 1, one of A's stride
/// 2, 3, 4 or 8 at least `MIN_RUN` long, and the runs' loops taking the
/// panel's leaves (that leaf of C's stride 1, or 2 or 4 filled by C's
/// leaf of stride 1). Each element of C sums its products in ascending
/// `k` (passes of 8, 4, 2, 1 steps in order). `false`, nothing written,
/// otherwise. (Out of line and cold, as `packed`.)
#[cold]
#[inline(never)]
pub(super) fn compacted<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    roles: [Roles; 3],
    [v, m, n, k]: [usize; 4],
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
    let [ra, _, rc] = roles;
    if v != 1 || m > PANEL / STEPS {
        return false;
    }
    // A quick refusal first, as `packed`'s (the common leaves cost
    // hundreds of instructions a call to operands that end on the slabs):
    // A's M needs a leaf of stride 2, 3, 4 or 8 at least `MIN_RUN` long
    // and none of stride 1.
    let (mut fits, mut unit) = (false, false);
    if let Some(mode) = ra[1] {
        a.layout.leaves(mode, &mut |e, d| {
            fits |= e >= MIN_RUN && matches!(d, 2 | 3 | 4 | 8);
            unit |= e > 1 && d == 1;
        });
    }
    if !fits || unit {
        return false;
    }
    let mut common = Common {
        leaves: [(0, 0, 0); LEAVES],
        count: 0,
    };
    if !Common::fill(&mut common, (&a.layout, ra), (&c.layout, rc)) {
        return false;
    }
    let leaves = &common.leaves[..common.count];
    // The leaf made stride 1: the first of A's stride 2, 3, 4 or 8 long
    // enough; none of stride 1 (the runs' or the panel's).
    let fit = |&(e, d, _): &(usize, usize, usize)| e >= MIN_RUN && matches!(d, 2 | 3 | 4 | 8);
    let (Some(p), false) = (leaves.iter().position(fit), leaves.iter().any(|l| l.1 == 1)) else {
        return false;
    };
    // The panel's leaves: `p` of stride 1 first, the others after it in
    // order (strides the product of the extents before); A's strides of
    // the others kept for the copy.
    let (e_p, q) = (leaves[p].0, leaves[p].1);
    let mut panel = [(0usize, 0usize, 0usize); LEAVES];
    let mut from = [(0usize, 0usize); LEAVES];
    panel[0] = (e_p, 1, leaves[p].2);
    let mut len = e_p;
    for (i, &(e, da, dc)) in leaves.iter().enumerate().filter(|&(i, _)| i != p) {
        let at = i + usize::from(i < p);
        panel[at] = (e, len, dc);
        from[at] = (e, da);
        len *= e;
    }
    let count = leaves.len();
    let mut order = panel;
    let Some(inner) = inner(&mut order[..count]) else {
        return false;
    };
    if let Inner::Mirrored(..) = inner {
        return false; // Not reached: only `p` has stride 1, over 2 long.
    }
    // The leaves after `p` that continue its progression in A (the next
    // stride `q` times the run so far) join its copy: one longer copy
    // (`(2,64):(128,2)` is one run of 128).
    let (mut run, mut next) = (e_p, 1);
    while next < count && from[next].1 == q.wrapping_mul(run) {
        run *= from[next].0;
        next += 1;
    }
    let copy = Compact {
        q,
        run,
        outer: &from[next..count],
        m,
    };
    let ops = Operands {
        layouts: (&a.layout, &b.layout, &c.layout),
        roles,
        data: (a.engine.as_slice(), b.engine.as_slice()),
        bases: [0, b.base, c.base],
        vn: [1, n],
        inner,
        outer: &order[inner.leaves()..count],
    };
    let out = c.engine.as_mut_slice();
    let mut k0 = 0;
    while k - k0 >= STEPS {
        copy.pass::<STEPS, _, _, _, _, _>(a, &ops, out, k0);
        k0 += STEPS;
    }
    for s in [4, 2, 1] {
        if k - k0 >= s {
            match s {
                4 => copy.pass::<4, _, _, _, _, _>(a, &ops, out, k0),
                2 => copy.pass::<2, _, _, _, _, _>(a, &ops, out, k0),
                _ => copy.pass::<1, _, _, _, _, _>(a, &ops, out, k0),
            }
            k0 += s;
        }
    }
    true
}

/// The copy into the panel: leaf `p`'s stride `q`, how many elements one
/// copy takes (leaf `p`'s extent, or more: the leaves joined to it), the
/// other leaves (extent, A's stride) in the panel's order, M's size.
struct Compact<'x> {
    q: usize,
    run: usize,
    outer: &'x [(usize, usize)],
    m: usize,
}

impl Compact<'_> {
    /// Steps `k0..k0 + S`: A's elements of M copied (step `s`'s at
    /// `s·m`), then summed into C by the runs' columns.
    #[inline(always)]
    fn pass<const S: usize, T, EA, LA, LB, LC>(
        &self,
        a: &Tensor<EA, LA>,
        ops: &Operands<'_, T, LA, LB, LC>,
        out: &mut [T],
        k0: usize,
    ) where
        T: Scalar,
        EA: Engine<Elem = T>,
        LA: GemmOperand,
        LB: GemmOperand,
        LC: GemmOperand,
    {
        let ((la, lb, _), [ra, rb, _]) = (ops.layouts, ops.roles);
        let ad = ops.data.0;
        let mut panel = [MaybeUninit::<T>::uninit(); PANEL];
        let (mut a_k, mut b_k) = ([0usize; S], [0usize; S]);
        for s in 0..S {
            a_k[s] = a.base.wrapping_add(role_offset(la, ra, 2, k0 + s));
            b_k[s] = ops.bases[1].wrapping_add(role_offset(lb, rb, 2, k0 + s));
        }
        // The other leaves' odometer (coordinates, A's offset), once a
        // pass: each of its runs copied for the `S` steps.
        let (mut at, mut a_m) = ([0usize; LEAVES], 0usize);
        for r in 0..self.m / self.run {
            for (s, &a_s) in a_k.iter().enumerate() {
                let to = &mut panel[s * self.m + r * self.run..][..self.run];
                // SAFETY: A's elements `a_s + a_m + q·i`, `i < run`: its
                // coordinates `(m, k0 + s)` of this run (the common
                // leaves), in its engine (checked when A was built).
                let from = ad.as_ptr().wrapping_add(a_s.wrapping_add(a_m));
                unsafe { strided(self.q, from, to) };
            }
            let mut i = 0;
            while let Some(&(e, da)) = self.outer.get(i) {
                at[i] += 1;
                a_m = a_m.wrapping_add(da);
                if at[i] < e {
                    break;
                }
                at[i] = 0;
                a_m = a_m.wrapping_sub(e.wrapping_mul(da));
                i += 1;
            }
        }
        // The panel's first `S·m` elements were written above; the runs
        // read its offsets `s·m + x`, `x < m` (the panel's leaves).
        let steps = Progression {
            first: panel.as_ptr().cast::<T>(),
            dk: self.m,
        };
        columns::<false, S, _, _, _, _, _>(ops, out, steps, &b_k);
    }
}

/// `to[i] = from[q·i]`, `q` a literal (2, 3, 4 or 8).
///
/// # Safety
/// A's elements `q·i` from `from`, `i < to.len()`, are in its engine.
#[inline(always)]
unsafe fn strided<T: Scalar>(q: usize, from: *const T, to: &mut [MaybeUninit<T>]) {
    let len = to.len();
    // SAFETY (each): the caller's; the slice ends at the last element read.
    unsafe {
        let from = |q: usize| core::slice::from_raw_parts(from, q * (len - 1) + 1);
        match q {
            2 => every::<2, T>(from(2), to),
            3 => every::<3, T>(from(3), to),
            4 => every::<4, T>(from(4), to),
            _ => every::<8, T>(from(8), to),
        }
    }
}

/// [`strided`]'s loop, out of line so that its slices are `noalias`:
/// the first `len − 1` elements from whole groups of `Q` (no scalar
/// epilogue for a group's gap), then the last.
#[inline(never)]
fn every<const Q: usize, T: Scalar>(from: &[T], to: &mut [MaybeUninit<T>]) {
    let Some((last, to)) = to.split_last_mut() else {
        return;
    };
    let from = &from[..Q * to.len() + 1];
    for (group, to) in from.chunks_exact(Q).zip(to.iter_mut()) {
        to.write(group[0]);
    }
    last.write(from[Q * to.len()]);
}
