// A named layout's coordinate is checked by its type, as for any typed layout.
use layout_dsl::{layout, layout_type};

const TILE: layout_type!(type (4,8):(8,1)) = layout!(type (4,8):(8,1));

fn main() {
    let i = 1;
    let _ = layout!(crd2idx((i, 2, 3), #TILE));
}
