//! Expansion snapshots of named typed layouts, shapes and tilers
//! (`#NAME`): as a whole operand, as a mode of a written-out tuple, and in
//! the typed partitions.

use super::support::expansion;

// Named typed layouts (`#NAME`): the value's own methods, whose numbers
// the optimiser folds when it is a `const`.
snapshot!(named_crd2idx, "crd2idx((i,(2,j)), #TILE)");
snapshot!(named_size, "size(#TILE)");
// After `type`, an integer: refused at `type`, the name only borrowed.
snapshot!(named_type_size, "type size(#TILE)");
snapshot!(named_type_size_of_modes, "type size((#S, 4))");
snapshot!(named_type_size_of_a_mode, "type size(#TILE, 0, 1)");
snapshot!(type_size_written_out, "type size(((4,m),8):((1,4),32), 1)");
// CuTe's static rank, depth, cosize and offset after `type` (type_query.rs).
snapshot!(named_type_rank_of_a_mode, "type rank(#TILE, 1)");
snapshot!(named_type_depth_of_modes, "type depth((#S, 4))");
snapshot!(named_type_cosize, "type cosize(#TILE, 0)");
snapshot!(named_type_crd2idx, "type crd2idx((1,(2,3)), #TILE)");
snapshot!(type_rank_written_out, "type rank((m,(4,2)):(1,(m,32)))");
snapshot!(
    type_cosize_written_out,
    "type cosize(((4,m),8):((1,4),32), 1)"
);
// A run-time extent the offset does not read (CuTe: `_10`).
snapshot!(
    type_crd2idx_unread_extent,
    "type crd2idx((1,2), (m,8):(8,1))"
);
snapshot!(
    named_tile_places,
    "type tile_to_shape((2,2):(1,2), #S, (2,0,1))"
);
snapshot!(named_misplaced, "composition(#TILE, (#A,2):(1,2))");
snapshot!(named_algebra, "logical_divide(#TILE, (m,2):(1,m))");
snapshot!(named_shape, "make_identity_layout(#S)");
snapshot!(named_typed_tile_target, "type tile_to_shape(#ATOM, #S)");
snapshot!(
    named_typed_tile_compact,
    "type tile_to_shape((8,8):(8,1), #S)"
);
snapshot!(
    named_typed_tile_target_ordered,
    "type tile_to_shape(#ATOM, #S, LayoutRight)"
);
snapshot!(
    named_typed_tile_compact_right,
    "type tile_to_shape((8,8):(8,1), #S, LayoutRight)"
);
// Static places with a named target: `TileTargetOrdered`, their number
// asked of the target by rustc (`OrderOf`).
snapshot!(
    named_typed_tile_target_places,
    "type tile_to_shape((8,8):(8,1), #S, (1,0))"
);
snapshot!(named_typed_divide, "type zipped_divide(#TILE, <4,8>)");
snapshot!(named_tiler, "type zipped_divide((m,n):(1,m), #TILER)");
snapshot!(named_typed_product, "type tiled_product(#TILE, <2,n>)");
snapshot!(
    named_typed_tile_to_shape,
    "type tile_to_shape(#ATOM, (m,64))"
);
snapshot!(named_complement, "type complement(#TILE, m)");
// The typed layout's own `flatten`, asked at the name (`FlattenOperand`).
snapshot!(named_typed_flatten, "type flatten(#TILE)");
// Nested, `flatten(#TILE)` is bound with `let` (a value, not a `Result`).
snapshot!(named_nested_flatten, "type coalesce(flatten(#TILE))");
snapshot!(named_flatten_twice, "type flatten(flatten(#TILE))");
// An order the macro cannot read: one error at it.
snapshot!(
    named_tile_order_refused,
    "type tile_to_shape(#A, (4,4), #O)"
);
// The typed inverses read written-out strides: refused at the name, the
// run-time path under the refusal asking the name nothing (one error).
snapshot!(named_typed_inverse_refused, "type right_inverse(#TILE)");
snapshot!(
    rounded_product_hole,
    "type tiled_product((2,(m,3)):(1,(2,64)), 4:1)"
);
snapshot!(
    named_typed_composition,
    "type composition(#A, (p,(4,q)):(2,(1,p)))"
);
snapshot!(named_composition_tiler, "type composition(#A, <4, k:2>)");
snapshot!(named_composition_right, "type composition((8,2):(1,8), #S)");
// A named shape or tile as a mode of a written-out tuple (CuTe's
// `make_shape(s, Int<4>{})`): the Rust tuple holding the value.
snapshot!(named_mode_size, "size((#S, (4, m)))");
snapshot!(named_mode_divide, "logical_divide(#A, (#T, 1, 4))");
snapshot!(named_mode_tiler, "type zipped_divide((m,n):(1,m), <4, #T>)");
snapshot!(named_mode_cosize_refused, "cosize((#S, 4))");
snapshot!(named_mode_tiled_divide, "tiled_divide(#A, ((#T, 2), 4))");
snapshot!(named_mode_flat_divide, "type flat_divide(#A, #T)");
snapshot!(named_mode_local_tile, "local_tile(#A, (#T, 8), (i, 0))");
snapshot!(named_mode_product, "logical_product(#A, (#T, 2))");
snapshot!(named_mode_make_layout, "make_layout((#S, 4), LayoutRight)");
// CuTe's `make_fragment_like(shape)` is `make_layout(shape)`.
snapshot!(named_mode_fragment_like, "make_fragment_like((#S, 4))");
// Column-major of a shape nesting a named one: the strides before `#S`
// stay static (`C<1>`, `C<4>`), the rest follow its leaves.
snapshot!(named_mode_make_layout_left, "make_layout((4, (#S, m)))");
snapshot!(
    named_mode_ordered_layout,
    "make_ordered_layout((#S, 4), (1, 0))"
);
snapshot!(
    named_mode_dynamic_tile_refused,
    "logical_divide(#A, (#T, k))"
);
// Partitions with a named operand: the facade's typed partition, never the core.
snapshot!(
    named_local_tile,
    "type local_tile(#G, #TILER, (i, 0, _), (1, X, 1))"
);
snapshot!(named_local_partition, "type local_partition(#G, #THR, t)");
// A whole named tiler, without a step, asked at its name to nest as the
// layout (`FitTile::fit_tiler`).
snapshot!(
    named_outer_partition,
    "type outer_partition(#G, #TILER, (i, j))"
);
// A nested tile coordinate: the layout and the tiler bound first, each
// tuple entry asked at its `(` against the mode the divide leaves there
// (`TileCoordIn`, `TileEntryIn`), the coordinate rebuilt from the checks.
snapshot!(
    named_local_tile_nested_coordinate,
    "type local_tile(#G, #TILER, ((i, 0), j))"
);
snapshot!(
    named_partition_refused,
    "type local_tile(#G, (4, n), (i, j))"
);
// An operand call typed through the facade's traits, read as a function:
// its result bound (`inner_N`, mixed-site) and the outer trait called on it.
snapshot!(
    named_inner_coalesce_divide,
    "type coalesce(logical_divide(#A, <4>))"
);
snapshot!(
    named_inner_composition_zipped,
    "type composition(zipped_divide(#A, (2,2)), 4:1)"
);
// Read mode by mode: refused at the inner call (inner.rs's `refused`).
snapshot!(
    named_inner_by_modes_refused,
    "type logical_divide(coalesce(#A), <4>)"
);
// A tuple mode by a shorter tuple of tiles (the facade's `DivideMode`).
snapshot!(
    nested_mode_short_tile,
    "type zipped_divide(((4,8),m):((1,4),32), <<2>,4>)"
);
// A shape tiler is the by-mode tiler (fold.rs), CuTe's `Shape<_2,_2>`.
snapshot!(
    shape_tiler_divide,
    "type zipped_divide((m,16):(1,m), (2,2))"
);
// An integral tiler on a named layout: CuTe's layout `N:1`, the whole
// layout divided (named_divide.rs), the name checked at its token.
snapshot!(named_integral_divide, "type tiled_divide(#A, 4)");
// An identity layout of a named shape after `type`:
// the facade's `identity_layout` of the Rust tuple, a `BasisLayout` built
// from the shape's type (named_identity.rs).
snapshot!(
    named_identity_layout,
    "type make_identity_layout((2, (m, #S)))"
);
snapshot!(named_integral_divide_dynamic, "type logical_divide(#A, k)");
