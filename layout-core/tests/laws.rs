//! The algebra's laws on random layouts, checked point by point over the
//! whole domain (generated layouts have at most `MAX_SIZE` coordinates).
//! Operands that must meet a precondition (composition, complement, the
//! divides) are mostly built to meet it, and the laws insist such operands
//! are accepted; `operands_are_admissible_often` checks that the mix still
//! exercises the "whenever it is defined" laws. 512 cases per law, or
//! `PROPTEST_CASES`.

mod common;

use std::collections::BTreeSet;

use common::*;
use layout_core::{
    DomainError, ErrorKind, IntTuple, Layout, Tiler, Value, blocked_product, coalesce, coalesce_by,
    complement, composition, crd2idx, evaluate, filter, flat_divide, flat_product, idx2crd,
    left_inverse, logical_divide, logical_product, raked_product, right_inverse, tiled_divide,
    tiled_product, zipped_divide, zipped_product,
};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

const CASES: u32 = 512;

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// `(A, B, built)`: `built` when B was made of blocks of A's domain.
fn composable_pair() -> impl Strategy<Value = (Layout, Layout, bool)> {
    (layout(), layout(), any::<u64>()).prop_map(|(a, random, seed)| {
        let (b, built) = composable_with(&a, random, &mut Dice::new(seed));
        (a, b, built)
    })
}

fn divisible_pair() -> impl Strategy<Value = (Layout, Tiler)> {
    (layout(), any::<u64>()).prop_map(|(a, seed)| {
        let t = dividing_tiler(&a, &mut Dice::new(seed));
        (a, t)
    })
}

/// Values of every kind the notation prints, wide integers included.
fn int_tuple() -> impl Strategy<Value = IntTuple> {
    let int = prop_oneof![-64..=64i64, any::<i64>(), Just(i64::MIN), Just(i64::MAX)];
    int.prop_map(IntTuple::Int)
        .prop_recursive(3, 16, 4, |inner| {
            proptest::collection::vec(inner, 0..=4).prop_map(IntTuple::Tuple)
        })
}

/// Layouts with negative strides and strides at the edges of `i64`, for the
/// printer; where those overflow the offsets, strides in -64..=64 instead.
fn wide_layout() -> impl Strategy<Value = Layout> {
    let stride = prop_oneof![-64..=64i64, Just(i64::MIN), Just(i64::MAX), Just(1 << 40)];
    shape()
        .prop_flat_map(move |s| {
            let n = s.leaves().count();
            (Just(s), proptest::collection::vec(stride.clone(), n))
        })
        .prop_map(|(s, d)| {
            let tamed: Vec<i64> = d.iter().map(|d| d.clamp(&-64, &64)).copied().collect();
            let (d, tamed) = (
                rebuild(&s, &mut d.into_iter()),
                rebuild(&s, &mut tamed.into_iter()),
            );
            Layout::new(s.clone(), d).unwrap_or_else(|_| Layout::new(s, tamed).unwrap())
        })
}

proptest! {
    #![proptest_config(config(CASES))]

    #[test]
    fn offsets_iterate_the_layout(l in layout()) {
        prop_assert_eq!(l.offsets().len() as i64, l.size());
        prop_assert_eq!(l.offsets().collect::<Vec<_>>(), offsets(&l));
    }

    #[test]
    fn coalesce_keeps_the_function_with_fewest_modes(l in layout()) {
        let c = coalesce(&l);
        prop_assert_eq!(c.size(), l.size());
        prop_assert_eq!(offsets(&c), offsets(&l), "coalesce({}) = {}", l, c);
        prop_assert!(c.depth() <= 1, "coalesce({}) = {} is nested", l, c);
        let modes: Vec<(i64, i64)> = c.leaf_modes().collect();
        if modes != [(1, 0)] {
            prop_assert!(modes.iter().all(|m| m.0 != 1), "coalesce({}) = {} keeps extent 1", l, c);
        }
        for pair in modes.windows(2) {
            prop_assert!(pair[0].0 * pair[0].1 != pair[1].1, "coalesce({}) = {} can merge", l, c);
        }
        // A profile of ones coalesces each mode on its own and keeps the rank.
        if let IntTuple::Tuple(m) = l.shape() {
            let profile = IntTuple::Tuple(vec![IntTuple::Int(1); m.len()]);
            let by = coalesce_by(&l, &profile).unwrap();
            prop_assert_eq!(by.rank(), l.rank());
            prop_assert_eq!(offsets(&by), offsets(&l), "coalesce({}, {}) = {}", l, profile, by);
        }
    }

    #[test]
    fn filter_keeps_the_image_without_stride_0(l in layout()) {
        let f = filter(&l).unwrap();
        let image = |l: &Layout| l.offsets().collect::<BTreeSet<_>>();
        prop_assert_eq!(image(&f), image(&l), "filter({}) = {}", l, f);
        if f.leaf_modes().ne([(1, 0)]) {
            prop_assert!(f.leaf_modes().all(|(s, d)| d != 0 && s != 1), "filter({}) = {}", l, f);
        }
    }

    // CuTe distributes A∘B over B's leaves, and its weak divisibility check
    // admits a leaf that stays inside one mode of A without dividing it
    // ((8,2):(1,100) ∘ (2,7):(7,1) is (2,7):(7,1), yet A(7+6) = 105): so
    // A∘B = A(B(·)) holds for B made of blocks of A's domain, and for any B
    // leaf by leaf.
    #[test]
    fn composition_is_function_composition((a, b, built) in composable_pair()) {
        // Past the domain the last leaf absorbs the index, unless an empty
        // mode at the end swallows it (composition, like CuTe's, ignores those).
        let checked = |j: i64| j < a.size() || !has_empty_tuple(a.shape());
        let r = composition(&a, &Tiler::Layout(b.clone()));
        if built {
            prop_assert!(r.is_ok(), "{} o {}: {:?}", a, b, r);
            let r = r.unwrap();
            prop_assert_eq!(r.size(), b.size(), "{} o {} = {}", a, b, r);
            if !b.shape().is_int() {
                prop_assert_eq!(r.rank(), b.rank(), "{} o {} = {}", a, b, r);
            }
            for i in 0..b.size() {
                let j = b.at(i).unwrap();
                if checked(j) {
                    prop_assert_eq!(r.at(i).unwrap(), a.at(j).unwrap(), "({} o {})({})", a, b, i);
                }
            }
        } else if let Ok(r) = r {
            prop_assert_eq!(r.size(), b.size(), "{} o {} = {}", a, b, r);
        }
        for (s, d) in b.leaf_modes() {
            let leaf = Layout::leaf(s, d).unwrap();
            let Ok(r) = composition(&a, &Tiler::Layout(leaf)) else { continue };
            prop_assert_eq!(r.size(), s);
            for i in (0..s).filter(|i| checked(i * d)) {
                prop_assert_eq!(r.at(i).unwrap(), a.at(i * d).unwrap(), "({} o {}:{})({})", a, s, d, i);
            }
        }
    }

    #[test]
    fn idx2crd_inverts_crd2idx(s in shape(), l in layout()) {
        let compact = s.compact_col_major().unwrap();
        for i in 0..s.size().unwrap() {
            let c = idx2crd(&IntTuple::Int(i), &s).unwrap();
            prop_assert!(c.is_congruent(&s) || s.is_int(), "idx2crd({}, {}) = {}", i, s, c);
            prop_assert_eq!(crd2idx(&c, &s, &compact).unwrap(), i, "idx2crd({}, {}) = {}", i, s, c);
        }
        for i in 0..l.size() {
            prop_assert_eq!(l.crd2idx(&l.idx2crd(i).unwrap()).unwrap(), l.at(i).unwrap());
        }
    }

    #[test]
    fn complement_fills_the_holes(a in injective(), k in 1..=3i64) {
        let image: BTreeSet<i64> = a.offsets().collect();
        prop_assert_eq!(image.len() as i64, a.size(), "{} is not injective", a);

        let c = complement(&a, a.cosize() * k).unwrap();
        let holes: Vec<i64> = c.offsets().collect();
        prop_assert_eq!(holes.iter().collect::<BTreeSet<_>>().len(), holes.len(), "complement({}) = {}", a, c);
        prop_assert!(holes.iter().all(|o| *o == 0 || !image.contains(o)), "complement({}) = {}", a, c);
        prop_assert!(c.size() * a.size() >= a.cosize() * k);

        let m = span(&a) * k;
        let c = complement(&a, m).unwrap();
        let both = Layout::concat([a.clone(), c.clone()]).unwrap();
        let mut all: Vec<i64> = both.offsets().collect();
        all.sort_unstable();
        prop_assert_eq!(all, (0..m).collect::<Vec<_>>(), "({}, complement({}, {}) = {})", a, a, m, c);
    }

    #[test]
    fn right_inverse_is_a_right_inverse(l in layout()) {
        let r = right_inverse(&l).unwrap();
        prop_assert!(r.size() >= 1);
        for i in 0..r.size() {
            prop_assert_eq!(l.at(r.at(i).unwrap()).unwrap(), i, "right_inverse({}) = {}", l, r);
        }
    }

    #[test]
    fn right_inverse_of_a_bijection_is_its_inverse(l in compact_layout()) {
        let r = right_inverse(&l).unwrap();
        prop_assert_eq!(r.size(), l.size(), "right_inverse({}) = {}", l, r);
        for i in 0..l.size() {
            prop_assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "right_inverse({}) = {}", l, r);
        }
    }

    #[test]
    fn left_inverse_is_a_left_inverse(l in injective()) {
        let r = left_inverse(&l).unwrap();
        for i in 0..l.size() {
            prop_assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "left_inverse({}) = {}", l, r);
        }
    }

    #[test]
    fn divides_split_and_regroup_the_domain((a, t) in divisible_pair()) {
        let d = logical_divide(&a, &t);
        prop_assert!(d.is_ok(), "logical_divide({}, {}): {:?}", a, t, d);
        let d = d.unwrap();
        // (T, T*) permutes A's domain, so the divide reads every offset of A once.
        let (mut image, mut of_a) = (offsets(&d), offsets(&a));
        image.sort_unstable();
        of_a.sort_unstable();
        prop_assert_eq!(image, of_a, "logical_divide({}, {}) = {}", a, t, d);
        match &t {
            // Mode 0 is the tile: A∘T.
            Tiler::Layout(_) => {
                let tile = composition(&a, &t).unwrap();
                prop_assert_eq!(offsets(&d.mode(0).unwrap()), offsets(&tile));
            }
            Tiler::ByMode(_) => prop_assert_eq!(d.rank(), a.rank()),
        }
        let same_order = matches!(t, Tiler::Layout(_));
        for (name, r) in [
            ("zipped_divide", zipped_divide(&a, &t)),
            ("tiled_divide", tiled_divide(&a, &t)),
            ("flat_divide", flat_divide(&a, &t)),
        ] {
            let r = r.unwrap();
            prop_assert_eq!(leaf_multiset(&r), leaf_multiset(&d), "{}({}, {}) = {}", name, a, t, r);
            if same_order {
                prop_assert_eq!(offsets(&r), offsets(&d), "{}({}, {}) = {}", name, a, t, r);
            }
        }
    }

    #[test]
    fn products_multiply_sizes(a in injective(), t in product_tiler(), b in small_layout()) {
        // complement(A, …) ∘ T may be inadmissible; when it is not, it has T's size.
        let Ok(p) = logical_product(&a, &t) else { return Ok(()) };
        prop_assert_eq!(p.size(), a.size() * tiler_size(&t), "logical_product({}, {}) = {}", a, t, p);
        let same_order = matches!(t, Tiler::Layout(_));
        for (name, r) in [
            ("zipped_product", zipped_product(&a, &t)),
            ("tiled_product", tiled_product(&a, &t)),
            ("flat_product", flat_product(&a, &t)),
        ] {
            let r = r.unwrap();
            prop_assert_eq!(leaf_multiset(&r), leaf_multiset(&p), "{}({}, {}) = {}", name, a, t, r);
            if same_order {
                prop_assert_eq!(offsets(&r), offsets(&p), "{}({}, {}) = {}", name, a, t, r);
            }
        }
        let Ok(p) = logical_product(&a, &Tiler::Layout(b.clone())) else { return Ok(()) };
        for (name, r) in [("blocked_product", blocked_product(&a, &b)), ("raked_product", raked_product(&a, &b))] {
            let r = r.unwrap();
            prop_assert_eq!(leaf_multiset(&r), leaf_multiset(&p), "{}({}, {}) = {}", name, a, b, r);
        }
    }

    #[test]
    fn printing_then_parsing_gives_the_value_back(t in int_tuple(), l in wide_layout()) {
        prop_assert_eq!(t.to_string().parse::<IntTuple>(), Ok(t.clone()));
        prop_assert_eq!(l.to_string().parse::<Layout>(), Ok(l.clone()));
        // In a tiler an integer `n` is `n:1`, so a negative one is refused.
        let text = format!("<{l},{t}>");
        if let Some(n) = t.leaves().find(|&n| n < 0) {
            let e = evaluate(&text).unwrap_err();
            prop_assert_eq!(e.kind(), &ErrorKind::Domain(DomainError::NegativeExtent(n)));
        } else {
            let tiler = Tiler::ByMode(vec![Tiler::Layout(l.clone()), Tiler::try_from(t.clone()).unwrap()]);
            prop_assert_eq!(evaluate(&text), Ok(Value::Tiler(tiler.clone())));
            prop_assert_eq!(evaluate(&tiler.to_string()), Ok(Value::Tiler(tiler)));
        }
    }

    #[test]
    fn the_notation_computes_what_the_api_does((a, b, _) in composable_pair(), i in injective()) {
        let tiler = Tiler::Layout(b.clone());
        let calls: [(String, Result<Layout, layout_core::Error>); 8] = [
            (format!("coalesce({a})"), Ok(coalesce(&a))),
            (format!("filter({a})"), filter(&a)),
            (format!("composition({a},{b})"), composition(&a, &tiler)),
            (format!("logical_divide({a},{b})"), logical_divide(&a, &tiler)),
            (format!("right_inverse({a})"), right_inverse(&a)),
            (format!("complement({i},{})", a.size()), complement(&i, a.size())),
            (format!("left_inverse({i})"), left_inverse(&i)),
            (format!("logical_product({i},{b})"), logical_product(&i, &tiler)),
        ];
        for (text, direct) in calls {
            let value = evaluate(&text).ok().map(|v| v.to_string());
            let expected = direct.as_ref().ok().map(|l| l.to_string());
            prop_assert_eq!(value, expected, "{}", text);
            if let Ok(l) = direct {
                prop_assert_eq!(evaluate(&l.to_string()), Ok(Value::Layout(l)));
            }
        }
    }
}

/// The fraction of `n` generated operands for which `defined` holds.
fn admissible_share<T: std::fmt::Debug>(
    strategy: impl Strategy<Value = T>,
    n: usize,
    defined: impl Fn(&T) -> bool,
) -> f64 {
    let mut runner = TestRunner::deterministic();
    let ok = (0..n)
        .filter(|_| defined(&strategy.new_tree(&mut runner).unwrap().current()))
        .count();
    ok as f64 / n as f64
}

#[test]
fn operands_are_admissible_often() {
    let composed = admissible_share(composable_pair(), 1000, |(a, b, _)| {
        composition(a, &Tiler::Layout(b.clone())).is_ok()
    });
    let product = admissible_share((injective(), product_tiler()), 1000, |(a, t)| {
        logical_product(a, t).is_ok()
    });
    eprintln!(
        "admissible: composition {:.0}%, logical_product {:.0}%",
        composed * 100.0,
        product * 100.0
    );
    assert!(
        composed >= 0.3,
        "only {composed} of the composition operands are admissible"
    );
    assert!(
        product >= 0.3,
        "only {product} of the product operands are admissible"
    );
}

/// Found by `products_multiply_sizes`: a rank-1 raked product whose copies
/// are a tuple zipped with an integer block dropped a copy mode.
#[test]
fn rank_1_zip_products_keep_every_mode() {
    let eval = |s: &str| layout_core::evaluate(s).unwrap().to_string();
    assert_eq!(eval("raked_product(2:2, 4:1)"), "(((2,2),2)):(((1,4),2))");
    assert_eq!(eval("size(raked_product(2:2, 4:1))"), "8");
    assert_eq!(eval("blocked_product(2:2, 4:1)"), "((2,(2,2))):((2,(1,4)))");
}
