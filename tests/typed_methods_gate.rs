//! The gate of the methods' check past `i64` (src/private/fits_gate.rs):
//! each method of the paired rows (benches/cute_paired) at extents and
//! strides on both sides of its gate's bound (`2^j - 1` and `2^j` for
//! `j` around the bounds of these rows, `2^13`, `2^14`, `2^25`, and up to
//! `2^33`, where sizes and offsets pass `i64`), against the
//! core's `evaluate` of the same text. Below the bound the call is
//! inline with the optimiser told each leaf's bound; past it the same
//! call runs out of line and cold: both must answer as the core does,
//! and past the bound the call must still answer (not only refuse).
//! tests/typed_methods_overflow.rs sweeps the values around `i64::MAX`.

mod overflow_sweep;

use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Complement, Compose, Divide, Product, RankedProduct};
use overflow_sweep::disagreement;

/// `2^j - 1` and `2^j` for `j` around the gates' bounds and past them,
/// and 1 to 4.
fn around_gates() -> Vec<usize> {
    let mut v: Vec<usize> = (1..=4).collect();
    for j in [11, 12, 13, 14, 15, 24, 25, 26, 27, 31, 32, 33] {
        v.extend([(1usize << j) - 1, 1 << j]);
    }
    v
}

/// Every pair `(a, b)` of [`around_gates`] through `typed` against the
/// core's text `call(a, b)` (`None`: no such call, an operand past
/// `usize`): the disagreements, and the largest `max(a, b)` the typed
/// path answered.
fn family<S: Mode<D>, D: Tree>(
    call: impl Fn(usize, usize) -> Option<String>,
    typed: impl Fn(usize, usize) -> Result<Typed<S, D>, AlgebraError>,
) -> (Vec<String>, usize) {
    let (mut wrong, mut widest) = (Vec::new(), 0);
    for a in around_gates() {
        for b in around_gates() {
            let Some(text) = call(a, b) else { continue };
            let result = typed(a, b);
            if result.is_ok() {
                widest = widest.max(a.max(b));
            }
            wrong.extend(disagreement(&text, result));
        }
    }
    (wrong, widest)
}

/// No disagreement, and an answer past `2^26` (past every gate of these
/// rows but the divides' `2^25`, which is past it too).
fn check(name: &str, (wrong, widest): (Vec<String>, usize)) {
    for w in wrong.iter().take(4) {
        eprintln!("    {w}");
    }
    assert!(wrong.is_empty(), "{name}: {} disagreements", wrong.len());
    assert!(
        widest >= 1 << 26,
        "{name}: nothing answered past 2^26 ({widest})"
    );
}

#[test]
fn divide_past_its_gate() {
    check(
        "logical_divide",
        family(
            |a, b| Some(format!("logical_divide(({a},{b}):(1,{a}), <4,8>)")),
            |a, b| layout!((a, b):(1, a)).logical_divide((C::<4>, C::<8>)),
        ),
    );
    check(
        "zipped_divide",
        family(
            |a, b| Some(format!("zipped_divide(({a},{b}):(1,{a}), <32,8>)")),
            |a, b| layout!((a, b):(1, a)).zipped_divide((C::<32>, C::<8>)),
        ),
    );
}

#[test]
fn composition_past_its_gate() {
    check(
        "composition",
        family(
            |a, b| {
                let (ld, two) = (a.checked_add(3)?, a.checked_mul(2)?);
                Some(format!(
                    "composition(({a},{b}):(1,{ld}), (4,{}):(1,{two}))",
                    b / 2
                ))
            },
            |a, b| {
                let x = layout!((a, b):(1, {a + 3}));
                x.composition(layout!((4, {b / 2}):(1, {2 * a})))
            },
        ),
    );
}

#[test]
fn complement_past_its_gate() {
    check(
        "complement",
        family(
            |a, b| Some(format!("complement((4,{a}):(1,4), {})", a.checked_mul(b)?)),
            |a, b| layout!((4, a):(1, 4)).complement(a * b),
        ),
    );
}

#[test]
fn products_past_their_gate() {
    check(
        "logical_product",
        family(
            |a, b| Some(format!("logical_product((4,{a}):(1,{b}), (2,3):(3,1))")),
            |a, b| layout!((4, a):(1, b)).logical_product(layout!(type (2, 3):(3, 1))),
        ),
    );
    check(
        "blocked_product",
        family(
            |a, b| Some(format!("blocked_product((4,8):(8,1), ({a},{b}):(1,{a}))")),
            |a, b| layout!(type (4, 8):(8, 1)).blocked_product(layout!((a, b):(1, a))),
        ),
    );
    check(
        "raked_product",
        family(
            |a, b| Some(format!("raked_product((4,8):(8,1), ({a},{b}):(1,{a}))")),
            |a, b| layout!(type (4, 8):(8, 1)).raked_product(layout!((a, b):(1, a))),
        ),
    );
}
