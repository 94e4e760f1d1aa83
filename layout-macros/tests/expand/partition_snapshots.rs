//! Expansion snapshots of slices and CuTe's partitions: static calls folded
//! to the view pair, dynamic ones through the core, and the facade's typed
//! partitions after `type`.

use super::support::expansion;

// `_` slicing: a static slice of a static layout folds to CuTe's
// `slice_and_offset` pair (the kept modes, the base); `dice` to a layout.
// With a dynamic leaf, a dynamic coordinate or a named layout, the typed
// slice (`SliceOf::slice_of`), straight-line code; dice the kept modes
// (of a named layout, `typed::dice`). The slice's base goes through
// `slice_base`: in the layout's offset type (an `isize` with a negative
// static stride, named or written out), checked to fit. A named layout's
// coordinate is asked one tuple at a time, at its `(` (`SliceCoordIn`, the
// rank; `SliceEntryIn`, each tuple entry against its mode).
snapshot!(slice_static, "slice((_,3), (4,8):(8,1))");
snapshot!(slice_nested_static, "slice((_,(1,_)), (4,(2,3)):(1,(4,8)))");
snapshot!(dice_static, "dice((_,3), (4,8):(8,1))");
snapshot!(slice_dynamic, "slice((_,j), (4,8):(8,1))");
snapshot!(slice_dynamic_leaf, "slice((_,(1,_)), (m,(2,4)):(8,(1,2)))");
snapshot!(slice_named, "slice((_,3), #A)");
snapshot!(dice_dynamic, "dice((_,(j,_)), (m,(2,4)):(8,(1,-2)))");
snapshot!(dice_named, "dice((_,(j,_)), #A)");
snapshot!(slice_named_nested, "slice(((1,_),((j,_),2)), #A)");
snapshot!(slice_negative_stride, "slice((i,_), (4,8):(-1,1))");
snapshot!(slice_wrong_rank, "slice((_,3,1), (4,8):(8,1))");

// CuTe's partitions: a static call folds to the view pair (the kept modes,
// the base), steps `(1,X,1)` included; with a dynamic leaf, the core at run
// time; a coordinate out of range is a compile error at the coordinate.
snapshot!(local_tile_static, "local_tile((8,8):(1,8), (4,2), (1,2))");
snapshot!(
    local_tile_step_static,
    "local_tile((16,8):(1,16), (4,6,4), (2,1,_), (1,X,1))"
);
snapshot!(
    local_partition_static,
    "local_partition((8,12):(1,8), (2,4):(1,2), 5)"
);
snapshot!(local_tile_dynamic, "local_tile((m,8):(1,m), (4,2), (i,j))");
snapshot!(
    local_tile_out_of_range,
    "local_tile((8,8):(1,8), (4,2), (2,0))"
);
// After `type`, the facade's typed partitions: straight-line code over the
// dynamic leaves (partition.rs), the step applied while compiling.
snapshot!(
    typed_local_tile_step,
    "type local_tile((m,n):(1,m), (128,128,8), (i,j,_), (1,X,1))"
);
snapshot!(
    typed_local_partition_step,
    "type local_partition((m,k):(1,m), (2,16,1):(16,1,0), t, (1,X,1))"
);
snapshot!(
    typed_outer_partition,
    "type outer_partition((m,n):(n,1), (2,2), (i,j))"
);
// `_` in outer_partition's coordinate keeps that tile mode (CuTe's
// `tensor_tiled((i,_), (_,_))`): the facade's `OuterTiler` (the grid sliced).
snapshot!(
    typed_outer_partition_x,
    "type outer_partition((m,n):(n,1), (2,2), (i,_))"
);
// A tile extent of 1 (CuTe's `_1:_0`, the facade's `UnitTile`), a tiler
// nested like a tuple mode with a coordinate nested alike, a negative
// static stride (a signed layout: the base an `isize`), a nested thread
// layout.
snapshot!(
    typed_local_tile_unit_extent,
    "type local_tile((m,n):(1,m), (4,1), (i,_))"
);
snapshot!(
    typed_local_tile_nested_tiler,
    "type local_tile(((4,4),n):((1,4),16), ((2,2),4), ((i,1),_))"
);
snapshot!(
    typed_local_tile_negative_stride,
    "type local_tile((8,n):(-1,8), (4,2), (i,j))"
);
snapshot!(
    typed_local_partition_nested_threads,
    "type local_partition((m,n):(1,m), ((2,2),(4,2)):((1,8),(2,16)), t)"
);
// The thread named by its coordinate in the thread layout (the facade's
// `ThreadIndex`), nested like it, one entry dynamic.
snapshot!(
    typed_local_partition_thread_coordinate,
    "type local_partition((m,n):(1,m), ((2,2),(4,2)):((1,8),(2,16)), ((1,i),3))"
);
// Nested written-out layouts (a mode of static leaves coalesced first, as
// CuTe's composition: `(2,4):(1,2)` is `8:1`; otherwise the tile spread
// over the mode's leaves by the facade), one integer coordinate (split over the grid's modes, then
// sliced), and a nested divide through the `Divide` methods.
snapshot!(
    typed_local_tile_nested,
    "type local_tile(((2,4),m):((1,2),8), (4,8), (i,_))"
);
snapshot!(
    typed_local_tile_index,
    "type local_tile((m,n):(1,m), (4,2), k)"
);
snapshot!(
    typed_outer_partition_index,
    "type outer_partition((m,n):(n,1), (4,2), k)"
);
snapshot!(
    typed_logical_divide_nested,
    "type logical_divide(((2,4),m):((1,2),8), <4,8>)"
);
// All written out, a tile tuple shorter than its mode (`((2),4)` over
// `((4,8),m)`): the named doors' `Fit` of the tile to the mode, as for
// the same tiler named (named_partition.rs, `short_nested`).
snapshot!(
    typed_outer_partition_short_nested_tile,
    "type outer_partition(((4,8),m):((1,4),32), ((2),4), (i,j))"
);
snapshot!(
    typed_local_tile_short_nested_tile,
    "type local_tile(((4,8),m):((1,4),32), ((2),4), (i,_))"
);

// A tile used up by a static mode's first leaves: the mode split before it
// is typed (partition_split.rs), the coordinate `i` split into `i % 2` and
// `i / 2`, so the tile is CuTe's `(_4,_4):(_1,_128)`.
snapshot!(
    typed_local_tile_split_mode,
    "type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (i, j))"
);
