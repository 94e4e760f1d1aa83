//! The checks `layout!` asks of a nested coordinate one tuple at a time, at
//! that tuple's `(`, and the one macro that writes them: a named layout's
//! `crd2idx` coordinate ([`CoordRanksIn`], [`CoordEntryIn`]; `coord_in.rs`
//! asks the rest), a slice or dice coordinate ([`SliceCoordIn`],
//! [`SliceEntryIn`]; `tensor/typed_slice_nesting.rs`) and a `type`
//! partition's tile coordinate ([`TileEntryIn`], after
//! `partition/tile_coord_nesting.rs`'s `TileCoordIn` answers the modes).
//!
//! Each check is a trait keyed by the shape the tuple must nest in, with
//! one impl per rank (a tuple of it in a shape of the same rank, and in
//! [`Unknown`], a failed `layout!`'s stand-in that takes anything) and no
//! where-clause: a tuple that does not nest is a trait that does not hold
//! for the argument itself, one error at its token (rustc 1.95 reports a
//! failed where-clause over the whole call instead, with the door's bound
//! as a note). The answers are projections (`Checked`, `Modes`) that name
//! no type for a tuple that does not nest, so nothing asked after it
//! reports the same mistake again. Only the messages (the
//! `#[diagnostic::on_unimplemented]` each trait is written with) and the
//! names differ, so one macro writes them all.

/// Defines nesting checks: each trait, written with its docs and the
/// message of its `#[diagnostic::on_unimplemented]` (after `=`), and its
/// impls for every rank `layout_macros::__ranks!` lists.
///
/// Each item, one or more:
/// - `pub trait NAME<M>: entry METHOD = MESSAGE;` checks a tuple entry against its
///   mode's shape `M`, given as a `ModeShape<M>`.
/// - `pub trait NAME<S>: ranks METHOD(SPACE) = MESSAGE;` checks a whole
///   coordinate against the shape of the layout it is given, a `L:
///   SPACE`, as its form `S` ([`ModeForm`](super::ModeForm): a folded
///   static leaf `Extent`, so that the message prints no `Quot<…>`); its
///   `in_shape` is the entry check, which the impls write.
///
/// Both answer `Checked` (`Self`) and `Modes`: a tuple of the shapes
/// (`ModeShape`) of the modes the tuple's entries index, which the entry
/// checks of the tuple's own tuple entries are asked against.
macro_rules! nesting_check {
    ($(
        $(#$attr:tt)*
        pub trait $Trait:ident<$M:ident>: $kind:ident $method:ident $(($Space:ident))? = $message:literal;
    )*) => {
        $(nesting_check!(@one [
            $(#$attr)*
            #[diagnostic::on_unimplemented(message = $message)]
        ] $Trait<$M> $kind $method $(($Space))?);)*
    };
    (@one [$($attr:tt)*] $Trait:ident<$M:ident> entry $method:ident) => {
        nesting_check!(@trait [$($attr)*] $Trait<$M> $method {});
    };
    (@one [$($attr:tt)*] $Trait:ident<$S:ident> ranks $method:ident ($Space:ident)) => {
        nesting_check!(@trait [$($attr)*] $Trait<$S> in_shape {
            /// `self`, unchanged, and the top-level modes' shapes; `layout`
            /// fixes the shape.
            #[inline(always)]
            fn $method<L: $Space<Shape: $crate::__private::ModeForm<Form = $S>>>(
                self,
                layout: &L,
            ) -> (Self::Checked, Self::Modes) {
                let _ = layout;
                Self::in_shape(self, $crate::tensor::typed::ModeShape::new())
            }
        });
    };
    (@trait [$($attr:tt)*] $Trait:ident<$M:ident> $method:ident {$($more:tt)*}) => {
        $($attr)*
        pub trait $Trait<$M>: Sized {
            /// `Self`.
            type Checked;
            /// Each sub-mode's shape, a tuple of `ModeShape`.
            type Modes;
            /// `self`, unchanged, and the sub-modes' shapes.
            fn $method(
                self,
                mode: $crate::tensor::typed::ModeShape<$M>,
            ) -> (Self::Checked, Self::Modes);
            $($more)*
        }
        ::layout_macros::__ranks!(nesting_check @impls $Trait $method);
    };
    // The impls of every rank: a tuple of it in a shape (or mode) of the
    // same rank, and in `Unknown`.
    (@impls $Trait:ident $method:ident
        $({$rank:literal; $(($i:tt $A:ident $M:ident $B:ident))*})*) => {
        $(
            #[diagnostic::do_not_recommend]
            impl<$($A, $M),*> $Trait<($($M,)*)> for ($($A,)*) {
                type Checked = Self;
                type Modes = ($($crate::tensor::typed::ModeShape<$M>,)*);
                #[inline(always)]
                fn $method(
                    self,
                    _: $crate::tensor::typed::ModeShape<($($M,)*)>,
                ) -> (Self, Self::Modes) {
                    (self, ($($crate::tensor::typed::ModeShape::<$M>::new(),)*))
                }
            }
            #[diagnostic::do_not_recommend]
            impl<$($A),*> $Trait<$crate::__private::Unknown> for ($($A,)*) {
                type Checked = Self;
                type Modes = ($(nesting_check!(@unknown $A),)*);
                #[inline(always)]
                fn $method(
                    self,
                    _: $crate::tensor::typed::ModeShape<$crate::__private::Unknown>,
                ) -> (Self, Self::Modes) {
                    (self, ($(<nesting_check!(@unknown $A)>::new(),)*))
                }
            }
        )*
    };
    // An entry's shape past the modes: `Unknown`, once per entry.
    (@unknown $A:ident) => {
        $crate::tensor::typed::ModeShape<$crate::__private::Unknown>
    };
}

use super::coord_in::CoordSpace;
use crate::tensor::typed::LayoutShape;

nesting_check! {
    /// A nested coordinate (`Self`, a tuple with a tuple entry) with one
    /// entry per top-level mode of the shape `S`, asked by
    /// `layout!(crd2idx(COORD, #A))` at the coordinate's `(` in place of
    /// [`CoordIn`](super::CoordIn): only the rank (the impls above), so that a tuple
    /// entry that does not nest is not a failed where-clause (which rustc
    /// reports, then the method's bound a second time with its note) but
    /// [`CoordEntryIn`]'s error at the entry. The same nesting rule as a
    /// slice coordinate's (`tensor::typed::SliceCoordIn`), whose shapes per
    /// mode ([`ModeShape`](crate::tensor::typed::ModeShape)) it shares.
    pub trait CoordRanksIn<S>: ranks coord_ranks_in(CoordSpace)
        = "`{Self}` is not a coordinate of a layout of shape `{S}`: write one `usize`, or a tuple of them nested like the shape";
    /// A tuple entry (`Self`) of a nested `crd2idx` coordinate against its
    /// mode, of shape `M`: a tuple of the mode's rank (an integer fits any
    /// mode and is not asked). Asked by `layout!(crd2idx(COORD, #A))` at the
    /// entry's `(`.
    pub trait CoordEntryIn<M>: entry coord_entry_in
        = "the coordinate's entry `{Self}` is not nested like its mode `{M}`: write one `usize` for the whole mode, or one entry per sub-mode";
    /// A slice or dice coordinate (`Self`, a tuple) with one entry per
    /// top-level mode of the shape `S`, asked by `layout!(slice(C, #A))` and
    /// `layout!(dice(C, #A))` at the coordinate's `(`. Only the rank: a tuple
    /// entry is asked next, against its mode, by [`SliceEntryIn`].
    pub trait SliceCoordIn<S>: ranks slice_coord_in(LayoutShape)
        = "the slice coordinate `{Self}` is not nested like the layout's shape `{S}`: one entry per top-level mode (an integer, `X`, or a tuple nested like it)";
    /// A tuple entry (`Self`) of a slice or dice coordinate against its mode,
    /// of shape `M`: a tuple of the mode's rank (an integer or `X` fits any
    /// mode and is not asked). Asked by `layout!(slice(C, #A))` at the
    /// entry's `(`, with the mode's shape from [`SliceCoordIn`] or from the
    /// entry around it.
    pub trait SliceEntryIn<M>: entry slice_entry_in
        = "the slice coordinate's entry `{Self}` is not nested like its mode `{M}`: write an integer or `X` for the whole mode, or one entry per sub-mode";
    /// A tuple entry (`Self`) of a partition's tile coordinate against the
    /// mode `M` it indexes (a rest mode of the divide for `local_tile`, a
    /// tile mode for `outer_partition`; its form, [`ModeForm`](super::ModeForm),
    /// so that a folded static leaf prints as `Extent`): a tuple of that mode's rank (an
    /// integer or `X` fits any mode and is not asked). Asked by `layout!` at
    /// the entry's `(`; an impl per rank with no where-clause
    /// (above), so that an entry that does not nest is this one
    /// error, the partition's bounds then silent.
    /// A named target (`Self`) of `tile_to_shape(BLOCK, #S, PLACES)` of a
    /// compact block, against the places `M` (a tuple of `C<N>`): one
    /// mode per place, as CuTe's `make_ordered_layout` asserts. Asked by
    /// `layout!` at the target's name before `TileCompactOrdered`, whose
    /// trait sentence names the sorted block and so is a `help` line.
    pub trait TargetPlaces<M>: entry target_places
        = "`tile_to_shape`: the named target `{Self}` needs one mode per place of the order `{M}` (CuTe's `static_assert` on the ranks)";
    pub trait TileEntryIn<M>: entry tile_entry_in
        = "the tile coordinate's entry `{Self}` is not nested like the mode `{M}` the divide leaves: one integer or `X` for the whole mode, or one per sub-mode";
}
