//! Divides as methods of typed values (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan", step 4): `l.logical_divide((C::<4>, C::<8>))`
//! for a layout whose top-level modes are single leaves, by a tiler of one
//! static extent per mode. The same formula as the macro's rule
//! (`layout-macros/src/divide.rs`): mode `s:d` by `T` gives
//! `(T, ceil(s/T)) : (d, T*d)`. The tile extents and the strides `d` keep
//! their types; `ceil(s/T)` and `T*d` are `usize` (stable Rust cannot make
//! the type `C<{T*D}>` from generic `T` and `D`: the macro's rule, which
//! sees the numbers, keeps them static).

use super::algebra::{AlgebraError, ceil_div};
use super::int::{C, Int, Offset};
use super::layout::Layout;
use super::tree::{Mode, Tree};
use super::walk::Leaf;

/// `T * d`, checked: a static negative stride (signed layouts) is exact in
/// `isize`, a dynamic one is a `usize`.
#[inline]
fn scaled<I: Offset>(function: &'static str, d: usize, t: usize) -> Result<usize, AlgebraError> {
    let product = if I::SIGNED {
        (d as isize).checked_mul(t as isize).map(|p| p as usize)
    } else {
        d.checked_mul(t)
    };
    product.ok_or(AlgebraError::Overflow {
        function,
        stride: d,
        factor: t,
    })
}

/// The divides of a typed layout by a by-mode tiler `T` of static extents
/// (`(C<T0>, C<T1>, …)`, one per mode).
///
/// ```
/// use layout_dsl::layout;
/// use layout_dsl::typed::{C, Divide};
/// let (m, n) = (10, 20);
/// let l = layout!((m,n):(1,m));
/// let tiles = l.zipped_divide((C::<4>, C::<8>)).unwrap();
/// assert_eq!(tiles.to_string(), "((4,8),(3,3)):((1,10),(4,80))");
/// let divided = l.logical_divide((C::<4>, C::<8>)).unwrap();
/// assert_eq!(divided.to_string(), "((4,3),(8,3)):((1,4),(10,80))");
/// ```
pub trait Divide<T> {
    /// The layout `logical_divide` gives: `((T0,r0),(T1,r1),…):((d0,e0),…)`.
    type Logical;
    /// The layout `zipped_divide` gives: `((T0,T1,…),(r0,r1,…)):((d0,…),(e0,…))`.
    type Zipped;
    /// CuTe's `logical_divide(layout, tiler)`; an overflowing stride is an error.
    fn logical_divide(&self, tiler: T) -> Result<Self::Logical, AlgebraError>;
    /// CuTe's `zipped_divide(layout, tiler)`; an overflowing stride is an error.
    fn zipped_divide(&self, tiler: T) -> Result<Self::Zipped, AlgebraError>;
}

/// `usize`, once per repetition of its argument.
macro_rules! usize_for {
    ($x:tt) => {
        usize
    };
}

macro_rules! divide {
    (0;) => {};
    ($rank:literal; $(($i:tt $S:ident $D:ident $T:ident))*) => {
        impl<$($S: Int + Mode<$D>, $D: Int + Tree<Form = Leaf>,)* I: Offset, $(const $T: i64),*> Divide<($(C<$T>,)*)>
            for Layout<($($S,)*), ($($D,)*), I>
        {
            type Logical = Layout<($((C<$T>, usize),)*), ($(($D, usize),)*), I>;
            type Zipped = Layout<(($(C<$T>,)*), ($(usize_for!($T),)*)), (($($D,)*), ($(usize_for!($T),)*)), I>;

            #[inline]
            fn logical_divide(&self, _: ($(C<$T>,)*)) -> Result<Self::Logical, AlgebraError> {
                $(const { assert!($T > 0, "a tile extent must be positive") };)*
                let (shape, stride) = (self.shape(), self.stride());
                Ok(Layout::from_parts(
                    ($((C::<$T>, ceil_div(shape.$i.get(), $T as usize)),)*),
                    ($((stride.$i, scaled::<I>("logical_divide", stride.$i.get(), $T as usize)?),)*),
                ))
            }

            #[inline]
            fn zipped_divide(&self, _: ($(C<$T>,)*)) -> Result<Self::Zipped, AlgebraError> {
                $(const { assert!($T > 0, "a tile extent must be positive") };)*
                let (shape, stride) = (self.shape(), self.stride());
                Ok(Layout::from_parts(
                    (($(C::<$T>,)*), ($(ceil_div(shape.$i.get(), $T as usize),)*)),
                    (($(stride.$i,)*), ($(scaled::<I>("zipped_divide", stride.$i.get(), $T as usize)?,)*)),
                ))
            }
        }
    };
}

for_each_rank!(divide);
