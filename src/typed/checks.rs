//! The checks a compile error names: the traits `layout!` and the typed
//! functions ask of what the user wrote (`LayoutOperand`: a typed layout
//! where the call takes one; `FitsMode`: a tile that fits the mode it
//! divides, …) and the types they print (`TileFor`, a named tile; `AShape`, a
//! shape's answer to `cosize`). Each has a message naming the mistake in
//! the user's terms; they are public here so that rustc prints them by
//! their names alone (`FitsMode<…>`, not a path through the crate's
//! hidden module). Not meant to be implemented or called: `layout!`
//! expansions do that.

pub use crate::__private::rt::{
    AShape, CosizeInTheType, CosizeLeaf, CosizeOfALayout, Crd2idxLeaf, ModeAt, NamedLayout,
    NamedOrder, NamedTuple, NestingLeaves, OffsetInTheType, SizeInTheType, SizeLeaf,
};
pub use crate::__private::{
    CommonVector, ComposeOperand, CoordEntryIn, CoordIn, CoordOperand, CoordRanksIn, DivideTile,
    Extent, FitsEntry, FitsMode, FlattenOperand, IdentityLeaves, IntOperand, IntegralOffsets,
    LayoutOperand, NotALayout, OuterCoordFits, ShapeTarget, SortedBlock, StaticOperand, StepMarks,
    StepOperand, TargetPlaces, TileCompactOrdered, TileCoordFits, TileCoordIn, TileEntryIn,
    TileFor, TileStepCoordIn, TileTargetOrdered,
};
