//! `typed_tile_masked`'s tiles over extents near `usize::MAX`.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

/// Extents near the largest the core holds (zero-sized elements): `i +
/// T·j` that would wrap is masked, not read; a tile coordinate past the
/// grid is an empty tile; a kept grid whose stride overflows is an error,
/// a picked one's base wraps (read through no admitted element). Past
/// `i64` the tensor is refused, as the core refuses the layout (branch
/// viewfix; the tile was refused before it, branch i64named).
#[test]
fn huge_extents_stay_exact() {
    let data = [(); usize::MAX];
    let (one, zero) = (1usize, 0usize);
    let past = usize::MAX - 3;
    // Past `i64` the tensor itself is refused, as the core refuses its
    // layout (every tensor's layout is one the core holds: branch viewfix),
    // so no tile of it is formed.
    let e = Tensor::new(&data[..], layout!((past,one):(1,zero))).unwrap_err();
    assert!(e.to_string().contains("above i64::MAX"), "{e}");
    // The grid kept pads `s` to whole tiles (`32·ceil(s/32)`, times 8
    // over the one column with a tile of 8): within `i64` for a tile of 1
    // there and `s = 2^62 - 4`.
    let s = (1usize << 62) - 4;
    let t = Tensor::new(&data[..], layout!((s,one):(1,zero))).unwrap();
    let tiler = (C::<32>, C::<8>);
    let all = typed::local_tile_masked(t, (C::<32>, C::<1>), (X, X)).unwrap();
    let last = s.div_ceil(32) - 1; // holds s - 32·last = 28 coordinates
    assert!(all.get((27, 0, last, 0)).is_some());
    assert_eq!(all.get((28, 0, last, 0)), None);
    assert_eq!(all.get((0, 0, usize::MAX, 0)), None);
    assert_eq!(all.get((0, 1, 0, 0)), None);
    assert_eq!(all.get(usize::MAX), None);
    let tile = typed::local_tile_masked(t, tiler, (last, 0)).unwrap();
    assert!(tile.get((27, 0)).is_some());
    assert_eq!(tile.get((28, 0)), None);
    // Past the grid (`T·k` near or past `usize::MAX`): empty, not refused.
    for k in [last + 1, last + 2, usize::MAX / 16, usize::MAX] {
        let past = typed::local_tile_masked(t, tiler, (k, 0)).unwrap();
        assert_eq!((past.get((0, 0)), past.get(0)), (None, None), "{k}");
        past.for_each_valid(|i, _| panic!("tile {k} admits {i}"));
    }
    assert!(typed::local_tile(t, tiler, (last + 1, 0)).is_err());
    // A stride whose product with the tile overflows: refused where the
    // grid is kept (its stride `8·big` is the layout's).
    let big = usize::MAX / 4;
    let t = Tensor::new(&data[..], layout!((2,one):(big,zero))).unwrap();
    let err = typed::local_tile_masked(t, (C::<8>, C::<1>), (X, X)).unwrap_err();
    assert!(err.to_string().contains("overflow"), "{err}");
    // Picked, the rest stride is sliced away, but the masked tile's
    // layout `(8,1):(big,0)` reaches `7·big`, past `i64`: refused, as the
    // core refuses that tile (branch i64named; before, answered, its
    // admitted rows 0 and 1 inside, tile 1's base `8·big` wrapped).
    assert!(typed::local_tile(t, (C::<8>, C::<1>), (0, 0)).is_err());
    let err = typed::local_tile_masked(t, (C::<8>, C::<1>), (0, 0)).unwrap_err();
    assert!(err.to_string().contains("past i64::MAX"), "{err}");
    // Within `i64` (a stride 2^59): tile 0 holds rows 0 and 1, tile 1 none.
    let d = 1usize << 59;
    let t = Tensor::new(&data[..], layout!((2,one):(d,zero))).unwrap();
    let tile = typed::local_tile_masked(t, (C::<8>, C::<1>), (0, 0)).unwrap();
    assert_eq!(
        (tile.layout().to_string(), tile.base()),
        (format!("(8,1):({d},0)"), 0)
    );
    assert_eq!((tile.get((1, 0)).is_some(), tile.get((2, 0))), (true, None));
    let mut read = vec![];
    tile.for_each_valid(|i, _| read.push(i));
    assert_eq!(read, [0, 1]);
    let past = typed::local_tile_masked(t, (C::<8>, C::<1>), (1, 0)).unwrap();
    assert_eq!(past.base(), 8 * d);
    assert_eq!(past.get((0, 0)), None);
    past.for_each_valid(|i, _| panic!("tile 1 admits {i}"));
}
