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
    // the name, the block named (rustc adds a `help` line where it does
    // not yet know the order's type).
    let _ = layout!(type tile_to_shape(2:2, #i, LayoutLeft));
    let _ = layout!(type tile_to_shape(#a, #i, LayoutRight));
}
