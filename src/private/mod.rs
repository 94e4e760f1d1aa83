//! Support code that `layout!` expansions name (`::layout_dsl::__private::…`).
//! Not a public API: the macro and these types change together.

/// `$m!(rank; (index A B C) …)` for every tuple rank a typed layout may
/// have (0 to `MAX_RANK`): the arities the tree and walk traits are
/// implemented for. `A`, `B`, `C` are names for generic parameters per
/// element. The list comes from the macro crate (`layout_macros::__ranks!`),
/// which also decides how wide a tuple it emits, so the two cannot differ.
macro_rules! for_each_rank {
    ($m:ident) => {
        ::layout_macros::__ranks!(each_rank $m;);
    };
}

/// `$e?` for a `Result`, written as a `match`: in a debug build `?` makes
/// its `Try::branch` and `FromResidual::from_residual` functions for each
/// result type, and a static algebra result's type is thousands of
/// characters long, which every such function's name, symbol and debug
/// info repeat (BENCHMARKS.md, "Compile cost of static compositions and
/// products: the names"). Release code is the same.
macro_rules! ok_or_return {
    ($e:expr) => {
        match $e {
            Ok(value) => value,
            Err(error) => return Err(error),
        }
    };
}

/// Applies `$m` to each `{rank; fields}` entry of `__ranks!`.
macro_rules! each_rank {
    ($m:ident; $({$($entry:tt)*})*) => {
        $($m!($($entry)*);)*
    };
}

mod algebra;
mod algebra_display;
mod analysis;
mod basis;
mod coalesce_filter;
mod coalesce_static;
pub(crate) mod common_layouts;
mod compose;
mod recast_by;
mod recast_layout;
use compose::{
    compose_decide, compose_decide_static, compose_exact, compose_fallback, compose_folded,
    compose_leaf, compose_merge, compose_run, compose_static, compose_static_walk, compose_tree,
    compose_value, compose_walk,
};
mod composed;
mod construct;
use construct::{
    construct_concat, construct_like, construct_values, make_layout, tile_compact,
    tile_compact_ordered, tile_compact_right, tile_target_kind, tile_to_shape,
};
mod convert;
mod convert_static;
mod coord;
mod coord_in;
mod dice_modes;
mod divide;
use divide::{
    divide_fit, divide_holds, divide_integral, divide_leaf, divide_merge, divide_mode, divide_past,
    divide_rest,
};
mod edit;
mod edit_layout;
mod fits;
mod fits_bound;
mod fits_checked;
mod fits_gate;
mod fits_value;
mod gemm_form;
mod identity;
mod identity_named;
mod int;
mod inverse;
mod inverse_construct;
mod inverse_fits;
mod inverse_left;
mod layout;
mod layout_text;
mod leaf_list;
mod list;
mod loops;
mod mode;
mod mode_form;
mod nesting_check;
mod paired;
mod partial;
mod partition;
use partition::{
    named_partition, partition_bound, partition_residue, threads, tile_check, tile_coord_nesting,
    tile_residue, tile_residue_read, tiler_prefix, typed_partition,
};
mod poisoned;
mod product;
use product::{
    product_by_mode, product_copies, product_fit, product_holes, product_ranked, product_regroup,
    product_static, product_value, static_complement,
};
mod reach;
mod reach_refused;
pub mod rt;
mod rt_query;
mod rt_size;
mod shape_size;
mod shape_values;
mod slice_base;
mod slice_modes;
mod static_int;
mod static_query;
mod swizzle;
mod tensor;
mod text;
mod tile_fits;
mod tree;
mod typed_layout;
mod walk;

/// CuTe's `_` in the typed partitions `layout!(type local_tile(…))` emits.
pub use crate::tensor::X;
pub use algebra::{AlgebraError, ceil_div, ceil_div_dynamic, scale};
pub use analysis::CommonVector;
pub use basis::{BasisLayout, BasisStride, Coordinate};
pub use coalesce_filter::{Coalesce, FilterTree, FilterZeros};
pub use coalesce_static::{AtRank, CoalescedLeaf, CoalescedModes, StaticFlat, cute_coalesce};
pub use compose::{
    Step, complement_hole, complement_rest, compose_step, no_carry, no_carry_or_continues, product,
};
pub use compose_folded::{ComposeKind, FoldTree, ManyStatic};
pub use compose_leaf::ComposeLeaf;
pub use compose_merge::compose_step_or_merged;
pub use compose_run::{ComposeRun, ComposeWith};
pub use compose_static::{
    AllStatic, ComposeWalk, FoldModes, FoldedLeaf, FoldedModes, StaticList, StaticWalk, Statics,
};
pub use compose_static_walk::{static_walk, static_walk_decided};
pub use compose_tree::ComposeTree;
pub use compose_value::{Compose, ComposeTile};
pub use compose_walk::{WalkLeaves, Walked};
pub use composed::Composed;
pub use construct::{copies, divide_extent, nonzero, order_tie};
pub use construct_concat::{
    IsLayout, IsTree, Kinded, MakeLayoutKinds, MakeLayoutOf, MakeLayoutWith, OperandKind,
    OperandKinds,
};
pub use construct_like::{FragmentStrides, MakeLike, StaticStrides};
pub use construct_values::{
    LayoutLeft, LayoutRight, LeafValues, MAX_LEAVES, OrderOf, make_ordered_layout,
};
pub use convert::NestingError;
pub use convert_static::{StaticLayout, StaticTree};
pub use coord::{CoordOf, RankIs, TupleForLeaf, TypedCoord};
pub use coord_in::{CoordIn, CoordSpace};
pub use dice_modes::{DiceBy, DiceEntry, DiceModes};
pub use divide::Divide;
pub use divide_fit::{
    FitTile, FitsMode, FitsTiler, LeafMode, ModeKind, ModeTile, SameRank, TileFor, TilerFits,
    TilerOf, TupleTile, tilers,
};
pub use divide_holds::mode_holds;
pub use divide_integral::IntegralOffsets;
pub use divide_leaf::{CeilOver, Clamp};
pub use divide_merge::{Run, SpreadMerged};
pub use divide_mode::{DivMode, Spread, UnitTile};
pub use divide_past::{
    continues, divide_continuation, divide_rest_stride, reach, tile_continuation, tile_rest_stride,
};
pub use divide_rest::{divide_size, extents_size, tile_rest, tile2_rest, tile2_rest_cute};
pub use edit::{
    Append, AsModes, Concat, Flatten, Group, Ix, Leaves, Prepend, Replace, Select, Take,
};
pub use edit_layout::{Appended, Grouped, Prepended, Replaced, Taken};
pub use fits::operands_fit;
pub use fits_gate::Gate;
pub use fits_value::{FitsCore, Quick, Role, value_fits};
pub use gemm_form::{
    Gemm, GemmForm, GemmMode, GemmOperand, GemmRankForm, ModeCount, Modes, Rank, RankOf, Roles,
};
pub use identity::{FlatRank, IdentityShape, UnitStride};
pub use identity_named::{IdentityLeaves, IdentityPaths, Paths};
pub use int::{C, Int, Offset};
pub use inverse::{
    inverse_merges, reach_is, right_inverse_complement_is_cores, right_inverse_is_cores,
};
pub use inverse_fits::{left_operand_fits, operand_fits};
pub use inverse_left::{inverse_stops, left_overlap, left_span, left_unit};
pub use layout::{Layout, idx2crd, layout, layout_signed, size};
pub use leaf_list::{Compact, CompactTree, LeafList, Leafs};
pub use list::{Chain, Cons, IntoList, IntoTuple, Nil};
pub use loops::{Lockstep, Lockstep3, SameExtents, WalkWith, WalkWith3};
pub use make_layout::{AsShape, CompactLayoutRight, CompactRight, CompactTreeRight};
pub use mode::Get;
pub use mode_form::{Extent, ModeForm};
pub use named_partition::{
    ComposeOperand, CoordOperand, DivideTile, FlattenOperand, IntOperand, LayoutOperand, Named,
    NotALayout, Partitioned, StaticExtents, StaticOperand, StepMarks, StepOperand, StepTilerFits,
    named_local_partition, named_local_partition_step, named_local_tile, named_local_tile_step,
    named_outer_partition,
};
pub use nesting_check::{
    CoordEntryIn, CoordRanksIn, SliceCoordIn, SliceEntryIn, TargetPlaces, TileEntryIn,
};
pub use paired::{Odometer, Rows, StaticSize, WalkPaired, ZipLeaves};
pub use partial::{Holes, product_fits, product_hole};
pub use partition::{Dice, OuterModes, StepMode, TileModes};
pub use partition_bound::{ListReach, PartitionBound};
pub use partition_residue::{
    BelowEach, Counts, Cut, ModeResidues, SplitBelow, WalkAdmitted, WholeCuts,
};
pub use poisoned::{Poisoned, PoisonedShape, Unknown, poisoned};
pub use product_by_mode::{ByModeProduct, ProductWalk, TileTimes};
pub use product_copies::{ProductCopies, ProductEntry, ProductTile};
pub use product_fit::{EntryFit, EntryTile, FitList, FitsEntry, FitsList};
pub use product_holes::{ProductHoles, product_modes};
pub use product_ranked::{CopyModes, RankedProduct, ZipPad, ZipProduct};
pub use product_regroup::Regroup;
pub use product_static::{ChooseHoles, HolesWalk};
pub use product_value::{Lift, Product};
pub use reach::{Colex, Reach};
pub use recast_by::{Downcast, Upcast};
pub use recast_layout::{Recast, RecastExtent, RecastStride, RecastTree};
pub use shape_size::{FromSize, ListSize, SizeOf};
pub use shape_values::{Complement, ComplementLeaves, by_stride, complement_modes};
pub use slice_base::{
    SliceBase, Span, checked_base, partition_base, partition_fits, share_fits, slice_base,
    slice_fits, tensor_share_fits,
};
pub use slice_modes::{SliceEntry, SliceModes};
pub use static_complement::{Bit, ComplementLeaf, IsStatic, No, Pick, StaticLeaves, Yes};
pub use static_int::{
    CeilQuot, IfNonZero, Min, Over, Prod, Quot, RestStride, StaticInt, TileStride, Times, UnitZero,
};
pub use static_query::{CosizeOf, Crd2idxOf, ShapeDepth, ShapeRank};
pub use swizzle::{Swizzle, TypedSwizzle};
pub use text::Node;
pub use threads::{
    FlatCoord, FlatIndex, ModeCoord, ModeIndex, ModeSize, ModeSizes, ProductOf, ThreadIndex,
};
pub use tile_compact::{
    CompactModes, CompactTiles, Copies, CopiesBy, ShapeBit, TargetSizeLeaf, TileCompact, TreeSize,
};
pub use tile_compact_ordered::{
    CompactOrderedTiles, LayoutTrees, ModeIndices, SortedBlock, TileCompactOrdered,
};
pub use tile_compact_right::{CompactModesRight, CompactTilesRight, TileCompactRight};
pub use tile_coord_nesting::{
    DividedModes, EntryModes, StepEntryModes, StepTiledModes, TileCoordIn, TileStepCoordIn,
    TiledModes,
};
pub use tile_fits::tensor_tile_fits;
pub use tile_residue::{Picked, Span as TileSpan, TileCuts, TileExtent, TileResidues};
pub use tile_residue_read::{ListCount, SpansOf, SplitAs, SplitIndex, TileAt, TileBelow};
pub use tile_target_kind::{ShapeTarget, TargetStandIn};
pub use tile_to_shape::{
    ModeSizesInto, NoLonger, OrderedTiles, TargetShape, TileTarget, TileTargetOrdered, TileToShape,
};
pub use tiler_prefix::{
    AtMost, CoordFit, FitsPrefix, OuterCoordFits, PrefixList, PrefixTiler, PrefixTilerFits,
    TileCoordFits, TilerList, TruncTo,
};
pub use tree::{MAX_RANK, Mode, Shape, Split, Tree};
pub use typed_layout::TypedLayout;
pub use typed_partition::{CompactLayout, Fits, OuterBy, SliceBy, Threads, TileBy};
pub use walk::{Form, Leaf, Walk};
