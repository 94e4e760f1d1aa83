//! Walks over every leaf of a (nested) typed shape, for the typed tensor
//! loops and constructors: [`LeafList`] flattens a tree into a list of its
//! leaves (CuTe's colexicographic order is the leaves' order, mode 0
//! fastest, at every level), and [`CompactTree`] gives a shape its compact
//! column-major strides with the same nesting (CuTe's `make_layout(shape)`).

use layout_core::Error;

use super::int::Int;
use super::list::{Chain, Cons, IntoList, IntoTuple, Nil};
use super::partition::overflow;
use super::static_int::{RestStride, Times};

/// The leaves of a tree (`Self`) as a list, in order.
pub trait LeafList: Copy {
    /// The list of leaves.
    type List;
    /// The list of leaves.
    fn leaf_list(self) -> Self::List;
}

impl<S: Int> LeafList for S {
    type List = Cons<S, Nil>;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leaf_list(self) -> Cons<S, Nil> {
        Cons(self, Nil)
    }
}

/// The leaves of a list of trees, joined.
pub trait Leafs {
    /// The joined list of leaves.
    type Out;
    /// The joined list of leaves.
    fn leafs(self) -> Self::Out;
}

impl Leafs for Nil {
    type Out = Nil;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leafs(self) -> Nil {
        Nil
    }
}

impl<H: LeafList<List: Chain<T::Out>>, T: Leafs> Leafs for Cons<H, T> {
    type Out = <H::List as Chain<T::Out>>::Out;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn leafs(self) -> Self::Out {
        self.0.leaf_list().concat(self.1.leafs())
    }
}

/// Column-major strides for a tree (`Self`), the first leaf's `Acc`.
pub trait CompactTree<Acc>: Copy {
    /// The stride tree (the same nesting).
    type D;
    /// The stride after the last leaf (the size times `Acc`).
    type Next;
    /// The strides and the next; a dynamic product that overflows is an error.
    fn compact(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error>;
}

// A leaf's stride is the running product, or 0 for a static extent 1
// (CuTe's `compact_major`: `_0`, static wherever the product is, a
// [`UnitZero`](super::UnitZero); the core gives 0 to any extent 1): the
// leaf's [`RestStride`], as a rest's.
impl<Acc: Times<S>, S: RestStride<Acc>> CompactTree<Acc> for S {
    type D = S::Out;
    type Next = Acc::Out;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compact(&self, acc: Acc) -> Result<(S::Out, Acc::Out), Error> {
        let next = acc.times(*self, "make_layout").map_err(overflow)?;
        Ok((self.rest_stride(acc), next))
    }
}

/// [`CompactTree`] over a list of trees, each starting where the last ended.
pub trait Compact<Acc> {
    /// The list of stride trees.
    type D;
    /// The stride after the last tree.
    type Next;
    /// The strides and the next.
    fn compact_list(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error>;
}

impl<Acc> Compact<Acc> for Nil {
    type D = Nil;
    type Next = Acc;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compact_list(&self, acc: Acc) -> Result<(Nil, Acc), Error> {
        Ok((Nil, acc))
    }
}

impl<Acc, H: CompactTree<Acc>, T: Compact<H::Next>> Compact<Acc> for Cons<H, T> {
    type D = Cons<H::D, T::D>;
    type Next = T::Next;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compact_list(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error> {
        let (d, next) = self.0.compact(acc)?;
        let (rest, next) = self.1.compact_list(next)?;
        Ok((Cons(d, rest), next))
    }
}

macro_rules! tuples {
    (0;) => {};
    ($rank:literal; $(($i:tt $A:ident $_b:ident $_c:ident))*) => {
        impl<$($A: Copy),*> LeafList for ($($A,)*)
        where
            Self: IntoList<List: Leafs>,
        {
            type List = <<Self as IntoList>::List as Leafs>::Out;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn leaf_list(self) -> Self::List {
                self.into_list().leafs()
            }
        }

        impl<Acc, $($A: Copy),*> CompactTree<Acc> for ($($A,)*)
        where
            Self: IntoList<List: Compact<Acc, D: IntoTuple>>,
        {
            type D = <<<Self as IntoList>::List as Compact<Acc>>::D as IntoTuple>::Tuple;
            type Next = <<Self as IntoList>::List as Compact<Acc>>::Next;
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            fn compact(&self, acc: Acc) -> Result<(Self::D, Self::Next), Error> {
                let (d, next) = self.into_list().compact_list(acc)?;
                Ok((d.into_tuple(), next))
            }
        }
    };
}

for_each_rank!(tuples);
