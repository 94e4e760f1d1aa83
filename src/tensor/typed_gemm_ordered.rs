//! Past the tables, after the runs of `typed_gemm_runs.rs`: C's M one
//! progression of stride 1 (its leaves column-major from stride 1, as
//! `128:1`), A's M not. Each pass gathers A's elements of M into a local
//! panel in M's 1-D order, which is C's, so that each column of C is then
//! the strided kernel's loop (A's panel and C both of stride 1: load,
//! the steps' products by ascending `k`, store), the gather paid once
//! for all N columns. The gather takes A's first two leaves at once, `q`
//! a literal so that the vectoriser sees interleaved loads or stores:
//!
//! - transposed: `(e0, q):(q, 1)` (`(32,4):(4,1)`), `q·e0` consecutive
//!   elements, groups of `q` dealt into `q` runs of `e0`;
//! - interleaved: `(q, e1):(d0, d1)` (`(2,64):(128,2)`), `q` 2 or 4, any
//!   `d0`, `d1` 1, 2, 3, 4 or 8: `q` strided streams merged.
//!
//! The other leaves of A's M are walked by an odometer, a gather each.
//! This replaced `typed_gemm_packed.rs`'s panel (the runs of C's leaf of
//! stride 1) for these operands, and `typed_gemm_compact.rs`'s (A's M made
//! stride 1, then C's paired runs): both spent more per column.

use core::mem::MaybeUninit;

use super::typed_gemm_offsets::role_offset;
use super::typed_gemm_walk::LEAVES;
use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{GemmOperand, Roles};

/// How many steps of `k` one pass gathers and sums (as the runs' `STEPS`).
const STEPS: usize = 8;

/// The panel's elements: `STEPS` steps of M (16 KiB of `f64` on the
/// stack), so M of at most `PANEL / STEPS` coordinates.
const PANEL: usize = 2048;

/// How A's first two leaves of M are gathered (see the module's list).
#[derive(Clone, Copy)]
enum Gather {
    /// `(len, q):(q, 1)`.
    Transposed { q: usize, len: usize },
    /// `(q, len):(d0, d1)`.
    Interleaved {
        q: usize,
        d0: usize,
        d1: usize,
        len: usize,
    },
}

impl Gather {
    /// A's first two leaves of M, if a gather takes them.
    #[inline(always)]
    fn of((e0, d0): (usize, usize), (e1, d1): (usize, usize)) -> Option<Gather> {
        // (`q` 2 with `d1` 1, and `d1` 1: the runs' mirrored and paired
        // runs, which need no gather, tried next.)
        let small = |q| matches!(q, 3 | 4 | 8);
        if d1 == 1 && e1 == d0 && small(d0) {
            return Some(Gather::Transposed { q: d0, len: e0 });
        }
        if matches!(e0, 2 | 4) && (d1 == 2 || small(d1)) {
            return Some(Gather::Interleaved {
                q: e0,
                d0,
                d1,
                len: e1,
            });
        }
        None
    }

    /// How many elements one gather writes.
    #[inline(always)]
    fn size(self) -> usize {
        match self {
            Gather::Transposed { q, len } | Gather::Interleaved { q, len, .. } => q * len,
        }
    }

    /// Writes, for each step `s`, `to[s·m..]` (`size()` elements) in M's
    /// 1-D order from A's element at `from[s]` (offset 0 of the two
    /// leaves): one call for all the steps of a pass.
    ///
    /// # Safety
    /// A's elements at the leaves' offsets from each `from[s]` are in its
    /// engine.
    #[inline(always)]
    unsafe fn run<const S: usize, T: Scalar>(
        self,
        from: [*const T; S],
        to: &mut [MaybeUninit<T>],
        m: usize,
    ) {
        // SAFETY (each): the caller's; the slices span exactly the
        // elements read (a stream of stride `d1` from each of its `q`
        // first elements, `d1 > 0`).
        unsafe {
            match self {
                Gather::Transposed { q, len } => {
                    let steps = from.map(|at| core::slice::from_raw_parts(at, q * len));
                    match q {
                        3 => transposed::<3, T>(&steps, to, len, m),
                        4 => transposed::<4, T>(&steps, to, len, m),
                        _ => transposed::<8, T>(&steps, to, len, m),
                    }
                }
                Gather::Interleaved { q, d0, d1, len } => {
                    let span = d1 * (len - 1) + 1;
                    let stream = |at: *const T, x: usize| {
                        core::slice::from_raw_parts(at.wrapping_add(x.wrapping_mul(d0)), span)
                    };
                    if q == 2 {
                        let steps = from.map(|at| [stream(at, 0), stream(at, 1)]);
                        match d1 {
                            2 => interleaved::<2, 2, T>(&steps, to, len, m),
                            3 => interleaved::<2, 3, T>(&steps, to, len, m),
                            4 => interleaved::<2, 4, T>(&steps, to, len, m),
                            _ => interleaved::<2, 8, T>(&steps, to, len, m),
                        }
                    } else {
                        let steps = from.map(|at| [0, 1, 2, 3].map(|x| stream(at, x)));
                        match d1 {
                            2 => interleaved::<4, 2, T>(&steps, to, len, m),
                            3 => interleaved::<4, 3, T>(&steps, to, len, m),
                            4 => interleaved::<4, 4, T>(&steps, to, len, m),
                            _ => interleaved::<4, 8, T>(&steps, to, len, m),
                        }
                    }
                }
            }
        }
    }
}

/// `C(m,n) += Σ_k A(m,k)·B(n,k)` for a C of distinct elements, V of one
/// coordinate, C's M column-major from stride 1, at most `PANEL / STEPS`
/// coordinates, A's M whose first two leaves a [`Gather`] takes. Each
/// element of C sums its products in ascending `k` (passes of 8, 4, 2, 1
/// steps in order), as the strided kernel does. `false`, nothing
/// written, otherwise. (Out of line and cold, as `packed`: the runs'
/// loops in the caller keep their registers.)
#[cold]
#[inline(never)]
pub(super) fn ordered<T, EA, EB, EC, LA, LB, LC>(
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
    let (Some(ma), Some(mc)) = (ra[1], rc[1]) else {
        return false;
    };
    if v != 1 || m > PANEL / STEPS {
        return false;
    }
    // C's M: each leaf's stride the product of the extents before it.
    let (mut next, mut compact) = (1usize, true);
    c.layout.leaves(mc, &mut |e, d| {
        if e > 1 {
            compact &= d == next;
            next = next.wrapping_mul(e);
        }
    });
    if !compact {
        return false;
    }
    let mut leaves = [(1usize, 0usize); LEAVES];
    let (mut count, mut over) = (0, false);
    a.layout.leaves(ma, &mut |e, d| {
        if e > 1 && count == LEAVES {
            over = true;
        } else if e > 1 {
            leaves[count] = (e, d);
            count += 1;
        }
    });
    if over || count < 2 {
        return false;
    }
    let Some(gather) = Gather::of(leaves[0], leaves[1]) else {
        return false;
    };
    let ops = Ordered {
        gather,
        outer: &leaves[2..count],
        m,
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

/// The gather of A's first two leaves, the other leaves (extent, A's
/// stride; walked by an odometer, a gather each), M's size.
struct Ordered<'x> {
    gather: Gather,
    outer: &'x [(usize, usize)],
    m: usize,
}

impl Ordered<'_> {
    /// Steps `k0..k0 + S`: A's elements of M gathered (step `s` at
    /// `s·m`), then each column of C summed from the panel.
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
        let m = self.m;
        let (mut a_k, mut b_k) = ([0usize; S], [0usize; S]);
        for s in 0..S {
            a_k[s] = a.base.wrapping_add(role_offset(la, ra, 2, k0 + s));
            b_k[s] = b.base.wrapping_add(role_offset(lb, rb, 2, k0 + s));
        }
        let mut panel = [MaybeUninit::<T>::uninit(); PANEL];
        let size = self.gather.size();
        // The outer odometer: coordinates, A's offset of the gather's first
        // element. (`size` divides `m`: the leaves' extents multiply to it.)
        let (mut at, mut a_m) = ([0usize; LEAVES], 0usize);
        for r in 0..m / size {
            let mut from = [ad.as_ptr(); S];
            for (from, &a_s) in from.iter_mut().zip(&a_k) {
                *from = ad.as_ptr().wrapping_add(a_s.wrapping_add(a_m));
            }
            // SAFETY: A's elements of coordinates `(m, k0 + s)`, `m` of
            // this gather (its two leaves from the odometer's offset), in
            // its engine (checked when A was built).
            unsafe { self.gather.run(from, &mut panel[r * size..], m) };
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
        // SAFETY: the panel's first `S·m` elements were written above
        // (`m / size` gathers of `size` for each step).
        let panel = unsafe { core::slice::from_raw_parts(panel.as_ptr().cast::<T>(), S * m) };
        // Column `j`: C's offset of `(0, j)` and B's `S` values.
        let column = |j: usize| {
            let c_n = c.base.wrapping_add(role_offset(lc, rc, 2, j));
            let b_n = role_offset(lb, rb, 1, j);
            let mut b_col = [T::default(); S];
            for (value, &b_k) in b_col.iter_mut().zip(&b_k) {
                // SAFETY: B's coordinate `(j, k0 + s)`, in its engine.
                *value = unsafe { *bd.get_unchecked(b_k.wrapping_add(b_n)) };
            }
            (c_n, b_col)
        };
        columns(c.engine.as_mut_slice(), panel, n, column);
    }
}

/// For each column `j < n` (`column(j)`: C's offset of its first
/// element, B's `S` values), `c[i] += Σ_s panel[s·m + i]·b[s]` over C's
/// `m` consecutive elements, in ascending `s`: the strided kernel's
/// loop. Out of line so that its slices are `noalias` (the vectoriser
/// needs no check of C against the panel).
#[inline(never)]
fn columns<const S: usize, T: Scalar, F>(out: &mut [T], panel: &[T], n: usize, column: F)
where
    F: Fn(usize) -> (usize, [T; S]),
{
    let m = panel.len() / S;
    let mut steps = [panel; S];
    for (s, step) in steps.iter_mut().enumerate() {
        *step = &panel[s * m..][..m];
    }
    for j in 0..n {
        let (c_n, b) = column(j);
        // C's column: `m` consecutive elements from its first, in its
        // engine (C's M column-major from stride 1).
        let c = &mut out[c_n..][..m];
        for (i, out) in c.iter_mut().enumerate() {
            let mut sum = *out;
            for (step, &b) in steps.iter().zip(&b) {
                // SAFETY: `i < m`, each step's length.
                sum = sum + unsafe { *step.get_unchecked(i) } * b;
            }
            *out = sum;
        }
    }
}

/// Groups of `Q` dealt into `Q` runs, for each step `s`: `to[s·m +
/// x·len + i] = steps[s][Q·i + x]`. Out of line so that `to` is
/// `noalias` (vectorised: A's groups as interleaved loads).
#[inline(never)]
fn transposed<const Q: usize, T: Scalar>(
    steps: &[&[T]],
    to: &mut [MaybeUninit<T>],
    len: usize,
    m: usize,
) {
    for (s, from) in steps.iter().enumerate() {
        let (from, to) = (&from[..Q * len], &mut to[s * m..][..Q * len]);
        for (i, group) in from.chunks_exact(Q).enumerate() {
            for (x, &value) in group.iter().enumerate() {
                // SAFETY: `x·len + i < Q·len` (`x < Q`, `i < len`).
                unsafe { to.get_unchecked_mut(x * len + i).write(value) };
            }
        }
    }
}

/// `Q` streams of stride `D` merged, for each step `s`: `to[s·m + Q·i +
/// x] = steps[s][x][D·i]`. Out of line so that `to` is `noalias`
/// (vectorised: strided loads, an interleaved store).
#[inline(never)]
fn interleaved<const Q: usize, const D: usize, T: Scalar>(
    steps: &[[&[T]; Q]],
    to: &mut [MaybeUninit<T>],
    len: usize,
    m: usize,
) {
    let span = D * (len - 1) + 1;
    for (s, streams) in steps.iter().enumerate() {
        let to = &mut to[s * m..][..Q * len];
        let streams = streams.map(|stream| &stream[..span]);
        for (i, group) in to.chunks_exact_mut(Q).enumerate() {
            for (x, to) in group.iter_mut().enumerate() {
                // SAFETY: `D·i ≤ D·(len − 1) < span` (`i < len`), each
                // stream's length; `x < Q`.
                unsafe { to.write(*streams.get_unchecked(x).get_unchecked(D * i)) };
            }
        }
    }
}
