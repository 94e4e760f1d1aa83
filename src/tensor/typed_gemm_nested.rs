//! The typed `gemm` (`typed_gemm.rs`) when an operand has a nested mode
//! that is not one progression (one that is runs the strided kernel):
//! each mode walked by its 1-D coordinate, as CuTe's `A(m,k)` with an
//! integer `m` for a nested M. Splitting a coordinate over a mode's
//! leaves divides (by run-time extents, unless the leaves are static), so
//! the offsets of the modes the inner loops walk are split once per call
//! into small tables, not at every product.

use super::typed_gemm::{REGISTERS, by_role, distinct_offsets};
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// How many coordinates of a role a table holds (as many as the local
/// accumulators, so a thread's tile is all in the tables).
const TABLE: usize = REGISTERS;

/// The offset of 1-D coordinate `index` of the mode playing `role` (0:
/// V, 1: M or N, 2: K or N) in an operand whose modes play `roles`.
#[inline(always)]
fn role_offset<L: GemmOperand>(l: &L, roles: Roles, role: usize, index: usize) -> usize {
    roles[role].map_or(0, |mode| l.offset(mode, index))
}

/// The offsets of a role's coordinates, by 1-D coordinate.
trait Offsets {
    fn at(&self, index: usize) -> usize;
}

/// Split once per call into a table (extents up to [`TABLE`]).
impl Offsets for &[usize] {
    #[inline(always)]
    fn at(&self, index: usize) -> usize {
        self[index]
    }
}

/// Split at every use (a larger extent).
struct Split<'l, L>(&'l L, Roles, usize);

impl<L: GemmOperand> Offsets for Split<'_, L> {
    #[inline(always)]
    fn at(&self, index: usize) -> usize {
        role_offset(self.0, self.1, self.2, index)
    }
}

#[inline(always)]
fn table<L: GemmOperand>(l: &L, roles: Roles, role: usize, extent: usize) -> [usize; TABLE] {
    let mut table = [0; TABLE];
    for (i, offset) in table.iter_mut().enumerate().take(extent) {
        *offset = role_offset(l, roles, role, i);
    }
    table
}

/// A's `(V,M)`, B's `(V,N)`, C's `(V,M,N)` offsets, by role coordinate.
struct Walks<AV, AM, BV, BN, CV, CM, CN> {
    a: (AV, AM),
    b: (BV, BN),
    c: (CV, CM, CN),
}

/// Operands of which one has a nested mode. The offsets of V, M and N
/// come from tables when those extents fit them (split once per call, not
/// at every product), else are split at each use; `k` is split once per
/// step of its loop. Summed by [`sum`].
pub(super) fn nested<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [ra, rb, rc]: [Roles; 3],
    extents: [usize; 4],
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let [v, m, n, _] = extents;
    let (ec, dc) = by_role(c.layout.modes(), rc);
    let registers = LC::FLAT && v * m * n <= REGISTERS && distinct_offsets(ec, dc);
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let k_walks = (Split(la, ra, 2), Split(lb, rb, 2));
    let operands = Operands {
        a: a.engine.as_slice(),
        b: b.engine.as_slice(),
        bases: [a.base, b.base, c.base],
    };
    let out = c.engine.as_mut_slice();
    if v <= TABLE && m <= TABLE && n <= TABLE {
        let (a_v, a_m) = (table(la, ra, 0, v), table(la, ra, 1, m));
        let (b_v, b_n) = (table(lb, rb, 0, v), table(lb, rb, 1, n));
        let (c_v, c_m, c_n) = (
            table(lc, rc, 0, v),
            table(lc, rc, 1, m),
            table(lc, rc, 2, n),
        );
        let walks = Walks {
            a: (&a_v[..v], &a_m[..m]),
            b: (&b_v[..v], &b_n[..n]),
            c: (&c_v[..v], &c_m[..m], &c_n[..n]),
        };
        sum(operands, out, extents, walks, k_walks, registers);
    } else {
        // An extent past the tables: then V·M·N > REGISTERS, in place.
        let walks = Walks {
            a: (Split(la, ra, 0), Split(la, ra, 1)),
            b: (Split(lb, rb, 0), Split(lb, rb, 1)),
            c: (Split(lc, rc, 0), Split(lc, rc, 1), Split(lc, rc, 2)),
        };
        sum(operands, out, extents, walks, k_walks, false);
    }
}

/// The engines A and B read, and the three tensors' bases.
struct Operands<'e, T> {
    a: &'e [T],
    b: &'e [T],
    bases: [usize; 3],
}

/// `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)`, `k` outermost, so every element of
/// C sums its products in ascending `k` (as the strided kernels and CuTe's
/// loop): into a local array when `registers` (a small flat C whose
/// coordinates have their own elements), else into C's element in place,
/// so that a C that writes one element from several coordinates gets
/// every product. Extents were checked (`check_extents`).
#[inline(always)]
#[allow(clippy::type_complexity)]
fn sum<T: Scalar, AV, AM, BV, BN, CV, CM, CN, KA, KB>(
    Operands { a, b, bases }: Operands<'_, T>,
    out: &mut [T],
    [v, m, n, k]: [usize; 4],
    walks: Walks<AV, AM, BV, BN, CV, CM, CN>,
    (a_k, b_k): (KA, KB),
    registers: bool,
) where
    AV: Offsets,
    AM: Offsets,
    BV: Offsets,
    BN: Offsets,
    CV: Offsets,
    CM: Offsets,
    CN: Offsets,
    KA: Offsets,
    KB: Offsets,
{
    let Walks {
        a: (a_v, a_m),
        b: (b_v, b_n),
        c: (c_v, c_m, c_n),
    } = walks;
    let [a_base, b_base, c_base] = bases;
    let c_at = |vv: usize, i: usize, j: usize| {
        c_base
            .wrapping_add(c_n.at(j))
            .wrapping_add(c_m.at(i))
            .wrapping_add(c_v.at(vv))
    };
    // SAFETY (every access below): each coordinate is in the domain of its
    // tensor, whose offsets were checked against the engine when it was built.
    if registers {
        let mut acc = [T::default(); REGISTERS];
        let slot = |vv, i, j| vv + v * (i + m * j);
        for j in 0..n {
            for i in 0..m {
                for vv in 0..v {
                    acc[slot(vv, i, j)] = unsafe { *out.get_unchecked(c_at(vv, i, j)) };
                }
            }
        }
        // `i` innermost, as the strided register path: one value of B
        // times a column of A into a column of accumulators.
        for kk in 0..k {
            let (ak, bk) = (
                a_base.wrapping_add(a_k.at(kk)),
                b_base.wrapping_add(b_k.at(kk)),
            );
            for j in 0..n {
                let bj = bk.wrapping_add(b_n.at(j));
                for vv in 0..v {
                    let bv = unsafe { *b.get_unchecked(bj.wrapping_add(b_v.at(vv))) };
                    let av0 = ak.wrapping_add(a_v.at(vv));
                    for i in 0..m {
                        // (The slot is below V·M·N ≤ REGISTERS.)
                        unsafe {
                            let av = *a.get_unchecked(av0.wrapping_add(a_m.at(i)));
                            let acc = acc.get_unchecked_mut(slot(vv, i, j));
                            *acc = *acc + av * bv;
                        }
                    }
                }
            }
        }
        for j in 0..n {
            for i in 0..m {
                for vv in 0..v {
                    unsafe { *out.get_unchecked_mut(c_at(vv, i, j)) = acc[slot(vv, i, j)] };
                }
            }
        }
        return;
    }
    for kk in 0..k {
        let (ak, bk) = (
            a_base.wrapping_add(a_k.at(kk)),
            b_base.wrapping_add(b_k.at(kk)),
        );
        for j in 0..n {
            let bj = bk.wrapping_add(b_n.at(j));
            for vv in 0..v {
                let bv = unsafe { *b.get_unchecked(bj.wrapping_add(b_v.at(vv))) };
                let av0 = ak.wrapping_add(a_v.at(vv));
                for i in 0..m {
                    unsafe {
                        let av = *a.get_unchecked(av0.wrapping_add(a_m.at(i)));
                        let out = out.get_unchecked_mut(c_at(vv, i, j));
                        *out = *out + av * bv;
                    }
                }
            }
        }
    }
}
