//! A named layout's slice coordinate, asked level by level by
//! `layout!(slice(C, #A))` and `layout!(dice(C, #A))` before they call the
//! door (`slice_and_offset`, `dice`): the macro sees how `C` is written, so
//! it asks each tuple of `C` at its own `(` whether the layout's mode there
//! is a tuple of its rank.
//!
//! Why level by level: one trait asking the whole nesting at once
//! ([`SliceCoordModes`](super::typed::SliceCoordModes), whose impl per rank
//! asks each entry to nest in its mode, [`SliceNests`](super::typed::SliceNests))
//! fails in a where-clause of its impl when a tuple entry does not nest,
//! and rustc 1.95 reports such a failure over the whole macro call, with
//! the door's bound as a note. Here each trait is asked of one tuple, with
//! an impl per rank and no where-clause: a mismatch is a trait that does
//! not hold for the argument itself, which rustc reports at the argument,
//! the trait's own function adding no note. Each result is a projection
//! (`Checked`, `Modes`) that names no type for a coordinate that does not
//! fit, so nothing asked after it (the entries' checks, the door's bound)
//! reports the same mistake again.

use super::typed_checks::LayoutShape;
use crate::__private::Unknown;
use core::marker::PhantomData;

/// A mode's shape `M` as a value (zero-sized): what [`SliceCoordIn`]
/// answers for each top-level mode, and what [`SliceEntryIn`] checks a
/// tuple entry of the coordinate against.
pub struct ModeShape<M>(PhantomData<M>);

impl<M> Default for ModeShape<M> {
    #[inline(always)]
    fn default() -> Self {
        Self::new()
    }
}

impl<M> ModeShape<M> {
    /// The [`ModeShape`] of `M`.
    #[inline(always)]
    pub const fn new() -> Self {
        ModeShape(PhantomData)
    }
}

/// A slice or dice coordinate (`Self`, a tuple) with one entry per
/// top-level mode of the shape `S`, asked by `layout!(slice(C, #A))` and
/// `layout!(dice(C, #A))` at the coordinate's `(`. Only the rank: a tuple
/// entry is asked next, against its mode, by [`SliceEntryIn`].
#[diagnostic::on_unimplemented(
    message = "the slice coordinate `{Self}` is not nested like the layout's shape `{S}`: write one entry (an integer, `X`, or a tuple nested like the mode) per top-level mode"
)]
pub trait SliceCoordIn<S> {
    /// `Self`.
    type Checked;
    /// Each top-level mode's shape, a tuple of [`ModeShape`].
    type Modes;
    /// `self`, unchanged, and the modes' shapes; `layout` fixes `S`.
    fn slice_coord_in<L: LayoutShape<Shape = S>>(self, layout: &L) -> (Self::Checked, Self::Modes);
}

/// A tuple entry (`Self`) of a slice or dice coordinate against its mode,
/// of shape `M`: a tuple of the mode's rank (an integer or `X` fits any
/// mode and is not asked). Asked by `layout!(slice(C, #A))` at the
/// entry's `(`, with the mode's shape from [`SliceCoordIn`] or from the
/// entry around it.
#[diagnostic::on_unimplemented(
    message = "the slice coordinate's entry `{Self}` is not nested like its mode `{M}`: write an integer or `X` for the whole mode, or one entry per sub-mode"
)]
pub trait SliceEntryIn<M> {
    /// `Self`.
    type Checked;
    /// Each sub-mode's shape, a tuple of [`ModeShape`].
    type Modes;
    /// `self`, unchanged, and the sub-modes' shapes.
    fn slice_entry_in(self, mode: ModeShape<M>) -> (Self::Checked, Self::Modes);
}

/// The impls of one rank: a tuple of it in a shape (or mode) of the same
/// rank, and in [`Unknown`] (a failed `layout!`'s stand-in, which takes
/// any coordinate: one mistake, one error).
macro_rules! ranked {
    ($rank:literal; $(($i:tt $A:ident $M:ident $B:ident))*) => {
        #[diagnostic::do_not_recommend]
        impl<$($A, $M),*> SliceCoordIn<($($M,)*)> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<$M>,)*);
            #[inline(always)]
            fn slice_coord_in<L: LayoutShape<Shape = ($($M,)*)>>(
                self,
                _: &L,
            ) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<$M>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> SliceCoordIn<Unknown> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<ranked!(@unknown $A)>,)*);
            #[inline(always)]
            fn slice_coord_in<L: LayoutShape<Shape = Unknown>>(self, _: &L) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<ranked!(@unknown $A)>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A, $M),*> SliceEntryIn<($($M,)*)> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<$M>,)*);
            #[inline(always)]
            fn slice_entry_in(self, _: ModeShape<($($M,)*)>) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<$M>::new(),)*))
            }
        }
        #[diagnostic::do_not_recommend]
        impl<$($A),*> SliceEntryIn<Unknown> for ($($A,)*) {
            type Checked = Self;
            type Modes = ($(ModeShape<ranked!(@unknown $A)>,)*);
            #[inline(always)]
            fn slice_entry_in(self, _: ModeShape<Unknown>) -> (Self, Self::Modes) {
                (self, ($(ModeShape::<ranked!(@unknown $A)>::new(),)*))
            }
        }
    };
    // `Unknown`, once per entry.
    (@unknown $A:ident) => {
        Unknown
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
