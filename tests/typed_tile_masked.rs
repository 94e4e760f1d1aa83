//! `typed::local_tile_masked`, `local_tile_step_masked` and
//! `outer_partition_masked`: tiles that carry their residue
//! (`src/private/partition/tile_residue.rs`) instead of being checked
//! against the storage. Against naive loops over tensors the tiles do not
//! divide (extents 0..22, padded leading dimensions, signed strides, tuple
//! modes), in buffers cut at the tensor's last element: every element of
//! the tensor read exactly once across the tiles (and once in the tile
//! that keeps the grid), nothing else read, masked coordinates `None`.

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use proptest::prelude::*;

/// A buffer of `len` elements, element `k` being `k`.
fn buffer(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// Every position of the tensor `t` read `times` times, and no other.
fn each(
    t: &Tensor<&[usize], impl layout_dsl::tensor::AsLayout>,
    seen: &[usize],
    times: usize,
) -> Result<(), TestCaseError> {
    let mut want = vec![0; seen.len()];
    for p in t.positions() {
        want[p] += times;
    }
    prop_assert_eq!(seen, &want[..]);
    Ok(())
}

/// The masked tile `$share` against the naive `$want(coord)` at every
/// coordinate of its extents (rank 2 to 4), by tuple and 1-D coordinates,
/// `iter`, `is_valid`, `share[c]` and `for_each_valid`; each element read
/// counted in `$seen`.
macro_rules! against {
    ($share:expr, ($($n:ident),+), $want:expr, $seen:expr) => {{
        let share = &$share;
        let want_at = $want;
        let mut iter = share.iter();
        let mut index = 0usize;
        let mut from_iter = vec![];
        let mut one = |coord| -> Result<(), TestCaseError> {
            let want = want_at(coord);
            prop_assert_eq!(share.get(coord), want, "at {:?}", coord);
            prop_assert_eq!(share.get(index), want, "at {} ({:?})", index, coord);
            prop_assert_eq!(share.is_valid(coord), want.is_some());
            prop_assert_eq!(iter.next(), Some(want));
            if let Some(&v) = want {
                prop_assert_eq!(share[coord], v);
                $seen[v] += 1;
                from_iter.push((index, v));
            }
            index += 1;
            Ok(())
        };
        against!(@loops one, [$($n)+]);
        prop_assert_eq!(iter.next(), None);
        prop_assert_eq!(share.get(index), None);
        let mut valid = vec![];
        share.for_each_valid(|i, &v| valid.push((i, v)));
        prop_assert_eq!(valid, from_iter);
    }};
    // The first extent fastest (colexicographic).
    (@loops $f:ident, [$a:ident $b:ident]) => {
        for j in 0..$b { for i in 0..$a { $f((i, j))?; } }
    };
    (@loops $f:ident, [$a:ident $b:ident $c:ident]) => {
        for k in 0..$c { for j in 0..$b { for i in 0..$a { $f((i, j, k))?; } } }
    };
    (@loops $f:ident, [$a:ident $b:ident $c:ident $d:ident]) => {
        for l in 0..$d { for k in 0..$c { for j in 0..$b { for i in 0..$a { $f((i, j, k, l))?; } } } }
    };
}

/// Every tile of the rank-2 tensor `$t` (extents `$m`, `$n`) by the
/// static tiler `($T0, $T1)`, picked (`(p, q)`), with the grid kept
/// (`(X, X)`, `(p, X)`, `(X, q)`, the short `(p,)`), against the naive
/// loop; each form reads every element of `$t` once.
macro_rules! every_tile {
    ($t:expr, ($m:expr, $n:expr), $T0:literal, $T1:literal, $len:expr) => {{
        let (t, m, n): (_, usize, usize) = ($t, $m, $n);
        let tiler = (C::<$T0>, C::<$T1>);
        let (r0, r1) = (m.div_ceil($T0), n.div_ceil($T1));
        let inside = |x: usize, y: usize| (x < m && y < n).then(|| &t[(x, y)]);
        // Picked tiles: each element once across them.
        let mut seen = vec![0; $len];
        for q in 0..r1 {
            for p in 0..r0 {
                let tile = typed::local_tile_masked(t, tiler, (p, q)).unwrap();
                if let Ok(plain) = typed::local_tile(t, tiler, (p, q)) {
                    prop_assert_eq!(plain.layout(), tile.layout());
                    prop_assert_eq!(plain.base(), tile.base());
                }
                prop_assert_eq!(tile.get(($T0, 0)), None);
                prop_assert_eq!(tile.get((0, $T1)), None);
                let (a, b) = ($T0, $T1);
                against!(
                    tile,
                    (a, b),
                    |(i, j)| inside(i + $T0 * p, j + $T1 * q),
                    seen
                );
            }
        }
        each(&t, &seen, 1)?;
        // A tile past the grid: over a leaf mode an empty tile (its every
        // coordinate cut, `i + T·k < s` fails; nothing read), over a tuple
        // mode refused as `local_tile`'s.
        let tuple = t.layout().to_string().starts_with("((");
        for (p, q) in [(r0, 0), (0, r1), (r0 + 7, r1 + 2)] {
            match typed::local_tile_masked(t, tiler, (p, q)) {
                Ok(past) => {
                    prop_assert!(!(tuple && p >= r0));
                    let mut none = vec![0; $len];
                    let (a, b) = ($T0, $T1);
                    against!(past, (a, b), |_| None, none);
                    prop_assert!(none.iter().all(|&x| x == 0));
                }
                Err(_) => prop_assert!(tuple && p >= r0),
            }
        }
        // The grid kept: each element once in the one tile.
        let mut seen = vec![0; $len];
        let all = typed::local_tile_masked(t, tiler, (X, X)).unwrap();
        let (a, b, c, d) = ($T0, $T1, r0, r1);
        against!(
            all,
            (a, b, c, d),
            |(i, j, p, q)| inside(i + $T0 * p, j + $T1 * q),
            seen
        );
        each(&t, &seen, 1)?;
        prop_assert_eq!(all.get(($T0, 0, 0, 0)), None);
        prop_assert_eq!(all.get((0, 0, r0, 0)), None);
        // Half kept, each way; the short coordinate pads with `X`.
        let mut seen = vec![0; $len];
        for p in 0..r0 {
            let col = typed::local_tile_masked(t, tiler, (p, X)).unwrap();
            let (a, b, d) = ($T0, $T1, r1);
            against!(
                col,
                (a, b, d),
                |(i, j, q)| inside(i + $T0 * p, j + $T1 * q),
                seen
            );
            let short = typed::local_tile_masked(t, tiler, (p,)).unwrap();
            prop_assert_eq!(short.layout(), col.layout());
            prop_assert_eq!(short.base(), col.base());
        }
        each(&t, &seen, 1)?;
        let mut seen = vec![0; $len];
        for q in 0..r1 {
            let row = typed::local_tile_masked(t, tiler, (X, q)).unwrap();
            let (a, b, c) = ($T0, $T1, r0);
            against!(
                row,
                (a, b, c),
                |(i, j, p)| inside(i + $T0 * p, j + $T1 * q),
                seen
            );
        }
        each(&t, &seen, 1)?;
        // `outer_partition`: element `(c0, c1)` of every tile.
        let mut seen = vec![0; $len];
        for c1 in 0..$T1 {
            for c0 in 0..$T0 {
                let part = typed::outer_partition_masked(t, tiler, (c0, c1)).unwrap();
                if let Ok(plain) = typed::outer_partition(t, tiler, (c0, c1)) {
                    prop_assert_eq!(plain.layout(), part.layout());
                    prop_assert_eq!(plain.base(), part.base());
                }
                let want_residue = ((m + $T0 - 1 - c0) / $T0, (n + $T1 - 1 - c1) / $T1);
                prop_assert_eq!(part.residue(), want_residue);
                let (a, b) = (r0, r1);
                against!(
                    part,
                    (a, b),
                    |(p, q)| inside(c0 + $T0 * p, c1 + $T1 * q),
                    seen
                );
            }
        }
        each(&t, &seen, 1)?;
        prop_assert!(typed::outer_partition_masked(t, tiler, ($T0, 0)).is_err());
    }};
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// Rank 2, column- or row-major with a padded leading dimension, at a
    /// base past 0, in a buffer that ends at the tensor's last element (or
    /// a little past it).
    #[test]
    fn every_element_read_once(
        m in 0usize..23, n in 0usize..14, row_major in any::<bool>(), pad in 0usize..3,
        base in 0usize..3, tail in 0usize..2,
    ) {
        let (d0, d1) = if row_major { (n + pad, 1) } else { (1, m + pad) };
        let reach = if m * n == 0 { 0 } else { base + (m - 1) * d0 + (n - 1) * d1 + 1 };
        let data = buffer(reach + tail);
        let t = Tensor::at_base(&data[..], layout!((m,n):(d0,d1)), base).unwrap();
        every_tile!(t, (m, n), 4, 3, data.len());
        every_tile!(t, (m, n), 5, 1, data.len());
        every_tile!(t, (m, n), 1, 8, data.len());
    }

    /// Signed strides (a reversed column, a reversed row order).
    #[test]
    fn signed_strides_read_once(m in 1usize..20, n in 1usize..9, flip in 0usize..2) {
        let data = buffer(m * n);
        if flip == 0 {
            let t = Tensor::at_base(&data[..], layout!((m,n):(-1,m)), m - 1).unwrap();
            every_tile!(t, (m, n), 4, 3, data.len());
        } else {
            // The transpose, its second mode reversed.
            let t = Tensor::at_base(&data[..], layout!((n,m):(m,-1)), m - 1).unwrap();
            every_tile!(t, (n, m), 3, 2, data.len());
        }
    }

    /// A tuple mode `(2,m)` tiled by 4: exactly only for even `m`, when
    /// the masked tiles are read against the naive loop; otherwise every
    /// door refuses them (no cut says which coordinates are inside).
    #[test]
    fn tuple_modes_read_once_or_refused(m in 1usize..10, n in 1usize..8, pad in 0usize..3, tail in 0usize..2) {
        let ld = 2 * m + pad;
        let data = buffer(2 * m + (n - 1) * ld + tail);
        let t = Tensor::new(&data[..], layout!(((2,m),n):((1,2),ld))).unwrap();
        let tiler = (C::<4>, C::<3>);
        let exact = m % 2 == 0;
        prop_assert_eq!(typed::local_tile_masked(t, tiler, (0, 0)).is_ok(), exact);
        prop_assert_eq!(typed::local_tile_masked(t, tiler, (X, X)).is_ok(), exact);
        prop_assert_eq!(typed::outer_partition_masked(t, tiler, (1, 0)).is_ok(), exact);
        if exact {
            every_tile!(t, (2 * m, n), 4, 3, data.len());
        }
    }

    /// CuTe's `Step`: the sgemm tiler `(T0, T1, T2)` with `Step<_1,X,_1>`
    /// is the tiler `(T0, T2)` at the diced coordinate, on A `(m,k)`.
    #[test]
    fn step_is_the_diced_tile(m in 0usize..23, k in 0usize..14) {
        let data = buffer(m * k);
        let t = Tensor::new(&data[..], layout!((m,k):(1,m))).unwrap();
        let tiler = (C::<4>, C::<7>, C::<3>);
        let step = (C::<1>, X, C::<1>);
        let (r0, r2) = (m.div_ceil(4), k.div_ceil(3));
        let inside = |x: usize, y: usize| (x < m && y < k).then(|| &t[(x, y)]);
        let mut seen = vec![0; data.len()];
        for p in 0..r0 {
            let a = typed::local_tile_step_masked(t, tiler, (p, 5, X), step).unwrap();
            let same = typed::local_tile_masked(t, (C::<4>, C::<3>), (p, X)).unwrap();
            prop_assert_eq!(a.layout(), same.layout());
            prop_assert_eq!(a.base(), same.base());
            if let Ok(plain) = typed::local_tile_step(t, tiler, (p, 5, X), step) {
                prop_assert_eq!(plain.layout(), a.layout());
            }
            let (x, y, z) = (4, 3, r2);
            against!(a, (x, y, z), |(i, j, q)| inside(i + 4 * p, j + 3 * q), seen);
        }
        each(&t, &seen, 1)?;
        // All three kept, the middle one projected away.
        let mut seen = vec![0; data.len()];
        let a = typed::local_tile_step_masked(t, tiler, (X, X, X), step).unwrap();
        let (w, x, y, z) = (4, 3, r0, r2);
        against!(a, (w, x, y, z), |(i, j, p, q)| inside(i + 4 * p, j + 3 * q), seen);
        each(&t, &seen, 1)?;
    }

    /// A tiler shorter than the tensor: the modes past it kept whole (the
    /// coordinate `X` there, or an integer that slices the mode).
    #[test]
    fn modes_past_the_tiler(m in 0usize..13, n in 1usize..5, z in 1usize..4) {
        let data = buffer(m * n * z);
        let t = Tensor::new(&data[..], layout!((m,n,z):(1,m,{m * n}))).unwrap();
        let tiler = (C::<5>,);
        let inside = |x: usize, y: usize, w: usize| (x < m).then(|| &t[(x, y, w)]);
        let mut seen = vec![0; data.len()];
        let all = typed::local_tile_masked(t, tiler, (X, X, X)).unwrap();
        let (a, b, c, d) = (5, m.div_ceil(5), n, z);
        against!(all, (a, b, c, d), |(i, p, y, w)| inside(i + 5 * p, y, w), seen);
        each(&t, &seen, 1)?;
        let mut seen = vec![0; data.len()];
        for y in 0..n {
            for p in 0..m.div_ceil(5) {
                let tile = typed::local_tile_masked(t, tiler, (p, y, X)).unwrap();
                let (a, d) = (5, z);
                against!(tile, (a, d), |(i, w)| inside(i + 5 * p, y, w), seen);
            }
        }
        each(&t, &seen, 1)?;
    }
}

/// A masked read panics naming the coordinate; `get` is `None`.
#[test]
#[should_panic(expected = "coordinate (1, 0, 1, 0) of the share is masked")]
fn a_masked_read_panics() {
    let data: Vec<u8> = (0..15).collect();
    let t = Tensor::new(&data[..], layout!((5,3):(1,5))).unwrap();
    let all = typed::local_tile_masked(t, (C::<4>, C::<2>), (X, X)).unwrap();
    assert_eq!(all.get((1, 0, 1, 0)), None);
    assert_eq!(all[(0, 0, 1, 0)], 4);
    let _ = all[(1, 0, 1, 0)];
}

/// A static tensor and a tile of it: the same cuts.
#[test]
fn a_static_tensor() {
    let data: Vec<u32> = (0..15).collect();
    let t = Tensor::new(&data[..], layout!(type (5,3):(1,5))).unwrap();
    let tile = typed::local_tile_masked(t, (C::<4>, C::<2>), (1, X)).unwrap();
    assert_eq!(tile.layout().to_string(), "(4,2,2):(1,5,10)");
    assert_eq!((tile[(0, 1, 0)], tile[(0, 0, 1)]), (9, 14));
    assert_eq!((tile.get((1, 0, 0)), tile.get((0, 1, 1))), (None, None));
    let mut got = vec![];
    tile.for_each_valid(|i, &v| got.push((i, v)));
    assert_eq!(got, [(0, 4), (4, 9), (8, 14)]);
}

/// Writes through a masked tile stay inside: the padding rows past `m`
/// in a padded buffer are untouched.
#[test]
fn writes_stay_inside() {
    let (m, n, ld) = (5, 3, 8);
    let mut data = vec![0u32; ld * n];
    let mut t = Tensor::new(&mut data[..], layout!((m,n):(1,ld))).unwrap();
    let mut all = typed::local_tile_masked(t.by_mut(), (C::<4>, C::<2>), (X, X)).unwrap();
    all.for_each_valid_mut(|_, x| *x += 1);
    assert_eq!(all.get_mut((1, 0, 1, 0)), None);
    *all.get_mut((0, 1, 1, 0)).unwrap() += 10;
    for j in 0..n {
        for i in 0..ld {
            let want = match (i, j) {
                (4, 1) => 11,
                _ if i < m => 1,
                _ => 0,
            };
            assert_eq!(data[i + ld * j], want, "({i},{j})");
        }
    }
}

/// A tile of 1 (`UnitTile`, CuTe's `_1:_0`) beside a static extent: its
/// mode's tile is one coordinate, the grid the whole mode.
#[test]
fn a_unit_tile() {
    use layout_dsl::tensor::typed::UnitTile;
    let (m, n) = (6, 3);
    let data: Vec<u32> = (0..18).collect();
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    let tile = typed::local_tile_masked(t, (C::<4>, UnitTile), (1, 2)).unwrap();
    assert_eq!(tile.layout().to_string(), "(4,1):(1,0)");
    assert_eq!(
        (tile[(1, 0)], tile.get((2, 0)), tile.get((0, 1))),
        (17, None, None)
    );
    let all = typed::local_tile_masked(t, (C::<4>, UnitTile), (X, X)).unwrap();
    for q in 0..n {
        for p in 0..2 {
            for i in 0..4 {
                let want = (i + 4 * p < m).then(|| &t[(i + 4 * p, q)]);
                assert_eq!(all.get((i, 0, p, q)), want, "({i}, 0, {p}, {q})");
            }
        }
    }
    let mut got = vec![];
    all.for_each_valid(|_, &v| got.push(v));
    got.sort();
    assert_eq!(got, (0..18).collect::<Vec<_>>());
}

// Extents near `usize::MAX`.
#[path = "typed_tile_masked/huge.rs"]
mod huge;
