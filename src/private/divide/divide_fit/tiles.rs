//! The tile that stands in for a named tile ([`TileFor`]) in a typed divide:
//! [`ModeTile`] (of a mode) and [`TilerOf`] (of a whole layout's shape)
//! map every tile to one that divides it, the tile itself where it fits,
//! else [`UnitTile`]s, so that the divide's own bounds hold where the
//! check at the name (`divide_fit.rs`) has already failed; [`ModeKind`] and
//! [`SameRank`] tell a leaf mode from a tuple of some rank for that.

use super::TileFor;
use crate::__private::divide_mode::UnitTile;
use crate::__private::gemm_form::Rank;
use crate::__private::int::{C, Int};
use crate::__private::layout::Layout;
use crate::__private::poisoned::Poisoned;
use crate::__private::static_complement::{No, Yes};

/// Whether a mode is a leaf or a tuple of some rank, and the tile of
/// [`UnitTile`]s that divides it whatever it is.
pub trait ModeKind {
    /// `LeafMode`, or `Rank<N>` for a tuple of `N` modes.
    type Kind;
    /// `UnitTile` for a leaf, a tuple of them for a tuple.
    type Units;
}

/// The kind of a leaf mode.
pub struct LeafMode;

impl<S: Int> ModeKind for S {
    type Kind = LeafMode;
    type Units = UnitTile;
}

/// Whether two kinds are the same rank of tuple ([`Yes`]), a tuple tile
/// shorter than its tuple mode or one tile over a leaf (`prefix.rs`), or
/// neither ([`No`]).
pub trait SameRank {
    /// [`Yes`] or [`No`].
    type Same;
}

// A tuple tile over a leaf: `prefix.rs` (a tuple of one tile is the leaf
// as a rank-1 layout).

/// `Self` as a tile of the mode `S` ([`FitsMode`](super::FitsMode)), or where it does not
/// fit, one that does: total, so the divide's bounds always hold.
pub trait ModeTile<S> {
    /// The tile the divide uses.
    type Fitted;
}

impl<S, const N: i64> ModeTile<S> for C<N> {
    type Fitted = C<N>;
}

impl<S> ModeTile<S> for UnitTile {
    type Fitted = UnitTile;
}
impl<S, T: ModeTile<S>> ModeTile<S> for TileFor<T, S> {
    type Fitted = T::Fitted;
}

/// What is not a tile at all (a run-time extent, a typed layout, which
/// only the core takes as a tile) divides as [`UnitTile`]s: the error is at
/// the name ([`FitsMode`]).
macro_rules! not_tiles {
    ($(<$($g:ident),*> $ty:ty),* $(,)?) => {
        $(
            impl<S: ModeKind $(, $g)*> ModeTile<S> for $ty {
                type Fitted = S::Units;
            }
            impl<S: ModeKind $(, $g)*> TilerOf<S> for $ty {
                type Fitted = S::Units;
            }
        )*
    };
}

not_tiles!(
    <> usize, <> u8, <> u16, <> u32, <> u64, <> u128,
    <> isize, <> i8, <> i16, <> i32, <> i64, <> i128,
    <L, D, I> Layout<L, D, I>,
);

impl<S, I, K> ModeTile<S> for Poisoned<I, K> {
    type Fitted = Poisoned<I, K>;
}

/// A tuple tile over a mode, by whether the two are tuples of one rank
/// (`Same`): tile by tile, else [`ModeKind::Units`].
pub trait TupleTile<S, Same> {
    /// The tile the divide uses.
    type Fitted;
}

/// `Self` as a whole tiler of a layout of shape `S` ([`FitsTiler`](super::FitsTiler)), or
/// where it does not fit, one that does.
pub trait TilerOf<S> {
    /// The tiler the divide uses.
    type Fitted;
}

impl<S: ModeKind, const N: i64> TilerOf<S> for C<N> {
    type Fitted = S::Units;
}

impl<S: ModeKind> TilerOf<S> for UnitTile {
    type Fitted = S::Units;
}

impl<S: ModeKind, I, K> TilerOf<S> for Poisoned<I, K> {
    type Fitted = S::Units;
}

/// A tuple mode's kind, and a tuple tile's stand-in: tile by tile where the
/// ranks agree, else [`UnitTile`]s.
macro_rules! tuple_tiles {
    (0;) => {};
    ($rank:literal; $(($i:tt $T:ident $S:ident $_c:ident))*) => {
        impl<$($S),*> ModeKind for ($($S,)*) {
            type Kind = Rank<$rank>;
            type Units = ($(units!($S),)*);
        }

        impl<$($T,)* S: ModeKind> ModeTile<S> for ($($T,)*)
        where
            (Rank<$rank>, S::Kind): SameRank,
            Self: TupleTile<S, <(Rank<$rank>, S::Kind) as SameRank>::Same>,
        {
            type Fitted = <Self as TupleTile<S, <(Rank<$rank>, S::Kind) as SameRank>::Same>>::Fitted;
        }

        impl<$($T,)* S: ModeKind> TilerOf<S> for ($($T,)*)
        where
            Self: ModeTile<S>,
        {
            type Fitted = <Self as ModeTile<S>>::Fitted;
        }

        impl<$($T: ModeTile<$S>, $S),*> TupleTile<($($S,)*), Yes> for ($($T,)*) {
            type Fitted = ($($T::Fitted,)*);
        }

        impl<$($T,)* S: ModeKind> TupleTile<S, No> for ($($T,)*) {
            type Fitted = S::Units;
        }
    };
}

/// `UnitTile`, once per mode.
macro_rules! units {
    ($_s:ident) => {
        UnitTile
    };
}

for_each_rank!(tuple_tiles);

/// [`SameRank`] for every pair of tuple ranks.
macro_rules! rank_pairs {
    ($({$rank:literal; $($_fields:tt)*})*) => {
        rank_pairs!(@ [] $($rank)*);
    };
    (@ [$($done:literal)*] $head:literal $($rest:literal)*) => {
        impl SameRank for (Rank<$head>, Rank<$head>) {
            type Same = Yes;
        }
        $(
            impl SameRank for (Rank<$head>, Rank<$done>) {
                type Same = No;
            }
            // A shorter tile divides the first sub-modes (`prefix.rs`).
            impl SameRank for (Rank<$done>, Rank<$head>) {
                type Same = super::prefix::Prefix;
            }
        )*
        rank_pairs!(@ [$($done)* $head] $($rest)*);
    };
    (@ [$($done:literal)*]) => {};
}

::layout_macros::__ranks!(rank_pairs);
