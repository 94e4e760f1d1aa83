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
//! each, else B's offsets put at C's columns likewise ([`n_in_c_order`]).
//! C's columns may have a gap (`ldc > V·M`). Without a table of C's
//! offsets (the nested loops' per-call cost: a nested C took 2.2× the
//! flat kernel's instructions, 4.1× with A flat).

use core::mem::MaybeUninit;

use crate::__private::{Gemm, GemmOperand, Roles};
use crate::tensor::typed_gemm::REGISTERS;
use crate::tensor::typed_gemm_offsets::by_role;
use crate::tensor::typed_gemm_places::{Table, m_in_c_order, n_in_c_order};
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

/// Where the `i`th of C's coordinates along one role (in C's order)
/// lies in A (or B), from its first: a stride or a table.
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
        // (the caller's test), and `m_in_c_order` / `n_in_c_order`
        // wrote those entries.
        unsafe { self.get_unchecked(i).assume_init() }
    }
}

/// `gemm` by the strided kernel's accumulators when every role is one
/// progression but A's and C's M (any nesting: A's offsets in C's order
/// by [`m_in_c_order`], a stride or a table) and B's and C's N (one
/// progression each, or any nesting: B's offsets in C's order of columns
/// by [`n_in_c_order`]), and C's `V·M·N ≤ REGISTERS` elements are `V·M` consecutive a column in
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
    // First, as it is cheap.
    let fits = v.checked_mul(m).and_then(|vm| vm.checked_mul(n));
    if fits.is_none_or(|size| size > REGISTERS) {
        return false;
    }
    // A's M in C's order (C's V·M elements of a column consecutive).
    let mut ta = [MaybeUninit::uninit(); REGISTERS];
    let Some(am) = m_in_c_order(&mut ta, (la, ra), (lc, rc), [v, m]) else {
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
    // C's `V·M` elements of a column consecutive (C's V of stride 1).
    if ev != 1 && cv != 1 {
        return false;
    }
    let (sa, sb) = ([av, ak], [bv, bk]);
    // N of B and C: one progression each (no table), C's positive,
    // else B's offsets put at C's columns (out of line, the rarer case:
    // in line, the loops of `cnested` and `cgap` took 6% more
    // instructions from the register allocation).
    let vm = v * m;
    let (bn, cn) = match (progression(lb, rb[1]), progression(lc, rc[2])) {
        (Some((_, bn)), Some((_, cn))) if n == 1 || (cn as isize) > 0 => (bn, cn),
        _ => return by_columns(a, b, c, &ta, [v, m, n, k], (sa, sb)),
    };
    // The columns (in C's order) `cn ≥ V·M` apart: distinct, each one
    // run.
    if n > 1 && cn < vm {
        return false;
    }
    let cn = if n == 1 { vm } else { cn };
    match am {
        Some(am) => {
            registers(
                a,
                b,
                c,
                [v, m, n, k, cn],
                (Stride(am), sa),
                (Stride(bn), sb),
            );
        }
        None => {
            // A's offsets by the table (of `m ≤ REGISTERS` entries).
            // B's stride opaque to the optimiser: known (a literal, as
            // the table's entries), B's values of four columns were one
            // vector and the products vectorised along N, C's
            // accumulators shuffled at each step (259 instructions a step
            // for `cpermuted`; 115 so, along M as the strided kernel).
            let bn = core::hint::black_box(bn);
            registers(a, b, c, [v, m, n, k, cn], (&ta, sa), (Stride(bn), sb));
        }
    }
    true
}

/// [`permuted`] when B's or C's N is not one progression: B's offsets
/// put at C's columns ([`n_in_c_order`]), A and B read through tables;
/// `false`, nothing done, when C's columns are not so placed.
#[cold]
#[inline(never)]
fn by_columns<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    ta: &Table,
    [v, m, n, k]: [usize; 4],
    (sa, sb): ([usize; 2], [usize; 2]),
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
    let [_, rb, rc]: [Roles; 3] = <LA as Gemm<LB, LC>>::ROLES;
    let mut tb = [MaybeUninit::uninit(); REGISTERS];
    let Some((_, cn)) = n_in_c_order(&mut tb, (&b.layout, rb), (&c.layout, rc), [n, v * m]) else {
        return false;
    };
    registers(a, b, c, [v, m, n, k, cn], (ta, sa), (&tb, sb));
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
