//! The plain typed `local_tile` picked in every mode (branch tileplain):
//! a whole tile takes a quick walk with no grid or rest-stride check
//! (`TileModes::tile_whole`), and so does the partial last tile of a mode
//! (branch partmacro), its offsets then checked against the engine inline;
//! a past-the-grid tile, one over a mode of extent 0, or a partial tile
//! the engine refuses takes the checked walk as before. Each case is
//! compared with the checked walk itself (`TileBy::tile_within`, then the
//! engine check `local_tile` makes of a partial tile), and its values
//! are written out.

use layout_dsl::__private::{Fits, IntoList, TileBy};
use layout_dsl::tensor::{Tensor, typed};
use layout_dsl::typed::C;
use layout_dsl::{ErrorKind, layout};
use proptest::prelude::*;

/// What the checked walk gives for tile `c` of `layout` over an engine of
/// `len` elements from base 0: the tile and its base, or the error.
/// `Err((message, partial))`: `partial` when the engine check refused it.
fn checked<L, T, Cd, O>(
    layout: &L,
    tiler: T,
    c: Cd,
    len: usize,
) -> Result<(String, usize), (String, bool)>
where
    T: IntoList,
    Cd: IntoList,
    L: TileBy<T::List, Cd::List, Output = O>,
    O: Fits + std::fmt::Display,
{
    let (tile, base, within) = layout
        .tile_within(tiler.into_list(), c.into_list())
        .map_err(|e| (e.to_string(), false))?;
    if !within {
        tile.check_fits(base, len)
            .map_err(|e| (e.to_string(), true))?;
    }
    Ok((tile.to_string(), base))
}

/// `local_tile`'s answer in the same form.
fn plain<T: Copy>(
    data: &[T],
    m: usize,
    n: usize,
    ld: usize,
    c: (usize, usize),
) -> Result<(String, usize), String> {
    let t = Tensor::new(data, layout!((m,n):(1,ld))).map_err(|e| e.to_string())?;
    typed::local_tile(t, (C::<32>, C::<8>), c)
        .map(|tile| (tile.layout().to_string(), tile.base()))
        .map_err(|e| e.to_string())
}

/// `plain` agrees with the checked walk: the same tile and base, the same
/// error, a partial tile refused by the engine check named a partial tile.
fn agree<T: Copy>(data: &[T], m: usize, n: usize, ld: usize, c: (usize, usize)) {
    let l = layout!((m,n):(1,ld));
    let want = checked(&l, (C::<32>, C::<8>), c, data.len());
    let got = plain(data, m, n, ld, c);
    match (&want, &got) {
        (Ok(w), Ok(g)) => assert_eq!(w, g, "({m},{n}):(1,{ld}) at {c:?}"),
        (Err((_, true)), Err(g)) => assert!(g.contains("partial tile"), "{g}"),
        (Err((w, false)), Err(g)) => assert_eq!(w, g, "({m},{n}):(1,{ld}) at {c:?}"),
        _ => panic!("({m},{n}):(1,{ld}) at {c:?}: checked {want:?}, local_tile {got:?}"),
    }
}

/// Another mode of extent 0: the tensor has no element, so a whole tile
/// in one mode proves nothing; the empty mode's tile is past its grid
/// (`ceil(0/8) = 0` tiles), refused as before, even where the whole
/// mode's rest stride would overflow.
#[test]
fn a_mode_of_extent_0() {
    let data = [0u8; 64];
    for (m, n, ld, c) in [(64, 0, 64, (1, 0)), (0, 16, 0, (0, 1)), (0, 0, 0, (0, 0))] {
        let err = plain(&data, m, n, ld, c).unwrap_err();
        assert!(
            err.contains("a tile coordinate") && err.contains("0"),
            "{err}"
        );
        agree(&data, m, n, ld, c);
    }
    // (64,0):(1,big): tile 1 of mode 0 whole, mode 1 empty: the checked
    // walk refuses `8·big` (the first error of mode 1) as before.
    let big = usize::MAX / 2;
    let err = plain(&data, 64, 0, big, (1, 0)).unwrap_err();
    assert!(err.contains("overflow"), "{err}");
    agree(&data, 64, 0, big, (1, 0));
    // Mode 1 past its grid there too.
    agree(&data, 64, 0, big, (1, 5));
}

/// The last whole tile, the first partial one (accepted where it fits the
/// engine, refused as a partial tile where it does not) and past the grid.
#[test]
fn last_whole_first_partial_past_the_grid() {
    let (m, n) = (100, 20); // 3 whole tiles of 32 and a partial, 2 whole of 8 and a partial
    let exact: Vec<u32> = (0..(m * n) as u32).collect();
    let padded: Vec<u32> = (0..(m * n + 400) as u32).collect();
    // The last whole tile: base 2·32 + 1·8·100 = 864, first element 864.
    let t = Tensor::new(&exact[..], layout!((m,n):(1,m))).unwrap();
    let tile = typed::local_tile(t, (C::<32>, C::<8>), (2, 1)).unwrap();
    assert_eq!(
        (tile.layout().to_string(), tile.base()),
        ("(32,8):(1,100)".into(), 864)
    );
    assert_eq!((tile[(0, 0)], tile[(31, 7)]), (864, 864 + 31 + 700));
    // Partial in mode 0 (rows 96..127 of 100) in the last columns of a
    // (100,16) tensor: 896 + 31 + 700 = 1627 past its 1600 elements.
    let err = plain(&exact[..1600], m, 16, m, (3, 1)).unwrap_err();
    assert!(err.contains("partial tile"), "{err}");
    // Inside the engine (rows 96..127 of columns 0..7, at most 827): accepted.
    assert_eq!(
        plain(&exact, m, n, m, (3, 0)),
        Ok(("(32,8):(1,100)".into(), 96))
    );
    // Partial in mode 1 (columns 16..23 of 20): 1600 + 731 past 2000.
    let err = plain(&exact, m, n, m, (0, 2)).unwrap_err();
    assert!(err.contains("partial tile"), "{err}");
    // Over the padded engine both fit: accepted, as before.
    assert_eq!(
        plain(&padded[..2000], m, 16, m, (3, 1)),
        Ok(("(32,8):(1,100)".into(), 896))
    );
    assert_eq!(
        plain(&padded, m, n, m, (0, 2)),
        Ok(("(32,8):(1,100)".into(), 1600))
    );
    // Past the grid (4 tiles of mode 0, 3 of mode 1): out of range.
    for c in [(4, 0), (0, 3), (4, 3), (usize::MAX, 0), (0, usize::MAX)] {
        let err = plain(&padded, m, n, m, c).unwrap_err();
        assert!(err.contains("a tile coordinate"), "{c:?}: {err}");
    }
    for c in [
        (2, 1),
        (3, 0),
        (0, 2),
        (3, 2),
        (4, 0),
        (0, 3),
        (usize::MAX, 0),
        (0, usize::MAX),
    ] {
        agree(&exact, m, n, m, c);
        agree(&padded, m, n, m, c);
        agree(&exact[..1600], m, 16, m, c);
        agree(&padded[..2000], m, 16, m, c);
    }
}

/// Extents and strides near the largest the core holds (zero-sized
/// elements, an engine of `usize::MAX`): the last whole tile, the grid's
/// end, `T·k` past `usize::MAX`. Past `i64` (branch i64named) a tensor's
/// partitions are refused, as the core refuses such a layout.
#[test]
fn near_usize_max() {
    let data = [(); usize::MAX];
    // (s,8):(1,q), s = 2^59, q = 2^58: size 2^62, reach 9·2^58 - 1;
    // (s,3):(1,s): reach 3·2^59 - 1, its mode 1 a partial tile.
    let (s, q) = (1usize << 59, 1usize << 58);
    let last = s / 32 - 1;
    assert_eq!(
        plain(&data, s, 8, q, (last, 0)),
        Ok((format!("(32,8):(1,{q})"), last * 32))
    );
    for k in [last, last + 1, s / 16, usize::MAX / 32 + 1, usize::MAX] {
        for k1 in [0, 1] {
            agree(&data, s, 8, q, (k, k1));
            agree(&data, s, 3, s, (k, k1));
        }
    }
    let err = plain(&data, s, 8, q, (last + 1, 0)).unwrap_err();
    assert!(err.contains("a tile coordinate"), "{err}");
    // Its partial tile over a stride `2^61 - 1` reaches `31 + 7·(2^61-1)`,
    // past `i64` (where `8·s` overflowed `usize` before, at s = 2^62).
    let err = plain(&data, s, 3, (1 << 61) - 1, (last, 0)).unwrap_err();
    assert!(err.contains("past i64::MAX"), "{err}");
    // An extent of 2^60 - 4 (28 coordinates in its last tile; eight
    // columns of it, the size, within `i64`).
    let big = (1usize << 60) - 4;
    let last = big / 32 - 1;
    for k in [last, last + 1, last + 2] {
        agree(&data, big, 8, 0, (k, 0));
    }
    assert_eq!(
        plain(&data, big, 8, 0, (last, 0)),
        Ok(("(32,8):(1,0)".into(), last * 32))
    );
    // Past `i64`: an extent of usize::MAX - 3, refused when the tensor is
    // built, with the core's overflow error (every tensor's layout is one
    // the core holds); the checked walk, which the core's rule is not
    // part of, refuses the tile too.
    let big = usize::MAX - 3;
    let err = Tensor::new(&data[..], layout!((big,8):(1,0))).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Overflow(_)), "{err}");
    let err = plain(&data, big, 8, 0, (big / 32 - 1, 0)).unwrap_err();
    assert!(err.contains("above i64::MAX"), "{err}");
    // A whole tile over a stride `d` whose `8·d` overflows `usize` has
    // offsets up to `31 + 7·d`, past `i64`: the tensor itself is refused,
    // as the core refuses its layout; the checked walk refuses the tile.
    let d = usize::MAX / 8 + 1;
    let err = Tensor::new(&data[..], layout!((32,8):(1,d))).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Overflow(_)), "{err}");
    let l = layout!((32,8):(1,d));
    assert!(checked(&l, (C::<32>, C::<8>), (0, 0), usize::MAX).is_err());
    // The partial last tile (3 columns of 8) over the same `d`: the quick
    // walk takes it too (branch partmacro), its offsets `i + j·d ≤ 31 +
    // 7·d` checked against the engine; CuTe's tile `(32,8):(1,d)` reaches
    // past `i64`, a tensor the core cannot hold (its `view` would panic),
    // so it is refused (branch viewfix; it was accepted over the
    // zero-sized elements), as the checked walk refuses `8·d`.
    let t = Tensor::new(&data[..], layout!((32,3):(1,d))).unwrap();
    let err = typed::local_tile(t, (C::<32>, C::<8>), (0, 0)).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Overflow(_)), "{err}");
    assert!(checked(t.layout(), (C::<32>, C::<8>), (0, 0), usize::MAX).is_err());
    // Half the stride: CuTe's tile, within `i64`, accepted and read.
    let d = d / 2;
    let t = Tensor::new(&data[..], layout!((32,3):(1,d))).unwrap();
    let tile = typed::local_tile(t, (C::<32>, C::<8>), (0, 0)).unwrap();
    assert_eq!(
        (tile.layout().to_string(), tile.base()),
        (format!("(32,8):(1,{d})"), 0)
    );
    assert_eq!(tile.view().size(), 256);
    // Partial there (9 columns of stride `usize::MAX / 9`): its offsets
    // pass `i64`, so the tensor is refused when it is built.
    let err = Tensor::new(&data[..], layout!((32,9):(1,{usize::MAX / 9}))).unwrap_err();
    assert!(matches!(err.kind(), ErrorKind::Overflow(_)), "{err}");
}

proptest! {
    /// Any extents, leading dimension, engine length and tile: the same
    /// answer as the checked walk.
    #[test]
    fn agrees_with_the_checked_walk(
        m in 0usize..200, n in 0usize..60, pad in 0usize..3, extra in 0usize..400,
        k0 in 0usize..9, k1 in 0usize..10,
    ) {
        let ld = m + pad;
        let len = if m == 0 || n == 0 { extra } else { (n - 1) * ld + m + extra };
        let data = vec![0u16; len];
        agree(&data, m, n, ld, (k0, k1));
    }
}

/// `local_tile_step` takes the same quick walk after its projection: CuTe's
/// `local_tile(A, (BM,BN,BK), (i,j,k), Step<_1,X,_1>)` equals `local_tile`
/// by `(BM,BK)` at `(i,k)`, whole, partial or past the grid.
#[test]
fn the_step_projection_agrees() {
    use layout_dsl::tensor::X;
    let (m, k) = (100, 20);
    let data: Vec<u32> = (0..(m * k) as u32).collect();
    let t = Tensor::new(&data[..], layout!((m,k):(1,m))).unwrap();
    let tiler = (C::<32>, C::<16>, C::<8>);
    for c in [(2, 1), (3, 0), (0, 2), (3, 2), (4, 0), (0, 3)] {
        let step = typed::local_tile_step(t, tiler, (c.0, 7, c.1), (C::<1>, X, C::<1>))
            .map(|tile| (tile.layout().to_string(), tile.base()))
            .map_err(|e| e.to_string());
        assert_eq!(step, plain(&data, m, k, m, c), "{c:?}");
    }
    let tile = typed::local_tile_step(t, tiler, (2, 0, 1), (C::<1>, X, C::<1>)).unwrap();
    assert_eq!((tile.base(), tile[(31, 7)]), (864, 864 + 31 + 700));
}
