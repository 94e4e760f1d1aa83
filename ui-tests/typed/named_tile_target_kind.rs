// A named target of `tile_to_shape` after `type` is asked at its name
// whether it is a shape of the block's rank (`ShapeTarget`), then
// whether the block tiles to it (`TileTarget`; `TileCompact`, or with `LayoutRight`
// `TileCompactRight`, for a written-out compact block): an integer, a
// tuple shorter than the block's rank (CuTe's static_assert "Rank of
// layout must be <= rank of target shape") or a layout there is one error
// at the name, not a second one at the function's name.
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
    // An integer target is asked first, keyed by the block's
    // rank (`ShapeTarget<usize>` for `Modes<2>`), not by the block's
    // whole type: the sentence fits rustc's label (140 columns) however
    // long the block, with an order or without (was a `help` line).
    let _ = layout!(type tile_to_shape(#a, #i, LayoutRight));
    let b = layout!(type ((2, 2), 4):((1, 2), 4));
    let _ = layout!(type tile_to_shape(#b, #i));
    // A tuple shorter than a long block: the same check, keyed by the
    // rank (`ShapeTarget<(C<8>,)>` for `Modes<2>`), in the label.
    let _ = layout!(type tile_to_shape(#b, #short));
    // Fine: a named target of the block's rank.
    let s = (C::<8>, C::<8>);
    let _ = layout!(type tile_to_shape(#b, #s));
}
