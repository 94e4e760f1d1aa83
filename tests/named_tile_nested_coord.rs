//! A nested tile coordinate of a `type` partition of a named layout (by a
//! named or a written-out tiler), each tuple entry asked against the mode the divide leaves
//! there (`TileCoordIn`, `TileEntryIn`; the refusals are ui
//! `partition/named_tile_coordinate_nesting`): the checks pass every
//! coordinate that nests, and the partition answers the core's layout (its
//! offset at every index) and base at each of them.

use layout_dsl::layout;
use layout_dsl::typed::C;

#[path = "cute_print/view.rs"]
mod cute_print_view;
use cute_print_view::{core, same_offsets};

const H: &str = "((4,8),32):((1,4),32)";

#[test]
fn local_tile_takes_a_coordinate_nested_like_the_rest_modes() {
    // `(4,m)` by 2 leaves the rest `(2,m):(2,4)` (CuTe's, for a run-time
    // `m`), `32` by 8 the leaf 4. The core coalesces that rest to `16:2`,
    // so its coordinate there is the entry's colexicographic index
    // `i + 2j` (CuTe's 1-D coordinate of the same tile).
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = (C::<2>, C::<8>);
    let mut seen = 0;
    for i in 0..2usize {
        for k in 0..4usize {
            // One entry `_`: the rest's sub-mode `m` kept after the tile
            // `(2,8)`, its column `j` the core's tile `(i + 2j, k)`.
            let (kept, kept_base) = layout!(type local_tile(#h, #t, ((i, _), k))).unwrap();
            let kept = kept.to_core().unwrap();
            assert_eq!(kept.size(), 2 * 8 * m as i64);
            for j in 0..m {
                let (tile, base) = layout!(type local_tile(#h, #t, ((i, j), k))).unwrap();
                let text = format!("local_tile({H}, (2,8), ({},{k}))", i + 2 * j);
                same_offsets(tile.to_core().unwrap(), base, &text);
                let (core, core_base) = core(&text);
                for e in 0..16 {
                    let at = |n| layout_core::IntTuple::Int(n);
                    let whole = core_base + core.crd2idx(&at(e)).unwrap();
                    let kept_at = kept_base as i64 + kept.crd2idx(&at(e + 16 * j as i64)).unwrap();
                    assert_eq!(kept_at, whole, "(({i},_),{k}) at {e} of column {j}");
                }
                seen += 1;
            }
        }
    }
    assert_eq!(seen, 2 * 8 * 4);
}

#[test]
fn a_tuple_tile_leaves_a_tuple_rest_and_a_tuple_tile_mode() {
    // `(4,m)` by `(2,2)` leaves the rest `(2,m/2)` and the tile `(2,2)`.
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = ((C::<2>, C::<2>), C::<8>);
    for i in 0..2usize {
        for j in 0..m / 2 {
            for k in 0..4usize {
                let (tile, base) = layout!(type local_tile(#h, #t, ((i, j), k))).unwrap();
                let text = format!("local_tile({H}, ((2,2),8), (({i},{j}),{k}))");
                same_offsets(tile.to_core().unwrap(), base, &text);
                // The tiler written out, and `inner_partition`: the same.
                let (tile, base) = layout!(type local_tile(#h, ((2, 2), 8), ((i, j), k))).unwrap();
                same_offsets(tile.to_core().unwrap(), base, &text);
                let (tile, base) = layout!(type inner_partition(#h, #t, ((i, j), k))).unwrap();
                same_offsets(tile.to_core().unwrap(), base, &text);
            }
        }
    }
    // `outer_partition`'s coordinate: a position in the tile `((2,2),8)`.
    for i in 0..2usize {
        for j in 0..2usize {
            for k in 0..8usize {
                let (part, base) = layout!(type outer_partition(#h, #t, ((i, j), k))).unwrap();
                let text = format!("outer_partition({H}, ((2,2),8), (({i},{j}),{k}))");
                same_offsets(part.to_core().unwrap(), base, &text);
                let (part, base) =
                    layout!(type outer_partition(#h, ((2, 2), 8), ((i, j), k))).unwrap();
                same_offsets(part.to_core().unwrap(), base, &text);
            }
        }
    }
}

#[test]
fn a_step_projects_the_coordinate_as_the_tiler() {
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = (C::<2>, C::<8>);
    // `(1, 1)` keeps both: the coordinate as without a step (the rest of
    // `(4,m)` by 2 is `(2,m)`, the core's `16`, entry `i + 2j`).
    for i in 0..2usize {
        for j in 0..m {
            let (tile, base) = layout!(type local_tile(#h, #t, ((i, j), 1), (1, 1))).unwrap();
            let text = format!("local_tile({H}, (2,8), ({},1))", i + 2 * j);
            same_offsets(tile.to_core().unwrap(), base, &text);
        }
    }
    // `(_, 1)` keeps the tile 8, which divides the first mode `(4,m)`
    // (its rest `(1,m/2)`), and drops the first entry: the core's tile
    // `(8,32)` at `(j, 0)` (the second mode kept whole).
    for j in 0..m / 2 {
        let (tile, base) = layout!(type local_tile(#h, #t, (9, (0, j)), (_, 1))).unwrap();
        let text = format!("local_tile({H}, (8,32), ({j},0))");
        same_offsets(tile.to_core().unwrap(), base, &text);
    }
}

#[test]
fn outer_partition_of_a_tuple_mode_by_a_leaf_tile_keeps_its_nesting() {
    // The typed tile of `(4,m)` by 2 keeps the mode's nesting (rank 2, its
    // second sub-mode of extent 1), so `((a, 0), k)` is a position in it,
    // the core's (and CuTe's) `(a, k)` in the leaf tile `_2`.
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = (C::<2>, C::<8>);
    for a in 0..2usize {
        for k in 0..8usize {
            let (part, base) = layout!(type outer_partition(#h, #t, ((a, 0), k))).unwrap();
            let text = format!("outer_partition({H}, (2,8), ({a},{k}))");
            same_offsets(part.to_core().unwrap(), base, &text);
        }
    }
}
