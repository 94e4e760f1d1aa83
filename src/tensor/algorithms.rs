//! CuTe's reference algorithms on tensors (`algorithm/*.hpp`): element `i`
//! of a tensor is its element at 1-D coordinate `i` (colexicographic order),
//! walked by the odometer, with no division per element.

use alloc::vec::Vec;
use core::ops::{Add, Mul};

use layout_core::Layout;

use super::strided::{Strided, single_mode};
use super::{AsLayout, Engine, EngineMut, Tensor};

/// The arithmetic `axpby` and `gemm` need; `T::default()` is zero.
/// Implemented for every type with these operations (`f32`, `i64`, …).
pub trait Scalar: Copy + Default + PartialEq + Add<Output = Self> + Mul<Output = Self> {}

impl<T: Copy + Default + PartialEq + Add<Output = T> + Mul<Output = T>> Scalar for T {}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every `i`.
///
/// ```
/// use layout_dsl::tensor::{copy, Tensor};
/// use layout_dsl::Layout;
/// let src = Tensor::new([1, 2, 3, 4, 5, 6], "(2,3):(3,1)".parse::<Layout>().unwrap()).unwrap();
/// let mut dst = Tensor::new([0; 6], "(2,3):(1,2)".parse::<Layout>().unwrap()).unwrap();
/// copy(&src, &mut dst); // a transpose: row-major into column-major
/// assert_eq!(dst.engine(), &[1, 4, 2, 5, 3, 6]);
/// ```
///
/// # Panics
///
/// When the sizes differ.
#[track_caller]
pub fn copy<T: Copy, S, D>(src: &Tensor<S, impl AsLayout>, dst: &mut Tensor<D, impl AsLayout>)
where
    S: Engine<Elem = T>,
    D: EngineMut<Elem = T>,
{
    copy_if(|_| true, src, dst);
}

/// CuTe's `copy_if(pred, src, dst)`: `dst(i) = src(i)` where `pred(i)`.
/// A predicate tensor `p` serves as `|i| p[i]`.
///
/// # Panics
///
/// When the sizes differ.
#[track_caller]
pub fn copy_if<T: Copy, S, D>(
    mut pred: impl FnMut(usize) -> bool,
    src: &Tensor<S, impl AsLayout>,
    dst: &mut Tensor<D, impl AsLayout>,
) where
    S: Engine<Elem = T>,
    D: EngineMut<Elem = T>,
{
    same_size("copy", src.size(), dst.size());
    let from = src.engine.as_slice();
    let positions = dst.positions();
    let to = dst.engine.as_mut_slice();
    for (i, (p, q)) in src.positions().zip(positions).enumerate() {
        if pred(i) {
            // SAFETY: positions of checked tensors are inside their engines.
            unsafe { *to.get_unchecked_mut(q) = *from.get_unchecked(p) };
        }
    }
}

/// CuTe's `fill(t, value)`: every element becomes `value`.
pub fn fill<T: Copy, E: EngineMut<Elem = T>>(t: &mut Tensor<E, impl AsLayout>, value: T) {
    t.for_each_mut(|x| *x = value);
}

/// CuTe's `clear(t)`: every element becomes `T::default()` (CuTe's `T{}`).
pub fn clear<T: Copy + Default, E: EngineMut<Elem = T>>(t: &mut Tensor<E, impl AsLayout>) {
    fill(t, T::default());
}

/// CuTe's `axpby(alpha, x, beta, y)`: `y(i) = alpha·x(i) + beta·y(i)`, and
/// `y(i) = alpha·x(i)` when `beta` is zero (`y` is then not read, so a NaN
/// there does not survive).
///
/// ```
/// use layout_dsl::tensor::{axpby, Tensor};
/// use layout_dsl::Layout;
/// let x = Tensor::new([1.0, 2.0, 3.0], "3:1".parse::<Layout>().unwrap()).unwrap();
/// let mut y = Tensor::new([10.0, 20.0, 30.0], "3:-1".parse::<Layout>().unwrap());
/// assert!(y.is_err()); // offsets 0, -1, -2: outside the array
/// let mut y = Tensor::at_base([10.0, 20.0, 30.0], "3:-1".parse::<Layout>().unwrap(), 2).unwrap();
/// axpby(2.0, &x, 1.0, &mut y);
/// assert_eq!(y.engine(), &[10.0 + 6.0, 20.0 + 4.0, 30.0 + 2.0]);
/// ```
///
/// # Panics
///
/// When the sizes differ.
#[track_caller]
pub fn axpby<T: Scalar, X, Y>(
    alpha: T,
    x: &Tensor<X, impl AsLayout>,
    beta: T,
    y: &mut Tensor<Y, impl AsLayout>,
) where
    X: Engine<Elem = T>,
    Y: EngineMut<Elem = T>,
{
    same_size("axpby", x.size(), y.size());
    let from = x.engine.as_slice();
    let positions = y.positions();
    let to = y.engine.as_mut_slice();
    let beta_is_zero = beta == T::default();
    for (p, q) in x.positions().zip(positions) {
        // SAFETY: positions of checked tensors are inside their engines.
        unsafe {
            let ax = alpha * *from.get_unchecked(p);
            let out = to.get_unchecked_mut(q);
            *out = if beta_is_zero { ax } else { ax + beta * *out };
        }
    }
}

/// CuTe's reference `gemm(A, B, C)`, `C += A·B` with `A` and `B` both
/// indexed by K in their last mode, dispatched on the ranks as CuTe does:
///
/// - `(V) x (V) => (V)`: `C(v) += A(v)·B(v)`;
/// - `(M) x (N) => (M,N)`: `C(m,n) += A(m)·B(n)`;
/// - `(M,K) x (N,K) => (M,N)`: `C(m,n) += A(m,k)·B(n,k)`, `k` ascending.
///
/// Each `C(m,n)` accumulates its products in `k` order, so the result is
/// the naive triple loop's, bit for bit.
///
/// ```
/// use layout_dsl::tensor::{gemm, Tensor};
/// use layout_dsl::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let a = Tensor::new([1, 2, 3, 4], l("(2,2):(2,1)")).unwrap(); // [[1,2],[3,4]]
/// let b = Tensor::new([5, 6, 7, 8], l("(2,2):(2,1)")).unwrap(); // (N,K): Bᵀ = [[5,7],[6,8]]
/// let mut c = Tensor::new([0; 4], l("(2,2):(2,1)")).unwrap();
/// gemm(&a, &b, &mut c);
/// assert_eq!(c.engine(), &[1 * 5 + 2 * 6, 1 * 7 + 2 * 8, 3 * 5 + 4 * 6, 3 * 7 + 4 * 8]);
/// ```
///
/// # Panics
///
/// When the ranks are not one of the three above, or the extents of M, N
/// or K disagree between the tensors. (A swizzled tensor's ranks and
/// extents are its inner layout's; its elements are read through the swizzle.)
#[track_caller]
pub fn gemm<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
) where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
    let swizzled = |l: Option<_>| l.is_some();
    if swizzled(a.layout.to_core_composed())
        || swizzled(b.layout.to_core_composed())
        || swizzled(c.layout.to_core_composed())
    {
        return gemm_by_positions(a, b, c);
    }
    let (la, lb, lc) = (a.core(), b.core(), c.core());
    let ranks = (la.rank(), lb.rank(), lc.rank());
    // Positions per mode; a missing K mode is one step of offset 0.
    let (am, ak, bn, bk, cm, cn) = match ranks {
        (1, 1, 1) => {
            same_size("gemm (V)x(V)=>(V): A and B", a.size(), b.size());
            same_size("gemm (V)x(V)=>(V): A and C", a.size(), c.size());
            let (pa, pb) = (a.positions(), b.positions());
            let to = c.positions();
            let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
            let out = c.engine.as_mut_slice();
            for ((p, q), r) in pa.zip(pb).zip(to) {
                // SAFETY: positions of checked tensors are inside their engines.
                unsafe {
                    let acc = out.get_unchecked_mut(r);
                    *acc = *acc + *from_a.get_unchecked(p) * *from_b.get_unchecked(q);
                }
            }
            return;
        }
        (2, 2, 2) => {
            let singles = [(&la, 0), (&la, 1), (&lb, 0), (&lb, 1), (&lc, 0), (&lc, 1)]
                .map(|(l, i)| single_mode(l, i));
            if let [Some(am), Some(ak), Some(bn), Some(bk), Some(cm), Some(cn)] = singles {
                same_size("gemm: M of A and C", am.0, cm.0);
                same_size("gemm: N of B and C", bn.0, cn.0);
                same_size("gemm: K of A and B", ak.0, bk.0);
                let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
                let (ba, bb, bc) = (a.base as isize, b.base as isize, c.base as isize);
                let out = c.engine.as_mut_slice();
                // Every mode one arithmetic progression: the loops of
                // hand-indexed code, offsets by multiplication.
                for k in 0..ak.0 {
                    let (ka, kb) = (ba + k as isize * ak.1, bb + k as isize * bk.1);
                    for n in 0..bn.0 {
                        let (nb, nc) = (n as isize * bn.1, bc + n as isize * cn.1);
                        // SAFETY: base plus the offsets of one coordinate per
                        // mode is the position of that coordinate, inside the
                        // engine (`check_fits`).
                        let b_val = unsafe { *from_b.get_unchecked((kb + nb) as usize) };
                        if cm.1 == 1 {
                            // A contiguous column of C (the accumulators of
                            // `make_tensor_like`): one checked slice, which
                            // the compiler unrolls and vectorizes.
                            let column = &mut out[nc as usize..][..am.0];
                            for (m, acc) in column.iter_mut().enumerate() {
                                // SAFETY: as below.
                                let a_val = unsafe {
                                    *from_a.get_unchecked((ka + m as isize * am.1) as usize)
                                };
                                *acc = *acc + a_val * b_val;
                            }
                            continue;
                        }
                        for m in 0..am.0 {
                            let (ma, mc) = (m as isize * am.1, m as isize * cm.1);
                            unsafe {
                                let acc = out.get_unchecked_mut((nc + mc) as usize);
                                *acc = *acc + *from_a.get_unchecked((ka + ma) as usize) * b_val;
                            }
                        }
                    }
                }
                return;
            }
            if let Some(modes) = strided_modes(&la, &lb, &lc) {
                let [am, ak, bn, bk, cm, cn] = modes;
                same_size("gemm: M of A and C", am.len(), cm.len());
                same_size("gemm: N of B and C", bn.len(), cn.len());
                same_size("gemm: K of A and B", ak.len(), bk.len());
                let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
                let (ba, bb, bc) = (a.base as isize, b.base as isize, c.base as isize);
                let out = c.engine.as_mut_slice();
                for (ka, kb) in ak.zip(bk) {
                    for (nb, nc) in bn.zip(cn) {
                        // SAFETY: base plus the offsets of one coordinate per
                        // mode is the position of that coordinate, inside the
                        // engine (`check_fits`).
                        let b_val = unsafe { *from_b.get_unchecked((bb + nb + kb) as usize) };
                        for (ma, mc) in am.zip(cm) {
                            unsafe {
                                let acc = out.get_unchecked_mut((bc + mc + nc) as usize);
                                *acc =
                                    *acc + *from_a.get_unchecked((ba + ma + ka) as usize) * b_val;
                            }
                        }
                    }
                }
                return;
            }
            (
                mode_offsets(&la, Some(0)),
                mode_offsets(&la, Some(1)),
                mode_offsets(&lb, Some(0)),
                mode_offsets(&lb, Some(1)),
                mode_offsets(&lc, Some(0)),
                mode_offsets(&lc, Some(1)),
            )
        }
        (1, 1, 2) => (
            mode_offsets(&la, None),
            alloc::vec![0],
            mode_offsets(&lb, None),
            alloc::vec![0],
            mode_offsets(&lc, Some(0)),
            mode_offsets(&lc, Some(1)),
        ),
        (ra, rb, rc) => panic!(
            "gemm: tensors of ranks ({ra}) x ({rb}) => ({rc}); expected (V)x(V)=>(V), (M)x(N)=>(M,N) or (M,K)x(N,K)=>(M,N)"
        ),
    };
    same_size("gemm: M of A and C", am.len(), cm.len());
    same_size("gemm: N of B and C", bn.len(), cn.len());
    same_size("gemm: K of A and B", ak.len(), bk.len());
    let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
    let (ba, bb, bc) = (a.base as isize, b.base as isize, c.base as isize);
    let out = c.engine.as_mut_slice();
    for (&ka, &kb) in ak.iter().zip(&bk) {
        for (&nb, &nc) in bn.iter().zip(&cn) {
            let b_kn = bb + nb + kb;
            // SAFETY: base plus the offsets of one coordinate per mode is
            // the position of that coordinate, inside the engine.
            let b_val = unsafe { *from_b.get_unchecked(b_kn as usize) };
            for (&ma, &mc) in am.iter().zip(&cm) {
                unsafe {
                    let acc = out.get_unchecked_mut((bc + mc + nc) as usize);
                    *acc = *acc + *from_a.get_unchecked((ba + ma + ka) as usize) * b_val;
                }
            }
        }
    }
}

/// `gemm` where some tensor is swizzled: its offsets do not add up mode
/// by mode, so each tensor's positions are listed in index order (a
/// rank-2 tensor's element `(i, j)` at index `i + extent0·j`) and read
/// from the list.
#[track_caller]
fn gemm_by_positions<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
) where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
    let (ra, m, ka) = rank_and_extents(&a.layout);
    let (rb, n, kb) = rank_and_extents(&b.layout);
    let (rc, cm, cn) = rank_and_extents(&c.layout);
    let (pa, pb): (Vec<usize>, Vec<usize>) = (a.positions().collect(), b.positions().collect());
    let pc: Vec<usize> = c.positions().collect();
    let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
    let out = c.engine.as_mut_slice();
    if (ra, rb, rc) == (1, 1, 1) {
        same_size("gemm (V)x(V)=>(V): A and B", pa.len(), pb.len());
        same_size("gemm (V)x(V)=>(V): A and C", pa.len(), pc.len());
        for ((&p, &q), &r) in pa.iter().zip(&pb).zip(&pc) {
            out[r] = out[r] + from_a[p] * from_b[q];
        }
        return;
    }
    let k = match (ra, rb, rc) {
        (2, 2, 2) => ka,
        (1, 1, 2) => 1,
        (ra, rb, rc) => panic!(
            "gemm: tensors of ranks ({ra}) x ({rb}) => ({rc}); expected (V)x(V)=>(V), (M)x(N)=>(M,N) or (M,K)x(N,K)=>(M,N)"
        ),
    };
    same_size("gemm: M of A and C", m, cm);
    same_size("gemm: N of B and C", n, cn);
    same_size("gemm: K of A and B", k, if rb == 2 { kb } else { 1 });
    for kk in 0..k {
        for nn in 0..n {
            let b_val = from_b[pb[nn + n * kk]];
            for mm in 0..m {
                let r = pc[mm + m * nn];
                out[r] = out[r] + from_a[pa[mm + m * kk]] * b_val;
            }
        }
    }
}

/// The rank and the extents of modes 0 and 1 (1 for a missing mode 1) of
/// a tensor's layout (a swizzled one's inner layout).
fn rank_and_extents<L: AsLayout>(layout: &L) -> (usize, usize, usize) {
    let split = super::view::split(layout);
    let l = split.unwrap_or_else(|e| unreachable!("checked when the tensor was built: {e}"));
    let size = |i| l.algebra.mode(i).map_or(1, |m| m.size() as usize);
    (l.algebra.rank(), size(0), size(1))
}

/// The M, K, N, K, M, N modes of rank-2 A, B, C as fixed-array odometers,
/// when each has few enough leaves (no allocation); `None` otherwise.
fn strided_modes(la: &Layout, lb: &Layout, lc: &Layout) -> Option<[Strided; 6]> {
    Some([
        Strided::of_mode(la, 0)?,
        Strided::of_mode(la, 1)?,
        Strided::of_mode(lb, 0)?,
        Strided::of_mode(lb, 1)?,
        Strided::of_mode(lc, 0)?,
        Strided::of_mode(lc, 1)?,
    ])
}

/// The offsets of mode `i` (the whole layout for `None`), in order.
fn mode_offsets(layout: &Layout, mode: Option<usize>) -> Vec<isize> {
    let sub = match mode {
        Some(i) => layout.mode(i).unwrap_or_else(|| layout.clone()),
        None => layout.clone(),
    };
    // Offsets of a tensor's layout fit in `isize`.
    sub.offsets().map(|o| o as isize).collect()
}

#[track_caller]
pub(super) fn same_size(what: &str, a: usize, b: usize) {
    assert!(a == b, "{what}: sizes differ ({a} and {b})");
}
