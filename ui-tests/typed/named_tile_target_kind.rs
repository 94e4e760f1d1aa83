// A named target of `tile_to_shape` after `type` is asked at its name
// whether the block tiles to it (`TileTarget`; `TileCompact`, or with
// `LayoutRight` `TileCompactRight`, for a written-out compact block): an
// integer, a tuple shorter than the block's rank (CuTe's static_assert
// "Rank of layout must be <= rank of target shape") or a layout there is
// one error at the name, not a second one at the function's name.
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let a = layout!(type (2, 2):(1, 2));
    let i = 3usize;
    let short = (C::<8>,);
    let _ = layout!(type tile_to_shape(#a, #i));
    let _ = layout!(type tile_to_shape((2,2):(1,2), #short));
    let _ = layout!(type tile_to_shape(#a, #a));
    let _ = layout!(type tile_to_shape(2:2, #i));
    let _ = layout!(type tile_to_shape((2,2):(1,2), #i, LayoutRight));
    // With an order and another block, `TileTargetOrdered`: one error at
    // the name, the block named.
    let _ = layout!(type tile_to_shape(2:2, #i, LayoutLeft));
    // rustc moves "the trait `…` is not implemented for `…`" from the
    // label to a `help` line when that sentence is longer than its
    // diagnostic width (140): the trait names the block's whole type (the
    // bound is of the block and the target together), so a block a few
    // leaves long does so, with an order or without. A custom `label`
    // would add the same `help`.
    let _ = layout!(type tile_to_shape(#a, #i, LayoutRight));
    let b = layout!(type ((2, 2), 4):((1, 2), 4));
    let _ = layout!(type tile_to_shape(#b, #i));
}
