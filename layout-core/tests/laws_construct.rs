//! Laws of CuTe's ordered constructors, `tile_to_shape`, the element-width
//! recasts and `complement` with a shape cotarget, on random layouts,
//! checked over their whole domains. 256 cases per law, or `PROPTEST_CASES`.

mod common;

use std::collections::BTreeSet;

use common::*;
use layout_core::{
    ConstructError, ErrorKind, IntTuple, Layout, complement, complement_to_shape, downcast, filter,
    make_fragment_like, make_layout_like, make_ordered_layout, recast_layout, tile_to_shape,
    upcast,
};
use proptest::prelude::*;

const CASES: u32 = 256;

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// Whether `l` reaches every offset below its size exactly once.
fn is_compact(l: &Layout) -> bool {
    let mut seen = offsets(l);
    seen.sort_unstable();
    seen.into_iter().eq(0..l.size())
}

/// A shape with a permutation of its leaves' positions as the order.
fn shape_and_order() -> impl Strategy<Value = (IntTuple, IntTuple)> {
    shape()
        .prop_flat_map(|s| {
            let n = s.leaves().count() as i64;
            let places: Vec<i64> = (0..n).collect();
            (Just(s), Just(places).prop_shuffle())
        })
        .prop_map(|(s, places)| {
            let order = rebuild(&s, &mut places.into_iter());
            (s, order)
        })
}

/// A compact block and a target shape that it divides, of equal or higher rank.
fn block_and_target() -> impl Strategy<Value = (Layout, IntTuple)> {
    (
        compact_layout(),
        proptest::collection::vec(1..=3i64, 4),
        0..=2usize,
    )
        .prop_map(|(block, times, extra)| {
            let mut target: Vec<IntTuple> = block
                .modes()
                .iter()
                .zip(&times)
                .map(|(m, k)| IntTuple::Int(m.size() * k))
                .collect();
            target.extend(times[..extra].iter().map(|&k| IntTuple::Int(k)));
            (block, IntTuple::Tuple(target))
        })
}

proptest! {
    #![proptest_config(config(CASES))]

    /// The result is compact, and the leaves of extent above 1, taken in
    /// their order, each start where the ones before them end.
    #[test]
    fn make_ordered_layout_is_compact_in_its_order((s, order) in shape_and_order()) {
        let l = make_ordered_layout(&s, &order).unwrap();
        prop_assert_eq!(l.shape(), &s);
        prop_assert!(is_compact(&l), "{} is not compact", l);
        let mut by_order: Vec<(i64, i64, i64)> = order
            .leaves()
            .zip(l.leaf_modes())
            .map(|(o, (e, d))| (o, e, d))
            .collect();
        by_order.sort_unstable();
        let mut next = 1;
        for (o, e, d) in by_order {
            if e == 1 {
                prop_assert_eq!(d, 0, "extent-1 leaf of order {}", o);
            } else {
                prop_assert_eq!(d, next, "leaf of order {} in {}", o, l);
                next *= e;
            }
        }
    }

    /// Same shape, stride 0 kept, the other strides in the same order as
    /// L's; compact apart from the stride-0 modes when L's strides differ.
    #[test]
    fn make_layout_like_keeps_the_order_of_the_strides(l in layout()) {
        let r = make_layout_like(&l).unwrap();
        prop_assert_eq!(r.shape(), l.shape());
        let pairs: Vec<((i64, i64), (i64, i64))> = l.leaf_modes().zip(r.leaf_modes()).collect();
        for &((s, d), (_, e)) in &pairs {
            prop_assert!(d != 0 || e == 0, "{} -> {}", l, r);
            prop_assert!(s == 1 || d == 0 || e != 0, "{} -> {}", l, r);
        }
        let moving: Vec<(i64, i64)> = pairs
            .iter()
            .filter(|((s, d), _)| *s > 1 && *d != 0)
            .map(|&((_, d), (_, e))| (d, e))
            .collect();
        for &(d1, e1) in &moving {
            for &(d2, e2) in &moving {
                prop_assert_eq!(d1 < d2, e1 < e2, "{} -> {}", l, r);
            }
        }
        let distinct: BTreeSet<i64> = moving.iter().map(|m| m.0).collect();
        if distinct.len() == moving.len() {
            prop_assert!(is_compact(&filter(&r).unwrap()), "{} -> {}", l, r);
        }
    }

    /// Same leaves in order, mode 0 column-major from stride 1 (its
    /// stride-0 parts aside), and compact apart from stride 0 when L's
    /// strides past mode 0 differ.
    #[test]
    fn make_fragment_like_is_a_compact_fragment(l in layout()) {
        let r = make_fragment_like(&l).unwrap();
        prop_assert_eq!(r.shape().flatten().leaves().collect::<Vec<_>>(), l.shape().flatten().leaves().collect::<Vec<_>>());
        if let Some(first) = r.mode(0) {
            prop_assert!(is_compact(&filter(&first).unwrap()), "mode 0 of {} -> {}", l, r);
        }
        // Ties in the order (equal strides, zeros included) give equal
        // strides in CuTe too: only distinct orders promise a compact result.
        let rest: Vec<i64> = l.modes()
            .iter()
            .skip(1)
            .flat_map(|m| m.leaf_modes().filter(|&(s, _)| s > 1).map(|m| m.1).collect::<Vec<_>>())
            .collect();
        let distinct: BTreeSet<i64> = rest.iter().copied().collect();
        if distinct.len() == rest.len() {
            prop_assert!(is_compact(&filter(&r).unwrap()), "{} -> {}", l, r);
        }
    }

    /// Mode i of the result is (block mode i, copies i), its size the
    /// target's, and every copy is the block shifted: R((c, k)) = B(c) + R((0, k)).
    #[test]
    fn tile_to_shape_repeats_the_block((block, target) in block_and_target()) {
        let r = tile_to_shape(&block, &target, None).unwrap();
        prop_assert_eq!(r.rank(), target.rank());
        for (m, t) in r.modes().iter().zip(target.modes()) {
            prop_assert_eq!(m.size(), t.size().unwrap(), "{} for {}", r, target);
        }
        let blocks = block.modes();
        let copies: Vec<i64> = r.modes().iter().map(|m| m.mode(1).unwrap().size()).collect();
        let coord = |c: &[i64], k: &[i64]| {
            IntTuple::Tuple(c.iter().zip(k).map(|(&c, &k)| IntTuple::from([c, k])).collect())
        };
        let block_coords = |i: i64| -> Vec<i64> {
            // Mode i of the block, colexicographically; padded modes are 0.
            let mut rest = i;
            (0..target.rank()).map(|m| {
                let n = blocks.get(m).map_or(1, Layout::size);
                let c = rest % n;
                rest /= n;
                c
            }).collect()
        };
        let copy_count: i64 = copies.iter().product();
        for k in 0..copy_count.min(8) {
            let mut rest = k;
            let ks: Vec<i64> = copies.iter().map(|&n| { let c = rest % n; rest /= n; c }).collect();
            let origin = r.crd2idx(&coord(&vec![0; ks.len()], &ks)).unwrap();
            for i in 0..block.size() {
                let c = block_coords(i);
                prop_assert_eq!(r.crd2idx(&coord(&c, &ks)).unwrap(), block.at(i).unwrap() + origin);
            }
        }
    }

    /// Narrowing then widening by the same factor gives L back, wherever
    /// L has adjacent elements; without them downcast refuses.
    #[test]
    fn upcast_undoes_downcast(l in layout(), n in 1..=8i64) {
        match downcast(&l, n) {
            Ok(d) => prop_assert_eq!(upcast(&d, n).unwrap(), l),
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::Construct(ConstructError::NoUnitStride { .. })),
                "{}: {}", l, e
            ),
        }
    }

    /// With one stride-1 leaf, the narrow elements of downcast(L, n) are
    /// exactly the n pieces of each wide element of L.
    #[test]
    fn downcast_splits_each_element(l in layout(), pick in any::<usize>(), n in 1..=4i64) {
        // Exactly one leaf of stride 1: the picked one; other ±1 become ±2.
        let leaves = l.stride().leaves().count();
        prop_assume!(leaves > 0);
        let strides: Vec<i64> = l.stride().leaves().enumerate().map(|(i, d)| match d {
            _ if i == pick % leaves => 1,
            1 | -1 => 2 * d,
            d => d,
        }).collect();
        let l = Layout::new(l.shape().clone(), rebuild(l.stride(), &mut strides.into_iter())).unwrap();
        let d = downcast(&l, n).unwrap();
        let narrow: BTreeSet<i64> = offsets(&d).into_iter().collect();
        let pieces: BTreeSet<i64> = offsets(&l).into_iter().flat_map(|o| (0..n).map(move |j| n * o + j)).collect();
        prop_assert_eq!(narrow, pieces);
    }

    /// Recasting to a narrower type and back gives L back.
    #[test]
    fn recast_layout_round_trips(l in layout(), old in 0..5u32, new in 0..5u32) {
        let (old, new) = (8i64 << old.max(new), 8i64 << old.min(new));
        if let Ok(narrow) = recast_layout(&l, old, new) {
            prop_assert_eq!(recast_layout(&narrow, new, old).unwrap(), l);
        }
    }

    /// A one-mode shape is its integer, and a first extent the span divides
    /// leaves the rest whole: complement(A, (m1, m2)) = complement(A, m1·m2).
    #[test]
    fn complement_to_a_shape_divides_left_to_right(a in injective(), k in 1..=3i64, m in 1..=5i64) {
        let s = span(&a);
        prop_assert_eq!(
            complement_to_shape(&a, &IntTuple::from([s * k])).unwrap(),
            complement(&a, s * k).unwrap()
        );
        prop_assert_eq!(
            complement_to_shape(&a, &IntTuple::from([s * k, m])).unwrap(),
            complement(&a, s * k * m).unwrap()
        );
    }
}

/// The recast laws are only as good as how often downcast applies: most
/// generated layouts need a stride-1 leaf.
#[test]
fn downcast_applies_often() {
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = layout();
    let applies = (0..400)
        .filter(|_| {
            let l = strategy.new_tree(&mut runner).unwrap().current();
            downcast(&l, 2).is_ok()
        })
        .count();
    assert!(
        applies >= 100,
        "downcast applied to only {applies} of 400 layouts"
    );
}
