//! The typed `gemm` on a nested C whose M nests as A's does, in another
//! order of leaves (CuTe's `((2,4),8):((4,1),8)` against A's M
//! `(2,4):(64,16)`: taken by C's stride, the leaves are `(4,2):(1,4)`
//! and `(4,2):(16,64)`, both one progression, `8:1` and `8:16`). Each
//! element of C gets the same products whatever order M's coordinates are
//! visited in (the same permutation of `m` for A and C: C's elements are
//! distinct), so the call runs the strided kernel of `8:16` against `8:1`,
//! each element summed in ascending `k` as before. B's and C's N alike.
//! Without a table of C's offsets or a sort of its leaves (the nested
//! loops' per-call cost: a nested C took 2.2× the flat kernel's
//! instructions).

use crate::__private::{Gemm, GemmOperand, Roles};
use crate::tensor::typed_gemm::REGISTERS;
use crate::tensor::typed_gemm_offsets::by_role;
use crate::tensor::typed_gemm_runs::Common;
use crate::tensor::typed_gemm_walk::LEAVES;
use crate::tensor::{Engine, EngineMut, Scalar, Tensor};

/// The leaf `(extent, stride)` mode `mode` of `l` coalesces to (CuTe's
/// `coalesce` of one mode: leaves of extent 1 skipped, each other's
/// stride the previous one's times its extent), `(1, 0)` for a role the
/// form lacks; `None` when it is not one progression.
#[inline(always)]
fn progression<L: GemmOperand>(l: &L, mode: Option<usize>) -> Option<(usize, usize)> {
    let Some(mode) = mode else {
        return Some((1, 0));
    };
    let (mut extent, mut stride, mut ok) = (1usize, 0usize, true);
    l.leaves(mode, &mut |e, d| {
        if e == 1 {
            return;
        }
        if extent == 1 {
            (extent, stride) = (e, d);
        } else {
            ok &= d == stride.wrapping_mul(extent);
            extent = extent.wrapping_mul(e);
        }
    });
    ok.then_some((extent, stride))
}

/// Whether `leaves` (extent, stride) in order are one progression:
/// the first's stride, and each next stride the one before times its
/// extent.
#[inline(always)]
fn chained(leaves: impl Iterator<Item = (usize, usize)>) -> Option<usize> {
    let (mut unit, mut next, mut first) = (0usize, 0usize, true);
    for (e, d) in leaves {
        if first {
            (unit, first) = (d, false);
        } else if d != next {
            return None;
        }
        next = d.wrapping_mul(e);
    }
    Some(unit)
}

/// The units of role 1 of `x` and of `c` (A's M and C's M; B's N and C's
/// N) when, split into their common leaves and taken by increasing C
/// stride, both are one progression (C's strides positive); else `None`.
#[inline(always)]
fn sorted<LX: GemmOperand, LC: GemmOperand>(
    (lx, rx): (&LX, Roles),
    (lc, rc): (&LC, Roles),
) -> Option<(usize, usize)> {
    let mut common = Common {
        leaves: [(1, 0, 0); LEAVES],
        count: 0,
    };
    if !Common::fill(&mut common, (lx, rx), (lc, rc)) {
        return None;
    }
    let leaves = &mut common.leaves[..common.count];
    // By C's stride (insertion: at most a few leaves); a stride 0 or
    // negative (or equal ones) is left to the nested loops.
    for i in 0..leaves.len() {
        if (leaves[i].2 as isize) <= 0 {
            return None;
        }
        let mut j = i;
        while j > 0 && leaves[j - 1].2 > leaves[j].2 {
            leaves.swap(j - 1, j);
            j -= 1;
        }
    }
    Some((
        chained(leaves.iter().map(|&(e, d, _)| (e, d)))?,
        chained(leaves.iter().map(|&(e, _, d)| (e, d)))?,
    ))
}

/// `gemm` by the strided kernel's accumulators when every role is one
/// progression but A's and C's M (B's and C's N), and those two, split
/// into common leaves and taken by increasing C stride, are ([`sorted`]),
/// and C's `V·M·N ≤ REGISTERS` elements are
/// consecutive from its base in `(v, m, n)` order (so distinct); `false`,
/// nothing done, otherwise (the nested loops).
#[inline(always)]
pub(super) fn permuted<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> bool
where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let [ra, rb, rc]: [Roles; 3] = <LA as Gemm<LB, LC>>::ROLES;
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let [v, m, k] = by_role(la.modes(), ra).0;
    let n = by_role(lb.modes(), rb).0[1];
    if [v, m, n].contains(&0) {
        return false; // No element of C: the nested loops' `Empty`.
    }
    // M of A and C, and N of B and C (C's N in its role 1 for `sorted`).
    let (Some((am, cm)), Some((bn, cn))) = (
        sorted((la, ra), (lc, rc)),
        sorted((lb, rb), (lc, [rc[0], rc[2], rc[1]])),
    ) else {
        return false;
    };
    let modes = (
        [progression(la, ra[0]), progression(la, ra[2])],
        [progression(lb, rb[0]), progression(lb, rb[2])],
        progression(lc, rc[0]),
    );
    let ([Some((_, av)), Some((_, ak))], [Some((_, bv)), Some((_, bk))], Some((ev, cv))) = modes
    else {
        return false;
    };
    let fits = v.checked_mul(m).and_then(|vm| vm.checked_mul(n));
    if fits.is_none_or(|size| size > REGISTERS) {
        return false;
    }
    let consecutive = (ev == 1 || cv == 1) && (m == 1 || cm == v) && (n == 1 || cn == v * m);
    if !consecutive {
        return false;
    }
    registers(a, b, c, [v, m, n, k], [[av, am, ak], [bv, bn, bk]]);
    true
}

/// The strided kernel's local accumulators (`typed_gemm::strided`) for a
/// C whose `V·M·N ≤ REGISTERS` elements are consecutive from its base in
/// `(v, m, n)` order: loaded and stored as one run (its strides, known
/// only at run time here, left 64 scalar loads, and the accumulators
/// were split into scalars and spilled), summed as the strided kernel
/// sums, each element in ascending `k`.
#[inline(always)]
fn registers<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [v, m, n, k]: [usize; 4],
    [da, db]: [[usize; 3]; 2],
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
{
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let base = c.base;
    let cd = c.engine.as_mut_slice();
    let at = |base: usize, i: usize, s: usize| base.wrapping_add(i.wrapping_mul(s));
    let size = v * m * n;
    let mut acc = [T::default(); REGISTERS];
    // SAFETY: C's offsets are `base..base + size` (the caller's test),
    // in its engine (checked when C was built).
    let run = unsafe { cd.get_unchecked_mut(base..base + size) };
    acc[..size].copy_from_slice(run);
    let slot = |vv, i, j| vv + v * (i + m * j);
    // SAFETY (each read): a coordinate of A or B, whose offsets were
    // checked against its engine when it was built.
    for kk in 0..k {
        let (ak0, bk0) = (at(a.base, kk, da[2]), at(b.base, kk, db[2]));
        for j in 0..n {
            let bj = at(bk0, j, db[1]);
            for vv in 0..v {
                let bv = unsafe { *bd.get_unchecked(at(bj, vv, db[0])) };
                let av0 = at(ak0, vv, da[0]);
                for i in 0..m {
                    let av = unsafe { *ad.get_unchecked(at(av0, i, da[1])) };
                    acc[slot(vv, i, j)] = acc[slot(vv, i, j)] + av * bv;
                }
            }
        }
    }
    run.copy_from_slice(&acc[..size]);
}
