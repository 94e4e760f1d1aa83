//! Expansion snapshots of a divide with a dynamic leaf read as a function
//! that fold.rs cannot build while compiling: a composition's `B` divided
//! by a one-mode tiler with a dynamic leaf (compose_reader.rs), a by-mode
//! divide with a dynamic extent in a mode before the last
//! (divide_by_mode.rs) and a by-mode tiler with a dynamic entry
//! (divide_tile_dynamic.rs), and a composition's `A` divided by a one-mode
//! tiler with a dynamic leaf and read below `size A` (compose_reader.rs's
//! `inside_reader`): the prelude of checks, then the composition.

use super::support::expansion;

// `B` a divide by a dynamic tile: `extents_size`, `tile_rest`'s span and rest.
snapshot!(
    typed_composition_by_divide_by_dynamic_tile,
    "type composition((4,8):(8,1), tiled_divide(8:1, t))"
);
// The first mode `(m,3)` holds the tile 2 only where `3m` is even: `mode_holds`.
snapshot!(
    typed_composition_by_divide_of_dynamic_mode,
    "type composition(64:1, zipped_divide(((m,3),5):((1,7),60), <2,5>))"
);
// A dynamic entry `t:1` before the last mode: `tile_rest`, then `mode_holds`.
snapshot!(
    typed_right_inverse_of_divide_by_dynamic_entry,
    "type right_inverse(flat_divide(((4,2),4):((2,8),48), <t:1,2>))"
);
// `A` a divide by a dynamic tile read below `size A` (4 < 8): `tile_rest`,
// then `A ∘ B` composed with `4:1`, nothing appended (CuTe's `(2,2):(_1,2)`).
snapshot!(
    typed_composition_of_divide_by_dynamic_tile_inside,
    "type composition(logical_divide((1,8):(8,1), t), 4:1)"
);
