//! CuTe's reference algorithms on tensors (`algorithm/*.hpp`): element `i`
//! of a tensor is its element at 1-D coordinate `i` (colexicographic order),
//! walked by the odometer, with no division per element.

use core::ops::{Add, Mul};

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

#[track_caller]
pub(super) fn same_size(what: &str, a: usize, b: usize) {
    assert!(a == b, "{what}: sizes differ ({a} and {b})");
}
