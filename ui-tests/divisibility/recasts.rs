use layout_dsl::layout;

fn main() {
    let _ = layout!(upcast((8,2):(1,6), 4));
    let _ = layout!(downcast((4,2):(2,8), 2));
    let _ = layout!(recast_layout(8:1, 16, 0));
    let _ = layout!(tile_to_shape((3,2):(1,3), (4,6)));
    let _ = layout!(make_ordered_layout((2,3), (0,0)));
}
