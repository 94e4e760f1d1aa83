//! Expansion snapshots: what kernel authors get from `layout!`, pretty-printed.
//! Review changes with `cargo insta review`.
//!
//! The pipeline modules are compiled into this test directly (a proc-macro
//! crate exports nothing but its macros). The static, dynamic, error and
//! swizzle snapshots are here; the typed algebra's, the named operands' and
//! the partitions' are in `expand/typed_snapshots.rs`,
//! `expand/named_snapshots.rs` and `expand/partition_snapshots.rs`, each
//! against the same `tests/snapshots/expand__*.snap` files.

#[path = "../src/ast.rs"]
mod ast;
#[path = "../src/emit.rs"]
mod emit;
#[path = "../src/expand.rs"]
mod expand;
#[path = "../src/fallback.rs"]
mod fallback;
#[path = "../src/kind.rs"]
mod kind;
#[path = "../src/primary.rs"]
mod primary;
#[path = "../src/probe.rs"]
mod probe;
#[path = "../src/quick.rs"]
mod quick;
#[path = "../src/quick_text.rs"]
mod quick_text;
#[path = "../src/runtime.rs"]
mod runtime;
#[path = "../src/tokens.rs"]
mod tokens;
#[path = "../src/tree.rs"]
mod tree;
#[path = "../src/typed/mod.rs"]
mod typed;
#[path = "../src/types.rs"]
mod types;
#[path = "../src/valid.rs"]
mod valid;
#[path = "../src/zero_sized.rs"]
mod zero_sized;

#[macro_use]
#[path = "expand/support.rs"]
mod support;
#[path = "expand/cute_refusals.rs"]
mod cute_refusals;
#[path = "expand/divide_layout_snapshots.rs"]
mod divide_layout_snapshots;
#[path = "expand/divide_read_snapshots.rs"]
mod divide_read_snapshots;
#[path = "expand/named_concat.rs"]
mod named_concat;
#[path = "expand/named_snapshots.rs"]
mod named_snapshots;
#[path = "expand/partition_snapshots.rs"]
mod partition_snapshots;
#[path = "expand/reported_errors.rs"]
mod reported_errors;
#[path = "expand/typed_forms.rs"]
mod typed_forms;
#[path = "expand/typed_snapshots.rs"]
mod typed_snapshots;
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
snapshot!(type_misplaced, "type idx2crd(5, (4,8))");

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
