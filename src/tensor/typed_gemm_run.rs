//! The loop of one run of `typed_gemm_runs.rs`: A's steps of `k` (one
//! pointer and a stride, or a pointer each) and the run's elements of C,
//! each loaded, summed over the steps in ascending `k`, stored, with the
//! strides the vectoriser needs as literals.

use super::Scalar;

/// A's `S` steps of a pass: `at(s, x)` is the element at offset `x` from
/// step `s`'s first.
pub(super) trait Steps<T>: Copy {
    /// # Safety
    /// The element is A's, in its engine.
    unsafe fn at(&self, s: usize, x: usize) -> T;
}

/// Steps whose first elements are `dk` apart.
#[derive(Clone, Copy)]
pub(super) struct Progression<T> {
    pub(super) first: *const T,
    pub(super) dk: usize,
}

impl<T: Scalar> Steps<T> for Progression<T> {
    #[inline(always)]
    unsafe fn at(&self, s: usize, x: usize) -> T {
        // SAFETY: the caller's (two's complement offsets: wrapping sums).
        unsafe {
            *self
                .first
                .wrapping_add(s.wrapping_mul(self.dk))
                .wrapping_add(x)
        }
    }
}

/// Each step's first element, as a pointer.
#[derive(Clone, Copy)]
pub(super) struct Pointers<const S: usize, T>(pub(super) [*const T; S]);

impl<const S: usize, T: Scalar> Steps<T> for Pointers<S, T> {
    #[inline(always)]
    unsafe fn at(&self, s: usize, x: usize) -> T {
        // SAFETY: the caller's.
        unsafe { *self.0[s].wrapping_add(x) }
    }
}

/// The run of M's common leaves that [`run`] sums: the inner leaf, of A's
/// stride 1 (`Direct(e)`: C's stride 1 too), or with the leaf of C's
/// stride 1 whose extent `q` (2 or 4) is C's stride along the inner leaf
/// (`Paired(e, q, A's stride along it)`): `q·e` consecutive elements of C.
#[derive(Clone, Copy)]
pub(super) enum Inner {
    Direct(usize),
    Paired(usize, usize, usize),
    /// The mirror of `Paired`: the inner leaf of C's stride 1, A's stride
    /// 2 along it, A's leaf of stride 1 and extent 2 filling the gaps, C's
    /// stride `dc` along that one (`(e, dc)`): `2·e` consecutive elements
    /// of A, two runs of C. (Of 4: the rows' loop was vectorised across
    /// the four rows, 1.6 times the instructions of the slabs.)
    Mirrored(usize, usize),
}

impl Inner {
    /// How many of the common leaves the run spans.
    #[inline(always)]
    pub(super) fn leaves(self) -> usize {
        match self {
            Inner::Direct(_) => 1,
            Inner::Paired(..) | Inner::Mirrored(..) => 2,
        }
    }
}

/// One run of C from `c` (A's elements at `a` from its steps `a_k`; `M`:
/// `inner` is `Inner::Mirrored`): each element loaded, summed over `S`
/// steps (A's element times `b[s]`, ascending `k`), stored. Strides of 1 and `q` are literals here, so that the loop
/// is vectorised as the strided kernel's (four lanes along A's stride 1;
/// a paired run's `q` elements of C as an interleaved group).
///
/// # Safety
/// Every offset read and written is its operand's, in its engine.
#[inline(always)]
pub(super) unsafe fn run<const M: bool, const S: usize, T: Scalar, A: Steps<T>>(
    out: &mut [T],
    a_k: A,
    b: &[T; S],
    inner: Inner,
    a: usize,
    c: usize,
) {
    // SAFETY (each): the caller's.
    unsafe {
        match inner {
            Inner::Direct(e) => single(out, a_k, b, 0..e, (a, 1), (c, 1)),
            Inner::Paired(e, 2, da) => paired::<2, S, T, A>(out, a_k, b, e, (a, da), c),
            Inner::Paired(e, _, da) => paired::<4, S, T, A>(out, a_k, b, e, (a, da), c),
            Inner::Mirrored(e, dc) if M => mirrored(out, a_k, b, e, a, (c, dc)),
            // Not reached: `M` is whether the inner run is mirrored (a
            // constant, so that the loops of the other runs have no call
            // in them: one cost 360 instructions a call, values of B spilled).
            Inner::Mirrored(..) => {}
        }
    }
}

/// [`run`] for a paired run: element `(i, x)` (`i < e` along A's stride
/// 1, `x < Q` along A's stride `da`) of C at `c + x + Q·i`.
///
/// # Safety
/// As [`run`]'s.
#[inline(always)]
unsafe fn paired<const Q: usize, const S: usize, T: Scalar, A: Steps<T>>(
    out: &mut [T],
    a_k: A,
    b: &[T; S],
    e: usize,
    (a, da): (usize, usize),
    c: usize,
) {
    for i in 0..e {
        for x in 0..Q {
            let a_i = a.wrapping_add(i).wrapping_add(x.wrapping_mul(da));
            // SAFETY: the caller's.
            unsafe {
                let out = out.get_unchecked_mut(c.wrapping_add(x + Q * i));
                let mut sum = *out;
                for (s, &b) in b.iter().enumerate() {
                    sum = sum + a_k.at(s, a_i) * b;
                }
                *out = sum;
            }
        }
    }
}

/// [`run`] for a mirrored run: element `(i, x)` (`i < e` along C's stride
/// 1, `x < 2` along C's stride `dc`) of A at `a + x + 2·i`, C's two rows
/// as slices of their own (one slice and offsets `dc` apart, the
/// vectoriser could not tell that a row's store does not feed the next
/// row's load, and left the loop scalar).
///
/// # Safety
/// As [`run`]'s; C's rows are disjoint (its elements distinct: `|dc| ≥ e`).
#[inline(always)]
unsafe fn mirrored<const S: usize, T: Scalar, A: Steps<T>>(
    out: &mut [T],
    a_k: A,
    b: &[T; S],
    e: usize,
    a: usize,
    (c, dc): (usize, usize),
) {
    let row = out.as_mut_ptr().wrapping_add(c);
    // SAFETY: each row is `e` of C's elements, distinct from the other's.
    unsafe {
        let r0 = core::slice::from_raw_parts_mut(row, e);
        let r1 = core::slice::from_raw_parts_mut(row.wrapping_add(dc), e);
        rows(r0, r1, a_k, b, a);
    }
}

/// [`mirrored`]'s loop, out of line so that its rows are `noalias` (in
/// line, the vectoriser lost that and left the loop scalar).
///
/// # Safety
/// A's elements `a + x + 2·i` for `i` below the rows' length, in its engine.
#[inline(never)]
unsafe fn rows<const S: usize, T: Scalar, A: Steps<T>>(
    c0: &mut [T],
    c1: &mut [T],
    a_k: A,
    b: &[T; S],
    a: usize,
) {
    let c1 = &mut c1[..c0.len()];
    for (i, (o0, o1)) in c0.iter_mut().zip(c1.iter_mut()).enumerate() {
        let a_i = a.wrapping_add(2 * i);
        let (mut s0, mut s1) = (*o0, *o1);
        for (s, &b) in b.iter().enumerate() {
            // SAFETY: the caller's.
            unsafe {
                s0 = s0 + a_k.at(s, a_i) * b;
                s1 = s1 + a_k.at(s, a_i.wrapping_add(1)) * b;
            }
        }
        (*o0, *o1) = (s0, s1);
    }
}

/// [`run`] one element at a time, for the elements `range` of the run.
///
/// # Safety
/// As [`run`]'s.
#[inline(always)]
unsafe fn single<const S: usize, T: Scalar, A: Steps<T>>(
    out: &mut [T],
    a_k: A,
    b: &[T; S],
    range: core::ops::Range<usize>,
    (a, da): (usize, usize),
    (c, dc): (usize, usize),
) {
    for i in range {
        let a_i = a.wrapping_add(i.wrapping_mul(da));
        // SAFETY: the caller's.
        unsafe {
            let out = out.get_unchecked_mut(c.wrapping_add(i.wrapping_mul(dc)));
            let mut sum = *out;
            for (s, &b) in b.iter().enumerate() {
                sum = sum + a_k.at(s, a_i) * b;
            }
            *out = sum;
        }
    }
}
