//! The first thing a typed partition asks of its arguments: that each has
//! one entry per top-level mode of the tensor's shape. These traits are
//! keyed by the shape (`(C<4>, C<8>)`), not the layout, so that when an
//! argument has the wrong rank rustc's sentence under the message ("the
//! trait `TilerModes<(C<4>, C<8>), …>` is not implemented for `(C<2>, C<4>,
//! C<8>)`") is short enough to be the span's label: the error is the
//! message, the label at the argument, and the one note of the bound. A
//! trait keyed by the layout type (`Tiler<Layout<…>, …>`) prints a sentence
//! too long for a label, which rustc then adds as a second, `help`, line.
//!
//! Each is a supertrait of the argument trait it guards ([`Tiler`],
//! [`SliceOf`], [`ThreadsOf`], [`ThreadIndex`]) with `Checked = Self`, so
//! that code generic over those traits has these bounds. The partitions
//! ask the argument trait of `Checked`, not of the argument: when the
//! ranks differ, no impl gives `Checked` and rustc reports only this
//! check, not the argument trait's long error too. An impl per rank, whose
//! where-clause asks each tiler or slice-coordinate entry to nest in its
//! mode ([`TilerNests`], [`SliceNests`]); `Checked` is built from the
//! entries' projections, so it names no type when one does not nest. The
//! partitions take `Checked` as a parameter (`T: TilerModes<…, Checked =
//! K>, K: Tiler<…>`), not as `T::Checked` in a bound: normalizing that
//! projection would report the failed where-clause with the call as its
//! cause, over the whole call; as the bound's failure, rustc blames the
//! argument. Each impl is `do_not_recommend`, so that rustc does not list
//! the other ranks.
//!
//! [`Tiler`]: super::typed::Tiler
//! [`SliceOf`]: super::typed::SliceOf
//! [`ThreadsOf`]: super::typed::ThreadsOf
//! [`ThreadIndex`]: super::typed::ThreadIndex

use super::X;
use crate::__private::{C, Layout, Poisoned, TileFor, UnitTile, Unknown};

/// The shape of a typed layout (`Unknown` for a failed `layout!`'s), which
/// the rank checks compare an argument with.
pub trait LayoutShape {
    /// The shape.
    type Shape;
}

impl<S, D, I> LayoutShape for Layout<S, D, I> {
    type Shape = S;
}

impl<I, K> LayoutShape for Poisoned<I, K> {
    type Shape = Unknown;
}

/// A tiler (`Self`) and a tile coordinate `Cd`, each of at most as many
/// entries as the shape `S` has top-level modes (CuTe's `zipped_divide`
/// divides the first modes and keeps the others whole; the coordinate
/// slices the rest, one entry per mode, its missing entries `_`, as
/// CuTe's `inner_partition` pads it): what
/// `local_tile` and `inner_partition` check first
/// ([`Tiler`](super::typed::Tiler)'s supertrait).
#[diagnostic::on_unimplemented(
    message = "the tiler `{Self}` or coordinate does not fit the tensor's shape `{S}`: ≤ one entry per mode, nested like it (a `Step`, CuTe's `Step<_1,X,_1>`, drops some)"
)]
pub trait TilerModes<S, Cd> {
    /// `Self`.
    type Checked;
    /// `self`.
    fn checked(self) -> Self::Checked;
}

/// A slice coordinate (`Self`) with one entry per top-level mode of the
/// shape `S`: what `slice` checks first ([`SliceOf`](super::typed::SliceOf)'s
/// supertrait).
///
/// Its impls ask each entry to be [`SliceNests`] in its mode, so that a
/// tuple entry of the wrong rank under a top-level rank that matches is
/// this error too, at the coordinate, not [`SliceOf`](super::typed::SliceOf)'s
/// (whose sentence names the layout type, a help line more).
#[diagnostic::on_unimplemented(
    message = "the slice coordinate `{Self}` is not nested like the tensor's shape `{S}`: one entry per top-level mode (an integer, `X`, or a tuple nested like it)"
)]
pub trait SliceCoordModes<S> {
    /// `Self`.
    type Checked;
    /// `self`.
    fn checked(self) -> Self::Checked;
}

/// A slice coordinate's entry (`Self`) for a mode of shape `M`: an
/// integer or `X` for any mode, a tuple for a tuple mode of its rank whose
/// entries nest in the mode's. No message of its own: the impls are
/// `do_not_recommend`, so rustc reports the [`SliceCoordModes`] asked.
pub trait SliceNests<M> {
    /// `Self`.
    type Same;
    /// `self`.
    fn same(self) -> Self::Same;
}

#[diagnostic::do_not_recommend]
impl<M> SliceNests<M> for usize {
    type Same = usize;
    #[inline(always)]
    fn same(self) -> usize {
        self
    }
}
#[diagnostic::do_not_recommend]
impl<M> SliceNests<M> for X {
    type Same = X;
    #[inline(always)]
    fn same(self) -> X {
        self
    }
}

/// A tiler's entry (`Self`) for a mode of shape `M`: one static extent
/// (or a stand-in: [`UnitTile`], a named tile, a failed `layout!`'s) for
/// any mode, a tuple for a tuple mode of its rank whose entries nest in
/// the mode's (CuTe's by-mode divide). No message of its own: the impls
/// are `do_not_recommend`, so rustc reports the [`TilerModes`] asked.
pub trait TilerNests<M> {
    /// `Self`.
    type Same;
    /// `self`.
    fn same(self) -> Self::Same;
}

/// A leaf entry of a tiler: nests in any mode.
macro_rules! tile_leaf {
    ($([$($g:tt)*] $T:ty;)*) => {$(
        #[diagnostic::do_not_recommend]
        impl<$($g)* M> TilerNests<M> for $T {
            type Same = $T;
            #[inline(always)]
            fn same(self) -> $T {
                self
            }
        }
    )*};
}
tile_leaf! {
    [const N: i64,] C<N>;
    [] UnitTile;
    [T, S,] TileFor<T, S>;
    [I, K,] Poisoned<I, K>;
}

/// A thread layout (`Self`) with at most one top-level mode per top-level
/// mode of the shape `S` (the modes past it are kept whole): what
/// `local_partition` checks first
/// ([`ThreadsOf`](super::typed::ThreadsOf)'s supertrait).
#[diagnostic::on_unimplemented(
    message = "the thread layout `{Self}` has more top-level modes than the tensor's shape `{S}`: drop some with a `Step` (CuTe's `Step<_1,X>`)"
)]
pub trait ThreadModes<S> {
    /// `Self`.
    type Checked;
    /// `self`.
    fn checked(&self) -> &Self::Checked;
}

/// A thread (`Self`: a `usize` index, or a coordinate with one entry per
/// top-level mode of the thread layout's shape `S`): what
/// `local_partition` checks first ([`ThreadIndex`](super::typed::ThreadIndex)'s
/// supertrait).
#[diagnostic::on_unimplemented(
    message = "`{Self}` is neither a thread index (`usize`) nor a coordinate of the thread layout's shape `{S}`: write one entry per top-level mode, nested like it"
)]
pub trait ThreadCoordModes<S> {
    /// `Self`.
    type Checked;
    /// `self`.
    fn checked(self) -> Self::Checked;
}

/// `Checked = Self` and its identity (by value or by reference).
macro_rules! pass {
    (ref) => {
        type Checked = Self;
        #[inline(always)]
        fn checked(&self) -> &Self {
            self
        }
    };
    () => {
        type Checked = Self;
        #[inline(always)]
        fn checked(self) -> Self {
            self
        }
    };
}

// A named tiler (`local_tile(#l, #t, …)`) is checked at its name
// (`divide_fit.rs`), against the layout.
#[diagnostic::do_not_recommend]
impl<T, L, S, Cd> TilerModes<S, Cd> for TileFor<T, L> {
    pass!();
}

// A failed `layout!` already reported its error: anything goes with it.
#[diagnostic::do_not_recommend]
impl<S, I, K> ThreadModes<S> for Poisoned<I, K> {
    pass!(ref);
}
#[diagnostic::do_not_recommend]
impl<S, D, I> ThreadModes<Unknown> for Layout<S, D, I> {
    pass!(ref);
}
#[diagnostic::do_not_recommend]
impl ThreadCoordModes<Unknown> for usize {
    pass!();
}

/// A thread layout of the modes `$A` over every shape with at least as
/// many modes (`$M`, then one more of `$E` at a time): the modes past the
/// thread layout's are not partitioned (CuTe's `outer_partition` keeps
/// them whole). The pool goes past the largest rank, which costs unused
/// impls only.
macro_rules! thread_modes {
    ([$($A:ident)*] [$($M:ident)*] [$($E:ident)*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($A,)* $($M,)* D, I> ThreadModes<($($M,)*)> for Layout<($($A,)*), D, I> {
            pass!(ref);
        }
        thread_modes!(@more [$($A)*] [$($M)*] [$($E)*]);
    };
    (@more [$($A:ident)*] [$($M:ident)*] []) => {};
    (@more [$($A:ident)*] [$($M:ident)*] [$E:ident $($rest:ident)*]) => {
        thread_modes!([$($A)*] [$($M)* $E] [$($rest)*]);
    };
}

/// Over the shape of the modes `$M`: every tiler rank and every tile
/// coordinate rank up to its rank, independently (the modes past the
/// tiler are kept whole, as CuTe's `zipped_divide` keeps them; the
/// coordinate slices `zipped_divide`'s rest mode, one mode per mode of the
/// shape, and `append<R1>(coord, _)` pads a shorter one with `_`). `@a`
/// grows the tiler, `@b` the coordinate, each counting down a copy of
/// `$M` so that neither passes the shape's rank.
macro_rules! tiler_modes {
    ([$($M:ident)*]) => {
        tiler_modes!(@a [$($M)*] [] [TA0 TA1 TA2 TA3 TA4 TA5 TA6 TA7 TA8 TA9 TA10 TA11] [$($M)*]);
    };
    // `[$A $P]`: each tiler entry with the mode it divides.
    (@a [$($M:ident)*] [$($A:ident $P:ident)*] [$An:ident $($Ap:ident)*] [$c:ident $($cs:ident)*]) => {
        tiler_modes!(@int [$($M)*] [$($A $P)*]);
        tiler_modes!(@b [$($M)*] [$($A $P)*] [] [TC0 TC1 TC2 TC3 TC4 TC5 TC6 TC7 TC8 TC9 TC10 TC11] [$($M)*]);
        tiler_modes!(@a [$($M)*] [$($A $P)* $An $c] [$($Ap)*] [$($cs)*]);
    };
    (@a [$($M:ident)*] [$($A:ident $P:ident)*] [$($Ap:ident)*] []) => {
        tiler_modes!(@int [$($M)*] [$($A $P)*]);
        tiler_modes!(@b [$($M)*] [$($A $P)*] [] [TC0 TC1 TC2 TC3 TC4 TC5 TC6 TC7 TC8 TC9 TC10 TC11] [$($M)*]);
    };
    (@b [$($M:ident)*] [$($A:ident $P:ident)*] [$($B:ident)*] [$Bn:ident $($Bp:ident)*] [$c:ident $($cs:ident)*]) => {
        tiler_modes!(@impl [$($M)*] [$($A $P)*] [$($B)*]);
        tiler_modes!(@b [$($M)*] [$($A $P)*] [$($B)* $Bn] [$($Bp)*] [$($cs)*]);
    };
    (@b [$($M:ident)*] [$($A:ident $P:ident)*] [$($B:ident)*] [$($Bp:ident)*] []) => {
        tiler_modes!(@impl [$($M)*] [$($A $P)*] [$($B)*]);
    };
    // One integer for the whole tile-grid coordinate (typed_index.rs).
    (@int [$($M:ident)*] [$($A:ident $P:ident)*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: TilerNests<$P>,)* $($M),*> TilerModes<($($M,)*), usize> for ($($A,)*) {
            tiler_modes!(@checked $($A $P)*);
        }
    };
    (@impl [$($M:ident)*] [$($A:ident $P:ident)*] [$($B:ident)*]) => {
        #[diagnostic::do_not_recommend]
        impl<$($A: TilerNests<$P>,)* $($B,)* $($M),*> TilerModes<($($M,)*), ($($B,)*)> for ($($A,)*) {
            tiler_modes!(@checked $($A $P)*);
        }
    };
    // `Checked` is `Self` entry by entry through `TilerNests`, so that it
    // names no type when an entry does not nest (nothing more reported).
    (@checked $($A:ident $P:ident)*) => {
        type Checked = ($(<$A as TilerNests<$P>>::Same,)*);
        #[inline(always)]
        // Rank 0 (the empty tiler) makes `()`.
        #[allow(non_snake_case, clippy::unused_unit)]
        fn checked(self) -> Self::Checked {
            let ($($A,)*) = self;
            ($($A.same(),)*)
        }
    };
}

macro_rules! ranked {
    ($rank:literal; $(($i:tt $A:ident $M:ident $B:ident))*) => {
        tiler_modes!([$($M)*]);
        #[diagnostic::do_not_recommend]
        impl<$($A,)* Cd> TilerModes<Unknown, Cd> for ($($A,)*) {
            pass!();
        }
        #[diagnostic::do_not_recommend]
        impl<$($A: SliceNests<$M>, $M),*> SliceCoordModes<($($M,)*)> for ($($A,)*) {
            type Checked = ($($A::Same,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)] // rank 0
            fn checked(self) -> Self::Checked {
                ($(self.$i.same(),)*)
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A: TilerNests<$M>, $M),*> TilerNests<($($M,)*)> for ($($A,)*) {
            type Same = ($($A::Same,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)] // rank 0
            fn same(self) -> Self::Same {
                ($(self.$i.same(),)*)
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A: SliceNests<$M>, $M),*> SliceNests<($($M,)*)> for ($($A,)*) {
            type Same = ($($A::Same,)*);
            #[inline(always)]
            #[allow(clippy::unused_unit)] // rank 0
            fn same(self) -> Self::Same {
                ($(self.$i.same(),)*)
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> SliceCoordModes<Unknown> for ($($A,)*) {
            pass!();
        }
        thread_modes!([$($A)*] [$($M)*] [E0 E1 E2 E3 E4 E5 E6 E7 E8 E9 E10 E11]);
        #[diagnostic::do_not_recommend]
        impl<$($A, $M),*> ThreadCoordModes<($($M,)*)> for ($($A,)*) {
            pass!();
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> ThreadCoordModes<Unknown> for ($($A,)*) {
            pass!();
        }
        #[diagnostic::do_not_recommend]
        impl<$($M),*> ThreadCoordModes<($($M,)*)> for usize {
            pass!();
        }
    };
}

/// Applies `$m` to each `{rank; fields}` entry of `__ranks!` (as
/// `crate::__private`'s `for_each_rank!`, which is not in scope here).
macro_rules! each_rank {
    ($m:ident; $({$($entry:tt)*})*) => {
        $($m!($($entry)*);)*
    };
}

::layout_macros::__ranks!(each_rank ranked;);
