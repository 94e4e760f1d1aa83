//! Expansion snapshots of the typed algebra on dynamic leaves (`type …`):
//! the divides, compositions, complements, coalesces, products and
//! constructions that expand to straight-line code with a typed result,
//! nested calls, and the mixed static/dynamic queries.

use super::support::expansion;

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
// A leaf `A` is a layout of rank 1: a one-entry tiler composes it whole and
// the result is a one-mode tuple, as CuTe nests it (compose_by.rs).
snapshot!(typed_composition_leaf_by_mode, "type composition(8:k, <t>)");
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
// A divide read as a function (divide_rewrite.rs): `A ∘ B`, `B`'s rest
// extent `ceil(m / 4)` a leaf computed from `m` (compose_divide.rs).
snapshot!(
    typed_divide_as_composition,
    "type composition(64:1, logical_divide((m,2):(2,1), 4))"
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
// A dynamic stride: CuTe leaves its mode out of the chain; comparisons that
// the core's chain does not take it (a reach it meets) or merge it with the
// chain's mode after it, else the core's construction (inverse_quick.rs).
snapshot!(
    typed_right_inverse_dynamic_stride,
    "type right_inverse((8,4,2):(1,d,8))"
);
// Two modes at one static stride: the core's coalesce and sort run while
// compiling on the list it keeps when no run-time extent is 1; the
// comparisons say the values keep to it (inverse_quick.rs `tied`).
snapshot!(
    typed_right_inverse_tie,
    "type right_inverse((2,m,3):(1,2,2))"
);
// A tie and a run-time stride: the sort and fold run at each class of the
// stride (below, equal to, between the static strides); the comparisons
// say it lies in a class where the core takes the typed modes
// (inverse_tied.rs).
snapshot!(
    typed_right_inverse_tie_dynamic_stride,
    "type right_inverse((2,4,3,2):(2,d,2,1))"
);
// Two run-time strides and a tie: each pair of classes.
snapshot!(
    typed_right_inverse_tie_two_dynamic_strides,
    "type right_inverse((2,4,3,2):(2,d,2,e))"
);
// Under a one-argument `complement` the inverse's check compares the two
// results' complements (read.rs): `right_inverse_complement_is_cores`.
snapshot!(
    typed_complement_of_right_inverse,
    "type complement(right_inverse((4,5):(d,4)))"
);
// Static strides, dynamic extents: CuTe's sort; the run-time overlap and
// unit-extent checks (left_inverse.rs).
snapshot!(typed_left_inverse, "type left_inverse((m,n):(1,8))");
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
// A complement of one mode of dynamic stride, CuTe's rank-1 case: each mode
// of `A` by its extent (CuTe's `transform_layout`), the hole below `d` is
// `d` itself (at `d = 0` the cotarget, the core's hole: CuTe divides by
// zero there): CuTe's nesting and static leaves (product.rs).
snapshot!(
    typed_product_rank_one_stride,
    "type logical_product((8,4):(d,1), (2,1))"
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

// `B`'s strides scaled bases (compose_basis.rs): its leaves grouped by the
// mode of `A` they name, each group the typed integer composition with it.
snapshot!(
    typed_composition_basis,
    "type composition((m,(3,4)):(1,(4,12)), (p,2,2):(1@0,1@1,2@1))"
);
