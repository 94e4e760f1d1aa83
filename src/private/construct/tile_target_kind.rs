//! The kind and rank of a named target of `tile_to_shape(A, #S[, ORDER])`
//! after `type`, asked at its name before the block is: a target that is
//! one integer, or a tuple shorter than the block's rank, is one error
//! whose sentence names the target and the block's rank alone ("the trait
//! `ShapeTarget<usize>` is not implemented for `Modes<2>`"), so that rustc
//! keeps it in the label. Asked of the block
//! and the target together ([`TileTarget`](crate::__private::TileTarget)), the
//! sentence names the block's whole type, and past rustc's diagnostic
//! width (140 columns) it becomes a `help` line. The target is the
//! trait's parameter, not its `Self`: rustc suggests wrapping a failed
//! `Self` in a unary tuple when the tuple would do (`(usize,)` is a
//! target), which inside `layout!` is no syntax (`#(i,)`).

use crate::__private::edit::AsModes;
use crate::__private::gemm_form::{Modes, RankOf};
use crate::__private::int::Int;
use crate::__private::layout::Layout;
use crate::__private::list::{Cons, IntoList, Nil};
use crate::__private::poisoned;

/// A named target `T` of `tile_to_shape` for a block of rank `Self`
/// (`Modes<N>`): a tuple of at least `N` modes (CuTe's `static_assert`
/// "Rank of layout must be <= rank of target shape"; the modes themselves
/// are asked after, with the block).
/// `layout!` calls [`ShapeTarget::shape_target`], the trait's own
/// function, at the name: rustc reports a failed `Self: ShapeTarget<T>`
/// there with no note. An integer stands in as the block's own modes
/// after it, and a short tuple likewise ([`TargetStandIn`]), so the tiling
/// around it reports nothing
/// more (the crate does not compile then, so the stand-in never runs).
#[diagnostic::on_unimplemented(
    message = "`{T}` is not a target of `tile_to_shape` for a block of rank `{Self}`: write a shape of at least that rank (CuTe's `static_assert`); one extent `n` is `(n,)`"
)]
pub trait ShapeTarget<T>: Sized {
    /// The target, or for an integer a stand-in of the block's rank.
    #[inline(always)]
    fn shape_target<L: RankOf<Rank = Self>>(target: T, block: &L) -> <T as TargetStandIn<L>>::Target
    where
        T: TargetStandIn<L>,
    {
        target.stand_in(block)
    }
}

/// What [`ShapeTarget::shape_target`] passes on: a tuple at least as long
/// as the block's rank itself; for an integer or a shorter tuple the
/// block's modes, a target every block tiles to, so that only
/// [`ShapeTarget`]'s error is reported.
#[doc(hidden)]
pub trait TargetStandIn<L> {
    /// The target passed on.
    type Target;
    /// `self`, or the stand-in.
    fn stand_in(self, block: &L) -> Self::Target;
}

// A tuple is no `Int` (no impl in this crate, and none can be written
// elsewhere), so these do not overlap the tuples' impls.
#[diagnostic::do_not_recommend]
impl<T: Int, S: AsModes, D, I> TargetStandIn<Layout<S, D, I>> for T {
    type Target = S::Modes;
    #[inline(always)]
    fn stand_in(self, _: &Layout<S, D, I>) -> S::Modes {
        poisoned()
    }
}

/// `A` where the list `Self` (the block's modes) is no longer than `R`
/// (the target's), else `B`: [`TargetStandIn`]'s choice for a tuple.
#[doc(hidden)]
pub trait NoLongerOr<R> {
    /// `A` or `B`.
    type Or<A, B>;
    /// `a`, or (when the choice is `B`, which only a crate that does not
    /// compile asks) a stand-in.
    fn or<A, B>(a: A) -> Self::Or<A, B>;
}

impl<R> NoLongerOr<R> for Nil {
    type Or<A, B> = A;
    #[inline(always)]
    fn or<A, B>(a: A) -> A {
        a
    }
}

impl<H, T> NoLongerOr<Nil> for Cons<H, T> {
    type Or<A, B> = B;
    #[inline(always)]
    fn or<A, B>(_: A) -> B {
        poisoned()
    }
}

impl<H, T: NoLongerOr<R>, G, R> NoLongerOr<Cons<G, R>> for Cons<H, T> {
    type Or<A, B> = T::Or<A, B>;
    #[inline(always)]
    fn or<A, B>(a: A) -> T::Or<A, B> {
        T::or(a)
    }
}

/// `ShapeTarget<(T…)>` for `Modes<K>`, one impl per `K` listed.
macro_rules! shape_target_for {
    ([$($T:ident)*]) => {};
    ([$($T:ident)*] $k:tt $($rest:tt)*) => {
        #[diagnostic::do_not_recommend]
        impl<$($T,)*> ShapeTarget<($($T,)*)> for Modes<$k> {}
        shape_target_for!([$($T)*] $($rest)*);
    };
}

macro_rules! targets {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        // Every block rank up to the tuple's: `0..rank` and `rank`.
        shape_target_for!([$($T)*] $($i)* $rank);

        #[diagnostic::do_not_recommend]
        impl<S, D, I, $($T,)*> TargetStandIn<Layout<S, D, I>> for ($($T,)*)
        where
            S: AsModes<Modes: IntoList<List: NoLongerOr<<Self as IntoList>::List>>>,
        {
            type Target = <<S::Modes as IntoList>::List as NoLongerOr<
                <Self as IntoList>::List,
            >>::Or<Self, S::Modes>;
            #[inline(always)]
            fn stand_in(self, _: &Layout<S, D, I>) -> Self::Target {
                <<S::Modes as IntoList>::List as NoLongerOr<<Self as IntoList>::List>>::or(self)
            }
        }
    };
}

for_each_rank!(targets);
