//! A tiled matrix transpose written with `layout!`, checked element for
//! element against the naive loop, on non-square matrices.
//!
//! The source is row-major `M×N`, `(M,N):(N,1)`; the destination is the
//! transpose stored row-major `N×M`, which seen with the source's
//! coordinates `(i,j)` is `(M,N):(1,M)`. Dividing both by the same tile
//! makes coordinate `(element, tile)` name the same matrix entry in both.

use layout_dsl::{IntTuple, layout};

fn matrix(m: usize, n: usize) -> Vec<u32> {
    (0..(m * n) as u32).map(|x| x * 7 + 1).collect()
}

fn naive(src: &[u32], m: usize, n: usize) -> Vec<u32> {
    let mut dst = vec![0; m * n];
    for i in 0..m {
        for j in 0..n {
            dst[j * m + i] = src[i * n + j];
        }
    }
    dst
}

/// 12×20 in 4×4 tiles, everything static: `zipped_divide` gives
/// `((4,4),(3,5))`, tile elements in mode 0 and tiles in mode 1.
#[test]
fn static_zipped_divide() {
    let src = matrix(12, 20);
    let mut dst = vec![0; src.len()];
    let from = layout!(zipped_divide((12,20):(20,1), (4,4)));
    let to = layout!(zipped_divide((12,20):(1,12), (4,4)));
    assert_eq!(from.to_string(), "((4,4),(3,5)):((20,1),(80,4))");
    const TILES: usize = layout!(size(zipped_divide((12,20):(20,1), (4,4)))) / 16;
    for tile in 0..TILES {
        for element in 0..16 {
            dst[to.crd2idx((element, tile))] = src[from.crd2idx((element, tile))];
        }
    }
    assert_eq!(dst, naive(&src, 12, 20));
}

/// The same with `logical_divide` by mode, `((4,3),(4,5))`, iterating
/// tiles with full hierarchical coordinates.
#[test]
fn static_logical_divide_by_mode() {
    let src = matrix(12, 20);
    let mut dst = vec![0; src.len()];
    let from = layout!(logical_divide((12,20):(20,1), <4:1,4:1>));
    let to = layout!(logical_divide((12,20):(1,12), <4:1,4:1>));
    for (ti, tj) in (0..3).flat_map(|ti| (0..5).map(move |tj| (ti, tj))) {
        for (i, j) in (0..4).flat_map(|i| (0..4).map(move |j| (i, j))) {
            let coord = ((i, ti), (j, tj));
            dst[to.crd2idx(coord)] = src[from.crd2idx(coord)];
        }
    }
    assert_eq!(dst, naive(&src, 12, 20));
}

/// Sizes known at run time: typed tiles with dynamic strides, moved over
/// the matrix tile by tile.
#[test]
fn dynamic_tiles() {
    let (m, n) = (6, 10);
    let src = matrix(m, n);
    let mut dst = vec![0; src.len()];
    let from = layout!((2,5):(n,1));
    let to = layout!((2,5):(1,m));
    for bi in (0..m).step_by(2) {
        for bj in (0..n).step_by(5) {
            let (src_base, dst_base) = (bi * n + bj, bj * m + bi);
            for k in 0..from.size() {
                dst[dst_base + to.at(k)] = src[src_base + from.at(k)];
            }
        }
    }
    assert_eq!(dst, naive(&src, m, n));
}

/// Sizes known at run time, divided by the core when the code runs.
#[test]
fn runtime_zipped_divide() {
    let (m, n) = (6, 10);
    let src = matrix(m, n);
    let mut dst = vec![0; src.len()];
    let from = layout!(zipped_divide((m,n):(n,1), (2,5))).unwrap();
    let to = layout!(zipped_divide((m,n):(1,m), (2,5))).unwrap();
    assert_eq!(from.to_string(), "((2,5),(3,2)):((10,1),(20,5))");
    for tile in 0..6 {
        for element in 0..10 {
            let coord = IntTuple::from([element, tile]);
            let (s, d) = (from.crd2idx(&coord).unwrap(), to.crd2idx(&coord).unwrap());
            dst[d as usize] = src[s as usize];
        }
    }
    assert_eq!(dst, naive(&src, m, n));
}
