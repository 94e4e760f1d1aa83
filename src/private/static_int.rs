//! Static leaves computed from static leaves, on stable Rust.
//!
//! `C<{A * B}>` needs `generic_const_exprs`; a type that *names* the
//! expression does not: [`Prod<A, B>`] and [`Quot<A, B>`] are zero-sized
//! leaves whose value is an associated `const` folded from their operands'
//! (ARCHITECTURE.md, "Typed algebra on dynamic leaves: the plan"). So a
//! typed partition of a static layout stays static (`128/16` is
//! `Quot<C<128>, C<16>>`, a constant 8 in every use), and one with a
//! dynamic operand is a `usize` computed by straight-line code, as CuTe's
//! `is_static` branches choose. [`Times`] and [`Over`] pick between the two
//! by the operands' types.

use core::fmt;
use core::marker::PhantomData;

use layout_core::Error;

use super::algebra::AlgebraError;
use super::int::{C, Int};

/// A leaf whose value is in its type: [`C<N>`](C), [`Quot`], [`Prod`], [`Min`].
pub trait StaticInt: Int + Default {
    /// The value.
    const VALUE: i64;
}

impl<const N: i64> StaticInt for C<N> {
    const VALUE: i64 = N;
}

/// The static leaf `A / B`, for static `A` divisible by static `B > 0`
/// (checked while compiling, where the leaf is made): how a nested mode's
/// leaves share a static tile (CuTe's `shape_div`, whose `static_assert`
/// this is).
///
/// ```
/// use layout_dsl::typed::{C, Int, Quot};
/// assert_eq!(Quot::<C<128>, C<16>>::default().get(), 8);
/// assert_eq!(<Quot<C<128>, C<16>> as Int>::STATIC, Some(8));
/// ```
pub struct Quot<A, B>(PhantomData<(A, B)>);

/// The static leaf `A * B`, for static `A` and `B`.
///
/// ```
/// use layout_dsl::typed::{C, Int, Prod};
/// assert_eq!(Prod::<C<128>, C<16>>::default().get(), 2048);
/// ```
pub struct Prod<A, B>(PhantomData<(A, B)>);

/// The static leaf `A` when `B` is not 0, else 1: an extent `A` under a
/// static stride `B` after `filter_zeros` (`shape_values.rs`).
///
/// ```
/// use layout_dsl::typed::{C, Int, IfNonZero};
/// assert_eq!(IfNonZero::<C<4>, C<0>>::default().get(), 1);
/// assert_eq!(IfNonZero::<C<4>, C<2>>::default().get(), 4);
/// ```
pub struct IfNonZero<A, B>(PhantomData<(A, B)>);

/// The static leaf `ceil(A / B)`, for static `A ≥ 0` and `B > 0`: the
/// number of tiles of `B` over a static extent `A` that `B` need not divide
/// (CuTe's `logical_divide`, whose last tile may be partial).
///
/// ```
/// use layout_dsl::typed::{C, CeilQuot, Int};
/// assert_eq!(CeilQuot::<C<10>, C<4>>::default().get(), 3);
/// ```
pub struct CeilQuot<A, B>(PhantomData<(A, B)>);

/// The static leaf `min(A, B)`: the part of a static tile a static leaf
/// of a nested mode takes (`typed_divide.rs`).
///
/// ```
/// use layout_dsl::typed::{C, Int, Min};
/// assert_eq!(Min::<C<2>, C<16>>::default().get(), 2);
/// ```
pub struct Min<A, B>(PhantomData<(A, B)>);

/// The traits every zero-sized static leaf has, from its `StaticInt`
/// value: the derives (which would bound the operands), `Debug` as
/// `C<N>`, and `Int`. The generics come in brackets: all of them, the
/// same with the bounds `VALUE` needs, and the type's arguments.
macro_rules! static_leaf {
    ([$($g:tt)*] [$($b:tt)*] $ty:ident [$($a:tt)*]) => {
        impl<$($g)*> Clone for $ty<$($a)*> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$($g)*> Copy for $ty<$($a)*> {}
        // A check's message prints the folded leaf as `Extent` (its value
        // is not a type rustc can print: `mode_form.rs`).
        impl<$($g)*> $crate::__private::ModeForm for $ty<$($a)*> {
            type Form = $crate::__private::Extent;
        }
        impl<$($g)*> Default for $ty<$($a)*> {
            fn default() -> Self {
                $ty(PhantomData)
            }
        }
        impl<$($g)*> PartialEq for $ty<$($a)*> {
            fn eq(&self, _: &Self) -> bool {
                true
            }
        }
        impl<$($g)*> Eq for $ty<$($a)*> {}
        impl<$($g)*> core::hash::Hash for $ty<$($a)*> {
            fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
        }
        impl<$($b)*> fmt::Debug for $ty<$($a)*> {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "C<{}>", Self::VALUE)
            }
        }

        impl<$($b)*> Int for $ty<$($a)*> {
            const STATIC: Option<i64> = Some(Self::VALUE);
            #[inline(always)]
            fn get(self) -> usize {
                Self::VALUE as usize
            }
            fn to_i64(self) -> Result<i64, Error> {
                Ok(Self::VALUE)
            }
            fn write(self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", Self::VALUE)
            }
            fn from_i64(value: i64) -> Option<Self> {
                (value == Self::VALUE).then(Self::default)
            }
            fn write_form(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "{}", Self::VALUE)
            }
        }
    };
}
pub(super) use static_leaf;

/// A static leaf of two static operands whose value is `$value`.
macro_rules! folded {
    ($ty:ident, $value:expr) => {
        impl<A: StaticInt, B: StaticInt> StaticInt for $ty<A, B> {
            const VALUE: i64 = $value;
        }
        static_leaf!([A, B] [A: StaticInt, B: StaticInt] $ty [A, B]);
    };
}

folded!(Quot, {
    assert!(B::VALUE > 0, "a tile extent must be positive");
    assert!(
        A::VALUE % B::VALUE == 0,
        "a static tile must divide the static extent it tiles"
    );
    A::VALUE / B::VALUE
});
folded!(
    Prod,
    match A::VALUE.checked_mul(B::VALUE) {
        Some(p) => p,
        None => panic!("a static stride times a static tile overflows i64"),
    }
);

folded!(IfNonZero, if B::VALUE == 0 { 1 } else { A::VALUE });

folded!(CeilQuot, {
    assert!(B::VALUE > 0, "a tile extent must be positive");
    assert!(A::VALUE >= 0, "an extent is never negative");
    (A::VALUE + B::VALUE - 1) / B::VALUE
});

folded!(
    Min,
    if A::VALUE < B::VALUE {
        A::VALUE
    } else {
        B::VALUE
    }
);

/// The static leaf `B` unless `A` is 1, then 0: the stride of a tile of
/// static extent `A` over a mode of stride `B`, as CuTe composes a tile of
/// `_1` to `_1:_0` ([`TileStride`]), and of a rest of static extent `A`
/// stepping by `B` ([`RestStride`]).
///
/// ```
/// use layout_dsl::typed::{C, Int, UnitZero};
/// assert_eq!(UnitZero::<C<1>, C<8>>::default().get(), 0);
/// assert_eq!(UnitZero::<C<4>, C<8>>::default().get(), 8);
/// ```
pub struct UnitZero<A, B>(PhantomData<(A, B)>);

folded!(UnitZero, if A::VALUE == 1 { 0 } else { B::VALUE });

/// The stride a tile of static extent `T` keeps from its mode's stride
/// `self`: `self`, or 0 for a tile of 1 (CuTe's `_1:_0`: a one-element
/// tile reads the same element either way, and prints as CuTe's). Static
/// for a static stride ([`UnitZero`]); for a `usize` stride a branch on a
/// constant, folded away.
pub trait TileStride<T: StaticInt>: Int {
    /// The tile's stride leaf.
    type Out: Int;
    /// The tile's stride.
    fn tile_stride(self) -> Self::Out;
}

impl<D: StaticInt, T: StaticInt> TileStride<T> for D {
    type Out = UnitZero<T, D>;
    #[inline(always)]
    fn tile_stride(self) -> UnitZero<T, D> {
        UnitZero::default()
    }
}

impl<T: StaticInt> TileStride<T> for usize {
    type Out = usize;
    #[inline(always)]
    fn tile_stride(self) -> usize {
        if T::VALUE == 1 { 0 } else { self }
    }
}

/// The stride a rest (one coordinate per tile) of extent `self` keeps
/// from its step `X`: `X`, or 0 where the extent is a static 1, as CuTe
/// prints it (its complement of a tile that covers a static mode is
/// `_1:_0`, so the rest composed from it is `_1:_0`). Static for a static
/// step ([`UnitZero`]); a dynamic extent keeps its step, as CuTe's does.
pub trait RestStride<X: Int>: Int {
    /// The rest's stride leaf.
    type Out: Int;
    /// The rest's stride.
    fn rest_stride(self, step: X) -> Self::Out;
}

impl<E: StaticInt, X: StaticInt> RestStride<X> for E {
    type Out = UnitZero<E, X>;
    #[inline(always)]
    fn rest_stride(self, _: X) -> UnitZero<E, X> {
        UnitZero::default()
    }
}

impl<E: StaticInt> RestStride<usize> for E {
    type Out = usize;
    #[inline(always)]
    fn rest_stride(self, step: usize) -> usize {
        if E::VALUE == 1 { 0 } else { step }
    }
}

impl<X: Int> RestStride<X> for usize {
    type Out = X;
    #[inline(always)]
    fn rest_stride(self, step: X) -> X {
        step
    }
}

/// `self * B` for a stride or extent leaf: static when both are (a
/// [`Prod`]), a checked `usize` product otherwise.
pub trait Times<B: Int>: Int {
    /// The product's leaf type.
    type Out: Int;
    /// The product; a dynamic one that overflows is an error naming both.
    fn times(self, b: B, function: &'static str) -> Result<Self::Out, AlgebraError>;
}

impl<A: StaticInt, B: StaticInt> Times<B> for A {
    type Out = Prod<A, B>;
    #[inline(always)]
    fn times(self, _: B, _: &'static str) -> Result<Prod<A, B>, AlgebraError> {
        Ok(Prod::default())
    }
}

impl<A: StaticInt> Times<usize> for A {
    type Out = usize;
    #[inline(always)]
    fn times(self, b: usize, function: &'static str) -> Result<usize, AlgebraError> {
        super::algebra::scale(function, self.get(), b)
    }
}

impl<B: Int> Times<B> for usize {
    type Out = usize;
    #[inline(always)]
    fn times(self, b: B, function: &'static str) -> Result<usize, AlgebraError> {
        super::algebra::scale(function, self, b.get())
    }
}

/// `ceil(s / t)` for a constant `t > 0`, exact for every `s`: `(s + t-1) / t`
/// unless that sum passes `usize::MAX` (then `div_ceil`, out of the way).
/// One compare, an add and a shift for a power of two (`div_ceil`'s
/// remainder test is two more), and a compare the optimiser drops where
/// it knows `s` small, as a tensor's partition does
/// (`tensor::typed::local_partition`: then `lea` and `shr`).
#[inline(always)]
fn ceil_div(s: usize, t: usize) -> usize {
    match s.checked_add(t - 1) {
        Some(sum) => sum / t,
        None => s.div_ceil(t),
    }
}

/// An extent leaf divided by a static tile `T`: the number of tiles,
/// `ceil(s / T)`, the last perhaps partial ([`CeilQuot`] for a static
/// extent, `div_ceil` for a dynamic one), as CuTe's `logical_divide` of a
/// single extent (it has no `static_assert` there). A tensor's partial tile
/// is then checked against the storage, or predicated (`Unbounded`).
///
/// Three threads over eight static rows: CuTe's `local_partition` gives
/// thread 0 the rows 0, 3, 6 (`(_3,_8):(_3,_8)`); thread 2's third row
/// would be row 8, past the tensor, so over a plain tensor it is refused
/// when the partition is made:
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::tensor::{Tensor, typed};
/// let a = [1.0f32; 64];
/// let t = Tensor::new(&a[..], layout!(type (8,8):(1,8))).unwrap();
/// let threads = layout!(type (3,1):(1,3));
/// let mine = typed::local_partition(t, &threads, 0).unwrap();
/// assert_eq!(mine.layout().to_string(), "(3,8):(3,8)");
/// assert!(typed::local_partition(t, &threads, 2).is_err());
/// ```
pub trait Over<T: StaticInt>: Int {
    /// The quotient's leaf type.
    type Out: Int;
    /// The quotient.
    fn over(self) -> Self::Out;
}

impl<A: StaticInt, T: StaticInt> Over<T> for A {
    type Out = CeilQuot<A, T>;
    #[inline(always)]
    fn over(self) -> CeilQuot<A, T> {
        const { assert!(CeilQuot::<A, T>::VALUE >= 0) };
        CeilQuot::default()
    }
}

impl<T: StaticInt> Over<T> for usize {
    type Out = usize;
    #[inline(always)]
    fn over(self) -> usize {
        const { assert!(T::VALUE > 0, "a tile extent must be positive") };
        ceil_div(self, T::VALUE as usize)
    }
}

/// An extent leaf divided by a static tile `T`, rounded up: the number of
/// tiles, the last perhaps partial (CuTe's `logical_divide`). Static for a
/// static extent ([`CeilQuot`]), `div_ceil` for a dynamic one.
pub trait CeilBy<T: StaticInt>: Int {
    /// The quotient's leaf type.
    type Out: Int;
    /// The quotient.
    fn ceil_by(self) -> Self::Out;
}

impl<A: StaticInt, T: StaticInt> CeilBy<T> for A {
    type Out = CeilQuot<A, T>;
    #[inline(always)]
    fn ceil_by(self) -> CeilQuot<A, T> {
        const { assert!(CeilQuot::<A, T>::VALUE >= 0) };
        CeilQuot::default()
    }
}

impl<T: StaticInt> CeilBy<T> for usize {
    type Out = usize;
    #[inline(always)]
    fn ceil_by(self) -> usize {
        const { assert!(T::VALUE > 0, "a tile extent must be positive") };
        ceil_div(self, T::VALUE as usize)
    }
}
