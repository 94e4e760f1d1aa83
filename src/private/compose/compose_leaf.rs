//! The typed mode of one leaf of the right layout of
//! [`Compose`](crate::__private::Compose): the walk over the left layout's leaves
//! (`compose_walk.rs`) on their numbers, its extents and strides folded to
//! static leaves where the operands' are (`compose_static.rs`), and the
//! point-by-point decision where the walk refuses (`compose_decide.rs`).

use crate::__private::algebra::AlgebraError;
use crate::__private::compose_decide::{Reads, leaf_modes};
use crate::__private::compose_static::{
    AllStatic, ComposeWalk, Constant, FoldModes, Row, Statics, WIDTH,
};
use crate::__private::compose_walk::{FUNCTION, WalkLeaves, cute_merges};
use crate::__private::int::Int;
use crate::__private::list::{Cons, Erased, IntoTuple, Nil};
use crate::__private::static_complement::IsStatic;
use crate::__private::static_int::Times;

/// One leaf `n:r` (types `N`, `R`) of the right layout over the left
/// layout's leaves (`Self`, strides `E`): its mode, typed.
pub trait ComposeLeaf<E, N, R>: WalkLeaves<E> {
    /// The mode's shape: `N` over one leaf, a tuple of `usize` over several.
    type Shape;
    /// The mode's stride.
    type Stride;
    /// The mode as a constant where its leaves are static
    /// (`FoldModes::FOLDED`); `None` over one leaf (its types are the
    /// right leaf's, not built here: the run-time path answers).
    const FOLDED: Constant<Self::Shape, Self::Stride>;
    /// The mode; adds the leaf's reaches. `by_values`: the walk merges
    /// every group of leaves whose values continue one another; else only
    /// those CuTe's `coalesce` merges, on their types (`cute_merges`).
    fn compose_leaf(
        self,
        e: E,
        n: N,
        r: R,
        by_values: bool,
        reach: &mut Self::Reach,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError>;
    /// The mode decided point by point (`compose_decide.rs`), where the
    /// walk refuses: `None` where the core refuses too, or more modes than
    /// leaves. `reads` counts what is read.
    fn decide_leaf(
        self,
        e: E,
        n: N,
        r: R,
        reads: &mut Reads,
    ) -> Option<(Self::Shape, Self::Stride)>;
    /// The mode's numbers (`FoldModes::row`).
    fn row(shape: &Self::Shape, stride: &Self::Stride) -> Row;
}

impl<A0: Int, E0: Int, N: Int, R: Times<E0>> ComposeLeaf<Cons<E0, Nil>, N, R> for Cons<A0, Nil> {
    type Shape = N;
    type Stride = R::Out;
    const FOLDED: Constant<N, R::Out> = None;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_leaf(
        self,
        e: Cons<E0, Nil>,
        n: N,
        r: R,
        _: bool,
        _: &mut Nil,
    ) -> Result<(N, R::Out), AlgebraError> {
        // CuTe's shortcut for an integral left shape: `n : r·e0`.
        Ok((n, r.times(e.0, FUNCTION)?))
    }
    #[inline]
    fn decide_leaf(self, e: Cons<E0, Nil>, n: N, r: R, reads: &mut Reads) -> Option<(N, R::Out)> {
        let stride = r.times(e.0, FUNCTION).ok()?;
        let last = n.get().saturating_sub(1);
        reads.right_span = reads.right_span.checked_add(last.checked_mul(r.get())?)?;
        reads.span = reads.span.checked_add(last.checked_mul(stride.get())?)?;
        Some((n, stride))
    }
    #[inline]
    fn row(shape: &N, stride: &R::Out) -> Row {
        let mut row = ([0; WIDTH], [0; WIDTH]);
        (row.0[0], row.1[0]) = (shape.get(), stride.get());
        row
    }
}

/// The tuple of a walk's sub-modes, as `usize`s.
type ModesOf<AS, AE> = <<AS as WalkLeaves<AE>>::Modes as IntoTuple>::Tuple;

/// A mode's leaves, static where the left layout and the right leaf are
/// (`compose_static.rs`).
type Folded<AS, AE, N, R> =
    <ModesOf<AS, AE> as FoldModes<Walk<AS, AE, N, R>, Statics<AS, AE, N, R>>>::Shape;

/// The walk a mode's folded leaves name: the lists as flat tuples, whose
/// names are shorter (`StaticList`).
type Walk<AS, AE, N, R> = ComposeWalk<<AS as IntoTuple>::Tuple, <AE as IntoTuple>::Tuple, N, R>;

impl<A0: Int, A1: Int, T, E0: Int, E1: Int, TE: Copy, N: Int + IsStatic, R: Int + IsStatic>
    ComposeLeaf<Cons<E0, Cons<E1, TE>>, N, R> for Cons<A0, Cons<A1, T>>
where
    Self: WalkLeaves<Cons<E0, Cons<E1, TE>>, Modes: IntoTuple> + AllStatic + Erased + IntoTuple,
    Cons<E0, Cons<E1, TE>>: AllStatic + Erased,
    // The walk runs on the numbers: one instance per length of list.
    <Self as Erased>::List: WalkLeaves<
            <Cons<E0, Cons<E1, TE>> as Erased>::List,
            Reach = Self::Reach,
            Modes = Self::Modes,
        >,
    Cons<E0, Cons<E1, TE>>: IntoTuple,
    ModesOf<Self, Cons<E0, Cons<E1, TE>>>: FoldModes<
            Walk<Self, Cons<E0, Cons<E1, TE>>, N, R>,
            Statics<Self, Cons<E0, Cons<E1, TE>>, N, R>,
        >,
{
    type Shape = Folded<Self, Cons<E0, Cons<E1, TE>>, N, R>;
    type Stride = <ModesOf<Self, Cons<E0, Cons<E1, TE>>> as FoldModes<
        Walk<Self, Cons<E0, Cons<E1, TE>>, N, R>,
        Statics<Self, Cons<E0, Cons<E1, TE>>, N, R>,
    >>::Stride;
    const FOLDED: Constant<Self::Shape, Self::Stride> =
        <ModesOf<Self, Cons<E0, Cons<E1, TE>>> as FoldModes<
            Walk<Self, Cons<E0, Cons<E1, TE>>, N, R>,
            Statics<Self, Cons<E0, Cons<E1, TE>>, N, R>,
        >>::FOLDED;
    #[cfg_attr(debug_assertions, inline)]
    #[cfg_attr(not(debug_assertions), inline(always))]
    fn compose_leaf(
        self,
        e: Cons<E0, Cons<E1, TE>>,
        n: N,
        r: R,
        by_values: bool,
        reach: &mut Self::Reach,
    ) -> Result<(Self::Shape, Self::Stride), AlgebraError> {
        let group = (1, e.0.get());
        // CuTe's merges are the types' (`self`'s, not the erased list's).
        let merge = if by_values {
            u32::MAX
        } else {
            const { cute_merges(<Self as WalkLeaves<Cons<E0, Cons<E1, TE>>>>::STATICS) }
        };
        let (a, e) = (self.erased(), e.erased());
        let (shapes, strides, _) = a.walk(e, (n.get(), r.get(), 0), group, merge, reach)?;
        FoldModes::fold(shapes.into_tuple(), strides.into_tuple())
    }
    #[inline]
    fn decide_leaf(
        self,
        e: Cons<E0, Cons<E1, TE>>,
        n: N,
        r: R,
        reads: &mut Reads,
    ) -> Option<(Self::Shape, Self::Stride)> {
        // Not `?`: its `FromResidual` function per (long) result type in a
        // debug build (as `ok_or_return!`, src/private/mod.rs).
        #[allow(clippy::question_mark)]
        let Some((shapes, strides)) =
            decide_modes(self.erased(), e.erased(), (n.get(), r.get()), reads)
        else {
            return None;
        };
        FoldModes::decide(
            shapes.into_tuple(),
            strides.into_tuple(),
            n.get(),
            reads.empty,
        )
    }
    #[inline]
    fn row(shape: &Self::Shape, stride: &Self::Stride) -> Row {
        <ModesOf<Self, Cons<E0, Cons<E1, TE>>> as FoldModes<
            Walk<Self, Cons<E0, Cons<E1, TE>>, N, R>,
            Statics<Self, Cons<E0, Cons<E1, TE>>, N, R>,
        >>::row(shape, stride)
    }
}

/// `leaf_modes` over the left layout's numbers (`a`, strides `e`) and
/// `fill`: one instance per length of list (its closure too).
#[inline]
pub(in crate::__private) fn decide_modes<L: WalkLeaves<E>, E: Copy>(
    a: L,
    e: E,
    (n, r): (usize, usize),
    reads: &mut Reads,
) -> Option<(L::Modes, L::Modes)> {
    let modes = leaf_modes(n, r, |j| a.value(e, j), reads)?;
    a.fill(modes.as_slice())
}
