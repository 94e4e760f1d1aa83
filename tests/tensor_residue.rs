//! Tiles that do not divide the tensor, predicated (`Residue`): over
//! storage of exactly the tensor's size, every tile and thread share of
//! every tile names the right element where it lies in the tensor and is
//! masked elsewhere; nothing reads or writes past the storage.

use layout_dsl::tensor::{
    Residue, Tensor, X, local_partition, local_tile, local_tile_step, zipped_divide,
};
use layout_dsl::{IntTuple, Layout};
use proptest::prelude::*;

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

/// The expected element of a column-major `(m, n)` matrix holding `i + j·m`
/// at the coordinate `(i, j)`, or `None` outside it.
fn at(m: usize, n: usize, (i, j): (usize, usize)) -> Option<usize> {
    (i < m && j < n).then_some(i + j * m)
}

#[test]
fn odd_sizes_tile_with_the_residue_masked() {
    let (m, n) = (300usize, 130usize);
    let data: Vec<usize> = (0..m * n).collect();
    let t = Tensor::new(&data[..], layout(&format!("({m},{n}):(1,{m})"))).unwrap();
    // The plain tensor's last tile runs past the exact-size storage: refused.
    assert!(local_tile(t.view(), (128, 128), (2, 1)).is_err());
    let whole = Residue::new(t, [m, n]).unwrap();
    let (mut valid, mut masked) = (0, 0);
    for a in 0..m.div_ceil(128) {
        for b in 0..n.div_ceil(128) {
            let tile = local_tile(whole.clone(), (128, 128), (a, b)).unwrap();
            assert_eq!(tile.size(), 128 * 128);
            for j in 0..128 {
                for i in 0..128 {
                    let want = at(m, n, (a * 128 + i, b * 128 + j));
                    assert_eq!(
                        tile.get([i, j]).copied(),
                        want,
                        "tile ({a},{b}) at ({i},{j})"
                    );
                    assert_eq!(tile.is_valid([i, j]), want.is_some());
                    if want.is_some() {
                        valid += 1
                    } else {
                        masked += 1
                    }
                }
            }
        }
    }
    assert_eq!(valid, m * n);
    assert_eq!(masked, 3 * 2 * 128 * 128 - m * n);
}

/// The tutorial's shape at 300x130x77: a (BLK_M,BLK_K,k) stack of tiles
/// with a `Step`, one k-tile sliced, then split over (32,8) copy threads.
#[test]
fn projected_tiles_and_thread_shares_of_a_residue() {
    let (m, k) = (300usize, 77usize);
    let data: Vec<usize> = (0..m * k).collect();
    let t = Tensor::new(&data[..], layout(&format!("({m},{k}):(1,{m})"))).unwrap();
    let threads = layout("(32,8):(1,32)");
    let g_a = local_tile_step(
        Residue::new(t, [m, k]).unwrap(),
        (128, 128, 8),
        (2, 0, X),
        (1, X, 1),
    )
    .unwrap();
    assert_eq!(g_a.shape().to_string(), "(128,8,10)");
    let mut seen = vec![0u32; m * k];
    for k_tile in 0..10 {
        let slab = g_a.slice((X, X, k_tile)).unwrap();
        for thr in 0..256 {
            let mine = local_partition(slab.clone(), &threads, thr).unwrap();
            assert_eq!(mine.shape().to_string(), "(4,1)");
            for i in 0..4 {
                let (row, col) = (256 + (thr % 32) + 32 * i, 8 * k_tile + thr / 32);
                let want = at(m, k, (row, col));
                assert_eq!(mine.get([i, 0]).copied(), want);
                if let Some(e) = want {
                    seen[e] += 1;
                }
            }
        }
    }
    // Tile-row 2 covers rows 256..300 of every column, once each.
    for (e, &count) in seen.iter().enumerate() {
        assert_eq!(count, u32::from(e % m >= 256), "element {e}");
    }
}

#[test]
fn predicated_copy_in_and_out() {
    let src: Vec<i32> = (0..15).collect();
    let s = Residue::new(
        Tensor::new(&src[..], layout("(5,3):(1,5)")).unwrap(),
        [5, 3],
    )
    .unwrap();
    let mut out = vec![-1i32; 15];
    let mut d = Tensor::new(&mut out[..], layout("(5,3):(1,5)")).unwrap();
    for a in 0..2 {
        for b in 0..2 {
            // Through a full-size staging tile, as gmem -> smem -> gmem.
            let mut stage = Tensor::new(vec![0i32; 8], layout("(4,2):(1,4)")).unwrap();
            local_tile(s.clone(), (4, 2), (a, b))
                .unwrap()
                .copy_into(&mut stage);
            let whole = Residue::new(d.view_mut(), [5, 3]).unwrap();
            let mut dt = local_tile(whole, (4, 2), (a, b)).unwrap();
            dt.for_each_valid_mut(|i, x| *x = stage[i] * 10);
            // Masked elements of the stage keep the zeros they had.
            let tile = local_tile(s.clone(), (4, 2), (a, b)).unwrap();
            for (i, v) in tile.iter().enumerate() {
                assert_eq!(stage[i], v.copied().unwrap_or(0));
            }
        }
    }
    drop(d);
    assert_eq!(out, (0..15).map(|x| x * 10).collect::<Vec<_>>());
}

#[test]
fn a_residue_needs_a_tuple_shape_of_its_rank() {
    let data = [0u8; 6];
    let t = Tensor::new(&data[..], layout("(2,3):(1,2)")).unwrap();
    assert!(Residue::new(t.view(), [2, 3, 1]).is_err()); // rank
    assert!(Residue::new(t.view(), [2, 4]).is_err()); // past the mode
    assert!(Residue::new(t.view(), [2, 2]).is_ok()); // a padding column
    assert!(Residue::new(Tensor::new(&data[..], layout("6:1")).unwrap(), [6]).is_err());
}

proptest! {
    /// Any tile of any (m,n) matrix by any (tm,tn) tiler, over exact
    /// storage with a row-major or column-major layout, through
    /// `zipped_divide`: every element equals the matrix's or is masked.
    #[test]
    fn every_residue_tile_names_its_element(
        m in 1usize..20, n in 1usize..20, tm in 1usize..8, tn in 1usize..8, row_major: bool,
    ) {
        let l = if row_major { format!("({m},{n}):({n},1)") } else { format!("({m},{n}):(1,{m})") };
        let data: Vec<usize> = (0..m * n).collect();
        let whole = Residue::new(Tensor::new(&data[..], layout(&l)).unwrap(), [m, n]).unwrap();
        let tiles = zipped_divide(whole, (tm, tn)).unwrap();
        let (ta, tb) = (m.div_ceil(tm), n.div_ceil(tn));
        prop_assert_eq!(tiles.size(), tm * tn * ta * tb);
        for (a, b, i, j) in itertools(ta, tb, tm, tn) {
            let (r, c) = (a * tm + i, b * tn + j);
            let want = (r < m && c < n).then(|| if row_major { r * n + c } else { r + c * m });
            let inner = IntTuple::from([i as i64, j as i64]);
            let outer = IntTuple::from([a as i64, b as i64]);
            let coord = IntTuple::Tuple(vec![inner, outer]);
            let got = tiles.get(&coord);
            prop_assert_eq!(got.copied(), want);
        }
    }
}

fn itertools(ta: usize, tb: usize, tm: usize, tn: usize) -> Vec<(usize, usize, usize, usize)> {
    let mut v = Vec::new();
    for a in 0..ta {
        for b in 0..tb {
            for i in 0..tm {
                for j in 0..tn {
                    v.push((a, b, i, j));
                }
            }
        }
    }
    v
}

/// Extents below the tensor's: the storage past them is padding, masked
/// like storage that is not there (a padded buffer read as CuTe's
/// `elem_less(tAcA, make_shape(m, n))`).
#[test]
fn extents_below_the_tensor_mask_its_padding() {
    let data: Vec<usize> = (0..32).collect();
    let padded = Tensor::new(&data[..], layout("(8,4):(1,8)")).unwrap();
    let whole = Residue::new(padded, [5, 3]).unwrap();
    let tile = local_tile(whole, (4, 4), (1, 0)).unwrap();
    // Rows 4..8, columns 0..4: only row 4 of columns 0..3 is valid.
    let got: Vec<Option<usize>> = tile.iter().map(|x| x.copied()).collect();
    let want: Vec<Option<usize>> = (0..16)
        .map(|p| {
            let (i, j) = (4 + p % 4, p / 4);
            (i < 5 && j < 3).then_some(i + 8 * j)
        })
        .collect();
    assert_eq!(got, want);
    assert_eq!(got.iter().flatten().count(), 3);
}

/// A `Residue` of a tensor over a typed `layout!` layout reads, masks and
/// writes exactly as one over the same core layout (it used to accept the
/// tensor but offer no `get`/`iter`/`copy_into`: a typed layout took no
/// `[usize; R]` coordinate).
#[test]
fn a_typed_tensor_residue_reads_as_the_core_one() {
    use layout_dsl::layout;
    let (m, k) = (300usize, 77usize);
    let data: Vec<usize> = (0..m * k).collect();
    let typed = Residue::new(
        Tensor::new(&data[..], layout!((m,k):(1,m))).unwrap(),
        [m, k],
    )
    .unwrap();
    let core = Residue::new(
        Tensor::new(&data[..], layout(&format!("({m},{k}):(1,{m})"))).unwrap(),
        [m, k],
    )
    .unwrap();
    let threads = layout("(32,8):(1,32)");
    let g_typed = local_tile_step(typed, (128, 128, 8), (2, 0, X), (1, X, 1)).unwrap();
    let g_core = local_tile_step(core, (128, 128, 8), (2, 0, X), (1, X, 1)).unwrap();
    let mut seen = vec![0u8; m * k];
    for thread in 0..256 {
        let p_typed = local_partition(g_typed.clone(), &threads, thread).unwrap();
        let p_core = local_partition(g_core.clone(), &threads, thread).unwrap();
        let got: Vec<Option<&usize>> = p_typed.iter().collect();
        assert_eq!(got, p_core.iter().collect::<Vec<_>>(), "thread {thread}");
        for (c, e) in p_typed.coords().iter().zip(&got) {
            assert_eq!(
                e.copied(),
                (c[0] < m && c[1] < k).then_some(c[0] + c[1] * m)
            );
        }
        got.into_iter().flatten().for_each(|&x| seen[x] += 1);
        let mut into = Tensor::new(vec![usize::MAX; 40], layout("(4,1,10):(1,4,4)")).unwrap();
        p_typed.copy_into(&mut into);
        for (x, e) in into.iter().zip(p_typed.iter()) {
            assert_eq!(*x, e.copied().unwrap_or(usize::MAX));
        }
    }
    // Rows 256..300 of every column, each once.
    for (x, &n) in seen.iter().enumerate() {
        assert_eq!(n, u8::from(x % m >= 256), "element {x}");
    }
    // Written through the typed residue: only valid elements change.
    let mut out = vec![0usize; m * k];
    let whole = Residue::new(
        Tensor::new(&mut out[..], layout!((m,k):(1,m))).unwrap(),
        [m, k],
    )
    .unwrap();
    let mut tile = local_tile_step(whole, (128, 128, 8), (2, 0, X), (1, X, 1)).unwrap();
    tile.for_each_valid_mut(|_, x| *x += 1);
    assert_eq!(out.iter().sum::<usize>(), (m - 256) * k);
}
