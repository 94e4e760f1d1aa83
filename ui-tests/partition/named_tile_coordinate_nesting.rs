// A tile coordinate of a `type` partition of a named layout (by a named
// or a written-out tiler) whose tuple entry does not nest like the mode the divide leaves
// there is one error at that entry's `(`: `local_tile`'s entries index the
// rest modes (CuTe's `zipped_divide`: `32` by `8` leaves 4 tiles, a leaf),
// `outer_partition`'s the tile modes (a position in the tile `8`).
use layout_dsl::layout;
use layout_dsl::typed::C;

fn main() {
    let m = 8usize;
    let h = layout!(((4, m), 32):((1, 4), 32));
    let t = (C::<2>, C::<8>);
    // The rest of `32` by `8` is a leaf.
    let a = layout!(type local_tile(#h, #t, ((1, 2), (3, 4))));
    // The rest of `(4, m)` by `2` is `(2, m)`: a tuple of rank 2, not 3.
    let b = layout!(type local_tile(#h, #t, ((1, 2, 0), 3)));
    // Three levels: the inner tuple against a leaf sub-mode of the rest.
    let c = layout!(type local_tile(#h, #t, (((1, 0), 2), 3)));
    // `outer_partition`'s coordinate is a position in the tile `(2, 8)`.
    let d = layout!(type outer_partition(#h, #t, (1, (3, 4))));
    // `inner_partition` takes `local_tile`'s coordinate.
    let f = layout!(type inner_partition(#h, #t, ((1, 2), (3, 4))));
    // A written-out tiler, as the named one; a named tile in it.
    let g = layout!(type local_tile(#h, (2, 8), ((1, 2), (3, 4))));
    let k = layout!(type outer_partition(#h, (2, 8), (1, (3, 4))));
    let n = layout!(type local_tile(#h, (#t, 4), ((1, 2), (3, 4))));
    println!("{f:?} {g:?} {k:?} {n:?}");
    // With a step, the entries the step keeps index the rest modes of the
    // diced tiler (`(_, 1)` keeps `8`, which divides the first mode, and
    // drops the first entry, whatever it is, as CuTe's `dice`).
    let s1 = layout!(type local_tile(#h, #t, ((1, 2), (3, 4)), (1, 1)));
    let s2 = layout!(type local_tile(#h, #t, ((7, 7, 7), (1, 2, 3)), (_, 1)));
    println!("{s1:?} {s2:?}");
    // A coordinate too long is one error at its `(` (`TileCoordFits`).
    let p = layout!(type local_tile(#h, #t, ((1, 2), 3, 4)));
    println!("{p:?}");
    // A leaf tiler over a tuple mode leaves a rest whose sub-modes the
    // entry names: fine (as CuTe's), and the code using the results
    // reports nothing.
    let e = layout!(type local_tile(#h, #t, ((1, 2), 3))).unwrap();
    let q = layout!(type local_tile(#h, (2, 8), ((1, 2), 3))).unwrap();
    let r = layout!(type outer_partition(#h, ((2, 2), 8), ((1, 1), 3))).unwrap();
    let s3 = layout!(type local_tile(#h, #t, ((1, 2), 3), (1, 1))).unwrap();
    let s4 = layout!(type local_tile(#h, #t, ((7, 7, 7), (0, 1)), (_, 1))).unwrap();
    println!("{a:?} {b:?} {c:?} {d:?} {e:?} {q:?} {r:?} {s3:?} {s4:?}");
}
