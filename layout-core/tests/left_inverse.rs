//! `left_inverse` against its laws on random layouts of any strides (the
//! golden rows, `tests/golden/cute_left_inverse.jsonl`, pin CuTe C++'s
//! answers): on an injective layout `R(L(i)) = i`, with stride-0 modes
//! `L(R(L(i))) = L(i)`, and a refusal only where CuTe's construction
//! cannot apply, each refusal checked against the layout itself.

mod common;

use std::collections::BTreeSet;

use common::*;
use layout_core::{AlgebraRefusal, ErrorKind, Layout, left_inverse};
use proptest::collection::vec;
use proptest::prelude::*;

/// One to three leaves, extents 1..=4, strides 0..=12, nested at random:
/// injective or not, divisible or not, with stride-0 modes.
fn any_strides() -> impl Strategy<Value = Layout> {
    (vec((1..=4i64, 0..=12i64), 1..=3), vec(any::<bool>(), 3))
        .prop_map(|(modes, cuts)| nest(&modes, &cuts))
}

/// Whether `L` restricted to its non-zero strides is injective, by brute force.
fn injective_off_zero(l: &Layout) -> bool {
    let kept: Vec<(i64, i64)> = l.leaf_modes().filter(|&(_, d)| d != 0).collect();
    let size: i64 = kept.iter().map(|&(s, _)| s).product();
    let seen: BTreeSet<i64> = (0..size)
        .map(|mut i| {
            kept.iter()
                .map(|&(s, d)| {
                    let c = i % s;
                    i /= s;
                    c * d
                })
                .sum()
        })
        .collect();
    seen.len() as i64 == size
}

fn refusal(l: &Layout) -> Option<AlgebraRefusal> {
    match left_inverse(l) {
        Ok(_) => None,
        Err(e) => match e.kind() {
            ErrorKind::Algebra(r) => Some(r.clone()),
            other => panic!("left_inverse({l}): unexpected error {other:?}"),
        },
    }
}

proptest! {
    #![proptest_config(config(1024))]

    #[test]
    fn the_law_or_a_true_refusal(l in any_strides()) {
        let injective = injective_off_zero(&l);
        match left_inverse(&l) {
            Ok(r) => {
                prop_assert!(injective, "left_inverse({}) = {} of a non-injective layout", l, r);
                let all = l.leaf_modes().all(|(s, d)| s == 1 || d != 0);
                for i in 0..l.size() {
                    let back = r.at(l.at(i).unwrap()).unwrap();
                    prop_assert_eq!(l.at(back).unwrap(), l.at(i).unwrap(), "left_inverse({}) = {}", l, r);
                    if all {
                        prop_assert_eq!(back, i, "left_inverse({}) = {}", l, r);
                    }
                }
            }
            Err(_) => match refusal(&l).unwrap() {
                AlgebraRefusal::LeftInverseNotDivisible { stride, below } => {
                    prop_assert!(stride % below != 0 && below > 1, "{} {} of {}", stride, below, l);
                    let strides: Vec<i64> = l.leaf_modes().map(|m| m.1).collect();
                    prop_assert!(strides.contains(&stride), "{} not a stride of {}", stride, l);
                }
                AlgebraRefusal::LeftInverseOverlap { .. } => {
                    prop_assert!(!injective, "injective {} refused as overlapping", l);
                }
                other => prop_assert!(false, "left_inverse({}): {:?}", l, other),
            },
        }
    }

    /// Layouts whose sorted strides stack (each a multiple of the span
    /// below) always have one, and it is a left inverse.
    #[test]
    fn stacked_layouts_are_inverted(l in injective()) {
        let r = left_inverse(&l).unwrap();
        for i in 0..l.size() {
            prop_assert_eq!(r.at(l.at(i).unwrap()).unwrap(), i, "left_inverse({}) = {}", l, r);
        }
    }
}

/// The generator reaches every outcome, so the law above is not vacuous.
#[test]
fn random_layouts_reach_every_outcome() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let (mut ok, mut divisible, mut overlap) = (0, 0, 0);
    for _ in 0..2000 {
        let l = any_strides().new_tree(&mut runner).unwrap().current();
        match refusal(&l) {
            None => ok += 1,
            Some(AlgebraRefusal::LeftInverseNotDivisible { .. }) => divisible += 1,
            Some(AlgebraRefusal::LeftInverseOverlap { .. }) => overlap += 1,
            Some(other) => panic!("{l}: {other:?}"),
        }
    }
    assert!(
        ok > 200 && divisible > 50 && overlap > 50,
        "{ok} {divisible} {overlap}"
    );
}

/// CuTe's answer off the image, and each refusal's numbers in its message.
#[test]
fn cute_answers_and_reasons() {
    let inv = |s: &str| left_inverse(&s.parse().unwrap());
    assert_eq!(inv("(4,2):(1,8)").unwrap().to_string(), "(8,2):(1,4)");
    assert_eq!(inv("(4,2):(0,1)").unwrap().to_string(), "2:4");
    assert_eq!(inv("(4,2):(0,0)").unwrap().to_string(), "8:0");
    let e = inv("(2,2):(2,3)").unwrap_err().to_string();
    assert!(e.contains("stride 3 is not a multiple of 2"), "{e}");
    let e = inv("(2,2):(1,1)").unwrap_err().to_string();
    assert!(e.contains("stride 1") && e.contains("span 2"), "{e}");
    let e = inv("(2,2):(1,-4)").unwrap_err().to_string();
    assert!(e.contains("left_inverse needs non-negative strides"), "{e}");
}
