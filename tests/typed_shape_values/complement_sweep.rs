//! `complement` of typed values over a grid and random numbers: every
//! form against the core, every refusal one the core makes too, and the
//! number of refusals equal to the core's, counted independently.

use proptest::prelude::*;

use layout_dsl::layout;
use layout_dsl::typed::{C, Complement};

use super::agrees::core;
use super::same;

/// Every complement form on these numbers against the core; the number of
/// refusals (each one the core's, checked by `same`) and of forms.
fn complements(a: usize, b: usize, c: usize, d: usize, m: usize) -> (usize, usize) {
    let mut refused = 0;
    macro_rules! check {
        ($typed:expr, $($text:tt)*) => {
            refused += usize::from(same($typed, &format!($($text)*)));
        };
    }
    check!(
        layout!((a,b):(1,8)).complement(m),
        "complement(({a},{b}):(1,8), {m})"
    );
    check!(
        layout!((a,b):(8,1)).complement(m),
        "complement(({a},{b}):(8,1), {m})"
    );
    check!(
        layout!((a,4,b):(4,1,16)).complement(m),
        "complement(({a},4,{b}):(4,1,16), {m})"
    );
    check!(
        layout!((a,(b,c)):(6,(1,24))).complement(m),
        "complement(({a},({b},{c})):(6,(1,24)), {m})"
    );
    check!(
        layout!((a,b,c):(2,0,2)).complement(m),
        "complement(({a},{b},{c}):(2,0,2), {m})"
    );
    // One leaf: any stride.
    check!(layout!(a:d).complement(m), "complement({a}:{d}, {m})");
    check!(
        layout!(type (4,2):(1,8)).complement(m),
        "complement((4,2):(1,8), {m})"
    );
    check!(
        layout!((a,c):(1,2)).complement(C::<64>),
        "complement(({a},{c}):(1,2), 64)"
    );
    (refused, 8)
}

#[test]
fn complement_sweep_counts_refusals() {
    let (mut refused, mut forms) = (0, 0);
    for a in 0..6 {
        for b in 0..6 {
            for c in 0..4 {
                for (d, m) in [(0, 0), (1, 7), (3, 24), (5, 100), (8, 61)] {
                    let (r, n) = complements(a, b, c, d, m);
                    (refused, forms) = (refused + r, forms + n);
                }
            }
        }
    }
    // Every refusal is the core's (`same` panics otherwise); the count is
    // what the core refuses on this grid, computed independently:
    let mut core_refusals = 0;
    for a in 0..6 {
        for b in 0..6 {
            for c in 0..4 {
                for (d, m) in [(0, 0), (1, 7), (3, 24), (5, 100), (8, 61)] {
                    let texts = [
                        format!("complement(({a},{b}):(1,8), {m})"),
                        format!("complement(({a},{b}):(8,1), {m})"),
                        format!("complement(({a},4,{b}):(4,1,16), {m})"),
                        format!("complement(({a},({b},{c})):(6,(1,24)), {m})"),
                        format!("complement(({a},{b},{c}):(2,0,2), {m})"),
                        format!("complement({a}:{d}, {m})"),
                        format!("complement((4,2):(1,8), {m})"),
                        format!("complement(({a},{c}):(1,2), 64)"),
                    ];
                    core_refusals += texts.iter().filter(|t| core(t).is_none()).count();
                }
            }
        }
    }
    assert_eq!(refused, core_refusals);
    assert_eq!(forms, 6 * 6 * 4 * 5 * 8);
    eprintln!("complement on values: {refused} of {forms} refused, all by the core too");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn complement_matches_the_core(
        a in 0usize..7, b in 0usize..7, c in 0usize..5, d in 0usize..9, m in 0usize..200,
    ) {
        complements(a, b, c, d, m);
    }
}
