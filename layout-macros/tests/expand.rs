//! Expansion snapshots: what kernel authors get from `layout!`, pretty-printed.
//! Review changes with `cargo insta review`.
//!
//! The pipeline modules are compiled into this test directly (a proc-macro
//! crate exports nothing but its macros).

#[path = "../src/arith.rs"]
mod arith;
#[path = "../src/ast.rs"]
mod ast;
#[path = "../src/basis.rs"]
mod basis;
#[path = "../src/coalesce_by.rs"]
mod coalesce_by;
#[path = "../src/complement_shape.rs"]
mod complement_shape;
#[path = "../src/compose.rs"]
mod compose;
#[path = "../src/compose_step.rs"]
mod compose_step;
#[path = "../src/composed.rs"]
mod composed;
#[path = "../src/construct.rs"]
mod construct;
#[path = "../src/construct_order.rs"]
mod construct_order;
#[path = "../src/divide.rs"]
mod divide;
#[path = "../src/divide_nested.rs"]
mod divide_nested;
#[path = "../src/emit.rs"]
mod emit;
#[path = "../src/expand.rs"]
mod expand;
#[path = "../src/fallback.rs"]
mod fallback;
#[path = "../src/fold.rs"]
mod fold;
#[path = "../src/inverse.rs"]
mod inverse;
#[path = "../src/kind.rs"]
mod kind;
#[path = "../src/named.rs"]
mod named;
#[path = "../src/named_partition.rs"]
mod named_partition;
#[path = "../src/named_place.rs"]
mod named_place;
#[path = "../src/named_product.rs"]
mod named_product;
#[path = "../src/nested.rs"]
mod nested;
#[path = "../src/operands.rs"]
mod operands;
#[path = "../src/partition.rs"]
mod partition;
#[path = "../src/partition_args.rs"]
mod partition_args;
#[path = "../src/partition_index.rs"]
mod partition_index;
#[path = "../src/primary.rs"]
mod primary;
#[path = "../src/probe.rs"]
mod probe;
#[path = "../src/product.rs"]
mod product;
#[path = "../src/product_cosize.rs"]
mod product_cosize;
#[path = "../src/quick.rs"]
mod quick;
#[path = "../src/rules.rs"]
mod rules;
#[path = "../src/runtime.rs"]
mod runtime;
#[path = "../src/shape.rs"]
mod shape;
#[path = "../src/sym.rs"]
mod sym;
#[path = "../src/tile.rs"]
mod tile;
#[path = "../src/tokens.rs"]
mod tokens;
#[path = "../src/tree.rs"]
mod tree;
#[path = "../src/types.rs"]
mod types;
#[path = "../src/valid.rs"]
mod valid;

#[macro_use]
#[path = "expand/support.rs"]
mod support;
#[path = "expand/named_concat.rs"]
mod named_concat;
#[path = "expand/reported_errors.rs"]
mod reported_errors;
#[path = "expand/typed_forms.rs"]
mod typed_forms;
#[path = "expand/typed_sweep.rs"]
mod typed_sweep;

use support::{expansion, type_expansion};

// Static values: folded to literals.
snapshot!(
    literal_crd2idx,
    "crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))"
);
snapshot!(literal_size, "size(logical_divide((4,2,3):(2,1,8), 4:2))");
snapshot!(literal_tuple, "idx2crd(16, (3,(2,3)))");
snapshot!(literal_negative, "crd2idx(1, 2:-3)");
snapshot!(table, "table((2,4):(4,1))");

// Static layouts: typed values of `usize` literals; with `type`, or when
// empty, zero-sized.
snapshot!(static_layout, "(4,8):(8,1)");
snapshot!(static_nested_layout, "((2,4),(3,5)):((3,6),(1,24))");
snapshot!(algebra_result, "logical_divide((4,2,3):(2,1,8), 4:2)");
snapshot!(signed_layout, "(2,3):(-1,1)");
snapshot!(zero_sized_layout, "type ((2,4),(3,5)):((3,6),(1,24))");
snapshot!(
    zero_sized_algebra_result,
    "type logical_divide((4,2,3):(2,1,8), 4:2)"
);
snapshot!(empty_layout, "((13,0),(14,0)):((1,13),(0,14))");
snapshot!(type_misplaced, "type size((4,8):(8,1))");

// Scaled-basis strides (identity layouts): the facade's `BasisLayout`, one
// integer layout per coordinate entry; a view is `(layout, coordinate)`;
// with dynamic leaves, the core at run time.
snapshot!(basis_identity, "make_identity_layout((4,8))");
snapshot!(basis_written_out, "((2,3),4):((1@0@0,1@1@0),2@1)");
snapshot!(basis_zero_sized, "type (4,8):(1@1,0)");
snapshot!(basis_slice, "slice((_,3), make_identity_layout((4,8)))");
snapshot!(
    basis_composition,
    "composition(make_identity_layout((4,8)), (4,4):(1,8))"
);
snapshot!(basis_lone_coordinate, "crd2idx(2, (4):(3@1))");
snapshot!(basis_dynamic, "(m,8):(1@0,1@1)");
snapshot!(
    basis_dynamic_crd2idx,
    "crd2idx(i, make_identity_layout((m,8)))"
);

// Dynamic leaves: the typed layout holds them; the rest is still folded.
snapshot!(dynamic_layout, "(m,4):(1,m)");
snapshot!(dynamic_braced_leaf, "(m,{n * 2}):(1,m)");
snapshot!(mixed_crd2idx, "crd2idx((i,j), (4,8):(8,1))");
snapshot!(mixed_dynamic_crd2idx, "crd2idx((i,j), (m,4):(1,m))");
snapshot!(mixed_size, "size((m,(2,4)):(1,(m,{2 * m})))");
snapshot!(mixed_rank, "rank((m,(2,4)):(1,(m,{2 * m})))");
snapshot!(mixed_idx2crd, "idx2crd(i, (3,(2,n)))");

// Algebra of dynamic layouts: a run-time call into the core.
snapshot!(
    runtime_divide,
    "logical_divide((m,4):(1,m), composition(4:2, 2:1))"
);
snapshot!(runtime_size, "size(zipped_divide((m,n):(n,1), (4,4)))");

// Typed algebra on dynamic leaves (`type`): straight-line code, a typed result.
snapshot!(
    typed_logical_divide,
    "type logical_divide((m,n):(1,m), <4,8>)"
);
snapshot!(
    typed_zipped_divide,
    "type zipped_divide((m,8):(8,1), <4,8>)"
);
snapshot!(typed_flat_divide, "type flat_divide((m,n,3):(1,m,k), <4>)");
// CuTe's `make_layout(L0, L1)`: each layout one mode, its leaves as written.
snapshot!(
    typed_make_layout_concat,
    "type make_layout((4,m):(1,4), 8:k)"
);
// A tiler shorter than the layout: the integer indexes the modes past it too.
snapshot!(
    typed_local_tile_short_index,
    "type local_tile((m,n,k):(1,m,p), (2,4), i)"
);
snapshot!(
    typed_composition,
    "type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))"
);
snapshot!(
    typed_composition_tiler,
    "type composition((m,n):(1,m), <4, 2:2>)"
);
snapshot!(typed_coalesce, "type coalesce(((2,4),m,1):((1,2),8,5))");
snapshot!(
    typed_coalesce_profile,
    "type coalesce(((2,4),(m,5)):((1,2),(8,24)), (1,1))"
);
snapshot!(typed_complement, "type complement((m,4):(1,8), k)");
// CuTe's one-argument complement: the cotarget is the cosize.
snapshot!(typed_complement_cosize, "type complement((2,m):(2,8))");
// A rank-1 dynamic stride: the hole below it is the stride.
snapshot!(typed_complement_dynamic_stride, "type complement(4:d, k)");
// A tuple cotarget: the core's integer cotarget for it, then the same.
snapshot!(
    typed_complement_shape,
    "type complement((m,4):(1,8), (k,3))"
);
// An operand that is itself a typed call: matched, then written out.
snapshot!(
    typed_nested_call,
    "type logical_product(coalesce((m,2):(2,1)), 4:1)"
);

/// A dynamic inner result where the outer call reads it mode by mode is
/// not nested (its modes may not be the core's): `type` refuses it.
#[test]
fn a_dynamic_inner_result_read_by_mode_is_not_nested() {
    for input in [
        "type logical_divide(coalesce((2,m):(1,2)), <4>)",
        "type blocked_product(coalesce((2,m):(1,2)), 2:1)",
        "type logical_product(coalesce((2,m):(1,2)), <2:1>)",
    ] {
        assert!(expansion(input).contains("compile_error"), "{input}");
    }
    // Read as a function, it is.
    let typed = expansion("type logical_product(coalesce((2,m):(1,2)), 2:1)");
    assert!(!typed.contains("compile_error") && typed.contains("nested0"));
}
// A static operand call: folded and written out, no binding.
snapshot!(
    typed_nested_static,
    "type complement(logical_divide((4,4):(4,1), <2>), k)"
);
// Folded before any door types the outer call (fold.rs): the result is the
// written-out call's, here `composition(8:1, (m):(1))`.
snapshot!(
    typed_nested_folded,
    "type composition(coalesce((4,2):(1,4)), (m):(1))"
);
// `flatten` of a written-out layout: its leaves at one level, no code.
snapshot!(typed_flatten, "type flatten((m,(2,4)):(1,(m,8)))");
// Of a typed call: matched, then the inner result's leaves written out.
snapshot!(
    typed_flatten_nested,
    "type flatten(logical_divide((m,n):(1,m), <4,8>))"
);
// CuTe's chain on static strides; a dynamic reach that meets a stride left
// out is an error naming the mode (inverse.rs).
snapshot!(typed_right_inverse, "type right_inverse((m,4):(1,8))");
snapshot!(
    typed_blocked_product,
    "type blocked_product((2,m):(1,2), (3,4):(1,3))"
);
snapshot!(
    typed_ordered_layout,
    "type make_ordered_layout((m,(4,n)), (1,0))"
);
snapshot!(typed_layout_like, "type make_layout_like((m,4,n):(0,1,8))");
snapshot!(
    typed_make_layout,
    "type make_layout((m,(1,4)), LayoutRight)"
);
snapshot!(
    typed_make_layout_strided,
    "type make_layout((m,4), (4,{k}))"
);
snapshot!(
    typed_fragment_like,
    "type make_fragment_like(((2,m),n,3):((4,1),0,16))"
);
snapshot!(
    typed_tile_to_shape,
    "type tile_to_shape((8,8):(8,1), (m,64))"
);
snapshot!(typed_filter_zeros, "type filter_zeros((m,4,n):(1,0,d))");
snapshot!(
    typed_product_by_mode,
    "type logical_product((m,6):(1,1), <(2,2):(1,2), 3>)"
);
snapshot!(
    typed_flat_product,
    "type flat_product((m,4):(4,1), (2,3):(3,1))"
);
snapshot!(
    typed_tiled_product_by_mode,
    "type tiled_product((m,6):(1,1), <(2,2):(1,2), 3>)"
);
snapshot!(mixed_ceil_div, "ceil_div((m,n), (16,8))");
snapshot!(mixed_product_each, "product_each((m,(4,n)))");
snapshot!(mixed_mode_size, "size((m,(4,n)):(1,(m,{4 * m})), 1, 0)");
snapshot!(mixed_coshape, "coshape((m,(4,n)):(1,(m,{4 * m})))");
snapshot!(
    typed_composition_static_tile,
    "type composition((8,m):(1,8), (2,m):(4,16))"
);

// Named typed layouts (`#NAME`): the value's own methods, whose numbers
// the optimiser folds when it is a `const`.
snapshot!(named_crd2idx, "crd2idx((i,(2,j)), #TILE)");
snapshot!(named_size, "size(#TILE)");
snapshot!(named_misplaced, "composition(#TILE, (#A,2):(1,2))");
snapshot!(named_algebra, "logical_divide(#TILE, (m,2):(1,m))");
snapshot!(named_shape, "make_identity_layout(#S)");
snapshot!(named_typed_tile_target, "type tile_to_shape(#ATOM, #S)");
snapshot!(named_typed_divide, "type zipped_divide(#TILE, <4,8>)");
snapshot!(named_tiler, "type zipped_divide((m,n):(1,m), #TILER)");
snapshot!(named_typed_product, "type tiled_product(#TILE, <2,n>)");
snapshot!(
    named_typed_tile_to_shape,
    "type tile_to_shape(#ATOM, (m,64))"
);
snapshot!(named_complement, "type complement(#TILE, m)");
snapshot!(
    rounded_product_hole,
    "type tiled_product((2,(m,3)):(1,(2,64)), 4:1)"
);
snapshot!(
    named_typed_composition,
    "type composition(#A, (p,(4,q)):(2,(1,p)))"
);
snapshot!(named_composition_tiler, "type composition(#A, <4, k:2>)");
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
snapshot!(
    named_partition_refused,
    "type local_tile(#G, (4, n), (i, j))"
);
// A written-out `A` with a dynamic stride: the value method, whose holes
// are sorted at run time by straight-line code (`product_holes.rs`).
snapshot!(
    typed_product_dynamic_stride,
    "type logical_product((4,m):(s,t), (2,3):(3,1))"
);
snapshot!(
    typed_blocked_product_dynamic_stride,
    "type blocked_product((m,(2,n)):(s,(1,t)), (p,q):(1,p))"
);
// A written-out `B` with dynamic leaves (CuTe's `int`s): its cosize is
// dynamic, the cotarget's last extent unread; the composition's walk and
// carries checked at run time (product.rs, product_cosize.rs).
snapshot!(
    typed_product_dynamic_b,
    "type logical_product((2,2):(4,1), (p,q):(1,p))"
);
snapshot!(
    typed_tiled_product_dynamic_tile,
    "type tiled_product((m,6):(1,1), <n, (2,2):(1,k)>)"
);
// CuTe rounds the hole 7/3 down: B's dynamic cosize is checked against
// it (`product_fits`) before composing.
snapshot!(
    typed_raked_product_dynamic_b_rounded,
    "type raked_product((3,2):(1,7), (p,2):(1,s))"
);

#[test]
fn layout_types() {
    let types = [
        "(4,8):(8,1)",
        "type (4,8):(8,1)",
        "(m,(4,n)):(1,(m,{4 * m}))",
        "(2,3):(-1,2)",
        "logical_divide((4,2,3):(2,1,8), 4:2)",
        "size((4,8))",
        "logical_divide((m,4):(1,m), 2:1)",
        "type zipped_divide((m,n):(1,m), <4,8>)",
        "type composition((m,n):(1,m), (4,{n / 2}):(1,{2 * m}))",
        "type make_ordered_layout((m,(4,n)), (1,0))",
        "type tile_to_shape((8,8):(8,1), (m,64))",
        "make_identity_layout(((2,3),4))",
        "type (4,8):(1@1,0)",
    ]
    .map(|input| format!("layout_type!({input}):\n{}", type_expansion(input)));
    insta::assert_snapshot!("layout_types", types.join("\n"));
}

// Errors: `compile_error!` next to a stand-in of the same kind.
snapshot!(error_congruence, "(4,8):(8,1,2)");
snapshot!(error_unknown_function, "crd2ix((1,2), (4,8):(8,1))");

// `_` slicing: a static slice of a static layout folds to CuTe's
// `slice_and_offset` pair (the kept modes, the base); `dice` to a layout.
// With a dynamic leaf, the core evaluates it at run time.
snapshot!(slice_static, "slice((_,3), (4,8):(8,1))");
snapshot!(slice_nested_static, "slice((_,(1,_)), (4,(2,3)):(1,(4,8)))");
snapshot!(dice_static, "dice((_,3), (4,8):(8,1))");
snapshot!(slice_dynamic, "slice((_,j), (4,8):(8,1))");
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
// Nested written-out layouts (the tile spread over a nested mode by the
// facade), one integer coordinate (split over the grid's modes, then
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

// Swizzles and composed layouts (composed.rs): zero-sized swizzles, the
// inner layout folded as any layout, typed over dynamic inner leaves.
snapshot!(swizzle_static, "Sw<3,4,3>");
snapshot!(swizzle_negative_shift, "Sw<2,0,-3>");
snapshot!(composed_static, "Sw<3,4,3> o 0 o (8,64):(64,1)");
snapshot!(composed_zero_sized, "type Sw<3,4,3> o 0 o (8,64):(64,1)");
snapshot!(
    composed_composition,
    "composition(Sw<3,4,3>, (8,64):(64,1))"
);
snapshot!(composed_dynamic, "Sw<3,3,3> o k o (m,64):(64,1)");
snapshot!(composed_runtime_swizzle, "Sw<b,3,3> o 0 o (8,64):(64,1)");
snapshot!(error_swizzle_shift, "Sw<3,4,2> o 0 o (8,64):(64,1)");

#[test]
fn swizzle_types() {
    let types = [
        "Sw<3,4,3>",
        "Sw<2,0,-3>",
        "Sw<3,4,3> o 0 o (8,64):(64,1)",
        "type Sw<3,4,3> o 0 o (8,64):(64,1)",
        "Sw<3,3,3> o k o (m,64):(64,1)",
    ]
    .map(|input| format!("layout_type!({input}):\n{}", type_expansion(input)));
    insta::assert_snapshot!("swizzle_types", types.join("\n"));
}
