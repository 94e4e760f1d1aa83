//! CuTe's reference `gemm` (`algorithm/gemm.hpp`) on tensors of any
//! layout: the five forms CuTe dispatches on by rank, each read as the
//! last, `(V,M,K) x (V,N,K) => (V,M,N)`, with the modes a form lacks of
//! extent 1 (CuTe's own reduction: `append<2>` gives `(M)` a `K` of 1,
//! `prepend<3>` gives `(M,K)` a `V` of 1).

use alloc::vec::Vec;

use layout_core::{DomainError, Error};

use super::strided::{Strided, single_mode};
use super::{AsLayout, Engine, EngineMut, Scalar, Tensor};

/// Which mode of an operand plays each of its three roles (A: `V, M, K`;
/// B: `V, N, K`; C: `V, M, N`); `None` is a role of extent 1 the form lacks.
type Roles = [Option<usize>; 3];

/// CuTe's forms, by the ranks of A, B and C: the roles of each one's modes.
fn roles(ranks: (usize, usize, usize)) -> Result<[Roles; 3], Error> {
    const V: Roles = [Some(0), None, None];
    const X: Roles = [None, Some(0), None];
    const XY: Roles = [None, Some(0), Some(1)];
    const VX: Roles = [Some(0), Some(1), None];
    const VXY: Roles = [Some(0), Some(1), Some(2)];
    Ok(match ranks {
        (1, 1, 1) => [V, V, V],       // (V) x (V) => (V)
        (1, 1, 2) => [X, X, XY],      // (M) x (N) => (M,N)
        (2, 2, 2) => [XY, XY, XY],    // (M,K) x (N,K) => (M,N)
        (2, 2, 3) => [VX, VX, VXY],   // (V,M) x (V,N) => (V,M,N)
        (3, 3, 3) => [VXY, VXY, VXY], // (V,M,K) x (V,N,K) => (V,M,N)
        (a, b, c) => return Err(DomainError::GemmRanks { a, b, c }.into()),
    })
}

/// An operand's extents per role, and the step of its 1-D index per role
/// (mode `i` of a layout moves the index by the product of the extents
/// before it): where role coordinate `(v, x, y)` is in the layout's order.
struct Operand {
    extent: [usize; 3],
    step: [usize; 3],
}

impl Operand {
    fn of<L: AsLayout>(layout: &L, roles: &Roles) -> Operand {
        let extents = mode_extents(layout);
        let mut before = 1;
        let steps: Vec<usize> = extents
            .iter()
            .map(|e| {
                let step = before;
                before *= e;
                step
            })
            .collect();
        Operand {
            extent: roles.map(|r| r.map_or(1, |i| extents[i])),
            step: roles.map(|r| r.map_or(0, |i| steps[i])),
        }
    }

    fn index(&self, coord: [usize; 3]) -> usize {
        (0..3).map(|i| coord[i] * self.step[i]).sum()
    }
}

/// The extent of each top-level mode (a swizzled layout's: its inner
/// layout's); a one-mode layout is its own mode.
fn mode_extents<L: AsLayout>(layout: &L) -> Vec<usize> {
    let split = super::view::split(layout);
    let l = split.unwrap_or_else(|e| unreachable!("checked when the tensor was built: {e}"));
    // Sizes of a checked tensor's modes fit in `usize`.
    l.algebra
        .modes()
        .iter()
        .map(|m| m.size() as usize)
        .collect()
}

/// The rank of a tensor's layout (a swizzled one's inner layout's).
fn rank<L: AsLayout>(layout: &L) -> usize {
    mode_extents(layout).len()
}

/// The extents of A's `(V,M,K)`, B's `(V,N,K)` and C's `(V,M,N)` agree.
pub(super) fn check_extents(a: [usize; 3], b: [usize; 3], c: [usize; 3]) -> Result<(), Error> {
    for (mode, left, right) in [
        ("V of A and B", a[0], b[0]),
        ("V of A and C", a[0], c[0]),
        ("M of A and C", a[1], c[1]),
        ("N of B and C", b[1], c[2]),
        ("K of A and B", a[2], b[2]),
    ] {
        if left != right {
            return Err(DomainError::GemmExtents { mode, left, right }.into());
        }
    }
    Ok(())
}

/// CuTe's reference `gemm(A, B, C)`: `C += A·B`, dispatched on the ranks
/// as CuTe does:
///
/// - `(V) x (V) => (V)`: `C(v) += A(v)·B(v)`;
/// - `(M) x (N) => (M,N)`: `C(m,n) += A(m)·B(n)`;
/// - `(M,K) x (N,K) => (M,N)`: `C(m,n) += Σ_k A(m,k)·B(n,k)`;
/// - `(V,M) x (V,N) => (V,M,N)`: `C(v,m,n) += A(v,m)·B(v,n)`;
/// - `(V,M,K) x (V,N,K) => (V,M,N)`: `C(v,m,n) += Σ_k A(v,m,k)·B(v,n,k)`.
///
/// Every element of C adds its products in ascending `k`, as CuTe's
/// loop over `k` outside the `(m,n)` loops does (CuTe visits `(m,n)` in a
/// serpentine order, which changes no sum), so the result equals the
/// naive loop's bit for bit. Modes may be nested (`m` is then a 1-D
/// coordinate of mode M) and have any strides. (CuTe's `(V)` is the
/// vector of one MMA; with the reference FMA it is 1, and the forms with
/// `V` here are the element-wise products CuTe's FMA would make for
/// each `v`.)
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
/// With [`try_gemm`]'s error: when the ranks are none of the five forms,
/// or the extents of V, M, N or K disagree between the tensors.
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
    if let Err(e) = try_gemm(a, b, c) {
        panic!("{e}");
    }
}

/// [`gemm`], refusing operands of ranks none of CuTe's five forms
/// ([`DomainError::GemmRanks`]) or of disagreeing extents
/// ([`DomainError::GemmExtents`]) with an error, before any element is
/// written.
///
/// ```
/// use layout_dsl::tensor::{try_gemm, Tensor};
/// use layout_dsl::Layout;
/// let l = |s: &str| s.parse::<Layout>().unwrap();
/// let a = Tensor::new([1; 8], l("(2,2,2):(1,2,4)")).unwrap(); // (V,M,K)
/// let b = Tensor::new([1; 4], l("(2,2):(1,2)")).unwrap(); // (N,K)
/// let mut c = Tensor::new([0; 4], l("(2,2):(1,2)")).unwrap();
/// let e = try_gemm(&a, &b, &mut c).unwrap_err();
/// assert!(e.to_string().starts_with("gemm has no form for ranks (3) x (2) => (2)"));
/// assert_eq!(c.engine(), &[0; 4]);
/// ```
pub fn try_gemm<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
) -> Result<(), Error>
where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
    let ranks = (rank(&a.layout), rank(&b.layout), rank(&c.layout));
    let [ra, rb, rc] = roles(ranks)?;
    let (oa, ob, oc) = (
        Operand::of(&a.layout, &ra),
        Operand::of(&b.layout, &rb),
        Operand::of(&c.layout, &rc),
    );
    check_extents(oa.extent, ob.extent, oc.extent)?;
    let swizzled = a.layout.to_core_composed().is_some()
        || b.layout.to_core_composed().is_some()
        || c.layout.to_core_composed().is_some();
    match ranks {
        (1, 1, 1) => elementwise(a, b, c),
        (2, 2, 2) if !swizzled => matrix(a, b, c),
        _ => by_positions(a, b, c, [oa, ob, oc]),
    }
    Ok(())
}

/// `(V) x (V) => (V)`: the three tensors walked in step.
fn elementwise<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
) where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
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
}

/// `(M,K) x (N,K) => (M,N)` of plain layouts, extents checked: every mode
/// one arithmetic progression (offsets by multiplication, the loops of
/// hand-indexed code), or a few leaves (fixed-array odometers), or any.
fn matrix<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
) where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
    let (la, lb, lc) = (a.core(), b.core(), c.core());
    let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
    let (ba, bb, bc) = (a.base as isize, b.base as isize, c.base as isize);
    let singles = [(&la, 0), (&la, 1), (&lb, 0), (&lb, 1), (&lc, 0), (&lc, 1)]
        .map(|(l, i)| single_mode(l, i));
    if let [Some(am), Some(ak), Some(bn), Some(bk), Some(cm), Some(cn)] = singles {
        let out = c.engine.as_mut_slice();
        for k in 0..ak.0 {
            let (ka, kb) = (ba + k as isize * ak.1, bb + k as isize * bk.1);
            for n in 0..bn.0 {
                let (nb, nc) = (n as isize * bn.1, bc + n as isize * cn.1);
                // SAFETY: base plus the offsets of one coordinate per mode
                // is the position of that coordinate, inside the engine
                // (`check_fits`).
                let b_val = unsafe { *from_b.get_unchecked((kb + nb) as usize) };
                if cm.1 == 1 {
                    // A contiguous column of C (the accumulators of
                    // `make_tensor_like`): one checked slice, which the
                    // compiler unrolls and vectorizes.
                    let column = &mut out[nc as usize..][..am.0];
                    for (m, acc) in column.iter_mut().enumerate() {
                        // SAFETY: as above.
                        let a_val =
                            unsafe { *from_a.get_unchecked((ka + m as isize * am.1) as usize) };
                        *acc = *acc + a_val * b_val;
                    }
                    continue;
                }
                for m in 0..am.0 {
                    let (ma, mc) = (m as isize * am.1, m as isize * cm.1);
                    // SAFETY: as above.
                    unsafe {
                        let acc = out.get_unchecked_mut((nc + mc) as usize);
                        *acc = *acc + *from_a.get_unchecked((ka + ma) as usize) * b_val;
                    }
                }
            }
        }
        return;
    }
    let strided = [(&la, 0), (&la, 1), (&lb, 0), (&lb, 1), (&lc, 0), (&lc, 1)]
        .map(|(l, i)| Strided::of_mode(l, i));
    if let [Some(am), Some(ak), Some(bn), Some(bk), Some(cm), Some(cn)] = strided {
        let out = c.engine.as_mut_slice();
        for (ka, kb) in ak.zip(bk) {
            for (nb, nc) in bn.zip(cn) {
                // SAFETY: as above.
                let b_val = unsafe { *from_b.get_unchecked((bb + nb + kb) as usize) };
                for (ma, mc) in am.zip(cm) {
                    // SAFETY: as above.
                    unsafe {
                        let acc = out.get_unchecked_mut((bc + mc + nc) as usize);
                        *acc = *acc + *from_a.get_unchecked((ba + ma + ka) as usize) * b_val;
                    }
                }
            }
        }
        return;
    }
    let roles = [None, Some(0), Some(1)];
    let operands = [
        Operand::of(&a.layout, &roles),
        Operand::of(&b.layout, &roles),
        Operand::of(&c.layout, &roles),
    ];
    by_positions(a, b, c, operands);
}

/// Any form, any layouts (swizzled ones too, whose offsets do not add up
/// mode by mode): each tensor's positions listed in its 1-D order and
/// read at the index of each role coordinate; `k` outermost, so every
/// element of C adds its products in ascending `k`.
fn by_positions<T: Scalar, A, B, C>(
    a: &Tensor<A, impl AsLayout>,
    b: &Tensor<B, impl AsLayout>,
    c: &mut Tensor<C, impl AsLayout>,
    [oa, ob, oc]: [Operand; 3],
) where
    A: Engine<Elem = T>,
    B: Engine<Elem = T>,
    C: EngineMut<Elem = T>,
{
    let (pa, pb): (Vec<usize>, Vec<usize>) = (a.positions().collect(), b.positions().collect());
    let pc: Vec<usize> = c.positions().collect();
    let (from_a, from_b) = (a.engine.as_slice(), b.engine.as_slice());
    let out = c.engine.as_mut_slice();
    let [v_len, m_len, k_len] = oa.extent;
    let n_len = ob.extent[1];
    for k in 0..k_len {
        for n in 0..n_len {
            for m in 0..m_len {
                for v in 0..v_len {
                    let r = pc[oc.index([v, m, n])];
                    out[r] =
                        out[r] + from_a[pa[oa.index([v, m, k])]] * from_b[pb[ob.index([v, n, k])]];
                }
            }
        }
    }
}
