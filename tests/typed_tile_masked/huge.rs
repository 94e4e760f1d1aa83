//! `typed_tile_masked`'s tiles over extents near `usize::MAX`.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;

/// Extents near `usize::MAX` (zero-sized elements): `i + T·j` that would
/// wrap is masked, not read; a tile coordinate past the grid is an empty
/// tile; a kept grid whose stride overflows is an error, a picked one's
/// base wraps (read through no admitted element).
#[test]
fn huge_extents_stay_exact() {
    let data = [(); usize::MAX];
    let (s, one, zero) = (usize::MAX - 3, 1usize, 0usize);
    let t = Tensor::new(&data[..], layout!((s,one):(1,zero))).unwrap();
    let tiler = (C::<32>, C::<8>);
    let all = typed::local_tile_masked(t, tiler, (X, X)).unwrap();
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
    // Picked, the rest stride is sliced away: tile 0 holds rows 0 and 1
    // (offset `big`), tile 1 (base `8·big`, wrapped) none.
    assert!(typed::local_tile(t, (C::<8>, C::<1>), (0, 0)).is_err());
    let tile = typed::local_tile_masked(t, (C::<8>, C::<1>), (0, 0)).unwrap();
    assert_eq!(
        (tile.layout().to_string(), tile.base()),
        (format!("(8,1):({big},0)"), 0)
    );
    assert_eq!((tile.get((1, 0)).is_some(), tile.get((2, 0))), (true, None));
    let mut read = vec![];
    tile.for_each_valid(|i, _| read.push(i));
    assert_eq!(read, [0, 1]);
    let past = typed::local_tile_masked(t, (C::<8>, C::<1>), (1, 0)).unwrap();
    assert_eq!(past.base(), big.wrapping_mul(8));
    assert_eq!(past.get((0, 0)), None);
    past.for_each_valid(|i, _| panic!("tile 1 admits {i}"));
}
