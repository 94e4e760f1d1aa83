//! `local_partition` and `local_tile` on random layouts whose modes the
//! thread layout or tile divides: every thread's share (every tile), taken
//! together, is the layout itself, each coordinate exactly once. Compared
//! as multisets of offsets (`base + v(k)` over each view), so a layout
//! with repeated offsets (a stride 0) counts each of its coordinates too.

mod common;

use common::{Dice, config};
use layout_core::{Coord, IntTuple, Layout, Tiler, local_partition, local_tile};
use proptest::prelude::*;

const CASES: u32 = 256;

/// A random layout of rank 1 to 3 whose mode `i` has extent
/// `tile[i] * count[i]`, strides compact in a random order of the modes,
/// scaled by 1 or 2 (gaps), or 0 for one mode now and then (a broadcast).
/// Returns the layout and the tile extents.
fn divisible(rng: &mut Dice) -> (Layout, Vec<i64>) {
    let rank = 1 + rng.below(3);
    let tile: Vec<i64> = (0..rank).map(|_| 1 + rng.below(4) as i64).collect();
    let extents: Vec<i64> = tile.iter().map(|t| t * (1 + rng.below(4) as i64)).collect();
    let strides = compact_in_random_order(&extents, rng);
    let scale = 1 + rng.below(2) as i64;
    let broadcast = rng.one_in(6).then(|| rng.below(rank));
    let strides: Vec<i64> = (0..rank)
        .map(|i| match broadcast {
            Some(b) if b == i => 0,
            _ => strides[i] * scale,
        })
        .collect();
    (flat(&extents, &strides), tile)
}

/// Compact strides for `extents`, the modes taken in a random order.
fn compact_in_random_order(extents: &[i64], rng: &mut Dice) -> Vec<i64> {
    let mut order: Vec<usize> = (0..extents.len()).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut strides = vec![0; extents.len()];
    let mut next = 1;
    for &m in &order {
        strides[m] = next;
        next *= extents[m];
    }
    strides
}

/// The flat layout `(e0,e1,…):(d0,d1,…)`; a rank-1 one is the bare `e0:d0`.
fn flat(extents: &[i64], strides: &[i64]) -> Layout {
    let tuple = |v: &[i64]| match v {
        [one] => IntTuple::Int(*one),
        _ => IntTuple::Tuple(v.iter().map(|&x| IntTuple::Int(x)).collect()),
    };
    Layout::new(tuple(extents), tuple(strides)).unwrap()
}

/// Every offset of the layout, sorted.
fn offsets(l: &Layout) -> Vec<i64> {
    let mut all: Vec<i64> = (0..l.size()).map(|k| l.at(k).unwrap()).collect();
    all.sort_unstable();
    all
}

proptest! {
    #![proptest_config(config(CASES))]

    /// Each thread of a bijective thread layout (compact, modes in any
    /// order) takes its share; together the shares are the layout.
    #[test]
    fn local_partition_covers_every_element_once(seed in any::<u64>()) {
        let rng = &mut Dice::new(seed);
        let (l, tile) = divisible(rng);
        let thr = flat(&tile, &compact_in_random_order(&tile, rng));
        let mut got = Vec::new();
        for idx in 0..thr.size() {
            let share = local_partition(&l, &thr, idx, None).unwrap();
            // Every thread's share has the same size: size(L) / size(thr).
            prop_assert_eq!(share.layout().size() * thr.size(), l.size());
            for k in 0..share.layout().size() {
                got.push(share.base() + share.layout().at(k).unwrap());
            }
        }
        got.sort_unstable();
        prop_assert_eq!(got, offsets(&l), "{} by {}", l, thr);
    }

    /// The tiles at every coordinate of the tiles' mode, an integer each,
    /// together are the layout; each tile's layout is the same.
    #[test]
    fn local_tile_tiles_cover_the_layout(seed in any::<u64>()) {
        let rng = &mut Dice::new(seed);
        let (l, tile) = divisible(rng);
        let tiler = Tiler::try_from(IntTuple::Tuple(tile.iter().map(|&t| IntTuple::Int(t)).collect())).unwrap();
        let tiles = l.size() / tile.iter().product::<i64>();
        let first = local_tile(&l, &tiler, &Coord::Int(0), None).unwrap();
        let mut got = Vec::new();
        for t in 0..tiles {
            let view = local_tile(&l, &tiler, &Coord::Int(t), None).unwrap();
            prop_assert_eq!(view.layout(), first.layout());
            for k in 0..view.layout().size() {
                got.push(view.base() + view.layout().at(k).unwrap());
            }
        }
        got.sort_unstable();
        prop_assert_eq!(got, offsets(&l), "{} by {}", l, tiler);
        // One past the last tile is refused, not read.
        prop_assert!(local_tile(&l, &tiler, &Coord::Int(tiles), None).is_err());
    }
}
