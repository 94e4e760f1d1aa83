//! A tuple tile with fewer entries than the tuple mode it divides (a named
//! tile `t = (C::<2>,)` over the mode `(C<4>, C<8>)`), and a tuple of one
//! tile over a leaf mode: CuTe's divides recurse by mode, so the first
//! sub-modes are divided and the others pass through (`divide_prefix.rs`'s
//! `DivideMode` impls), and a leaf is a rank-1 layout divided by the one
//! tile. Here the named tile's check at its name ([`FitsMode`]) and its
//! stand-in ([`ModeTile`], through [`SameRank`]'s [`Prefix`] and
//! [`LeafOne`]) accept them as the divides do.

use super::FitsMode;
use super::tiles::{LeafMode, ModeKind, ModeTile, SameRank, TupleTile};
use crate::__private::gemm_form::Rank;
use crate::__private::int::Int;
use crate::__private::static_complement::No;

/// [`SameRank`]'s answer for a tuple tile shorter than its tuple mode.
pub struct Prefix;

/// [`SameRank`]'s answer for a tuple of one tile over a leaf mode.
pub struct LeafOne;

// A leaf mode by a tuple of one tile that fits it.
#[diagnostic::do_not_recommend]
impl<F, T, S: Int + FitsMode<T, F>> FitsMode<(T,), F> for S {}

impl<T: ModeTile<S>, S> TupleTile<S, LeafOne> for (T,) {
    type Fitted = (T::Fitted,);
}

// An empty tile is no tile: the mode's unit tiles (its error is at the
// name, where no `FitsMode` holds).
impl<S: ModeKind> TupleTile<S, Prefix> for () {
    type Fitted = S::Units;
}

/// [`SameRank`] of a tuple tile over a leaf: a tuple of one tile is the
/// leaf as a rank-1 layout, any other no tile of it.
macro_rules! leaf_kinds {
    // `tt`, not `literal`: a forwarded `literal` fragment would never
    // match the `1` below.
    ($({$rank:tt; $($_fields:tt)*})*) => {
        $(leaf_kinds!(@ $rank);)*
    };
    (@ 1) => {
        impl SameRank for (Rank<1>, LeafMode) {
            type Same = LeafOne;
        }
    };
    (@ $rank:tt) => {
        impl SameRank for (Rank<$rank>, LeafMode) {
            type Same = No;
        }
    };
}

::layout_macros::__ranks!(leaf_kinds);

/// For the tile entries (rank `a`), every mode of `a + k` sub-modes
/// (`k ≥ 1`): the tile fits where each entry fits its sub-mode, and stands
/// in entry by entry.
macro_rules! prefix_tiles {
    (0;) => {};
    ($rank:literal; $($entry:tt)*) => {
        prefix_tiles!(@drop [$($entry)*] [$($entry)*] [
            P0 P1 P2 P3 P4 P5 P6 P7 P8 P9 P10 P11
        ]);
    };
    (@drop [$($all:tt)*] [$first:tt $($more:tt)*] [$p:ident $($pool:ident)*]) => {
        prefix_tiles!(@drop [$($all)*] [$($more)*] [$($pool)*]);
    };
    (@drop [$($all:tt)*] [] [$($pool:ident)*]) => {
        prefix_tiles!(@emit [$($all)*] [] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:ident)*] [$p:ident $($pool:ident)*]) => {
        prefix_tiles!(@impl [$($all)*] [$($kept)* $p]);
        prefix_tiles!(@emit [$($all)*] [$($kept)* $p] [$($pool)*]);
    };
    (@emit [$($all:tt)*] [$($kept:ident)*] []) => {};
    (@impl [$(($i:tt $T:ident $S:ident $_c:ident))*] [$($P:ident)*]) => {
        #[diagnostic::do_not_recommend]
        impl<F, $($T, $S: FitsMode<$T, F>,)* $($P,)*> FitsMode<($($T,)*), F>
            for ($($S,)* $($P,)*)
        {
        }

        impl<$($T: ModeTile<$S>, $S,)* $($P,)*> TupleTile<($($S,)* $($P,)*), Prefix>
            for ($($T,)*)
        {
            type Fitted = ($($T::Fitted,)*);
        }
    };
}

for_each_rank!(prefix_tiles);
