//! CuTe's `gemm` on tensors over typed layouts: the form is chosen
//! from the ranks while compiling ([`Gemm`]: a triple of ranks that is
//! none of CuTe's five forms is a compile error at A), and every form runs
//! as `(V,M,K) x (V,N,K) => (V,M,N)` with the roles it lacks of extent 1,
//! which are constants, so their loops fold away. Operands whose modes are
//! all single extents run strided kernels (offsets by multiplication), as
//! do nested ones whose every mode is one progression (seen once per call:
//! `(2,4):(16,32)` is `8:16`); others, the nested loops
//! (`typed_gemm_nested.rs`: each mode's offsets fixed once per call, the
//! loop chosen by `typed_gemm_plan.rs`).

use layout_core::{Error, ErrorKind};

use super::gemm::check_extents;
use super::typed_gemm_nested::nested;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{Gemm, GemmOperand, GemmRankForm, Roles};

/// The largest C (`V·M·N` elements) [`gemm`] accumulates in a local array.
pub(super) const REGISTERS: usize = 64;

/// A nested mode whose size (its leaves' extents multiplied) passes
/// `usize::MAX` (a broadcast mode, which any buffer holds) has wrapped
/// extents in `modes()`: no loop over it is right, so an error.
/// (`#[inline]`, as `sizes_fit`: in the caller's codegen unit, so the
/// layouts passed by reference stay foldable: `Tensor::new`'s note.)
#[inline]
pub(super) fn check_sizes<LA, LB, LC>(
    a: &LA,
    b: &LB,
    c: &LC,
    roles: [Roles; 3],
) -> Result<(), Error>
where
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
{
    if !(sizes_fit(a, roles[0]) && sizes_fit(b, roles[1]) && sizes_fit(c, roles[2])) {
        return Err(Error::new(ErrorKind::Overflow(
            "gemm: the size of an operand's mode does not fit in 64 bits",
        )));
    }
    Ok(())
}

/// Whether each mode of `l` playing a role has a size that fits in
/// `usize`: an extent 0 anywhere makes it 0, else no product may overflow.
#[inline]
fn sizes_fit<L: GemmOperand>(l: &L, roles: Roles) -> bool {
    roles.iter().flatten().all(|&mode| {
        let (mut size, mut empty) = (Some(1usize), false);
        l.leaves(mode, &mut |e, _| {
            empty |= e == 0;
            size = size.and_then(|s| s.checked_mul(e));
        });
        empty || size.is_some()
    })
}

/// Extents and strides of an operand's three roles.
#[inline(always)]
pub(super) fn by_role(modes: [(usize, usize); 3], roles: Roles) -> ([usize; 3], [usize; 3]) {
    (
        roles.map(|r| r.map_or(1, |i| modes[i].0)),
        roles.map(|r| r.map_or(0, |i| modes[i].1)),
    )
}

/// Whether the three modes (extents, two's complement strides) give
/// every coordinate its own offset, by a sufficient test: taken by
/// increasing stride magnitude, each mode's stride passes the reach of the
/// ones before it (a column- or row-major C does; a stride 0 does not).
/// Only then may C's elements be summed apart and stored (the register
/// path): where two coordinates share an element, both sums must land.
#[inline(always)]
pub(super) fn distinct_offsets(extent: [usize; 3], stride: [usize; 3]) -> bool {
    let mut modes = [0, 1, 2].map(|i| (stride[i] as isize).unsigned_abs() as u128);
    let mut extents = extent.map(|e| e as u128);
    if extents.contains(&0) {
        return true;
    }
    // Sort the three by stride (a fixed network, so static layouts fold).
    for (x, y) in [(0, 1), (1, 2), (0, 1)] {
        if modes[x] > modes[y] {
            modes.swap(x, y);
            extents.swap(x, y);
        }
    }
    let mut reach = 0u128;
    for i in 0..3 {
        if extents[i] > 1 {
            if modes[i] <= reach {
                return false;
            }
            reach += (extents[i] - 1) * modes[i];
        }
    }
    true
}

/// CuTe's `gemm(a, b, c)`, `c += a·b`, in the form the ranks pick, as
/// CuTe dispatches (the untyped [`gemm`](crate::tensor::gemm) lists them):
/// `(V)x(V)=>(V)`, `(M)x(N)=>(M,N)`, `(M,K)x(N,K)=>(M,N)`,
/// `(V,M)x(V,N)=>(V,M,N)` and `(V,M,K)x(V,N,K)=>(V,M,N)`. Each element of
/// `c` adds its products in ascending `k`, as CuTe's reference loop does.
/// The operands' modes may be nested, as CuTe's (each walked by its 1-D
/// coordinate: `m` of a nested M is split over its leaves); when each
/// nested mode is one progression (it coalesces to one leaf, as
/// `(2,4):(16,32)` to `8:16`) the call runs as the flat layouts do. Ranks
/// that are none of the five forms are a compile error at `a`.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::{Tensor, typed};
///
/// // (V,M) x (V,N) => (V,M,N): a batch of 2 outer products.
/// let (a, b) = ([1, 2, 3, 4, 5, 6], [10, 20, 30, 40]);
/// let ta = Tensor::new(&a[..], layout!(type (2,3):(1,2))).unwrap();
/// let tb = Tensor::new(&b[..], layout!(type (2,2):(1,2))).unwrap();
/// let mut c = [0; 12];
/// let mut tc = Tensor::new(&mut c[..], layout!(type (2,3,2):(1,2,6))).unwrap();
/// typed::gemm(&ta, &tb, &mut tc);
/// assert_eq!(c[..6], [10, 40, 30, 80, 50, 120]); // n = 0: a(v,m)·b(v,0)
///
/// // (M,K) x (N,K) => (M,N) with a nested M, (2,2):(2,1): its 1-D
/// // coordinate m is split over the leaves (offsets 0, 2, 1, 3), as
/// // CuTe's A(m,k) with an integer m.
/// let a = [1, 2, 3, 4, 5, 6, 7, 8];
/// let ta = Tensor::new(&a[..], layout!(type ((2,2),2):((2,1),4))).unwrap();
/// let tb = Tensor::new(&[10, 100][..], layout!(type (1,2):(0,1))).unwrap();
/// let mut c = [0; 4];
/// let mut tc = Tensor::new(&mut c[..], layout!(type (4,1):(1,0))).unwrap();
/// typed::gemm(&ta, &tb, &mut tc);
/// assert_eq!(c, [1 * 10 + 5 * 100, 3 * 10 + 7 * 100, 2 * 10 + 6 * 100, 4 * 10 + 8 * 100]);
/// ```
///
/// # Panics
///
/// With [`try_gemm`]'s error, if V, M, N or K disagree between the operands.
#[inline]
#[track_caller]
pub fn gemm<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
    LA: Gemm<LB, LC>,
    // Implied by `Gemm` (its associated type's bound), asked here so that
    // a wrong rank is reported by the ranks alone (gemm_form.rs).
    <LA as Gemm<LB, LC>>::Ranks: GemmRankForm, // the ranks of A, B and C: one of CuTe's forms
{
    if let Err(e) = try_gemm(a, b, c) {
        panic!("{e}");
    }
}

/// [`gemm`], refusing disagreeing extents with an error
/// ([`DomainError::GemmExtents`](layout_core::DomainError::GemmExtents)),
/// and a nested mode whose size does not fit in `usize` (a broadcast mode
/// of huge extents, which any buffer holds) with
/// [`ErrorKind::Overflow`], before any element is written.
#[inline]
pub fn try_gemm<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
    LA: GemmOperand,
    LB: GemmOperand,
    LC: GemmOperand,
    LA: Gemm<LB, LC>,
    // Implied by `Gemm` (its associated type's bound), asked here so that
    // a wrong rank is reported by the ranks alone (gemm_form.rs).
    <LA as Gemm<LB, LC>>::Ranks: GemmRankForm, // the ranks of A, B and C: one of CuTe's forms
{
    let [ra, rb, rc] = <LA as Gemm<LB, LC>>::ROLES;
    let (ea, da) = by_role(a.layout.modes(), ra); // (V,M,K)
    let (eb, db) = by_role(b.layout.modes(), rb); // (V,N,K)
    let (ec, dc) = by_role(c.layout.modes(), rc); // (V,M,N)
    check_extents(ea, eb, ec)?;
    let ([v, m, k], n) = (ea, eb[1]);
    if const { !(LA::FLAT && LB::FLAT && LC::FLAT) } {
        check_sizes(&a.layout, &b.layout, &c.layout, [ra, rb, rc])?;
        // Each nested mode that is one progression (`(2,4):(16,32)` is
        // `8:16`) collapses to its leaf: the strided kernel, same offsets.
        match (
            a.layout.progressions(),
            b.layout.progressions(),
            c.layout.progressions(),
        ) {
            (Some(pa), Some(pb), Some(pc)) => {
                let (_, da) = by_role(pa, ra);
                let (_, db) = by_role(pb, rb);
                let (ec, dc) = by_role(pc, rc);
                strided(a, b, c, [v, m, n, k], ec, [da, db, dc]);
            }
            _ => nested(a, b, c),
        }
        return Ok(());
    }
    strided(a, b, c, [v, m, n, k], ec, [da, db, dc]);
    Ok(())
}

/// The strided kernels: every mode one extent and one stride (`da`, `db`,
/// `dc` by role; `ec` C's extents, `[v, m, n]`). Each element of C sums
/// its products in ascending `k`.
#[inline(always)]
fn strided<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    [v, m, n, k]: [usize; 4],
    ec: [usize; 3],
    [da, db, dc]: [[usize; 3]; 3],
) where
    T: Scalar,
    EA: Engine<Elem = T>,
    EB: Engine<Elem = T>,
    EC: EngineMut<Elem = T>,
{
    let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
    let cd = c.engine.as_mut_slice();
    let at = |base: usize, i: usize, s: usize| base.wrapping_add(i.wrapping_mul(s));
    let c_at = |vv, i, j| at(at(at(c.base, j, dc[2]), i, dc[1]), vv, dc[0]);
    // SAFETY (every access below): each coordinate is in the domain of its
    // tensor, whose offsets were checked against the engine when it was built.
    if v * m * n <= REGISTERS && distinct_offsets(ec, dc) {
        // A small C (a thread's accumulators, as CuTe's register tensors):
        // summed in a local array, which no read of `a` or `b` can alias,
        // so the compiler keeps and vectorises it as in hand-written code.
        let mut acc = [T::default(); REGISTERS];
        let slot = |vv, i, j| vv + v * (i + m * j);
        for j in 0..n {
            for i in 0..m {
                for vv in 0..v {
                    acc[slot(vv, i, j)] = unsafe { *cd.get_unchecked(c_at(vv, i, j)) };
                }
            }
        }
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
        for j in 0..n {
            for i in 0..m {
                for vv in 0..v {
                    unsafe { *cd.get_unchecked_mut(c_at(vv, i, j)) = acc[slot(vv, i, j)] };
                }
            }
        }
        return;
    }
    if !distinct_offsets(ec, dc) {
        // Coordinates of C that share an element (a stride of 0): each
        // product is added to the element itself, `k` outermost as in
        // CuTe's loop, so every product lands.
        for kk in 0..k {
            let (ak0, bk0) = (at(a.base, kk, da[2]), at(b.base, kk, db[2]));
            for j in 0..n {
                for i in 0..m {
                    for vv in 0..v {
                        unsafe {
                            let av = *ad.get_unchecked(at(at(ak0, i, da[1]), vv, da[0]));
                            let bv = *bd.get_unchecked(at(at(bk0, j, db[1]), vv, db[0]));
                            let out = cd.get_unchecked_mut(c_at(vv, i, j));
                            *out = *out + av * bv;
                        }
                    }
                }
            }
        }
        return;
    }
    // A larger C: one `c(v,m,n)` at a time, its sum over `k` in a register
    // (ascending `k`, as above and as CuTe's reference loop sums it).
    for j in 0..n {
        for i in 0..m {
            for vv in 0..v {
                let ai = at(at(a.base, i, da[1]), vv, da[0]);
                let bj = at(at(b.base, j, db[1]), vv, db[0]);
                unsafe {
                    let out = cd.get_unchecked_mut(c_at(vv, i, j));
                    let mut sum = *out;
                    for kk in 0..k {
                        sum = sum
                            + *ad.get_unchecked(at(ai, kk, da[2]))
                                * *bd.get_unchecked(at(bj, kk, db[2]));
                    }
                    *out = sum;
                }
            }
        }
    }
}
