// A named typed layout is a whole layout: not a leaf of a shape, stride or
// coordinate, and its numbers are not known while compiling.
use layout_dsl::{layout, layout_type};

const TILE: layout_type!((4,8):(8,1)) = layout!((4,8):(8,1));

fn main() {
    let _ = layout!((#TILE, 4):(1, 8));
    let _ = layout!(crd2idx((1, #TILE), (4,8):(8,1)));
    let _ = layout!(crd2idx(#TILE, (4,8):(8,1)));
    let _ = layout!(table(#TILE));
    // Fine: algebra on it runs the core when the code runs.
    let _ = layout!(logical_divide(#TILE, 2:1));
    let _: usize = layout!(crd2idx((1, 2), #TILE));
}
