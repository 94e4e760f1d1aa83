//! CuTe's partitions and algorithms on tensors over typed layouts, with
//! typed results: the nesting of every view is fixed while compiling,
//! static leaves stay static ([`CeilQuot`](crate::typed::CeilQuot), [`Quot`](crate::typed::Quot),
//! [`Prod`](crate::typed::Prod)), and the run-time work is straight-line
//! code with no allocation. Layouts are flat, as in CuTe's tutorial GEMM,
//! or nested (a mode a tuple of leaves or deeper, tiled by one static
//! extent over its leaves or a tuple of them; a run-time value that breaks
//! the nesting is an error naming it: docs/typed/tensors.md, "Typed
//! tensors and nested layouts").
//!
//! | CuTe | here |
//! |---|---|
//! | `local_tile(t, tiler, coord)` | [`local_tile`] |
//! | `local_tile(t, tiler, coord, Step<_1,X,_1>{})` | [`local_tile_step`] with `(C::<1>, X, C::<1>)` |
//! | `local_partition(t, thr_layout, thr_idx[, step])` | [`local_partition`], [`local_partition_step`] |
//! | `outer_partition(t, tiler, coord)` | [`outer_partition`] |
//! | `inner_partition(t, tiler, coord)` | [`inner_partition`] (= `local_tile`) |
//! | `t(_, _, k)` | [`slice()`]`(t, (X, X, k))` |
//! | `make_tensor_like(t)` | [`make_tensor_like`] (zeroed) |
//! | `copy`, `axpby`, `gemm`, `fill`, `clear` | the same names here |
//! | `make_identity_tensor(shape)`, partitioned by the same calls | [`make_identity_tensor`], [`IdentityTensor`]'s methods |
//! | `tApA(i) = elem_less(tAcA(i), shape(mA))` | [`IdentityTensor::predicate`], [`IdentityTensor::predicate_into`] |
//! | `copy_if(pred, src, dst)` | [`copy_if`], from a tensor or from an [`Unbounded`] view of a partial tile past the storage |
//! | predicated epilogue | [`axpby_if`] into an [`Unbounded`] view |
//! | `coalesce(t)`, `flatten(t)`, `group_modes<B,E>(t)`, `filter_zeros(t)`, `composition(t, L)`, `recast<T>(t)` | methods of a typed tensor: [`Tensor::coalesce`] (and [`Tensor::coalesce_static`], CuTe's merged layout), [`Tensor::flatten`], [`Tensor::group_modes`], [`Tensor::filter_zeros`], [`Tensor::composition`], [`Tensor::recast`]; typed results |
//!
//! The tensor is taken by value (pass [`Tensor::by_ref`] or
//! [`Tensor::by_mut`] for a view that keeps the typed layout); the result
//! borrows the same engine.
//!
//! ```
//! use layout_dsl::tensor::{Tensor, X, typed};
//! use layout_dsl::typed::C;
//! use layout_dsl::layout;
//!
//! let (m, k) = (256, 16);
//! let data: Vec<f32> = (0..m * k).map(|x| x as f32).collect();
//! let a = Tensor::new(&data[..], layout!((m,k):(1,m))).unwrap(); // (M,K)
//! // The CTA tile (1, _) of 128×8: (128, 8, k-tiles), the tile static.
//! let g = typed::local_tile(a, (C::<128>, C::<8>), (1, X)).unwrap();
//! assert_eq!(g.layout().to_string(), "(128,8,2):(1,256,2048)");
//! assert_eq!(g[(0, 0, 0)], 128.0);
//! // Thread 33's share under a (32,8) thread layout: (4,1,2), strides 32
//! // and 0 static (CuTe: (_4,_1,2):(_32,_0,2048)).
//! let thr = layout!(type (32,8):(1,32));
//! let p = typed::local_partition(g, &thr, 33).unwrap();
//! assert_eq!(p.layout().to_string(), "(4,1,2):(32,0,2048)");
//! assert_eq!(p[(1, 0, 1)], (128 + 1 + 256 + 32 + 2048) as f32);
//! ```
//!
//! # Generic code
//!
//! A function generic over its tensors' layouts names the bounds the
//! functions here take ([`WalkPaired`], [`WalkWith`], [`GemmOperand`], [`Fits`],
//! [`Tiler`], …) and forwards them, as a CuTe function template would. The
//! partitions first compare ranks on the layout's shape, so a layout
//! parameter of a partition also names [`LayoutShape`] (the rank checks
//! are supertraits of [`Tiler`], [`SliceOf`], [`ThreadsOf`] and
//! [`ThreadIndex`]); `gemm`'s operands name [`Gemm`] (`LA: Gemm<LB, LC>`):
//!
//! ```
//! use layout_dsl::layout;
//! use layout_dsl::tensor::typed::{self, Fits, LayoutShape, Tiler, WalkPaired};
//! use layout_dsl::tensor::Tensor;
//! use layout_dsl::typed::C;
//!
//! // CuTe's `template <class S, class D> void copy(Tensor<…, S>, Tensor<…, D>)`.
//! fn my_copy<S: WalkPaired<D>, D>(src: &Tensor<&[f32], S>, dst: &mut Tensor<&mut [f32], D>) {
//!     typed::copy(src, dst);
//! }
//! // The first 2x2 tile of any rank-2 typed tensor.
//! fn corner<L: LayoutShape, O: Fits>(t: Tensor<&[f32], L>) -> Tensor<&[f32], O>
//! where
//!     (C<2>, C<2>): Tiler<L, (usize, usize), Output = O>,
//! {
//!     typed::local_tile(t, (C::<2>, C::<2>), (0, 0)).unwrap()
//! }
//!
//! let a: Vec<f32> = (0..16).map(|x| x as f32).collect();
//! let mut b = [0.0f32; 16];
//! let s = Tensor::new(&a[..], layout!(type (4,4):(1,4))).unwrap();
//! let mut d = Tensor::new(&mut b[..], layout!(type (4,4):(4,1))).unwrap();
//! my_copy(&s, &mut d);
//! assert_eq!(b[1], 4.0);
//! assert_eq!(corner(s).iter().copied().collect::<Vec<_>>(), [0.0, 1.0, 4.0, 5.0]);
//! ```

pub use super::elem_less;
pub use super::typed_args::{
    OuterTiler, SliceOf, ThreadIndex, ThreadsOf, ThreadsStep, Tiler, TilerStep, slice_and_offset,
};
pub use super::typed_checks::{
    LayoutShape, SliceCoordModes, SliceNests, ThreadCoordModes, ThreadModes, TilerModes, TilerNests,
};
pub use super::typed_dice::{DiceOf, dice};
pub use super::typed_gemm::{gemm, try_gemm};
pub use super::typed_gemm_plan::{GemmKernel, gemm_kernel};
pub use super::typed_identity::{IdentityTensor, make_identity_tensor};
pub use super::typed_masked::{Masked, MaskedCoord, ThreadsMasked, local_partition_masked};
pub use super::typed_masked_step::{ThreadsStepMasked, local_partition_step_masked};
pub use super::typed_masked_tile::{
    OuterMasked, TilerMasked, TilerStepMasked, local_tile_masked, local_tile_step_masked,
    outer_partition_masked,
};
pub use super::typed_partitions::{
    inner_partition, local_partition, local_partition_step, local_tile, local_tile_step,
    outer_partition, slice,
};
pub use super::typed_predicated::{CopySource, HasLayout, Unbounded, axpby_if, copy_if};
pub use super::typed_slice_nesting::ModeShape;
pub use super::typed_vocab::{CoalescedStatic, ComposeNegative, GroupModes};
pub use crate::__private::UnitTile;
/// The bounds of the algorithms and partitions here, for generic code
/// (module docs, "Generic code").
pub use crate::__private::{
    Fits, Gemm, GemmForm, GemmMode, GemmOperand, GemmRankForm, ModeCount, Modes, Rank, RankOf,
    WalkPaired, WalkWith,
};
pub use crate::__private::{SliceCoordIn, SliceEntryIn};

use alloc::vec;
use alloc::vec::Vec;

use layout_core::Error;

use super::{Engine, EngineMut, Scalar, Tensor};
use crate::__private::{CompactLayout, Layout};

impl<E: Engine, L: Copy> Tensor<E, L> {
    /// A view borrowing the engine, with the same (typed) layout.
    #[inline]
    pub fn by_ref(&self) -> Tensor<&[E::Elem], L> {
        Tensor {
            engine: self.engine.as_slice(),
            layout: self.layout,
            base: self.base,
        }
    }
}

impl<E: EngineMut, L: Copy> Tensor<E, L> {
    /// A mutable view borrowing the engine, with the same (typed) layout.
    #[inline]
    pub fn by_mut(&mut self) -> Tensor<&mut [E::Elem], L> {
        Tensor {
            engine: self.engine.as_mut_slice(),
            layout: self.layout,
            base: self.base,
        }
    }
}

/// CuTe's `make_tensor_like(t)`: an owned tensor of `t`'s shape, compact
/// column-major (static strides where the extents are static), zeroed.
pub fn make_tensor_like<T: Default + Clone, V, S, D, I>(
    t: &V,
) -> Result<Tensor<Vec<T>, S::Output>, Error>
where
    V: HasLayout<Layout = Layout<S, D, I>>,
    S: CompactLayout + crate::__private::Mode<D>,
    D: crate::__private::Tree,
    I: crate::__private::Offset,
    S::Output: Fits,
{
    let layout = t.typed_layout().shape().compact_layout()?;
    let size = t.typed_layout().size();
    layout.check_fits(0, size)?;
    // Every tensor's layout is one the core holds (`Tensor::new`'s rule),
    // which the partitions rely on; a compact layout is, where its size
    // is (the buffer bounds it unless its elements are zero-sized).
    if size > i64::MAX as usize {
        return Err(Error::new(layout_core::ErrorKind::Overflow(
            "make_tensor_like: a size past i64::MAX, which the core refuses",
        )));
    }
    Ok(Tensor {
        engine: vec![T::default(); size],
        layout,
        base: 0,
    })
}

/// CuTe's `copy(src, dst)`: `dst(i) = src(i)` for every 1-D index `i`, as
/// CuTe's `copy` (the two layouts need equal sizes only, any shapes: a
/// nested tile into a flat register tensor, a broadcast stride-0 source).
///
/// Where the leaf extents agree the two layouts are walked in lockstep, one
/// loop per leaf; otherwise in runs as long as both sides' current leaf-0
/// rows allow, each side moving to its next row by an odometer (a counter
/// per leaf): no division per element either way.
///
/// # Panics
///
/// If the sizes differ (where both sizes are static, that is an error when
/// the code is built).
///
/// ```
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::layout;
///
/// let src: Vec<i32> = (0..8).collect();
/// let s = Tensor::new(&src[..], layout!(type ((2,2),2):((1,2),4))).unwrap();
/// let mut dst = vec![0; 8];
/// let mut d = Tensor::new(&mut dst[..], layout!(type (4,2):(2,1))).unwrap();
/// typed::copy(&s, &mut d); // d(i) = s(i): i = 0..8 in order
/// assert_eq!(dst, [0, 4, 1, 5, 2, 6, 3, 7]);
/// ```
///
/// Two static sizes that differ (24 and 32) fail when the code is built
/// (a `const` assertion, so `cargo check` does not see it). It cannot be
/// a trait bound, which `cargo check` would report: a static size is not
/// a type but a number, the product of the leaves' values (an associated
/// `const`, [`StaticSize`](crate::__private::StaticSize)), and on stable
/// Rust a bound cannot compare two such numbers (`Same<{ A::SIZE }, {
/// B::SIZE }>` needs the unstable `generic_const_exprs`); comparing the
/// size *types* instead would refuse equal sizes spelled differently
/// (`(4,6)` and `(6,4)`, or `Quot<C<48>, C<2>>` and `C<24>`). So the
/// assertion runs when `copy` is instantiated for the two layouts:
/// `cargo build` and `cargo test` report it (error E0080, "copy/axpby:
/// the two layouts' static sizes differ", and a note naming the
/// instantiation), `cargo check` and rust-analyzer do not.
///
/// ```compile_fail,E0080
/// use layout_dsl::tensor::{Tensor, typed};
/// use layout_dsl::layout;
///
/// let (src, mut dst) = ([0.0f32; 24], [0.0f32; 32]);
/// let s = Tensor::new(&src[..], layout!(type (4,6):(1,4))).unwrap();
/// let mut d = Tensor::new(&mut dst[..], layout!(type (4,8):(8,1))).unwrap();
/// typed::copy(&s, &mut d);
/// ```
// `#[track_caller]`: a size mismatch is the caller's mistake, reported at
// the call as the core's `copy` reports it.
#[inline]
#[track_caller]
pub fn copy<T: Copy, ES: Engine<Elem = T>, ED: EngineMut<Elem = T>, LS: WalkPaired<LD>, LD>(
    src: &Tensor<ES, LS>,
    dst: &mut Tensor<ED, LD>,
) {
    if !src.layout.same_size(&dst.layout) {
        sizes_differ("copy", src.layout.sizes(&dst.layout));
    }
    let (s, d) = (src.engine.as_slice(), dst.engine.as_mut_slice());
    src.layout
        .walk_paired(&dst.layout, src.base, dst.base, |i, o| {
            // SAFETY: both offsets are inside their engines (checked when the
            // tensors were built), for every 1-D index below the equal sizes.
            unsafe { *d.get_unchecked_mut(o) = *s.get_unchecked(i) }
        });
}

/// CuTe's `fill(t, value)`.
#[inline]
pub fn fill<T: Copy, E: EngineMut<Elem = T>, L: WalkWith<L>>(t: &mut Tensor<E, L>, value: T) {
    let d = t.engine.as_mut_slice();
    t.layout.walk_with(&t.layout, t.base, t.base, |o, _| {
        // SAFETY: an offset of the tensor, inside its engine.
        unsafe { *d.get_unchecked_mut(o) = value }
    });
}

/// CuTe's `clear(t)`: every element to `T::default()` (zero).
#[inline]
pub fn clear<T: Copy + Default, E: EngineMut<Elem = T>, L: WalkWith<L>>(t: &mut Tensor<E, L>) {
    fill(t, T::default());
}

/// CuTe's `axpby(a, x, b, y)`: `y(i) = a·x(i) + b·y(i)` for every 1-D
/// index `i` (equal sizes, any shapes, walked as in [`copy`]).
///
/// # Panics
///
/// If the sizes differ (static sizes: an error when the code is built).
#[inline]
#[track_caller]
pub fn axpby<T: Scalar, EX: Engine<Elem = T>, EY: EngineMut<Elem = T>, LX: WalkPaired<LY>, LY>(
    a: T,
    x: &Tensor<EX, LX>,
    b: T,
    y: &mut Tensor<EY, LY>,
) {
    if !x.layout.same_size(&y.layout) {
        sizes_differ("axpby", x.layout.sizes(&y.layout));
    }
    let (xs, ys) = (x.engine.as_slice(), y.engine.as_mut_slice());
    x.layout.walk_paired(&y.layout, x.base, y.base, |i, o| {
        // SAFETY: as in `copy`.
        unsafe {
            let out = ys.get_unchecked_mut(o);
            *out = a * *xs.get_unchecked(i) + b * *out;
        }
    });
}

/// The panic of `copy` and `axpby` between tensors of different sizes,
/// naming both; out of line, so the walk's caller keeps only the test.
#[cold]
#[inline(never)]
#[track_caller]
fn sizes_differ(what: &str, (a, b): (usize, usize)) -> ! {
    panic!("{what}: the sizes differ ({a} and {b})")
}
