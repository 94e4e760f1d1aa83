//! The nested `gemm` (`typed_gemm_nested.rs`) past the tables: A's
//! `(V,M)` or B's `(V,N)` over 64 coordinates ([`GemmKernel::Split`]).
//! Splitting each offset where it is used divides at every product (by
//! run-time extents, unless the leaves are static); here A's and C's
//! `(V,M)` offsets are instead walked by an odometer over their leaves
//! (one addition an entry, no division) in blocks of up to 64
//! coordinates, at each step of `k`; B's and C's `N` offsets are split
//! once a block, outside the products.
//!
//! [`GemmKernel::Split`]: super::typed_gemm_plan::GemmKernel::Split

use core::mem::MaybeUninit;

use super::typed_gemm::by_role;
use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_plan::TABLE;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// The most leaves of extent over 1 an [`Odometer`] holds (more: the
/// offsets are split at each use). A `(V,M)` of `2^16` coordinates or
/// fewer has at most 16.
const LEAVES: usize = 16;

/// The offsets of the 1-D coordinates `0, 1, 2, …` over a list of leaves
/// (the first varies fastest), one addition each and a carry when a
/// leaf wraps.
struct Odometer {
    /// Each leaf's extent and stride (two's complement), and `e·d`.
    leaves: [(usize, usize, usize); LEAVES],
    count: usize,
    /// Each leaf's coordinate.
    at: [usize; LEAVES],
    offset: usize,
}

impl Odometer {
    /// The odometer over the leaves of `l`'s roles 0 and 1 (V and M, or
    /// V and N), or `None` past [`LEAVES`] leaves of extent over 1.
    #[inline(always)]
    fn new<L: GemmOperand>(l: &L, roles: Roles) -> Option<Self> {
        let mut leaves = [(0, 0, 0); LEAVES];
        let (mut count, mut over) = (0, false);
        for mode in [roles[0], roles[1]].into_iter().flatten() {
            l.leaves(mode, &mut |e, d| {
                if e > 1 && count == LEAVES {
                    over = true;
                } else if e > 1 {
                    leaves[count] = (e, d, e.wrapping_mul(d));
                    count += 1;
                }
            });
        }
        let at = [0; LEAVES];
        (!over).then_some(Odometer {
            leaves,
            count,
            at,
            offset: 0,
        })
    }

    /// Back to coordinate 0.
    #[inline(always)]
    fn reset(&mut self) {
        self.at = [0; LEAVES];
        self.offset = 0;
    }

    /// The offset of the current coordinate; moves to the next.
    #[inline(always)]
    fn next(&mut self) -> usize {
        let current = self.offset;
        for i in 0..self.count {
            let (e, d, span) = self.leaves[i];
            self.offset = self.offset.wrapping_add(d);
            self.at[i] += 1;
            if self.at[i] < e {
                break;
            }
            // The leaf wraps: back to its 0, and carry into the next.
            self.offset = self.offset.wrapping_sub(span);
            self.at[i] = 0;
        }
        current
    }
}

/// `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)`, C in place, each element of C
/// summing its products in ascending `k`: `m` in blocks of `TABLE / V`,
/// each block's A and C offsets from the odometers. When C's coordinates
/// have their own elements (`distinct`), each block's offsets are walked
/// once a call and `k` runs inside the block; else (an element shared
/// between blocks must get its products by ascending `k` too) `k` runs
/// outermost and the offsets are walked at each step. `false` (nothing
/// written) when V is over `TABLE` or a `(V,M)` has more than [`LEAVES`]
/// leaves: the caller splits at each use.
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
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let (Some(a_vm), Some(c_vm)) = (Odometer::new(la, ra), Odometer::new(lc, rc)) else {
        return false;
    };
    if v > TABLE {
        return false;
    }
    let rows = TABLE / v;
    let dc = by_role(lc.modes(), rc).1;
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let c_base = c.base;
    let out = c.engine.as_mut_slice();
    let mut col = [MaybeUninit::<T>::uninit(); TABLE];
    let (mut a_at, mut c_at) = ([0usize; TABLE], [0usize; TABLE]);
    let (mut a_vm, mut c_vm) = (a_vm, c_vm);
    // Steps of `k` outside the blocks, and inside each (one loop, so the
    // products are inlined once).
    let (outer, inner) = if distinct { (1, k) } else { (k, 1) };
    for ko in 0..outer {
        a_vm.reset();
        c_vm.reset();
        for m0 in (0..m).step_by(rows) {
            let rows = rows.min(m - m0);
            let size = v * rows;
            for t in 0..Ord::min(size, TABLE) {
                a_at[t] = a_vm.next();
                if !LC::FLAT {
                    c_at[t] = c_vm.next();
                }
            }
            for ki in 0..inner {
                let kk = ko + ki; // One of the two is 0.
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
    }
    true
}
