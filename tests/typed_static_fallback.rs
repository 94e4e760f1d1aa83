//! Static compositions and products the `const` walk does not answer (a
//! carry, the point-by-point decision, a refusal) take the run-time walk
//! on their `usize` copies (`compose_fallback.rs`,
//! `product_static/fallback.rs`). A debug build walks the copies with
//! both operands' leaves flattened, by functions compiled once in the
//! crate for a right layout (tile) of one or two leaves and in the
//! caller's crate for more: each case here, in every nesting, answers as
//! the same operands with `usize` leaves do (the run-time path): the same
//! refusal, or a layout with the same offset at every index, and the
//! composition is `a(b(i))`.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, Compose, Product, TypedLayout};

/// `typed` (static operands) answers as `dynamic` (the same numbers as
/// `usize` leaves): both refuse with the same error, or both give the
/// same offsets at each of `n` indices, which `expected` (if any) gives too.
fn same<L, D>(
    what: &str,
    typed: Result<L, AlgebraError>,
    dynamic: Result<D, AlgebraError>,
    expected: Option<&dyn Fn(usize) -> usize>,
) -> bool
where
    L: TypedLayout<Offset = usize>,
    D: TypedLayout<Offset = usize>,
{
    match (typed, dynamic) {
        (Ok(t), Ok(d)) => {
            assert_eq!(core::mem::size_of::<L>(), 0, "{what}: a leaf is not static");
            assert_eq!(t.size(), d.size(), "{what}");
            for i in 0..t.size() {
                assert_eq!(t.at(i), d.at(i), "{what} at {i}");
                if let Some(f) = expected {
                    assert_eq!(t.at(i), f(i), "{what} at {i}");
                }
            }
            true
        }
        (Err(t), Err(d)) => {
            assert_eq!(t, d, "{what}");
            false
        }
        (t, d) => panic!("{what}: static {:?}, dynamic {:?}", t.err(), d.err()),
    }
}

/// `a ∘ b`, static against `usize` leaves; whether it answered.
macro_rules! composed {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!(type $($a)*), layout!(type $($b)*));
        let what = format!("{a} o {b}");
        let dynamic = layout!($($a)*).composition(layout!($($b)*));
        same(&what, a.composition(b), dynamic, Some(&|i| a.at(b.at(i))))
    }};
}

/// The four products, static against `usize` leaves; whether they answered.
macro_rules! products {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!(type $($a)*), layout!(type $($b)*));
        let (da, db) = (layout!($($a)*), layout!($($b)*));
        let what = format!("({a}) x ({b})");
        let answered = same(&what, a.logical_product(b), da.logical_product(db), None);
        same(&what, a.zipped_product(b), da.zipped_product(db), None);
        same(&what, a.tiled_product(b), da.tiled_product(db), None);
        same(&what, a.flat_product(b), da.flat_product(db), None);
        answered
    }};
}

#[test]
fn a_carry_is_refused_in_every_nesting() {
    // Two leaves of the right layout carry together into the next mode.
    assert!(!composed!([(4, 4):(1, 8)], [(2, 2):(2, 3)]));
    assert!(!composed!([((2, 2), 4):((1, 2), 8)], [(2, 2):(2, 3)]));
    assert!(!composed!([(4, 4):(1, 8)], [((2, 2)):((2, 3))]));
    assert!(!composed!([(4, (2, 2)):(1, (8, 16))], [(2, (2, 1)):(2, (3, 1))]));
    // Three leaves: the walk in this crate.
    assert!(!composed!([(4, 4):(1, 8)], [(2, 2, 2):(2, 3, 16)]));
    // A leaf that does not fit a mode.
    assert!(!composed!([(3, 6):(1, 4)], [4:1]));
    assert!(!composed!([(3, (6, 2)):(1, (4, 24))], [(4):(1)]));
}

#[test]
fn the_point_by_point_decision_answers_in_every_nesting() {
    // Carries that cancel: each leaf walks, the two together carry in the
    // first group, yet `a(1 + 3) = a(1) + a(3)` (typed_compose_static.rs).
    assert!(composed!([(2, 2, 1):(1, 1, 3)], [(2, 2):(1, 3)]));
    assert!(composed!([(2, (2, 1)):(1, (1, 3))], [(2, 2):(1, 3)]));
    assert!(composed!([(2, 2, 1):(1, 1, 3)], [((2, 2)):((1, 3))]));
    assert!(composed!([(2, 2, 1):(1, 1, 3)], [(2, 2, 1):(1, 3, 7)]));
    assert!(composed!([((2, 2), 1):((1, 1), 3)], [((2, 2), 1):((1, 3), 7)]));
    // A leaf crossing two groups (q = 1 with a carry over the rest).
    assert!(composed!([(2, 2, 1):(0, 1, 1)], [4:5]));
    assert!(composed!([((2, 2), 1):((0, 1), 1)], [(4):(5)]));
    assert!(composed!([(2, 2, 1):(0, 1, 1)], [(4, 1, 1):(5, 0, 1)]));
}

#[test]
fn a_product_whose_copies_carry_answers_as_the_run_time_one() {
    // The holes of `(2,2):(1,4)` are 2 at stride 2 and the rest at 8:
    // 3 copies in a row cross the first hole unevenly.
    let mut answered = 0;
    answered += products!([(2, 2):(1, 4)], [3:1]) as usize;
    answered += products!([(2, 2):(1, 4)], [(3, 2):(1, 3)]) as usize;
    answered += products!([(2, 2):(1, 4)], [((3, 2)):((1, 3))]) as usize;
    answered += products!([(2, 2):(1, 4)], [(3, 2, 2):(1, 3, 6)]) as usize;
    answered += products!([((2, 1), 2):((1, 2), 4)], [(3, 2):(1, 3)]) as usize;
    answered += products!([(2, 2):(1, 4)], [(2, 3):(3, 1)]) as usize;
    answered += products!([(2, 3):(1, 4)], [(2, 2):(2, 1)]) as usize;
    answered += products!([(2, 2):(1, 4)], [6:1]) as usize;
    answered += products!([(3, 2):(2, 8)], [(2, 2):(3, 1)]) as usize;
    answered += products!([(3, 2):(2, 8)], [(2, 2, 2):(3, 1, 6)]) as usize;
    // Some answer and some refuse (which, the run-time path says).
    assert!(answered > 0 && answered < 10, "{answered} of 10 answered");
}
