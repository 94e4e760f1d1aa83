//! [`ComposeTree`]: the right operand's shape tree of
//! [`Compose`](super::Compose) (`compose_value.rs`) composed leaf by leaf
//! over the left layout's leaves, in the right operand's nesting: a leaf
//! goes to the walk (`compose_walk.rs`, or the point-by-point decision of
//! `compose_decide.rs`), a tuple of any rank composes each element.

use super::algebra::AlgebraError;
use super::compose_decide::Reads;
use super::compose_leaf::ComposeLeaf;
use super::compose_walk::WalkLeaves;
use super::int::Int;

/// The right layout's shape tree (`Self`, strides `D`) composed leaf by
/// leaf over the left layout's leaves (`AS`, strides `AE`), in its nesting.
pub trait ComposeTree<D, AS: WalkLeaves<AE>, AE>: Copy {
    /// The result's shape tree.
    type Shape;
    /// The result's stride tree.
    type Stride;
    /// The result's trees; adds the leaves' reaches.
    fn compose_tree(
        self,
        d: D,
        a: AS,
        e: AE,
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
}

impl<N: Int, R: Int, AS: ComposeLeaf<AE, N, R>, AE> ComposeTree<R, AS, AE> for N {
    type Shape = AS::Shape;
    type Stride = AS::Stride;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_tree(
        self,
        r: R,
        a: AS,
        e: AE,
        reach: &mut AS::Reach,
    ) -> Result<(AS::Shape, AS::Stride), AlgebraError> {
        a.compose_leaf(e, self, r, reach)
    }
    #[inline]
    fn decide_tree(self, r: R, a: AS, e: AE, reads: &mut Reads) -> Option<(AS::Shape, AS::Stride)> {
        a.decide_leaf(e, self, r, reads)
    }
}

macro_rules! trees {
    ($rank:literal; $(($i:tt $S:ident $D:ident $_c:ident))*) => {
        impl<$($S: ComposeTree<$D, AS, AE>, $D: Copy,)* AS: WalkLeaves<AE>, AE: Copy>
            ComposeTree<($($D,)*), AS, AE> for ($($S,)*)
        {
            type Shape = ($($S::Shape,)*);
            type Stride = ($($S::Stride,)*);
            #[cfg_attr(debug_assertions, inline)]
            #[cfg_attr(not(debug_assertions), inline(always))]
            #[allow(unused_variables, clippy::unused_unit)]
            fn compose_tree(
                self,
                d: ($($D,)*),
                a: AS,
                e: AE,
                reach: &mut AS::Reach,
            ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
                let parts = ($(self.$i.compose_tree(d.$i, a, e, reach)?,)*);
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
        }
    };
}

for_each_rank!(trees);
