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
//! reports the same mistake again. The two traits ([`SliceCoordIn`],
//! [`SliceEntryIn`]) are written with the other nesting checks, by one
//! macro (`private/nesting_check.rs`); their `ModeShape` is here.
//!
//! [`SliceCoordIn`]: super::typed::SliceCoordIn
//! [`SliceEntryIn`]: super::typed::SliceEntryIn

use core::marker::PhantomData;

/// A mode's shape `M` as a value (zero-sized): what
/// [`SliceCoordIn`](super::typed::SliceCoordIn) answers for each top-level
/// mode, and what [`SliceEntryIn`](super::typed::SliceEntryIn) checks a
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

    /// The [`ModeShape`] of a value's type (`layout!` names no type).
    #[inline(always)]
    pub const fn of(_: &M) -> Self {
        ModeShape(PhantomData)
    }
}
