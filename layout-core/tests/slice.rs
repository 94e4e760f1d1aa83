//! `slice`, `dice` and `slice_and_offset` on random layouts and random
//! coordinates with `_`: the view reaches exactly the offsets the layout
//! gives with the free modes filled in, at every coordinate of the view.

mod common;

use common::*;
use layout_core::{
    Coord, DomainError, ErrorKind, IntTuple, Layout, crd2idx, dice, idx2crd, slice,
    slice_and_offset,
};
use proptest::prelude::*;

const CASES: u32 = 512;

/// The integers of `c` as the coordinate `dice` expects: one per integer
/// position, left to right.
fn integers(c: &Coord, out: &mut Vec<IntTuple>) {
    match c {
        Coord::Int(n) => out.push(IntTuple::Int(*n)),
        Coord::Underscore => {}
        Coord::Tuple(v) => v.iter().for_each(|c| integers(c, out)),
    }
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn slice_is_the_sub_layout_plus_its_base(l in layout(), seed in any::<u64>()) {
        let c = random_coord(l.shape(), &mut Dice::new(seed));
        let view = slice_and_offset(&c, &l).unwrap();
        prop_assert_eq!(view.layout(), &slice(&c, &l).unwrap());
        let sub = view.layout();
        for k in 0..sub.size() {
            let free = idx2crd(&IntTuple::Int(k), sub.shape()).unwrap();
            let full = match &c {
                // A bare `_` leaves the whole layout, indexed by one integer.
                Coord::Underscore => IntTuple::Int(k),
                _ => fill(&c, &free, &mut 0),
            };
            prop_assert_eq!(
                l.crd2idx(&full).unwrap(),
                view.base() + sub.at(k).unwrap(),
                "{} at {} ({})", c, k, full
            );
        }
    }

    /// `dice` keeps the modes `slice` drops, and indexing it by the
    /// integers of the coordinate gives the slice's base offset.
    #[test]
    fn dice_complements_slice(l in layout(), seed in any::<u64>()) {
        let c = random_coord(l.shape(), &mut Dice::new(seed));
        let (s, d) = (slice(&c, &l).unwrap(), dice(&c, &l).unwrap());
        prop_assert_eq!(s.size() * d.size(), l.size());
        let mut modes: Vec<(i64, i64)> = s.leaf_modes().chain(d.leaf_modes()).collect();
        let mut want: Vec<(i64, i64)> = l.leaf_modes().collect();
        modes.sort_unstable();
        want.sort_unstable();
        prop_assert_eq!(modes, want);
        let diced = match &c {
            Coord::Tuple(_) => {
                let mut ints = Vec::new();
                integers(&c, &mut ints);
                IntTuple::Tuple(ints)
            }
            Coord::Int(n) => IntTuple::Int(*n),
            Coord::Underscore => IntTuple::EMPTY,
        };
        let base = slice_and_offset(&c, &l).unwrap().base();
        prop_assert_eq!(crd2idx(&diced, d.shape(), d.stride()).unwrap(), base);
    }
}

/// CuTe's results, worked by hand from `underscore.hpp`.
#[test]
fn cute_examples() {
    let l: Layout = "((2,3),(4,5)):((1,2),(6,24))".parse().unwrap();
    let u = Coord::Underscore;
    let t = |v: Vec<Coord>| Coord::Tuple(v);
    let cases = [
        (
            t(vec![u.clone(), 2.into()]),
            "((2,3)):((1,2))",
            "((4,5)):((6,24))",
            12,
        ),
        (
            t(vec![3.into(), u.clone()]),
            "((4,5)):((6,24))",
            "((2,3)):((1,2))",
            1 + 2,
        ),
        (
            t(vec![
                t(vec![u.clone(), 1.into()]),
                t(vec![2.into(), u.clone()]),
            ]),
            "(2,5):(1,24)",
            "(3,4):(2,6)",
            2 + 12,
        ),
        (u.clone(), "((2,3),(4,5)):((1,2),(6,24))", "():()", 0),
        (7.into(), "():()", "((2,3),(4,5)):((1,2),(6,24))", 1 + 6),
    ];
    for (c, sliced, diced, base) in cases {
        assert_eq!(slice(&c, &l).unwrap().to_string(), sliced, "slice {c}");
        assert_eq!(dice(&c, &l).unwrap().to_string(), diced, "dice {c}");
        assert_eq!(slice_and_offset(&c, &l).unwrap().base(), base, "offset {c}");
    }
}

#[test]
fn coordinates_nested_unlike_the_shape_are_refused() {
    let l: Layout = "(4,(2,3)):(1,(4,8))".parse().unwrap();
    let u = Coord::Underscore;
    let short = Coord::Tuple(vec![u.clone()]);
    assert!(matches!(
        slice(&short, &l).unwrap_err().kind(),
        ErrorKind::Domain(DomainError::RankMismatch {
            expected: 2,
            found: 1
        })
    ));
    let deep = Coord::Tuple(vec![Coord::Tuple(vec![u.clone(), u.clone()]), u.clone()]);
    assert!(matches!(
        dice(&deep, &l).unwrap_err().kind(),
        ErrorKind::Domain(DomainError::CoordinateTooDeep { .. })
    ));
}
