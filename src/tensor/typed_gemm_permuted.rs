//! The typed `gemm` on a nested C of at most 64 elements whose M puts
//! its coordinates one after the other in some order: CuTe's
//! `((2,4),8):((4,1),8)` against A's M `(2,4):(64,16)`: in C's order
//! A's offsets are `8:16`, one progression. Each element of C gets the
//! same products whatever order M's coordinates are visited in (the same
//! permutation of `m` for A and C: C's elements are distinct), so the
//! call runs the strided kernel of `8:16` against `8:1`, each element
//! summed in ascending `k` as before. A's M offsets in C's order are laid
//! out once a call ([`m_in_c_order`]: both modes' offsets leaf by leaf in
//! their own leaves' callbacks, then A's put at C's places: for literal
//! leaves all of it folds to constants); when they are not one
//! progression (A's M `8:16` into C's `(2,4):(4,1)`: `(4,2):(32,16)`),
//! the kernel reads A through that table. B's and C's N: one progression
//! each, or split into common leaves. C's columns may have a gap (`ldc >
//! V·M`). Without a table of C's offsets (the nested loops' per-call
//! cost: a nested C took 2.2× the flat kernel's instructions, 4.1× with A
//! flat).

use core::mem::MaybeUninit;

use crate::__private::{Gemm, GemmOperand, Roles};
use crate::tensor::typed_gemm::REGISTERS;
use crate::tensor::typed_gemm_offsets::by_role;
use crate::tensor::typed_gemm_places::{Table, extend, m_in_c_order};
use crate::tensor::typed_gemm_runs::Common;
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

/// Role 1 of `x` and of `c` (B's N and C's N, when not one progression
/// each) split into their common leaves, in `common` taken by increasing C stride:
/// the unit of C's, which must be one progression (C's strides positive),
/// and that of `x`'s when it is one too (else its offsets by a
/// [`table`]); `None` when they have no common leaves or C's are not one
/// progression.
#[inline(always)]
fn sorted<LX: GemmOperand, LC: GemmOperand>(
    common: &mut Common<MODE_LEAVES>,
    (lx, rx): (&LX, Roles),
    (lc, rc): (&LC, Roles),
) -> Option<(Option<usize>, usize)> {
    if !Common::fill(common, (lx, rx), (lc, rc)) {
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
    let c = chained(leaves.iter().map(|&(e, _, d)| (e, d)))?;
    Some((chained(leaves.iter().map(|&(e, d, _)| (e, d))), c))
}

/// The offsets of `x`'s role along `common`'s leaves (in their order, the
/// first fastest: C's order of its elements), with no division: past the
/// first `len` entries (the leaves before), entry `t` is entry `t - len`
/// plus the next leaf's stride. Entry `t` of C's run is `x`'s offset of
/// the same coordinate; the entries below the role's extent are written
/// (the leaves' extents multiply to it, at most [`REGISTERS`]: the
/// caller's test).
#[inline(always)]
fn table(out: &mut Table, common: &Common<MODE_LEAVES>) {
    out[0] = MaybeUninit::new(0);
    let mut len = 1;
    for &(e, d, _) in &common.leaves[..common.count] {
        let next = len * e;
        if next > REGISTERS {
            return; // Not reached (the caller's test); no bounds check below.
        }
        extend(out, len, next, d);
        len = next;
    }
}

/// The most leaves of extent over 1 of a mode of at most [`REGISTERS`]
/// coordinates (each at least 2): the [`Common`] leaves this file holds
/// (16, as the runs', cost two clears of 384 bytes a call).
const MODE_LEAVES: usize = REGISTERS.ilog2() as usize;
const _: () = assert!(1 << (MODE_LEAVES + 1) > REGISTERS);

/// Where the `i`th of C's coordinates along one role (in C's order)
/// lies in A (or B), from its first: a stride or a [`table`].
trait Offsets: Copy {
    /// Entry `i` (below the role's extent).
    fn at(&self, i: usize) -> usize;
}

/// One progression: `i · stride`.
#[derive(Clone, Copy)]
struct Stride(usize);

impl Offsets for Stride {
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        i.wrapping_mul(self.0)
    }
}

impl Offsets for &Table {
    #[inline(always)]
    fn at(&self, i: usize) -> usize {
        // SAFETY: `i` is below the role's extent, at most REGISTERS
        // (the caller's test), and `table` wrote those entries.
        unsafe { self.get_unchecked(i).assume_init() }
    }
}

/// `gemm` by the strided kernel's accumulators when every role is one
/// progression but A's and C's M (any nesting: A's offsets in C's order
/// by [`m_in_c_order`], a stride or a table) and B's and C's N (one
/// progression each, or common leaves, C's one progression taken by
/// increasing stride: [`sorted`]; B's by stride or by a [`table`]), and
/// C's `V·M·N ≤ REGISTERS` elements are `V·M` consecutive a column in
/// `(v, m)` order, the columns at least `V·M` apart (so distinct);
/// `false`, nothing done, otherwise (the nested loops).
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
    // First, as it is cheap: so M and N have at most MODE_LEAVES leaves.
    let fits = v.checked_mul(m).and_then(|vm| vm.checked_mul(n));
    if fits.is_none_or(|size| size > REGISTERS) {
        return false;
    }
    // A's M in C's order (C's V·M elements of a column consecutive).
    let mut ta = [MaybeUninit::uninit(); REGISTERS];
    let Some(am) = m_in_c_order(&mut ta, (la, ra), (lc, rc), [v, m]) else {
        return false;
    };
    // N of B and C: one progression each (no table), else split into
    // common leaves taken by C's stride (C's N in its role 1 for `sorted`).
    let mut common_n = Common {
        leaves: [(1, 0, 0); MODE_LEAVES],
        count: 0,
    };
    let (bn, cn) = match (progression(lb, rb[1]), progression(lc, rc[2])) {
        (Some((_, bn)), Some((_, cn))) if n == 1 || (cn as isize) > 0 => (Some(bn), cn),
        _ => match sorted(&mut common_n, (lb, rb), (lc, [rc[0], rc[2], rc[1]])) {
            Some(found) => found,
            None => return false,
        },
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
    // C's `V·M` elements of a column consecutive, the columns (in C's
    // order) `cn ≥ V·M` apart: distinct, each column one run.
    let vm = v * m;
    let columns = (ev == 1 || cv == 1) && (n == 1 || cn >= vm);
    if !columns {
        return false;
    }
    let cn = if n == 1 { vm } else { cn };
    let (sa, sb) = ([av, ak], [bv, bk]);
    let ta = &ta;
    match (am, bn) {
        (Some(am), Some(bn)) => {
            registers(
                a,
                b,
                c,
                [v, m, n, k, cn],
                (Stride(am), sa),
                (Stride(bn), sb),
            );
        }
        (None, Some(bn)) => {
            // A's offsets by the table (of `m ≤ REGISTERS` entries).
            // B's stride opaque to the optimiser: known (a literal, as
            // the table's entries), B's values of four columns were one
            // vector and the products vectorised along N, C's
            // accumulators shuffled at each step (259 instructions a step
            // for `cpermuted`; 115 so, along M as the strided kernel).
            let bn = core::hint::black_box(bn);
            registers(a, b, c, [v, m, n, k, cn], (ta, sa), (Stride(bn), sb));
        }
        _ => {
            // B's N not one progression: both by tables (the rarer case,
            // one kernel for both).
            let mut tb = [MaybeUninit::uninit(); REGISTERS];
            table(&mut tb, &common_n);
            registers(a, b, c, [v, m, n, k, cn], (ta, sa), (&tb, sb));
        }
    }
    true
}

/// The strided kernel's local accumulators (`typed_gemm::strided`) for a
/// C whose `V·M·N ≤ REGISTERS` elements are, column by column (C's order
/// of N), `V·M` consecutive from `base + t·cn`, in `(v, m)` order: loaded
/// and stored as runs (its strides, known only at run time here, left 64
/// scalar loads, and the accumulators were split into scalars and
/// spilled), summed as the strided kernel sums, each element in
/// ascending `k`. A's M and B's N by [`Offsets`] in C's order.
#[inline(always)]
fn registers<T, EA, EB, EC, LA, LB, LC, OA: Offsets, OB: Offsets>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [v, m, n, k, cn]: [usize; 5],
    (am, [av, ak]): (OA, [usize; 2]),
    (bn, [bv, bk]): (OB, [usize; 2]),
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
    let vm = v * m;
    let mut acc = [T::default(); REGISTERS];
    let column = |j: usize| base.wrapping_add(j.wrapping_mul(cn));
    // SAFETY (C's runs): C's offsets of column `j` are `column(j)..+ vm`
    // (the caller's test), in its engine (checked when C was built);
    // `vm·(j+1) ≤ V·M·N ≤ REGISTERS`. (Column by column even when they
    // follow each other: a second path, one copy of all, kept the
    // accumulators out of registers: 1,613 instructions a call for
    // `((2,4),8):((4,1),8)` against 1,350.)
    for j in 0..n {
        unsafe {
            let run = cd.get_unchecked(column(j)..column(j) + vm);
            acc.get_unchecked_mut(vm * j..vm * (j + 1))
                .copy_from_slice(run);
        }
    }
    let slot = |vv, i, j| vv + v * (i + m * j);
    // SAFETY (each read): a coordinate of A or B, whose offsets were
    // checked against its engine when it was built.
    for kk in 0..k {
        let (ak0, bk0) = (at(a.base, kk, ak), at(b.base, kk, bk));
        for j in 0..n {
            let bj = bk0.wrapping_add(bn.at(j));
            for vv in 0..v {
                let bvv = unsafe { *bd.get_unchecked(at(bj, vv, bv)) };
                let av0 = at(ak0, vv, av);
                for i in 0..m {
                    let x = unsafe { *ad.get_unchecked(av0.wrapping_add(am.at(i))) };
                    acc[slot(vv, i, j)] = acc[slot(vv, i, j)] + x * bvv;
                }
            }
        }
    }
    for j in 0..n {
        // SAFETY: C's runs, as loaded above.
        unsafe {
            let run = cd.get_unchecked_mut(column(j)..column(j) + vm);
            run.copy_from_slice(acc.get_unchecked(vm * j..vm * (j + 1)));
        }
    }
}
