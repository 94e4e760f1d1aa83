//! The leaf steps of [`Spread`](crate::__private::divide_mode::Spread), the walk of a
//! static tile over a nested mode (`divide_mode.rs`): a leaf meeting what is
//! left of the tile ([`Clamp`], `min(s, r)` when one divides the other, as
//! CuTe's `shape_div` requires) and the last leaf's tiles ([`CeilOver`],
//! `ceil(s / r)`: the last leaf takes whatever is left). A static pair folds
//! (and CuTe's `static_assert`s are checked while compiling); a dynamic one
//! is one division and one remainder at run time.

use crate::__private::algebra::AlgebraError;
use crate::__private::int::Int;
use crate::__private::static_int::{Min, Quot, StaticInt};

fn not_divisible(a: usize, b: usize) -> AlgebraError {
    AlgebraError::NotDivisible {
        function: "local_tile",
        dividend: a,
        divisor: b,
    }
}

/// A leaf `Self` of a nested mode meeting the `R` elements of a tile still
/// to place: it takes `min(self, R)`, leaves `R / that` to the next leaf,
/// and its part of the rest is `self / that`.
pub trait Clamp<R: Int>: Int {
    /// The part of the tile this leaf takes.
    type Take: Int;
    /// What is left for the next leaf.
    type Next: Int;
    /// This leaf's extent in the rest.
    type Rest: Int;
    /// The three; a dynamic pair that does not divide is an error.
    #[allow(clippy::type_complexity)]
    fn clamp(self, r: R) -> Result<(Self::Take, Self::Next, Self::Rest), AlgebraError>;
}

impl<S: StaticInt, R: StaticInt> Clamp<R> for S {
    type Take = Min<S, R>;
    type Next = Quot<R, Min<S, R>>;
    type Rest = Quot<S, Min<S, R>>;
    #[inline(always)]
    fn clamp(self, _: R) -> Result<(Self::Take, Self::Next, Self::Rest), AlgebraError> {
        // CuTe's static_assert in shape_div: checked where the code is built.
        const { assert!(Quot::<R, Min<S, R>>::VALUE > 0 && Quot::<S, Min<S, R>>::VALUE > 0) };
        Ok(Default::default())
    }
}

/// The dynamic case of [`Clamp`]: `min(s, r)` divides the larger of the
/// two (one division and one remainder; an extent 0 is refused too).
#[inline(always)]
pub(crate) fn clamp_dynamic(s: usize, r: usize) -> Result<(usize, usize, usize), AlgebraError> {
    if s == 0 {
        return Err(not_divisible(s, r));
    }
    // `r > 0`: a tile extent, or what a leaf that divided it left.
    let (big, small) = if s >= r { (s, r) } else { (r, s) };
    if big % small != 0 {
        return Err(not_divisible(s, r));
    }
    let quotient = big / small;
    Ok(if s >= r {
        (r, 1, quotient)
    } else {
        (s, quotient, 1)
    })
}

impl<S: StaticInt> Clamp<usize> for S {
    type Take = usize;
    type Next = usize;
    type Rest = usize;
    #[inline(always)]
    fn clamp(self, r: usize) -> Result<(usize, usize, usize), AlgebraError> {
        clamp_dynamic(self.get(), r)
    }
}

impl<R: Int> Clamp<R> for usize {
    type Take = usize;
    type Next = usize;
    type Rest = usize;
    #[inline(always)]
    fn clamp(self, r: R) -> Result<(usize, usize, usize), AlgebraError> {
        clamp_dynamic(self, r.get())
    }
}

/// The last leaf's tiles: `ceil(self / R)` for `R > 0`, static and exact
/// (CuTe's static_assert) when both are.
pub trait CeilOver<R: Int>: Int {
    /// The number of tiles.
    type Out: Int;
    /// The number of tiles.
    fn ceil_over(self, r: R) -> Self::Out;
}

impl<S: StaticInt, R: StaticInt> CeilOver<R> for S {
    type Out = Quot<S, R>;
    #[inline(always)]
    fn ceil_over(self, _: R) -> Quot<S, R> {
        const { assert!(Quot::<S, R>::VALUE >= 0) };
        Quot::default()
    }
}

impl<S: StaticInt> CeilOver<usize> for S {
    type Out = usize;
    #[inline(always)]
    fn ceil_over(self, r: usize) -> usize {
        self.get().div_ceil(r)
    }
}

impl<R: Int> CeilOver<R> for usize {
    type Out = usize;
    #[inline(always)]
    fn ceil_over(self, r: R) -> usize {
        self.div_ceil(r.get())
    }
}
