//! The kind of a named target of `tile_to_shape(A, #S[, ORDER])` after
//! `type`, asked at its name before the block is: a target that is one
//! integer is one error whose sentence names the integer and the block's
//! rank alone ("the trait `ShapeTarget<usize>` is not implemented for
//! `Modes<2>`"), so that rustc keeps it in the label. Asked of the block
//! and the target together ([`TileTarget`](super::TileTarget)), the
//! sentence names the block's whole type, and past rustc's diagnostic
//! width (140 columns) it becomes a `help` line. The target is the
//! trait's parameter, not its `Self`: rustc suggests wrapping a failed
//! `Self` in a unary tuple when the tuple would do (`(usize,)` is a
//! target), which inside `layout!` is no syntax (`#(i,)`).

use crate::__private::edit::AsModes;
use crate::__private::gemm_form::{Modes, RankOf};
use crate::__private::int::Int;
use crate::__private::layout::Layout;
use crate::__private::poisoned;

/// A named target `T` of `tile_to_shape` for a block of rank `Self`
/// (`Modes<N>`): a tuple (its modes are asked after, with the block).
/// `layout!` calls [`ShapeTarget::shape_target`], the trait's own
/// function, at the name: rustc reports a failed `Self: ShapeTarget<T>`
/// there with no note. An integer stands in as the block's own modes
/// after it ([`TargetStandIn`]), so the tiling around it reports nothing
/// more (the crate does not compile then, so the stand-in never runs).
#[diagnostic::on_unimplemented(
    message = "`{T}` is an integer, but the target of `tile_to_shape` is a shape: a tuple of extents (`usize`, `C<N>`) or of nested shapes, at least as long as the block's rank (CuTe's `Shape<…>`); one extent `n` is the shape `(n,)`"
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

/// What [`ShapeTarget::shape_target`] passes on: a tuple itself; for an
/// integer (the likely mistake) the block's modes, a target every block
/// tiles to, so that only the kind's error is reported.
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

macro_rules! targets {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $_b:ident $_c:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<const K: usize, $($T,)*> ShapeTarget<($($T,)*)> for Modes<K> {}

        #[diagnostic::do_not_recommend]
        impl<L, $($T,)*> TargetStandIn<L> for ($($T,)*) {
            type Target = Self;
            #[inline(always)]
            fn stand_in(self, _: &L) -> Self {
                self
            }
        }
    };
}

for_each_rank!(targets);
