//! Laws of layouts with scaled-basis strides (`make_identity_layout`),
//! checked against coordinates computed independently: an identity
//! layout maps every index to its coordinate, and `composition(id, B)`
//! maps `i` to the coordinate of `B(i)` (or is refused), brute force over
//! every small `B`.

use std::collections::BTreeMap;

use layout_core::{BasisLayout, IntTuple, Layout, Tiler, Value, basis, idx2crd, natural_coord};
use proptest::prelude::*;

/// A coordinate as a map from basis path to value, zeros dropped.
type Coord = BTreeMap<Vec<usize>, i64>;

/// The coordinate `i` has in `shape`, as paths (the last mode keeps the rest, as in CuTe).
fn reference(i: i64, shape: &IntTuple) -> Coord {
    let id = BasisLayout::identity(shape).unwrap();
    let natural = natural_coord(&IntTuple::Int(i), shape).unwrap();
    let mut out = Coord::new();
    for (c, d) in natural.leaves().zip(id.leaf_strides()) {
        *out.entry(d.modes().to_vec()).or_default() += c;
    }
    out.retain(|_, v| *v != 0);
    out
}

/// `l(i)` summed leaf by leaf, without `crd2idx`.
fn apply(l: &BasisLayout, i: i64) -> Coord {
    let natural = natural_coord(&IntTuple::Int(i), l.shape()).unwrap();
    let mut out = Coord::new();
    for (c, d) in natural.leaves().zip(l.leaf_strides()) {
        if d.is_basis() {
            *out.entry(d.modes().to_vec()).or_default() += c * d.value();
        } else {
            assert_eq!(d.value(), 0, "an integer stride among bases");
        }
    }
    out.retain(|_, v| *v != 0);
    out
}

fn shapes() -> impl Strategy<Value = IntTuple> {
    let leaf = (1i64..5).prop_map(IntTuple::Int);
    let mode = prop_oneof![
        leaf.clone(),
        prop::collection::vec(leaf, 1..3).prop_map(IntTuple::Tuple)
    ];
    prop::collection::vec(mode, 2..4).prop_map(IntTuple::Tuple)
}

proptest! {
    #[test]
    fn identity_crd2idx_is_idx2crd(shape in shapes()) {
        let id = BasisLayout::identity(&shape).unwrap();
        for i in 0..id.size() {
            let got = id.crd2idx(&IntTuple::Int(i)).unwrap();
            let want = idx2crd(&IntTuple::Int(i), &shape).unwrap();
            prop_assert_eq!(got.to_string(), want.to_string(), "index {}", i);
        }
    }

    #[test]
    fn composition_with_identity_is_idx2crd_of_b(
        shape in shapes(),
        modes in prop::collection::vec((1i64..6, 0i64..20), 1..4),
    ) {
        let b = Layout::from_leaf_modes(&modes).unwrap();
        let id = BasisLayout::identity(&shape).unwrap();
        if let Ok(r) = basis::algebra::composition(&id, &Tiler::from(b.clone())) {
            prop_assert_eq!(r.size(), b.size());
            for i in 0..b.size() {
                prop_assert_eq!(apply(&r, i), reference(b.at(i).unwrap(), &shape), "{} at {}", r, i);
            }
        }
    }
}

/// Every `B` of rank 2 with extents 1–8 and strides 0–16 against three
/// identity shapes: no wrong result, and no refusal where a layout of
/// `B`'s own shape would be exact. Prints the counts.
#[test]
fn composition_with_identity_is_never_wrong() {
    let (mut accepted, mut refused, mut fit_refused) = (0, 0, 0);
    for shape in ["(4,8)", "((2,3),4)", "(2,3,4)"] {
        let shape: IntTuple = shape.parse().unwrap();
        let id = BasisLayout::identity(&shape).unwrap();
        for n0 in 1..=8 {
            for d0 in 0..=16 {
                for n1 in 1..=8 {
                    for d1 in 0..=16 {
                        let b = Layout::from_leaf_modes(&[(n0, d0), (n1, d1)]).unwrap();
                        match basis::algebra::composition(&id, &Tiler::from(b.clone())) {
                            Ok(r) => {
                                accepted += 1;
                                for i in 0..b.size() {
                                    assert_eq!(
                                        apply(&r, i),
                                        reference(b.at(i).unwrap(), &shape),
                                        "{shape} ∘ {b} = {r} at {i}"
                                    );
                                }
                            }
                            Err(_) => {
                                refused += 1;
                                if fits_own_shape(&b, &shape) {
                                    fit_refused += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!(
        "composition(identity, B): {accepted} exact, {refused} refused, of which {fit_refused} have a layout of B's own shape equal to A(B(i))"
    );
    assert!(accepted > 7000, "{accepted}");
    // Every refusal is a B that no layout of its own shape (one scaled
    // basis per leaf) composes with exactly.
    assert_eq!(fit_refused, 0);
}

/// Whether `i ↦ coord(B(i))` is a layout of `B`'s (flat, rank-2) shape
/// with scaled-basis strides: the images of the unit coordinates.
fn fits_own_shape(b: &Layout, shape: &IntTuple) -> bool {
    let modes: Vec<(i64, i64)> = b.leaf_modes().collect();
    // An extent-1 mode's stride is free (0); another's must be one scaled basis.
    let unit = |(n, d): (i64, i64)| {
        if n == 1 {
            Coord::new()
        } else {
            reference(d, shape)
        }
    };
    let (s0, s1) = (unit(modes[0]), unit(modes[1]));
    if s0.len() > 1 || s1.len() > 1 {
        return false;
    }
    (0..modes[1].0).all(|i1| {
        (0..modes[0].0).all(|i0| {
            let mut want = Coord::new();
            for (k, v) in s0.iter() {
                *want.entry(k.clone()).or_default() += i0 * v;
            }
            for (k, v) in s1.iter() {
                *want.entry(k.clone()).or_default() += i1 * v;
            }
            want.retain(|_, v| *v != 0);
            want == reference(i0 * modes[0].1 + i1 * modes[1].1, shape)
        })
    })
}

#[test]
fn divides_of_identity_tile_it() {
    // Every coordinate of (8,8) exactly once across zipped_divide's tiles.
    let v = layout_core::evaluate("zipped_divide(make_identity_layout((8,8)), <2:4,4:1>)").unwrap();
    let Value::BasisLayout(z) = v else {
        panic!("{v}")
    };
    let mut seen: Vec<Coord> = (0..z.size()).map(|i| apply(&z, i)).collect();
    seen.sort();
    seen.dedup();
    assert_eq!(seen.len(), 64);
}

/// A part of the strides with no basis in it is the integer tuple its
/// text reads back as (found by `cargo fuzz run eval`: `()` printed for a
/// scaled basis evaluated back to an integer tuple).
#[test]
fn a_stride_part_without_a_basis_is_an_integer_tuple() {
    let eval = |s: &str| layout_core::evaluate(s).unwrap();
    let part = eval("stride(make_identity_layout((2,(),4)), 1)");
    assert_eq!(part, Value::IntTuple(IntTuple::Tuple(vec![])));
    assert_eq!(part, eval("stride((2,(),4):(1,(),2), 1)"));
    // The fuzzer's input, minimised (fuzz/regressions/eval/).
    let min = eval("stride(make_identity_layout((2,())), 1)");
    assert_eq!(eval(&min.to_string()), min);
    // With a basis in it, the part stays scaled bases, and prints so.
    let whole = eval("stride(make_identity_layout((2,(),4)))");
    assert!(matches!(whole, Value::Basis(_)), "{whole:?}");
    assert_eq!(whole.to_string(), "(1@0,(),1@2)");
    assert_eq!(eval(&whole.to_string()), whole);
}
