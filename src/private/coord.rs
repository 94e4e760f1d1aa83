//! Coordinates: a tuple nested like the layout's shape, any level of which
//! may be one `usize` (split colexicographically over that mode).
//!
//! A coordinate of the wrong rank still finds an impl here, one whose
//! where-clause can never hold and whose trait names both ranks ("coordinate
//! has rank 3 but the layout mode it indexes has rank 2"). Through the bound
//! `crd2idx` names ([`TypedCoord`]) rustc shows one message naming the
//! coordinate's type and the shape instead: measured on rustc 1.95, the
//! ranks' message came with a `help` and three `note`s (the chain of impls).

use super::int::{C, Int};
use super::tree::{Mode, Tree};
use super::walk::{Form, Leaf, Walk};

/// A coordinate of a layout with shape `S` and stride `D`: the bound
/// `Layout::crd2idx` names. Its one impl has a type parameter for `Self`,
/// so that rustc lists no impls of it under an error, and is
/// `do_not_recommend`, so that rustc reports this bound itself (message,
/// span, one "required by a bound" note) rather than the chain of impls
/// below it that failed ([`CoordOf`], [`RankIs`], [`TupleForLeaf`]: their
/// messages show only where `CoordOf` is named directly).
///
/// Its name is unique in the crate graph (`layout_core::Coord` exists), so
/// rustc prints it unqualified: rustc moves "the trait ... is not
/// implemented" into an extra `help` line once that sentence passes 140
/// columns, which `layout_dsl::typed::Coord<…>` did for a 2-level shape
/// (ui-tests/rank/zero_sized_coordinate). Deeper shapes can still pass it.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of a layout of shape `{S}`: write one `usize`, or a tuple of them nested like the shape"
)]
pub trait TypedCoord<S: Tree, D>: CoordOf<S, D> {}

#[diagnostic::do_not_recommend]
impl<Cd: CoordOf<S, D>, S: Tree, D> TypedCoord<S, D> for Cd {}

/// What makes a coordinate: its offset is the supertrait's walk over the
/// layout's numbers (walk.rs).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a coordinate of this layout: a coordinate is a `usize`, or a tuple nested like the layout's shape",
    note = "the layout's shape and stride types are `{S}` and `{D}`"
)]
pub trait CoordOf<S: Tree, D>: Walk<S::Form> {
    /// Whether every integer of the coordinate can be split over the
    /// static modes it indexes (no mode but a tuple's last is empty);
    /// `Layout::crd2idx` asserts it while compiling.
    const SPLITS: bool;
}

/// One integer for a whole mode (or the whole layout).
impl<S: Mode<D>, D: Tree> CoordOf<S, D> for usize {
    const SPLITS: bool = S::SPLITTABLE;
}

/// Holds only when the two ranks are equal.
#[diagnostic::on_unimplemented(
    message = "coordinate has rank {G} but the layout mode it indexes has rank {E}: write {E} entries, or one integer for the whole mode"
)]
pub trait RankIs<const E: usize, const G: usize> {}

impl<T, const N: usize> RankIs<N, N> for T {}

/// Never holds: a tuple coordinate for a single extent.
#[diagnostic::on_unimplemented(
    message = "coordinate is a tuple of rank {G} but the mode it indexes is a single extent: write one integer here"
)]
pub trait TupleForLeaf<const G: usize> {}

macro_rules! leaf_shapes {
    ($g:literal; $($Cd:ident)*) => {
        // Only for the supertrait of the impls below, which never hold.
        impl<$($Cd,)*> Walk<Leaf> for ($($Cd,)*) {
            fn walk(self, _: &usize, _: &usize) -> usize {
                unreachable!()
            }
        }

        impl<$($Cd,)* const N: i64, D: Int> CoordOf<C<N>, D> for ($($Cd,)*)
        where
            D: TupleForLeaf<$g>,
        {
            const SPLITS: bool = true;
        }

        impl<$($Cd,)* D: Int> CoordOf<usize, D> for ($($Cd,)*)
        where
            D: TupleForLeaf<$g>,
        {
            const SPLITS: bool = true;
        }
    };
}

/// The impl for a coordinate of the tuple's own rank: the sum of the modes' offsets.
macro_rules! same_rank {
    ({$rank:literal; $(($i:tt $Cd:ident $S:ident $D:ident))*}) => {
        leaf_shapes!($rank; $($Cd)*);

        impl<$($Cd: CoordOf<$S, $D>, $S: Tree, $D),*> CoordOf<($($S,)*), ($($D,)*)> for ($($Cd,)*) {
            const SPLITS: bool = true $(&& $Cd::SPLITS)*;
        }
    };
}

/// A coordinate of rank `g` for a tuple of rank `e != g`.
macro_rules! other_rank {
    ({$g:literal; $(($_i:tt $Cd:ident $_s:ident $_d:ident))*},
     {$e:literal; $(($_j:tt $_c:ident $S:ident $_e:ident))*}) => {
        // Only for the supertrait of the impl below, which never holds.
        impl<$($Cd,)* $($S: Form,)*> Walk<($($S,)*)> for ($($Cd,)*) {
            fn walk(self, _: &($($S::Desc,)*), _: &($($S::Desc,)*)) -> usize {
                unreachable!()
            }
        }

        impl<$($Cd,)* $($S: Tree,)* D> CoordOf<($($S,)*), D> for ($($Cd,)*)
        where
            D: RankIs<$e, $g>,
        {
            const SPLITS: bool = true;
        }
    };
}

/// Every rank, and every pair of different ranks (each pair once per
/// direction, as each new rank meets the ones before it).
macro_rules! coords {
    ([$($done:tt)*]) => {};
    ([$($done:tt)*] $next:tt $($rest:tt)*) => {
        same_rank!($next);
        $(
            other_rank!($next, $done);
            other_rank!($done, $next);
        )*
        coords!([$($done)* $next] $($rest)*);
    };
}

::layout_macros::__ranks!(coords []);
