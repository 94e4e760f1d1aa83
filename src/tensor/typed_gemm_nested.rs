//! The typed `gemm` (`typed_gemm.rs`) when an operand has a nested mode
//! that is not one progression (one that is runs the strided kernel):
//! each mode walked by its 1-D coordinate, as CuTe's `A(m,k)` with an
//! integer `m` for a nested M. Splitting a coordinate over a mode's
//! leaves divides (by run-time extents, unless the leaves are static), so
//! no coordinate is split at a product: when A's `(V,M)` and B's `(V,N)`
//! coordinates fit a table, their offsets are laid out once per call from
//! the leaves (each leaf repeats the table so far, shifted by its stride:
//! no division: `typed_gemm_offsets.rs`), and at each step of `k` A's
//! and B's slabs are gathered into local arrays, which the products read
//! as the strided kernel reads a column. C is summed in a local array when
//! it is small and its coordinates have their own elements, in a local
//! array of its distinct elements when it shares some through stride-0
//! leaves, else in place: one loop ([`sum`]) over one accumulator accessor
//! ([`Accumulator`], `typed_gemm_accumulators.rs`). Past the tables, the
//! blocks of `typed_gemm_split.rs`, and past those, offsets split where
//! they are used.

use core::mem::MaybeUninit;

use super::typed_gemm::REGISTERS;
use super::typed_gemm_accumulators::{Accumulator, InPlace, Registers, Slots, slot_strides};
use super::typed_gemm_offsets::by_role;
use super::typed_gemm_offsets::{Pair, Split, role_offset};
use super::typed_gemm_plan::{GemmKernel, TABLE, distinct, plan};
use super::typed_gemm_split::blocked;

#[path = "typed_gemm_permuted.rs"]
mod permuted;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{Gemm, GemmOperand, Roles};

/// A's `(V,M)` or B's `(V,N)` elements at one step of `k`.
trait Slab<T> {
    /// Moves to the step whose `(0, 0)` element is at `base`.
    fn load(&mut self, base: usize);
    /// The element of coordinate `(v, x)` (`x`: `m` or `n`).
    ///
    /// # Safety
    /// The coordinate is in the operand's domain.
    unsafe fn get(&self, v: usize, x: usize) -> T;
}

/// A slab whose offsets are fixed per call ([`Pair`]). A tabled one is
/// gathered at each step into `col`, a local array in the order of the
/// coordinates, which the products read as the strided kernel reads a
/// column (contiguous, so they vectorise four lanes wide; read through
/// the table, they paired lanes two by two and spilled the offsets).
struct Indexed<'e, 't, T> {
    data: &'e [T],
    offsets: Pair<'t>,
    base: usize,
    col: [MaybeUninit<T>; TABLE],
}

impl<'e, 't, T: Scalar> Indexed<'e, 't, T> {
    #[inline(always)]
    fn new(data: &'e [T], offsets: Pair<'t>) -> Self {
        let col = [MaybeUninit::uninit(); TABLE];
        Indexed {
            data,
            offsets,
            base: 0,
            col,
        }
    }
}

impl<T: Scalar> Slab<T> for Indexed<'_, '_, T> {
    #[inline(always)]
    fn load(&mut self, base: usize) {
        self.base = base;
        if let Pair::Tabled(offsets, _) = self.offsets {
            for (x, &offset) in offsets.iter().enumerate() {
                // SAFETY: an offset of the operand's from a base of its
                // own, checked against its engine when it was built;
                // `x < offsets.len() ≤ TABLE`.
                unsafe {
                    let value = *self.data.get_unchecked(base.wrapping_add(offset));
                    self.col.get_unchecked_mut(x).write(value);
                }
            }
        }
    }
    #[inline(always)]
    unsafe fn get(&self, v: usize, x: usize) -> T {
        match self.offsets {
            // SAFETY: entry `v + X·x` of the table was gathered above.
            Pair::Tabled(_, ex) => unsafe { self.col.get_unchecked(v + ex * x).assume_init() },
            Pair::Strided(_) => unsafe {
                let at = self.base.wrapping_add(self.offsets.at(v, x));
                // SAFETY: as in `load`.
                *self.data.get_unchecked(at)
            },
        }
    }
}

/// A slab read where it is used, each offset split over the leaves.
struct Direct<'e, 'l, T, L> {
    data: &'e [T],
    layout: &'l L,
    roles: Roles,
    base: usize,
}

impl<T: Scalar, L: GemmOperand> Slab<T> for Direct<'_, '_, T, L> {
    #[inline(always)]
    fn load(&mut self, base: usize) {
        self.base = base;
    }
    #[inline(always)]
    unsafe fn get(&self, v: usize, x: usize) -> T {
        let (l, roles) = (self.layout, self.roles);
        let at = (self.base)
            .wrapping_add(role_offset(l, roles, 0, v))
            .wrapping_add(role_offset(l, roles, 1, x));
        unsafe { *self.data.get_unchecked(at) }
    }
}

/// Operands of which one has a nested mode that is not one progression,
/// by the loop [`plan`] picks ([`GemmKernel`]). Extents were checked
/// (`check_extents`). With a flat C the loops are inlined into the
/// caller, so that C's strides, when known while compiling, fold (into
/// the slots of a C that shares elements, a column of which then stays
/// in registers: callgrind, `(8,8):(1,0)`, 876 instructions a call
/// against 1,652 outlined); with a nested C they run outlined (inlined,
/// the local accumulators of a C `((2,4),8):((4,1),8)` were split into
/// 64 scalars and spilled: 3,562 against 2,154).
#[inline(always)]
pub(super) fn nested<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let [ra, rb, rc] = <LA as Gemm<LB, LC>>::ROLES;
    let [v, m, _] = by_role(a.layout.modes(), ra).0;
    let n = by_role(b.layout.modes(), rb).0[1];
    if LC::FLAT {
        run(a, b, c, plan(&c.layout, rc, [v, m, n]));
    } else if !permuted::permuted(a, b, c) {
        outlined(a, b, c);
    }
}

/// [`run`] out of line.
#[inline(never)]
fn outlined<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    let [ra, rb, rc] = <LA as Gemm<LB, LC>>::ROLES;
    let [v, m, _] = by_role(a.layout.modes(), ra).0;
    let n = by_role(b.layout.modes(), rb).0[1];
    run(a, b, c, plan(&c.layout, rc, [v, m, n]));
}

/// The loop `kernel` ([`plan`]'s) on the operands.
#[inline(always)]
fn run<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    kernel: GemmKernel,
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand + Gemm<LB, LC>,
    LB: GemmOperand,
    LC: GemmOperand,
{
    // The roles are constants: a role the form lacks has extent 1 here.
    let [ra, rb, rc] = <LA as Gemm<LB, LC>>::ROLES;
    let [v, m, k] = by_role(a.layout.modes(), ra).0;
    let n = by_role(b.layout.modes(), rb).0[1];
    if kernel == GemmKernel::Empty {
        return; // No element of C.
    }
    let extents = [v, m, n, k];
    if kernel == GemmKernel::Split
        && blocked(a, b, c, [ra, rb, rc], extents, distinct(&c.layout, rc))
    {
        return;
    }
    let (la, lb, lc) = (&a.layout, &b.layout, &c.layout);
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let k_offsets = (Split(la, ra, 2), Split(lb, rb, 2));
    let bases = [a.base, b.base];
    let base = c.base;
    let out = c.engine.as_mut_slice();
    if kernel == GemmKernel::Split {
        let slabs = (
            Direct {
                data: ad,
                layout: la,
                roles: ra,
                base: 0,
            },
            Direct {
                data: bd,
                layout: lb,
                roles: rb,
                base: 0,
            },
        );
        let offsets = Split(lc, rc, 0);
        let free = false;
        let mut c = InPlace {
            out,
            base,
            offsets,
            free,
        };
        sum(slabs, k_offsets, bases, extents, &mut c);
        return;
    }
    let mut tables = [[MaybeUninit::uninit(); TABLE]; 6];
    let [ta, tb, tvm, tn, svm, sn] = &mut tables;
    let slabs = (
        Indexed::new(ad, Pair::new(ta, la, ra, &[0, 1], [v, m])),
        Indexed::new(bd, Pair::new(tb, lb, rb, &[0, 1], [v, n])),
    );
    let offsets = (
        Pair::new(tvm, lc, rc, &[0, 1], [v, m]),
        Pair::new(tn, lc, rc, &[2], [n, 1]),
    );
    // The order of C's coordinates within a step is free when V is 1 or
    // they have their own elements (only then is `distinct` evaluated).
    let free = kernel != GemmKernel::InPlace || v == 1 || distinct(lc, rc);
    let mut c = InPlace {
        out,
        base,
        offsets,
        free,
    };
    if kernel == GemmKernel::InPlace {
        sum(slabs, k_offsets, bases, extents, &mut c);
        return;
    }
    if kernel == GemmKernel::Shared {
        // C's distinct elements in `acc` (`plan` saw they fit), each
        // coordinate at its slot: loaded, summed in the naive loop's
        // order, stored (coordinates of one element store one value).
        let Some(s) = slot_strides(lc, rc) else {
            unreachable!("gemm: the plan's slots vanished")
        };
        let offsets = (
            Pair::mapped(svm, lc, (rc, &[0, 1]), [v, m], s.roles, &mut s.from(0)),
            Pair::mapped(sn, lc, (rc, &[2]), [n, 1], s.roles, &mut s.from(s.vm)),
        );
        let mut acc = [T::default(); REGISTERS];
        let mut slots = Slots {
            acc: &mut acc,
            offsets,
        };
        // A flat C's role of slot stride 0 has one element per the others:
        // its coordinate 0 loads and stores them all.
        let once = |x: usize, e: usize| if LC::FLAT && s.roles[x] == 0 { 1 } else { e };
        let (v1, m1, n1) = (once(0, v), once(1, m), once(2, n));
        // SAFETY (both loops): the coordinates are C's.
        for_each(v1, m1, n1, |vv, i, j| unsafe {
            *slots.at(vv, i, j) = *c.at(vv, i, j)
        });
        sum(slabs, k_offsets, bases, extents, &mut slots);
        for_each(v1, m1, n1, |vv, i, j| unsafe {
            *c.at(vv, i, j) = *slots.at(vv, i, j)
        });
        return;
    }
    let mut acc = [T::default(); REGISTERS];
    let mut registers = Registers {
        acc: &mut acc,
        v,
        vm: v * m,
    };
    // SAFETY (both loops): the coordinates are C's.
    for_each(v, m, n, |vv, i, j| unsafe {
        *registers.at(vv, i, j) = *c.at(vv, i, j)
    });
    sum(slabs, k_offsets, bases, extents, &mut registers);
    for_each(v, m, n, |vv, i, j| unsafe {
        *c.at(vv, i, j) = *registers.at(vv, i, j)
    });
}

/// `f(v, m, n)` over C's coordinates.
#[inline(always)]
fn for_each(v: usize, m: usize, n: usize, mut f: impl FnMut(usize, usize, usize)) {
    for j in 0..n {
        for i in 0..m {
            for vv in 0..v {
                f(vv, i, j);
            }
        }
    }
}

/// `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)`, `k` outermost, so every element of
/// C sums its products in ascending `k` (as the strided kernels and CuTe's
/// loop); within a step, `m` and `n` in the order the accumulator asks
/// ([`Accumulator::M_OUTER`]).
#[inline(always)]
fn sum<T, A, B, LA, LB, C>(
    (mut a, mut b): (A, B),
    (a_k, b_k): (Split<'_, LA>, Split<'_, LB>),
    [a_base, b_base]: [usize; 2],
    [v, m, n, k]: [usize; 4],
    c: &mut C,
) where
    T: Scalar,
    A: Slab<T>,
    B: Slab<T>,
    LA: GemmOperand,
    LB: GemmOperand,
    C: Accumulator<T>,
{
    for kk in 0..k {
        a.load(a_base.wrapping_add(a_k.at(kk)));
        b.load(b_base.wrapping_add(b_k.at(kk)));
        // SAFETY (every call): each coordinate is in its tensor's domain.
        let add = |c: &mut C, vv, i, j, av: T, bv: T| unsafe {
            let c = c.at(vv, i, j);
            *c = *c + av * bv;
        };
        if C::M_OUTER {
            for i in 0..m {
                for vv in 0..v {
                    let av = unsafe { a.get(vv, i) };
                    for j in 0..n {
                        add(c, vv, i, j, av, unsafe { b.get(vv, j) });
                    }
                }
            }
        } else if c.columns(v) {
            for j in 0..n {
                for vv in 0..v {
                    let bv = unsafe { b.get(vv, j) };
                    for (i, out) in unsafe { c.column(vv, j, m) }.iter_mut().enumerate() {
                        *out = *out + unsafe { a.get(vv, i) } * bv;
                    }
                }
            }
        } else {
            // The naive loop's order: coordinates that share an element
            // get their products in it.
            for j in 0..n {
                for i in 0..m {
                    for vv in 0..v {
                        add(c, vv, i, j, unsafe { a.get(vv, i) }, unsafe {
                            b.get(vv, j)
                        });
                    }
                }
            }
        }
    }
}
