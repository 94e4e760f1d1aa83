//! CuTe's `make_layout(shape[, LayoutLeft|LayoutRight])` of a typed shape,
//! as `layout!(make_layout((#s, 4)))` calls it for a named shape nested in a
//! written-out tuple (or named whole, after `type`): the strides are
//! products of the extents before each leaf, static where those are
//! (`make_layout((s, C::<4>))` keeps `C<1>` as its first stride, and
//! `make_layout((C::<4>, s))` both strides static), so that the static
//! parts of a shape stay in the layout's type. Column-major is
//! [`CompactLayout`](crate::__private::CompactLayout) (leaf_list.rs); row-major is
//! [`CompactLayoutRight`] here, the same fold taken from the last leaf.
//!
//! A static extent 1 has stride 0, as CuTe's `compact_major` gives it `_0`
//! (and the core 0 to any extent 1): the leaf's [`RestStride`], a
//! [`UnitZero`](crate::__private::UnitZero) that names "0 if the extent is 1, else the
//! running product" and folds it in a `const` where the product is static
//! (the same constant as before for an extent above 1, so the same code).
//! Where the product is dynamic (after a dynamic extent) the stride is a
//! `usize`, 0 for a static 1 by a branch on a constant: CuTe's is `_0`,
//! but a type that is `C<0>` for `N == 1` and `usize` otherwise cannot be
//! chosen by the value of `N` on stable Rust (no `generic_const_exprs`),
//! so that one leaf prints 0 without being static.

use layout_core::Error;

use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoList, IntoTuple, Nil};
use crate::__private::partition::overflow;
use crate::__private::static_int::{RestStride, Times};
use crate::__private::tree::Shape;

/// A shape, or what stands in for one in
/// [`NamedTuple::named_shape`](crate::__private::rt::NamedTuple::named_shape)'s error.
pub trait AsShape: Copy {
    /// The shape.
    type Shape: Copy;
    /// The shape.
    fn as_shape(self) -> Self::Shape;
}

#[diagnostic::do_not_recommend]
impl<T: Shape> AsShape for T {
    type Shape = T;
    #[inline(always)]
    fn as_shape(self) -> T {
        self
    }
}

/// A typed layout stands in as its own shape: the shape the user likely
/// meant, so that an order or a rank asked of it after the one error at
/// the name (`make_ordered_layout(#a, (1, 0))`) holds and reports nothing.
#[diagnostic::do_not_recommend]
impl<S: AsShape, D: Copy, I: Copy> AsShape for Layout<S, D, I> {
    type Shape = S::Shape;
    #[inline(always)]
    fn as_shape(self) -> S::Shape {
        self.shape.as_shape()
    }
}

/// Row-major strides for a tree (`Self`), the last leaf's `Acc`: CuTe's
/// `compact_major<LayoutRight>`, the hierarchy ignored (as the core's
/// `compact_row_major`).
pub trait CompactTreeRight<Acc>: Copy {
    /// The stride tree (the same nesting).
    type D;
    /// The stride before the first leaf (the size times `Acc`).
    type Next;
    /// The strides and the next; a dynamic product that overflows is an error.
    fn compact_right(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error>;
}

// As column-major's (`leaf_list.rs`): 0 for a static extent 1.
impl<Acc: Times<S>, S: RestStride<Acc>> CompactTreeRight<Acc> for S {
    type D = S::Out;
    type Next = Acc::Out;
    #[inline(always)]
    fn compact_right(&self, acc: Acc) -> Result<(S::Out, Acc::Out), Error> {
        let next = acc.times(*self, "make_layout").map_err(overflow)?;
        Ok((self.rest_stride(acc), next))
    }
}

/// [`CompactTreeRight`] over a list of trees, the last first.
pub trait CompactRight<Acc> {
    /// The list of stride trees.
    type D;
    /// The stride before the first tree.
    type Next;
    /// The strides and the next.
    fn compact_right_list(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error>;
}

impl<Acc> CompactRight<Acc> for Nil {
    type D = Nil;
    type Next = Acc;
    #[inline(always)]
    fn compact_right_list(&self, acc: Acc) -> Result<(Nil, Acc), Error> {
        Ok((Nil, acc))
    }
}

impl<Acc, H: CompactTreeRight<T::Next>, T: CompactRight<Acc>> CompactRight<Acc> for Cons<H, T> {
    type D = Cons<H::D, T::D>;
    type Next = H::Next;
    #[inline(always)]
    fn compact_right_list(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error> {
        // The tail's leaves vary fastest: its strides come first.
        let (rest, next) = self.1.compact_right_list(acc)?;
        let (d, next) = self.0.compact_right(next)?;
        Ok((Cons(d, rest), next))
    }
}

macro_rules! tuples {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<Acc, $($A: Copy),*> CompactTreeRight<Acc> for ($($A,)*)
        where
            Self: IntoList<List: CompactRight<Acc, D: IntoTuple>>,
        {
            type D = <<<Self as IntoList>::List as CompactRight<Acc>>::D as IntoTuple>::Tuple;
            type Next = <<Self as IntoList>::List as CompactRight<Acc>>::Next;
            #[inline(always)]
            fn compact_right(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error> {
                let (d, next) = self.into_list().compact_right_list(acc)?;
                Ok((d.into_tuple(), next))
            }
        }
    };
}

for_each_rank!(tuples);

/// CuTe's `make_layout(shape, LayoutRight)`: row-major strides of the
/// same nesting, static where the extents after each leaf are.
///
/// ```
/// use layout_dsl::__private::{C, CompactLayoutRight};
/// let l = (5usize, (C::<2>, C::<3>)).compact_layout_right().unwrap();
/// assert_eq!(l.to_string(), "(5,(2,3)):(6,(3,1))");
/// ```
pub trait CompactLayoutRight: Copy {
    /// The layout.
    type Output;
    /// The layout; a dynamic stride that overflows is an error.
    fn compact_layout_right(self) -> Result<Self::Output, Error>;
}

impl<S: CompactTreeRight<C<1>>> CompactLayoutRight for S {
    type Output = Layout<S, S::D>;
    #[inline(always)]
    fn compact_layout_right(self) -> Result<Self::Output, Error> {
        let (strides, _) = self.compact_right(C::<1>)?;
        Ok(Layout::from_parts(self, strides))
    }
}
