//! The nested `gemm` past the tables (`typed_gemm_split.rs`) without a
//! gather: when A's M and C's M split into the same leaves (each leaf of
//! one a product of consecutive leaves of the other, as A's
//! `(2,64):(64,1)` and C's `128:1` both are `(2,64)`, C's strides then
//! `(1,2)`), the mode is a set of plain strided leaves walked by an
//! odometer, and each run of A's leaf of stride 1 is the strided kernel's
//! loop: each element of C loaded, summed over [`STEPS`] steps of `k` in
//! a register, stored. C's stride along that leaf is 1, or 2 or 4 with
//! C's leaf of stride 1 of that extent filling the gaps (then both leaves
//! are one run, C's elements an interleaved group of the vectoriser).
//! Else the mirror: C's leaf of stride 1 innermost when A's stride along
//! it is 2 and A's leaf of stride 1 of extent 2 fills the gaps
//! (A's elements consecutive, C's as two rows). Else, C's M of stride 1,
//! `typed_gemm_ordered.rs`'s panel in C's order; else `typed_gemm_packed.rs`'s
//! panel (A's stride 3, 4, 8 filled), `typed_gemm_compact.rs`'s (no leaf
//! of stride 1) or the slabs (a strided loop over A took 1.5–3 times
//! their time; perf3: gathering A into a slab, half the flat kernel's).

use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_run::{Inner, Pointers, Progression, Steps, run};
use super::typed_gemm_walk::LEAVES;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// How many steps of `k` one pass over C sums (a constant, so the loop
/// over them unrolls and B's values stay in registers).
pub(super) const STEPS: usize = 8;

/// The shortest inner leaf the runs take (a guess, not measured: a
/// shorter one spends more in each run's setup than in its loop).
pub(super) const MIN_RUN: usize = 8;

/// M's leaves common to A and C: `(extent, A's stride, C's stride)`, the
/// first varying fastest (M's 1-D coordinate split over them gives each
/// operand's split), and how many: at most `N` (a C of at most 64
/// elements has at most 6 leaves of extent over 1 a mode; fewer to
/// clear and carry than [`LEAVES`]).
pub(super) struct Common<const N: usize = LEAVES> {
    pub(super) leaves: [(usize, usize, usize); N],
    pub(super) count: usize,
}

impl<const N: usize> Common<N> {
    /// The common leaves of `la`'s and `lc`'s role M (of equal size), or
    /// `None` when a leaf of one is not a product of whole consecutive
    /// leaves of the other, in parts (as `(6,4)` against `(4,6)`), or past
    /// `N` leaves. (Filled in place, as are the [`Leaves`]: returned
    /// by value, the three were copied by `memcpy` at each call.)
    #[inline(always)]
    pub(super) fn fill<LA: GemmOperand, LC: GemmOperand>(
        common: &mut Self,
        (la, ra): (&LA, Roles),
        (lc, rc): (&LC, Roles),
    ) -> bool {
        let mut xa = Leaves::<N>::empty();
        let mut xc = Leaves::<N>::empty();
        if !(xa.fill(la, ra[1]) && xc.fill(lc, rc[1])) {
            return false;
        }
        let (mut i, mut j) = (0, 0);
        // The part of the current leaf of each not yet taken: extent, stride.
        let (mut a, mut c) = (xa.get(0), xc.get(0));
        while i < xa.count && j < xc.count {
            if common.count == N {
                return false;
            }
            // The shorter part is a leaf of both; the longer one keeps the
            // rest (one division, and none when they are equal: a
            // division is tens of cycles, several a call).
            let e = Ord::min(a.0, c.0);
            common.leaves[common.count] = (e, a.1, c.1);
            common.count += 1;
            for part in [&mut a, &mut c] {
                if part.0 == e {
                    *part = (1, 0);
                } else if part.0 % e == 0 {
                    *part = (part.0 / e, part.1.wrapping_mul(e));
                } else {
                    return false;
                }
            }
            if a.0 == 1 {
                i += 1;
                a = xa.get(i);
            }
            if c.0 == 1 {
                j += 1;
                c = xc.get(j);
            }
        }
        i == xa.count && j == xc.count
    }
}

/// The leaves of extent over 1 of one mode (at most `N`).
struct Leaves<const N: usize> {
    leaves: [(usize, usize); N],
    count: usize,
}

impl<const N: usize> Leaves<N> {
    /// No leaf.
    #[inline(always)]
    fn empty() -> Self {
        Leaves {
            leaves: [(1, 0); N],
            count: 0,
        }
    }

    /// Takes `l`'s leaves of `mode` (none for a role the form lacks);
    /// `false` past `N`.
    #[inline(always)]
    fn fill<L: GemmOperand>(&mut self, l: &L, mode: Option<usize>) -> bool {
        let mut over = false;
        if let Some(mode) = mode {
            l.leaves(mode, &mut |e, d| {
                if e > 1 && self.count == N {
                    over = true;
                } else if e > 1 {
                    self.leaves[self.count] = (e, d);
                    self.count += 1;
                }
            });
        }
        !over
    }

    /// Leaf `i`, or `(1, 0)` past the last.
    #[inline(always)]
    fn get(&self, i: usize) -> (usize, usize) {
        if i < self.count {
            self.leaves[i]
        } else {
            (1, 0)
        }
    }
}

/// `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)` for a C whose coordinates have
/// their own elements, when A's and C's M have common leaves ([`Common`])
/// of which one of A's stride 1 runs at least [`MIN_RUN`] coordinates,
/// C's stride along it 1 (or 2 or 4, with C's leaf of stride 1 and that
/// extent: [`Inner`]): that leaf innermost, the others walked by an
/// odometer once a run. Each element of C sums its products
/// in ascending `k` (the order of the elements is free: they are
/// distinct). `false`, nothing written, for other operands.
#[inline(always)]
pub(super) fn runs<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [ra, rb, rc]: [Roles; 3],
    [v, _, n, k]: [usize; 4],
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
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let mut common = Common {
        leaves: [(0, 0, 0); LEAVES],
        count: 0,
    };
    if !Common::fill(&mut common, (la, ra), (lc, rc)) {
        return false;
    }
    let leaves = &mut common.leaves[..common.count];
    let Some(inner) = inner(leaves) else {
        return false;
    };
    let outer = &leaves[inner.leaves()..];
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let c_base = c.base;
    let out = c.engine.as_mut_slice();
    let ops = Operands {
        layouts: (la, lb, lc),
        roles: [ra, rb, rc],
        data: (ad, bd),
        bases: [a.base, b.base, c_base],
        vn: [v, n],
        inner,
        outer,
    };
    // Passes of STEPS steps, then of 4, 2, 1 for the rest: each a
    // constant, so that its loop over the steps unrolls (one closure over
    // `steps` was outlined, the loop not unrolled, and nothing vectorised).
    let mut k0 = 0;
    while k - k0 >= STEPS {
        pass::<STEPS, _, _, _, _>(&ops, out, k0);
        k0 += STEPS;
    }
    for_rest::<4, _, _, _, _>(&ops, out, &mut k0, k);
    for_rest::<2, _, _, _, _>(&ops, out, &mut k0, k);
    for_rest::<1, _, _, _, _>(&ops, out, &mut k0, k);
    true
}

/// M's inner run, its leaves moved first in `leaves`: A's longest leaf of
/// stride 1 if one runs at least [`MIN_RUN`] and C's stride along it is 1
/// or fills with C's leaf of stride 1 ([`pick`]); else the mirror, C's
/// leaf of stride 1 filled by A's (`Inner::Mirrored`); `None` (the slabs)
/// when neither is found.
#[inline(always)]
pub(super) fn inner(leaves: &mut [(usize, usize, usize)]) -> Option<Inner> {
    // A's longest leaf of stride 1. (A loop: `max_by_key` stayed an
    // outlined call.)
    let mut p = 0;
    for (i, &(e, da, _)) in leaves.iter().enumerate() {
        if da == 1 && (leaves[p].1 != 1 || e > leaves[p].0) {
            p = i;
        }
    }
    if leaves.get(p).is_some_and(|l| l.1 == 1) {
        if let Some(inner) = pick(leaves, p) {
            return Some(inner);
        }
    }
    // C's leaf of stride 1, A's stride 2 along it, filled by A's leaf of
    // stride 1 (a strided loop over A instead, or its interleaved loads of
    // stride 2, took 1.5-3 times the gather's time; A's stride 4 filled,
    // 1.4 times).
    let q = (0..leaves.len()).find(|&i| leaves[i].2 == 1)?;
    let (e, di, _) = leaves[q];
    if e < MIN_RUN || di != 2 {
        return None;
    }
    leaves.swap(0, q);
    let f = (1..leaves.len()).find(|&i| leaves[i].1 == 1 && leaves[i].0 == 2)?;
    leaves.swap(1, f);
    Some(Inner::Mirrored(e, leaves[1].2))
}

/// The run of inner leaf `p` (at least [`MIN_RUN`] long) when C's stride
/// along it is 1, or 2 or 4 with C's leaf of stride 1 and that extent
/// filling the gaps (the two then one run of C), moved first; `None`
/// otherwise.
#[inline(always)]
fn pick(leaves: &mut [(usize, usize, usize)], p: usize) -> Option<Inner> {
    let (e, _, dc) = leaves[p];
    if e < MIN_RUN {
        return None;
    }
    leaves.swap(0, p);
    if dc == 1 {
        return Some(Inner::Direct(e));
    }
    let fills = |i: &usize| leaves[*i].2 == 1 && leaves[*i].0 == dc;
    let q = (1..leaves.len())
        .find(fills)
        .filter(|_| dc == 2 || dc == 4)?;
    leaves.swap(1, q);
    Some(Inner::Paired(e, dc, leaves[1].1))
}

/// A pass of `S` steps at `k0` if `S` are left, and `k0` past it.
#[inline(always)]
fn for_rest<const S: usize, T: Scalar, LA: GemmOperand, LB: GemmOperand, LC: GemmOperand>(
    ops: &Operands<'_, T, LA, LB, LC>,
    out: &mut [T],
    k0: &mut usize,
    k: usize,
) {
    if k - *k0 >= S {
        pass::<S, _, _, _, _>(ops, out, *k0);
        *k0 += S;
    }
}

/// What a pass reads: the three layouts and roles, A's and B's elements,
/// the bases of A, B, C, the extents V and N, M's inner leaf (extent, A's
/// and C's strides) and its outer leaves.
pub(super) struct Operands<'x, T, LA, LB, LC> {
    pub(super) layouts: (&'x LA, &'x LB, &'x LC),
    pub(super) roles: [Roles; 3],
    pub(super) data: (&'x [T], &'x [T]),
    pub(super) bases: [usize; 3],
    pub(super) vn: [usize; 2],
    pub(super) inner: Inner,
    pub(super) outer: &'x [(usize, usize, usize)],
}

/// Steps `k0..k0 + S` of `k` into every element of C: for each `n` and
/// `v`, B's `S` values in registers, each run of M's inner leaf summed by
/// [`run`], the runs walked by an odometer over the outer leaves. A's
/// steps as one progression when they are one (its K a leaf, or nested
/// but even over these steps), else as `S` pointers.
#[inline(always)]
fn pass<const S: usize, T: Scalar, LA: GemmOperand, LB: GemmOperand, LC: GemmOperand>(
    ops: &Operands<'_, T, LA, LB, LC>,
    out: &mut [T],
    k0: usize,
) {
    let ((la, lb, _), [ra, rb, _]) = (ops.layouts, ops.roles);
    let ((ad, _), [a_base, b_base, _]) = (ops.data, ops.bases);
    // (Loops, not `array::from_fn` or `all`: those stayed outlined calls.)
    let (mut a_k, mut b_k) = ([0usize; S], [0usize; S]);
    for s in 0..S {
        a_k[s] = a_base.wrapping_add(role_offset(la, ra, 2, k0 + s));
        b_k[s] = b_base.wrapping_add(role_offset(lb, rb, 2, k0 + s));
    }
    let dk = if S > 1 {
        a_k[1].wrapping_sub(a_k[0])
    } else {
        0
    };
    let mut even = true;
    for (s, &at) in a_k.iter().enumerate() {
        even &= at == a_k[0].wrapping_add(s.wrapping_mul(dk));
    }
    let first = ad.as_ptr().wrapping_add(a_k[0]);
    if even {
        // One pointer and a stride: the loop steps it by additions, as the
        // strided kernel's (as `S` pointers, they took more registers than
        // there are, and 7 of them were reloaded at each turn).
        let a = Progression { first, dk };
        if let Inner::Mirrored(..) = ops.inner {
            columns::<true, S, _, _, _, _, _>(ops, out, a, &b_k);
        } else {
            columns::<false, S, _, _, _, _, _>(ops, out, a, &b_k);
        }
    } else {
        let pointers = Pointers(a_k.map(|at| ad.as_ptr().wrapping_add(at)));
        if let Inner::Mirrored(..) = ops.inner {
            columns::<true, S, _, _, _, _, _>(ops, out, pointers, &b_k);
        } else {
            columns::<false, S, _, _, _, _, _>(ops, out, pointers, &b_k);
        }
    }
}

/// [`pass`] over C's columns, A's steps `a`, B's at `b_k` (`M`: the inner
/// run is mirrored).
#[inline(always)]
pub(super) fn columns<const M: bool, const S: usize, T, A, LA, LB, LC>(
    ops: &Operands<'_, T, LA, LB, LC>,
    out: &mut [T],
    a: A,
    b_k: &[usize; S],
) where
    T: Scalar,
    A: Steps<T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let ((la, lb, lc), [ra, rb, rc]) = (ops.layouts, ops.roles);
    let ((_, bd), [_, _, c_base]) = (ops.data, ops.bases);
    let ([v, n], inner, outer) = (ops.vn, ops.inner, ops.outer);
    for j in 0..n {
        let c_n = c_base.wrapping_add(role_offset(lc, rc, 2, j));
        let b_n = role_offset(lb, rb, 1, j);
        for vv in 0..v {
            let b_v = b_n.wrapping_add(role_offset(lb, rb, 0, vv));
            // SAFETY: B's coordinates `(vv, j, k0 + s)`, in its engine
            // (checked when B was built).
            // (A loop, not `array::from_fn`: that stayed an outlined call.)
            let mut b_col = [T::default(); S];
            for (value, &b_k) in b_col.iter_mut().zip(b_k) {
                *value = unsafe { *bd.get_unchecked(b_k.wrapping_add(b_v)) };
            }
            let mut a_m = role_offset(la, ra, 0, vv);
            let mut c_m = c_n.wrapping_add(role_offset(lc, rc, 0, vv));
            if outer.is_empty() {
                // SAFETY: as below, the one run.
                unsafe { run::<M, S, T, A>(out, a, &b_col, inner, a_m, c_m) };
                continue;
            }
            // The outer leaves' odometer: their coordinates, and the
            // offsets of the run's first element.
            let mut at = [0usize; LEAVES];
            loop {
                // SAFETY: the run's elements are A's coordinates `(vv, m,
                // k0 + s)` and C's `(vv, m, j)` for the `e` values of `m`
                // of this run (common leaves: the same `m` in both), in
                // their engines.
                unsafe { run::<M, S, T, A>(out, a, &b_col, inner, a_m, c_m) };
                // The next run: carry through the outer leaves.
                let mut i = 0;
                while let Some(&(e, da, dc)) = outer.get(i) {
                    at[i] += 1;
                    a_m = a_m.wrapping_add(da);
                    c_m = c_m.wrapping_add(dc);
                    if at[i] < e {
                        break;
                    }
                    at[i] = 0;
                    a_m = a_m.wrapping_sub(e.wrapping_mul(da));
                    c_m = c_m.wrapping_sub(e.wrapping_mul(dc));
                    i += 1;
                }
                if i == outer.len() {
                    break; // Every outer leaf wrapped: done.
                }
            }
        }
    }
}
