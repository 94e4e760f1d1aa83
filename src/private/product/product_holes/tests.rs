//! The holes' walk against the general walk and against the plain rule,
//! and the stride sort against the standard library's.

extern crate std;
use super::{ProductHoles, sorted_by_stride};
use crate::__private::algebra::{AlgebraError, ceil_div};
use crate::__private::compose::product;
use crate::__private::compose_value::Compose;
use crate::__private::construct::nonzero;
use crate::__private::int::C;
use crate::__private::layout::Layout;
use crate::__private::partial::{Holes, product_fits, product_hole};
use std::vec::Vec;

/// The folded copy of the walk (inner holes known to be 1) gives what
/// the general one gives, the same layout or the same error, for every
/// `A = (m,n):(s,t)` it takes (`m`, `n` in 1..=4, strides up to 16)
/// and every `A = (m,n,k):(s,t,w)` (`m`, `n`, `k` in 1..=3, strides up
/// to 12) by rank-2 `B`s; it is taken for compact `A`s both ways and
/// for a padded leading dimension, not for a padded inner stride.
#[test]
fn unit_inner_holes_compose_as_the_general_walk() {
    let tiles = [
        (2, 3, 3, 1),
        (2, 2, 1, 2),
        (3, 2, 0, 1),
        (4, 1, 5, 0),
        (1, 1, 0, 0),
        (2, 3, 1, 7),
    ];
    let up_to = |n: usize| 0..=n;
    let mut taken = [0; 2];
    let mut filled_taken = 0;
    for (m, n, s, t) in (1..=4usize).flat_map(|m| {
        (1..=4).flat_map(move |n| up_to(16).flat_map(move |s| up_to(16).map(move |t| (m, n, s, t))))
    }) {
        let Ok(holes) = (m, n).product_holes((s, t), m * n, 16, "logical_product") else {
            continue;
        };
        let Some(unit) = <(usize, usize) as ProductHoles<(usize, usize)>>::unit_inner_holes(holes)
        else {
            continue;
        };
        for (p, q, u, v) in tiles {
            let b = Layout::from_parts((p, q), (u, v));
            assert_eq!(
                unit.composition(b),
                holes.composition(b),
                "({m},{n}):({s},{t})"
            );
            taken[0] += 1;
            // The last hole written as the value it has (`filled_holes`,
            // taken where it is that value): the same composition.
            for hole in 0..=16 {
                type Two = (usize, usize);
                if let Some(filled) = <Two as ProductHoles<Two>>::filled_holes(unit, hole) {
                    assert_eq!(filled.composition(b), holes.composition(b), "{hole}");
                    filled_taken += 1;
                }
            }
        }
    }
    for (m, n, k) in
        (1..=3usize).flat_map(|m| (1..=3).flat_map(move |n| (1..=3).map(move |k| (m, n, k))))
    {
        for (s, t, w) in
            up_to(12).flat_map(|s| up_to(12).flat_map(move |t| up_to(12).map(move |w| (s, t, w))))
        {
            let Ok(holes) = (m, n, k).product_holes((s, t, w), m * n * k, 12, "logical_product")
            else {
                continue;
            };
            type Rank3 = (usize, usize, usize);
            let Some(unit) = <Rank3 as ProductHoles<Rank3>>::unit_inner_holes(holes) else {
                continue;
            };
            for (p, q, u, v) in tiles {
                let b = Layout::from_parts((p, q), (u, v));
                let at = "({m},{n},{k}):({s},{t},{w})";
                assert_eq!(unit.composition(b), holes.composition(b), "{at}");
                taken[1] += 1;
            }
        }
    }
    assert!(taken[0] > 3_000 && taken[1] > 10_000, "{taken:?}");
    assert_eq!(filled_taken, taken[0], "one hole value each");
    // Another value than the last hole's: not taken.
    let padded = (4usize, 5usize)
        .product_holes((1usize, 8usize), 20, 6, "f")
        .unwrap();
    type Two = (usize, usize);
    let unit = <Two as ProductHoles<Two>>::unit_inner_holes(padded).unwrap();
    assert!(<Two as ProductHoles<Two>>::filled_holes(unit, 2).is_some());
    assert!(<Two as ProductHoles<Two>>::filled_holes(unit, 3).is_none());
    let unit = <(usize, usize) as ProductHoles<(usize, usize)>>::unit_inner_holes;
    let holes =
        |stride: (usize, usize)| (4usize, 5usize).product_holes(stride, 20, 6, "f").unwrap();
    // Compact, column- and row-major; a leading dimension of 8 > 4
    // (the holes (1, 2, 2)) or 12 > 4, and 10 > 5 row-major: the last
    // hole stays a run-time value.
    for stride in [(1, 4), (5, 1), (1, 8), (1, 12), (10, 1)] {
        assert!(unit(holes(stride)).is_some(), "{stride:?}");
    }
    // The smallest stride 2 leaves a first hole of 2: the general walk.
    assert!(unit(holes((2, 8))).is_none() && unit(holes((20, 2))).is_none());
    // One leaf: its only hole is the last.
    let one = (4usize,).product_holes((3usize,), 4, 6, "f").unwrap();
    assert!(<(usize,) as ProductHoles<(usize,)>>::unit_inner_holes(one).is_none());
    // Static strides: the holes fold already, no second copy.
    let fixed = (4usize, 5usize)
        .product_holes((C::<1>, C::<4>), 20, 6, "f")
        .unwrap();
    assert!(<(usize, usize) as ProductHoles<(C<1>, C<4>)>>::unit_inner_holes(fixed).is_none());
}

type Modes<const R: usize> = Result<([usize; R], [usize; R], usize), AlgebraError>;

/// The rule in one walk over leaves in the order of their strides:
/// `product_hole` at every leaf, then `B` must fit, the rest
/// `⌈cotarget/span⌉`.
fn plain<const R: usize>(leaves: ([usize; R], [usize; R]), cosize: usize) -> Modes<R> {
    let (shape, stride) = leaves;
    for s in shape {
        nonzero("f", s)?;
    }
    let size = shape.iter().product::<usize>();
    let cotarget = product("f", size, cosize)?;
    let (mut extents, mut next) = ([1; R], [0; R]);
    let (mut span, mut holes) = (1, Holes::new(1));
    for k in 0..R {
        if shape[k] != 1 && stride[k] != 0 {
            (extents[k], holes) = product_hole("f", stride[k], span, span, holes)?;
            span = product("f", shape[k], stride[k])?;
        }
        next[k] = span;
    }
    product_fits("f", cosize, holes)?;
    Ok((extents, next, ceil_div(cotarget, span)))
}

/// The walk's shortcuts (a leaf that continues the span below it
/// leaves a hole of 1; holes that fill `A` leave a rest of `cosize`)
/// and its split (exact holes here, CuTe's rounding out of line)
/// answer what the rule answers in one walk (`product_hole` at every
/// leaf, the rest `⌈cotarget/span⌉`): the same holes or the same
/// error, for every `A` of one to three leaves taken in index order
/// (extents 0..=4, strides 0..=8) and every cosize 0..=7.
#[test]
fn shortcuts_agree_with_the_plain_rule() {
    use super::product_modes;
    fn check<const R: usize>() -> usize {
        let mut taken = 0;
        for code in 0..(5 * 9usize).pow(R as u32) {
            let digit = |i: usize| code / 45usize.pow(i as u32) % 45;
            let shape: [usize; R] = core::array::from_fn(|i| digit(i) % 5);
            let stride: [usize; R] = core::array::from_fn(|i| digit(i) / 5);
            let size = shape.iter().product::<usize>();
            let order = core::array::from_fn(|k| k);
            for cosize in 0..8 {
                let got = product_modes("f", (shape, stride, order), size, cosize);
                assert_eq!(
                    got,
                    plain((shape, stride), cosize),
                    "{shape:?}:{stride:?} by {cosize}"
                );
                taken += usize::from(got.is_ok());
            }
        }
        taken
    }
    let taken = [check::<1>(), check::<2>(), check::<3>()];
    assert!(
        taken[0] > 250 && taken[1] > 5_000 && taken[2] > 100_000,
        "{taken:?}"
    );
}

/// Every array of up to 5 strides from 0..=3 (ties included): the
/// network's order is the standard library's stable sort by stride.
#[test]
fn sorted_by_stride_is_the_stable_sort() {
    fn check<const R: usize>() {
        for code in 0..4usize.pow(R as u32) {
            let stride: [usize; R] = core::array::from_fn(|i| code / 4usize.pow(i as u32) % 4);
            let shape: [usize; R] = core::array::from_fn(|i| 10 + i);
            let mut expected: Vec<(usize, usize)> = shape.into_iter().zip(stride).collect();
            expected.sort_by_key(|&(_, d)| d);
            let (s, d) = sorted_by_stride(shape, stride);
            let got: Vec<(usize, usize)> = s.into_iter().zip(d).collect();
            assert_eq!(got, expected, "strides {stride:?}");
        }
    }
    check::<0>();
    check::<1>();
    check::<2>();
    check::<3>();
    check::<4>();
    check::<5>();
}

/// Every `A` of one to three dynamic leaves (extents 0..=4, strides
/// 0..=8; rank 3: extents 0..=3, strides 0..=6), every cosize 0..=7:
/// the typed complement (the extents tested before the sort, the sort,
/// the exact walk, the rounding out of line with the leaves passed one
/// by one) is the plain rule over the leaves sorted by stride, or its
/// error; and where [`ProductHoles::compact_holes`] takes the holes
/// (two leaves or more, every hole 1, the rest `cosize`), it gives the
/// same layout and the same composition by `B`s of that cosize.
#[test]
fn typed_holes_answer_the_plain_rule() {
    let tiles = [(2, 3, 3, 1), (3, 2, 1, 3), (3, 1, 2, 0), (1, 6, 0, 1)];
    let mut taken = [0usize; 3];
    let mut compact = [0usize; 3];
    // `A`'s leaves as arrays in, the typed layout's parts out.
    macro_rules! sweep {
        ($r:literal, $ext:expr, $str:expr, ($($i:tt)*), $T:ty) => {
            let codes = ($ext * $str as usize).pow($r);
            for code in 0..codes {
                let digit = |i: u32| code / ($ext * $str as usize).pow(i) % ($ext * $str as usize);
                let shape: [usize; $r] = core::array::from_fn(|i| digit(i as u32) % $ext);
                let stride: [usize; $r] = core::array::from_fn(|i| digit(i as u32) / $ext);
                let size = shape.iter().product::<usize>();
                let mut sorted: Vec<(usize, usize)> = shape.into_iter().zip(stride).collect();
                sorted.sort_by_key(|&(_, d)| d);
                let leaves = (
                    core::array::from_fn(|k| sorted[k].0),
                    core::array::from_fn(|k| sorted[k].1),
                );
                for cosize in 0..8 {
                    let typed = ($(shape[$i],)*).product_holes(($(stride[$i],)*), size, cosize, "f");
                    let expected = plain::<$r>(leaves, cosize).map(|(extents, next, rest)| {
                        Layout::from_parts(($(extents[$i],)* rest), (C::<1>, $(next[$i],)*))
                    });
                    assert_eq!(typed, expected, "{shape:?}:{stride:?} by {cosize}");
                    let Ok(holes) = typed else { continue };
                    taken[$r - 1] += 1;
                    let Some(folded) = <$T as ProductHoles<$T>>::compact_holes(holes, cosize) else {
                        continue;
                    };
                    assert_eq!(folded, holes, "{shape:?}:{stride:?} by {cosize}");
                    for (p, q, u, v) in tiles {
                        let b = Layout::from_parts((p, q), (u, v));
                        if b.cosize() == cosize {
                            assert_eq!(folded.composition(b), holes.composition(b));
                        }
                    }
                    compact[$r - 1] += 1;
                }
            }
        };
    }
    sweep!(1, 5, 9, (0), (usize,));
    sweep!(2, 5, 9, (0 1), (usize, usize));
    sweep!(3, 4, 7, (0 1 2), (usize, usize, usize));
    assert!(
        taken[0] > 250 && taken[1] > 5_000 && taken[2] > 20_000,
        "{taken:?}"
    );
    assert!(
        compact[0] == 0 && compact[1] > 1_300 && compact[2] > 7_500,
        "{compact:?}"
    );
    // Compact both ways is taken; a padded leading dimension, a leaf of
    // stride 0, one leaf and static strides are not.
    let fold = <(usize, usize) as ProductHoles<(usize, usize)>>::compact_holes;
    let holes = |d: (usize, usize)| (4usize, 5usize).product_holes(d, 20, 6, "f").unwrap();
    for d in [(1, 4), (5, 1)] {
        assert!(fold(holes(d), 6).is_some(), "{d:?}");
    }
    for d in [(1, 8), (1, 0), (0, 1)] {
        assert!(fold(holes(d), 6).is_none(), "{d:?}");
    }
    let one = (4usize,).product_holes((1usize,), 4, 6, "f").unwrap();
    assert!(<(usize,) as ProductHoles<(usize,)>>::compact_holes(one, 6).is_none());
    let fixed = (4usize, 5usize)
        .product_holes((C::<1>, C::<4>), 20, 6, "f")
        .unwrap();
    assert!(<(usize, usize) as ProductHoles<(C<1>, C<4>)>>::compact_holes(fixed, 6).is_none());
}
