//! Past the tables, after the runs of `typed_gemm_runs.rs`: A's M with
//! stride `q` (2, 3, 4 or 8) along C's leaf of stride 1 (extent `e0`),
//! the gaps filled by A's leaf of stride 1 and extent `q` (C's stride
//! `e0` along it), as `(32,4):(4,1)` into C's `128:1`. A's `q·e0`
//! elements are then consecutive in groups of `q`, C's too in the
//! transposed order: each pass packs A's elements of each run once into
//! a local panel in C's order (a transpose, vectorised: `q` a literal,
//! A's groups interleaved loads), then sums each column's run of C from
//! it by the direct run (both of stride 1: the strided kernel's
//! vectorised loop). The packing is paid once for all N columns; the
//! slabs instead walked C by a run-time stride (a scalar loop, 1.8 times
//! the flat kernel's time). A with no leaf of stride 1 takes
//! `typed_gemm_compact.rs`'s panel; A's stride 5 stays on the slabs.
//!
//! `typed_gemm_ordered.rs` is tried first: when C's M is one progression
//! of stride 1 it gathers A's M in C's order (the bench's operands of
//! this path go there now); this panel stays for a C whose M is not.

use core::mem::MaybeUninit;

use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_run::{Inner, Progression, run};
use super::typed_gemm_runs::Common;
use super::typed_gemm_walk::LEAVES;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// How many steps of `k` one pass packs and sums (as the runs' `STEPS`).
const STEPS: usize = 8;

/// The panel's elements: `STEPS` steps of a block of runs (16 KiB of
/// `f64` on the stack).
const PANEL: usize = 2048;

/// The shortest run packed (as the runs' `MIN_RUN`, a guess).
const MIN_RUN: usize = 8;

/// The most runs of one block (their offsets kept for all N columns).
const BLOCK: usize = PANEL / (STEPS * MIN_RUN);

/// `C(m,n) += Σ_k A(m,k)·B(n,k)` for a C of distinct elements, V of one
/// coordinate, when A's and C's M have common leaves (`Common`) of which
/// two are one run of `q·e0` (`MIN_RUN` to `PANEL / STEPS`) consecutive
/// elements of both, transposed: `(e0, q)` of A's strides `(q, 1)` and
/// C's `(1, e0)`, `q` 2, 3, 4 or 8; the other leaves walked by an
/// odometer, a run each. Each element of C sums its products in
/// ascending `k` (passes of 8, 4, 2, 1 steps in order). `false`, nothing
/// written, otherwise. (Out of line and cold: in line, or only out of
/// line, the runs' loops in the caller got up to 190 more instructions a
/// call from the register allocation.)
#[cold]
#[inline(never)]
pub(super) fn packed<T, EA, EB, EC, LA, LB, LC>(
    a: &Tensor<EA, LA>,
    b: &Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
    roles: [Roles; 3],
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
    let [ra, _, rc] = roles;
    // A quick refusal first (the common leaves cost 400 instructions a
    // call to operands that end on the slabs): A's M needs a leaf of
    // stride 1 of extent 2, 3, 4 or 8.
    let mut filler = false;
    if let Some(mode) = ra[1] {
        a.layout.leaves(mode, &mut |e, d| {
            filler |= d == 1 && matches!(e, 2 | 3 | 4 | 8)
        });
    }
    if !filler {
        return false;
    }
    let mut common = Common {
        leaves: [(0, 0, 0); LEAVES],
        count: 0,
    };
    if !Common::fill(&mut common, (&a.layout, ra), (&c.layout, rc)) {
        return false;
    }
    let leaves = &mut common.leaves[..common.count];
    // C's run: its leaf of stride 1 (extent `e0`, A's stride `q`), then
    // the leaf of C's stride `e0`, extent `q`, A's stride 1, moved first.
    let Some(i) = (0..leaves.len()).find(|&i| leaves[i].2 == 1) else {
        return false;
    };
    leaves.swap(0, i);
    let (e0, q, _) = leaves[0];
    let fills = |l: &(usize, usize, usize)| *l == (q, 1, e0);
    let Some(j) = (1..leaves.len()).find(|&j| fills(&leaves[j])) else {
        return false;
    };
    leaves.swap(1, j);
    let e = q * e0;
    if v != 1 || !matches!(q, 2 | 3 | 4 | 8) || !(MIN_RUN..=PANEL / STEPS).contains(&e) {
        return false;
    }
    let outer = &leaves[2..];
    let runs: usize = outer.iter().map(|l| l.0).product();
    let ops = Packed {
        q,
        e,
        outer,
        runs,
        block: Ord::min(PANEL / (STEPS * e), runs),
    };
    let mut k0 = 0;
    while k - k0 >= STEPS {
        ops.pass::<STEPS, _, _, _, _, _, _, _>(a, b, c, roles, [n, k0]);
        k0 += STEPS;
    }
    for s in [4, 2, 1] {
        if k - k0 >= s {
            match s {
                4 => ops.pass::<4, _, _, _, _, _, _, _>(a, b, c, roles, [n, k0]),
                2 => ops.pass::<2, _, _, _, _, _, _, _>(a, b, c, roles, [n, k0]),
                _ => ops.pass::<1, _, _, _, _, _, _, _>(a, b, c, roles, [n, k0]),
            }
            k0 += s;
        }
    }
    true
}

/// The run's shape: its groups' length `q`, its length, the outer leaves
/// (walked by an odometer, a run each), how many runs, and how many a
/// block packs.
struct Packed<'x> {
    q: usize,
    e: usize,
    outer: &'x [(usize, usize, usize)],
    runs: usize,
    block: usize,
}

impl Packed<'_> {
    /// Steps `k0..k0 + S`: for each block of runs, A's elements packed
    /// (step `s` of run `r` at `s·block·e + r·e`), then each column's run
    /// of C summed from the panel by the direct run.
    #[inline(always)]
    fn pass<const S: usize, T, EA, EB, EC, LA, LB, LC>(
        &self,
        a: &Tensor<EA, LA>,
        b: &Tensor<EB, LB>,
        c: &mut Tensor<EC, LC>,
        [ra, rb, rc]: [Roles; 3],
        [n, k0]: [usize; 2],
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
        let (ad, bd) = (a.engine.as_slice(), b.engine.as_slice());
        let c_base = c.base;
        let out = c.engine.as_mut_slice();
        let (q, e) = (self.q, self.e);
        let (mut a_k, mut b_k) = ([0usize; S], [0usize; S]);
        for s in 0..S {
            a_k[s] = a.base.wrapping_add(role_offset(la, ra, 2, k0 + s));
            b_k[s] = b.base.wrapping_add(role_offset(lb, rb, 2, k0 + s));
        }
        let mut panel = [MaybeUninit::<T>::uninit(); PANEL];
        // The outer odometer: coordinates, A's and C's offsets of the
        // current run's first element.
        let (mut at, mut a_m, mut c_m) = ([0usize; LEAVES], 0usize, 0usize);
        let (mut a_r, mut c_r) = ([0usize; BLOCK], [0usize; BLOCK]);
        let mut r0 = 0;
        while r0 < self.runs {
            let rows = Ord::min(self.block, self.runs - r0);
            for r in 0..rows {
                (a_r[r], c_r[r]) = (a_m, c_m);
                let mut i = 0;
                while let Some(&(ei, da, dc)) = self.outer.get(i) {
                    at[i] += 1;
                    (a_m, c_m) = (a_m.wrapping_add(da), c_m.wrapping_add(dc));
                    if at[i] < ei {
                        break;
                    }
                    at[i] = 0;
                    a_m = a_m.wrapping_sub(ei.wrapping_mul(da));
                    c_m = c_m.wrapping_sub(ei.wrapping_mul(dc));
                    i += 1;
                }
            }
            let dk = rows * e;
            for (s, &a_s) in a_k.iter().enumerate() {
                for (r, &a_run) in a_r[..rows].iter().enumerate() {
                    let first = a_s.wrapping_add(a_run);
                    let to = panel[s * dk + r * e..][..e].as_mut_ptr();
                    // SAFETY: A's coordinates (m, k0 + s), `m` this
                    // run's elements (the common leaves: C's `m` too),
                    // `q·e0` consecutive elements from `first`, in its
                    // engine (checked when A was built); the panel's run.
                    unsafe { transposed(q, ad.as_ptr().wrapping_add(first), to, e / q) };
                }
            }
            // The panel's first `S·dk` elements were written above.
            let steps = Progression {
                first: panel.as_ptr().cast::<T>(),
                dk,
            };
            for j in 0..n {
                let c_n = c_base.wrapping_add(role_offset(lc, rc, 2, j));
                let b_n = role_offset(lb, rb, 1, j);
                let mut b_col = [T::default(); S];
                for (value, &b_k) in b_col.iter_mut().zip(&b_k) {
                    // SAFETY: B's coordinate `(j, k0 + s)`, in its engine.
                    *value = unsafe { *bd.get_unchecked(b_k.wrapping_add(b_n)) };
                }
                for (r, &c_run) in c_r[..rows].iter().enumerate() {
                    // SAFETY: the panel's run `r` (`r·e + i`, `i < e`,
                    // of each step, written above) and C's elements of
                    // coordinates `(m, j)` for the run's `m`: C's run
                    // consecutive, in its engine.
                    unsafe {
                        run::<false, S, T, _>(
                            out,
                            steps,
                            &b_col,
                            Inner::Direct(e),
                            r * e,
                            c_n.wrapping_add(c_run),
                        )
                    };
                }
            }
            r0 += rows;
        }
    }
}

/// The run's elements when A's are consecutive too, as `e/q` groups of
/// `q` (A's leaves `(e/q, q):(q, 1)`, C's `(1, e/q)`): the panel is the
/// transpose, group `i`'s element `x` at `x·(e/q) + i`; `q` a literal so
/// that the loop is vectorised (A's groups as interleaved loads).
///
/// # Safety
/// A's `q·len` elements from `from` are in its engine; `to` holds as many.
#[inline(always)]
unsafe fn transposed<T: Scalar>(q: usize, from: *const T, to: *mut MaybeUninit<T>, len: usize) {
    // SAFETY (each): the caller's.
    unsafe {
        match q {
            2 => groups::<2, T>(from, to, len),
            3 => groups::<3, T>(from, to, len),
            4 => groups::<4, T>(from, to, len),
            _ => groups::<8, T>(from, to, len),
        }
    }
}

/// [`transposed`] for groups of `Q`, out of line so that its slices are
/// `noalias` (in line, the loop stayed scalar: 13 instructions a group).
///
/// # Safety
/// As [`transposed`]'s.
#[inline(never)]
unsafe fn groups<const Q: usize, T: Scalar>(from: *const T, to: *mut MaybeUninit<T>, len: usize) {
    // SAFETY: the caller's (A's elements and the panel's are distinct).
    let (from, to) = unsafe {
        (
            core::slice::from_raw_parts(from, Q * len),
            core::slice::from_raw_parts_mut(to, Q * len),
        )
    };
    rows::<Q, T>(from, to, len);
}

/// [`groups`]' loop, its operands slices (`noalias`).
#[inline(never)]
fn rows<const Q: usize, T: Scalar>(from: &[T], to: &mut [MaybeUninit<T>], len: usize) {
    let (from, to) = (&from[..Q * len], &mut to[..Q * len]);
    for (i, group) in from.chunks_exact(Q).enumerate() {
        for (x, &value) in group.iter().enumerate() {
            // SAFETY: `x·len + i < Q·len` (`x < Q`, `i < len`).
            unsafe { to.get_unchecked_mut(x * len + i).write(value) };
        }
    }
}
