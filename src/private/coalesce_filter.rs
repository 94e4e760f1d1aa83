//! `coalesce` and `filter_zeros` as methods of typed values (`complement`
//! is in shape_values.rs). A value's type is all the trait sees, so each
//! result's nesting is fixed by the input's nesting alone:
//!
//! - `coalesce` merges nothing: CuTe merges only modes whose merge its
//!   types decide (`is_constant`), and a merge decided by static numbers
//!   would change the rank with them. It flattens, every leaf keeping its
//!   type.
//! - `filter_zeros` keeps the nesting; an extent under a stride 0 becomes 1.

use super::algebra::AlgebraError;
use super::edit::Flatten;
use super::fits_value::{Role, layout_fits};
use super::int::{Int, Offset};
use super::layout::Layout;
use super::static_int::{IfNonZero, StaticInt};
use super::tree::{Mode, Tree};

/// CuTe's `coalesce(A)` on a typed value: the flat layout of `A`'s leaves,
/// each keeping its type, no mode merged or dropped. CuTe merges two modes
/// only when their types decide it (static extents and strides that
/// continue each other) and keeps dynamic modes apart; a merge decided by
/// static numbers would make the result's rank depend on them, which a
/// type cannot follow on stable Rust (`layout!(type coalesce(…))` of a
/// written-out layout, which sees the numbers, does merge them). The
/// function never changes; `Result` as every typed algebra call.
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Coalesce, Layout};
/// let (m, n) = (6, 5);
/// let a = layout!((m,(n,2)):(1,(m,{m * n})));
/// let c: Layout<(usize, usize, C<2>), (C<1>, usize, usize)> = a.coalesce().unwrap();
/// assert_eq!(c.to_string(), "(6,5,2):(1,6,30)");
/// ```
pub trait Coalesce {
    /// The coalesced layout.
    type Out;
    /// The coalesced layout.
    fn coalesce(&self) -> Result<Self::Out, AlgebraError>;
}

impl<S: Mode<D> + Flatten, D: Tree + Flatten, I: Offset> Coalesce for Layout<S, D, I> {
    type Out = Layout<S::Out, D::Out, I>;
    #[inline]
    fn coalesce(&self) -> Result<Self::Out, AlgebraError> {
        // `A` against the core's `i64` (fits_value.rs): the result has
        // its size and offsets.
        layout_fits("coalesce", self, Role::Operand)?;
        Ok(Layout::from_parts(
            self.shape().flatten(),
            self.stride().flatten(),
        ))
    }
}

/// CuTe's `filter_zeros(A)` on a typed value: the same nesting and strides,
/// each extent under a stride 0 replaced by 1. A static extent under a
/// static stride is the static [`IfNonZero`] (the extent, or 1), a leaf
/// with a dynamic part a `usize` (`if d == 0 { 1 } else { s }`): which
/// extents become 1 is decided by the values, as the core does (CuTe's
/// own `filter_zeros` only sees static zeros).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{FilterZeros, IfNonZero, C, Layout};
/// let (m, z) = (6, 0);
/// let a = layout!(type (m,(4,3)):(z,(0,1)));
/// let f: Layout<(usize, (IfNonZero<C<4>, C<0>>, IfNonZero<C<3>, C<1>>)), (usize, (C<0>, C<1>))> =
///     a.filter_zeros().unwrap();
/// assert_eq!(f.to_string(), "(1,(1,3)):(0,(0,1))");
/// ```
pub trait FilterZeros {
    /// The filtered layout.
    type Out;
    /// The filtered layout.
    fn filter_zeros(&self) -> Result<Self::Out, AlgebraError>;
}

impl<S: Mode<D> + FilterTree<D>, D: Tree, I: Offset> FilterZeros for Layout<S, D, I> {
    type Out = Layout<S::Out, D, I>;
    #[inline]
    fn filter_zeros(&self) -> Result<Self::Out, AlgebraError> {
        // `A` against the core's `i64` (fits_value.rs): the result's
        // size and offsets are at most its.
        layout_fits("filter_zeros", self, Role::Operand)?;
        let stride = self.stride();
        Ok(Layout::from_parts(self.shape().filter(stride), stride))
    }
}

/// A shape tree `Self` with each extent under a 0 of `D` replaced by 1.
#[doc(hidden)]
pub trait FilterTree<D>: Copy {
    /// The filtered shape.
    type Out: Copy;
    /// The filtered shape.
    fn filter(self, stride: D) -> Self::Out;
}

impl<S: StaticInt, D: StaticInt> FilterTree<D> for S {
    type Out = IfNonZero<S, D>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn filter(self, _: D) -> IfNonZero<S, D> {
        IfNonZero::default()
    }
}

impl<S: StaticInt> FilterTree<usize> for S {
    type Out = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn filter(self, d: usize) -> usize {
        if d == 0 { 1 } else { self.get() }
    }
}

impl<D: Int> FilterTree<D> for usize {
    type Out = usize;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn filter(self, d: D) -> usize {
        if d.get() == 0 { 1 } else { self }
    }
}

macro_rules! filter_tuple {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: FilterTree<$D>, $D,)*> FilterTree<($($D,)*)> for ($($S,)*) {
            type Out = ($($S::Out,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(clippy::unused_unit, unused_variables)]
            fn filter(self, stride: ($($D,)*)) -> Self::Out {
                ($(self.$i.filter(stride.$i),)*)
            }
        }
    };
}

for_each_rank!(filter_tuple);
