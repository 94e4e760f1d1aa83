//! [`ComposeTree`]: the right operand's shape tree of
//! [`Compose`](crate::__private::Compose) (`compose_value.rs`) composed leaf by leaf
//! over the left layout's leaves, in the right operand's nesting: a leaf
//! goes to the walk (`compose_walk.rs`, or the point-by-point decision of
//! `compose_decide.rs`), a tuple of any rank composes each element.

use core::mem::ManuallyDrop;

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_decide::Reads;
use crate::__private::compose_leaf::ComposeLeaf;
use crate::__private::compose_static::{Constant, Row};
use crate::__private::compose_static_walk::{RIGHT_WIDTH, Right};
use crate::__private::compose_walk::WalkLeaves;
use crate::__private::int::Int;

/// The right layout's shape tree (`Self`, strides `D`) composed leaf by
/// leaf over the left layout's leaves (`AS`, strides `AE`), in its nesting.
pub trait ComposeTree<D, AS: WalkLeaves<AE>, AE>: Copy {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// The right layout's leaves as numbers, when all static
    /// (`compose_static_walk::folds`).
    const RIGHT: Right;
    /// The result's trees as a constant, where every mode's leaves are
    /// static (`ComposeLeaf::FOLDED`); whether it is the composition's
    /// value is `folds`'s to say.
    const FOLDED: Constant<Self::Shape, Self::Stride>;
    /// The result's trees; adds the leaves' reaches (`by_values` as
    /// [`ComposeLeaf::compose_leaf`]'s).
    fn compose_tree(
        self,
        d: D,
        a: AS,
        e: AE,
        by_values: bool,
        reach: &mut AS::Reach,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// The result's trees decided point by point, leaf by leaf
    /// (`compose_decide.rs`): `None` where the core refuses.
    fn decide_tree(
        self,
        d: D,
        a: AS,
        e: AE,
        reads: &mut Reads,
    ) -> Option<(Self::Shape, Self::Stride)>;
    /// Each mode's numbers (`FoldModes::row`), in order, given to `each`
    /// with its index, until one is refused.
    fn rows(
        shape: &Self::Shape,
        stride: &Self::Stride,
        k: &mut usize,
        each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
    ) -> Result<(), AlgebraError>;
}

impl<N: Int, R: Int, AS: ComposeLeaf<AE, N, R>, AE> ComposeTree<R, AS, AE> for N {
    type Shape = AS::Shape;
    type Stride = AS::Stride;
    const RIGHT: Right = match (N::STATIC, R::STATIC) {
        (Some(n), Some(r)) => Some(([(n as usize, r as usize); RIGHT_WIDTH], 1)),
        _ => None,
    };
    const FOLDED: Constant<AS::Shape, AS::Stride> = AS::FOLDED;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_tree(
        self,
        r: R,
        a: AS,
        e: AE,
        by_values: bool,
        reach: &mut AS::Reach,
    ) -> Result<(AS::Shape, AS::Stride), AlgebraError> {
        a.compose_leaf(e, self, r, by_values, reach)
    }
    #[inline]
    fn decide_tree(self, r: R, a: AS, e: AE, reads: &mut Reads) -> Option<(AS::Shape, AS::Stride)> {
        a.decide_leaf(e, self, r, reads)
    }
    #[inline]
    fn rows(
        shape: &AS::Shape,
        stride: &AS::Stride,
        k: &mut usize,
        each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
    ) -> Result<(), AlgebraError> {
        *k += 1;
        each(*k - 1, &AS::row(shape, stride))
    }
}

/// `right`'s leaves after `all`'s; `None` where either is.
pub(in crate::__private) const fn append(all: Right, right: Right) -> Right {
    let (Some((mut leaves, len)), Some((more, count))) = (all, right) else {
        return None;
    };
    if len + count > RIGHT_WIDTH {
        return None;
    }
    let mut k = 0;
    while k < count {
        leaves[len + k] = more[k];
        k += 1;
    }
    Some((leaves, len + count))
}

macro_rules! trees {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: ComposeTree<$D, AS, AE>, $D: Copy,)* AS: WalkLeaves<AE>, AE: Copy>
            ComposeTree<($($D,)*), AS, AE> for ($($S,)*)
        {
            type Shape = ($($S::Shape,)*);
            type Stride = ($($S::Stride,)*);
            const RIGHT: Right = {
                #[allow(unused_mut)]
                let mut all = Some(([(0, 0); RIGHT_WIDTH], 0));
                $(all = append(all, $S::RIGHT);)*
                all
            };
            // Each element's constant moved out whole (`ManuallyDrop`: no
            // value of a generic type is dropped while compiling).
            #[allow(non_snake_case)]
            const FOLDED: Constant<Self::Shape, Self::Stride> =
                match ($($S::FOLDED,)*) {
                    ($(Some(($S, $D)),)*) => Some((
                        ManuallyDrop::new(($(ManuallyDrop::into_inner($S),)*)),
                        ManuallyDrop::new(($(ManuallyDrop::into_inner($D),)*)),
                    )),
                    #[allow(unreachable_patterns)]
                    _ => None,
                };
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, clippy::unused_unit)]
            fn compose_tree(
                self,
                d: ($($D,)*),
                a: AS,
                e: AE,
                by_values: bool,
                reach: &mut AS::Reach,
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                let parts = ($(self.$i.compose_tree(d.$i, a, e, by_values, reach)?,)*);
                Ok((($(parts.$i.0,)*), ($(parts.$i.1,)*)))
            }
            #[inline]
            #[allow(unused_variables, clippy::unused_unit)]
            fn decide_tree(
                self,
                d: ($($D,)*),
                a: AS,
                e: AE,
                reads: &mut Reads,
            ) -> Option<(Self::Shape, Self::Stride)> {
                let parts = ($(match self.$i.decide_tree(d.$i, a, e, reads) {
                    Some(part) => part,
                    None => return None,
                },)*);
                Some((($(parts.$i.0,)*), ($(parts.$i.1,)*)))
            }
            #[inline]
            #[allow(unused_variables)]
            fn rows(
                shape: &Self::Shape,
                stride: &Self::Stride,
                k: &mut usize,
                each: &mut dyn FnMut(usize, &Row) -> Result<(), AlgebraError>,
            ) -> Result<(), AlgebraError> {
                $(ok_or_return!($S::rows(&shape.$i, &stride.$i, k, each));)*
                Ok(())
            }
        }
    };
}

for_each_rank!(trees);
