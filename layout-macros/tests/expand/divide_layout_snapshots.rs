//! Expansion snapshots of a call reading a divide by a layout tiler as a
//! function (layout-macros/src/typed/divide/divide_rewrite.rs): the divide rewritten as
//! `composition(A, (T, T*))`, and where `size A` or the tiler is dynamic,
//! the prelude that computes and checks the rest.

use super::support::expansion;

// `size A` static: the composition and the outer call, nothing before them.
snapshot!(
    typed_flatten_of_divide_by_layout,
    "type flatten(zipped_divide((3,4):(1,d), 6:1))"
);
// `size A` dynamic: `extents_size`, then the rest `⌈size / 2⌉`.
snapshot!(
    typed_coalesce_of_divide_by_extent,
    "type coalesce(tiled_divide(m:1, 2))"
);
// A dynamic tiler: `tile_rest` checks it and gives the rest's span and extent.
snapshot!(
    typed_coalesce_of_divide_by_dynamic_tile,
    "type coalesce(tiled_divide(4:1, t))"
);
