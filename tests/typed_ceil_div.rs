//! The count of tiles `ceil(a / b)` the typed algebra's straight-line code
//! computes (`__private::ceil_div`: `(a + b - 1) / b` where the sum does
//! not wrap, for a static `b`; `ceil_div_dynamic` for a run-time one),
//! and the complement's last mode where no extent is 1
//! (`__private::complement_rest`, its quotient without the product
//! `whole·span`), against the definition and the core, on both sides of
//! the check past `i64`'s one comparison (below `2^29`, `2^31` here) and
//! near `usize::MAX`.

use layout_dsl::__private::{ceil_div, ceil_div_dynamic};
use layout_dsl::typed::{AlgebraError, TypedLayout};
use layout_dsl::{IntTuple, Value, evaluate, layout};
use proptest::prelude::*;

/// `ceil(a / b)` in `u128`, where nothing wraps.
fn definition(a: usize, b: usize) -> usize {
    usize::try_from((a as u128).div_ceil(b as u128)).unwrap()
}

/// The dividends near the edges: small, around `2^29`, `2^31`, `2^61`,
/// `i64::MAX` and `usize::MAX` (where `a + b - 1` wraps).
fn edges() -> Vec<usize> {
    let mut v: Vec<usize> = (0..=17).collect();
    for edge in [1 << 29, 1 << 31, 1 << 61, i64::MAX as usize, usize::MAX] {
        v.extend((0..=9).map(|k| edge - k));
        v.extend((1..=9).filter_map(|k| edge.checked_add(k)));
    }
    v
}

#[test]
fn ceil_div_is_the_definition_at_the_edges() {
    let divisors = (1..=17).chain([32, 64, 1 << 20, 1 << 62, usize::MAX - 1, usize::MAX]);
    for b in divisors {
        for a in edges() {
            assert_eq!(ceil_div(a, b), definition(a, b), "ceil_div({a}, {b})");
            assert_eq!(
                ceil_div_dynamic(a, b),
                definition(a, b),
                "dynamic ({a}, {b})"
            );
        }
    }
}

/// A typed result against the core's `evaluate(call)`: both refusing, or
/// the same size and the same offsets at the first, a middle and the last
/// index and at 5 (the strides of extent-1 modes may differ: ARCHITECTURE.md).
fn agrees<L: TypedLayout<Offset = usize>>(typed: Result<L, AlgebraError>, call: &str) {
    match (typed, evaluate(call)) {
        (Ok(t), Ok(Value::Layout(c))) => {
            assert_eq!(
                i64::try_from(t.size()).ok(),
                Some(c.size()),
                "size of {call}"
            );
            let last = c.size().max(1) - 1;
            for i in [0, 5, c.size() / 3, last]
                .into_iter()
                .filter(|&i| i < c.size())
            {
                let want = c.crd2idx(&IntTuple::Int(i)).unwrap();
                assert_eq!(
                    i64::try_from(t.at(i as usize)).ok(),
                    Some(want),
                    "L({i}) of {call}"
                );
            }
        }
        (Err(_), Err(_)) => {}
        (t, c) => panic!("{call}: typed {t:?}, core {c:?}"),
    }
}

/// `layout!(type logical_divide((m,n):(1,m), <4,8>))`: its tiles' counts
/// are `ceil_div(m, 4)` and `ceil_div(n, 8)`.
fn divide_agrees(m: usize, n: usize) {
    let typed = layout!(type logical_divide((m,n):(1,m), <4,8>));
    agrees(typed, &format!("logical_divide(({m},{n}):(1,{m}), <4,8>)"));
}

/// `layout!(type complement((4,m):(1,4), {c}))`: its last mode is
/// `complement_rest`'s.
fn complement_agrees(m: usize, c: usize) {
    let typed = layout!(type complement((4,m):(1,4), {c}));
    agrees(typed, &format!("complement((4,{m}):(1,4), {c})"));
}

#[test]
fn divide_and_complement_agree_with_the_core_at_the_edges() {
    let small = [1usize, 2, 3, 4, 5, 7, 8, 9, 37];
    for a in edges() {
        for b in small {
            divide_agrees(a, b);
            divide_agrees(b, a);
            complement_agrees(b, a);
            complement_agrees(a, b.saturating_mul(a));
        }
    }
}

proptest! {
    #[test]
    fn ceil_div_is_the_definition(a in any::<usize>(), b in 1usize..=1 << 12, k in 0u32..64) {
        prop_assert_eq!(ceil_div(a, b), definition(a, b));
        prop_assert_eq!(ceil_div(a, 1 << k), definition(a, 1 << k));
        prop_assert_eq!(ceil_div_dynamic(a, b), definition(a, b));
    }

    /// Extents on both sides of the one comparison's bound (`2^29` for
    /// the divide, `2^31` for the complement): the fast path and the exact
    /// check give the core's answer.
    #[test]
    fn divide_and_complement_agree_with_the_core(
        m in 1usize..1 << 33,
        n in 1usize..1 << 33,
        small in 1usize..64,
    ) {
        divide_agrees(m, small);
        divide_agrees(small, n);
        divide_agrees(m % (1 << 30), n % (1 << 30));
        complement_agrees(m, n);
        complement_agrees(small, m.saturating_mul(n));
        complement_agrees(m % (1 << 16), m % (1 << 16) * n);
    }
}
