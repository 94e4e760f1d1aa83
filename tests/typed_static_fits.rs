//! The facade's algebra traits called on typed values whose every leaf is
//! static, against the core past `i64` (issue 13 §2, "never a wrong
//! answer"): such a layout's verdict is read from its type
//! (src/private/fits.rs, `StaticFit`; src/private/fits_value.rs,
//! `FitsCore::ALWAYS_FITS`), so the check compiles no code for it, and a
//! static operand or result past the core's `i64` must still be refused
//! as the run-time check refuses it. Each pair of static values around
//! `i64::MAX`, `2^62`, `2^61`, `2^32` and a small one is its own type;
//! each call against the core's `evaluate` of the same text
//! (tests/overflow_sweep's `disagreement`). Static values the typed
//! algebra refuses while compiling (a static complement whose span
//! passes `i64`: "complement: a span overflows") cannot be swept here:
//! each is a compile error, which is a refusal too.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::typed::{C, Coalesce, Compose, Layout, Product};
use overflow_sweep::{disagreement, report};

/// Every pair of the static values, `$one!(a, b)` for each.
macro_rules! cross {
    ($one:ident) => {
        cross!(@row $one; [3, 1 << 32, 1 << 61, i64::MAX / 3, 1 << 62, i64::MAX])
    };
    (@row $one:ident; [$($a:expr),*]) => {
        $(cross!(@col $one; $a; [3, 1 << 32, 1 << 61, i64::MAX / 3, 1 << 62, i64::MAX]);)*
    };
    (@col $one:ident; $a:expr; [$($b:expr),*]) => {
        $($one!($a, $b);)*
    };
}

/// One family: the call's text (`{a}`, `{b}` replaced) and the typed
/// call on `C::<A>`, `C::<B>`; the disagreements and how many answered.
macro_rules! statics {
    ($call:literal, |$a:ident, $b:ident| $typed:expr) => {{
        let (mut wrong, mut answered) = (Vec::new(), 0usize);
        macro_rules! one {
            ($x:expr, $y:expr) => {{
                const A: i64 = $x;
                const B: i64 = $y;
                let ($a, $b) = (C::<A>, C::<B>);
                let call = $call
                    .replace("{a}", &A.to_string())
                    .replace("{b}", &B.to_string());
                let typed = $typed;
                answered += usize::from(typed.is_ok());
                wrong.extend(disagreement(&call, typed));
            }};
        }
        cross!(one);
        ($call, wrong, answered)
    }};
}

#[test]
fn static_operands_past_i64_are_refused() {
    let answered = report(&[
        statics!("composition(({a},4):(1,{b}), (4,2):(2,8))", |a, b| {
            Layout::new((a, C::<4>), (C::<1>, b)).composition(layout!(type (4, 2):(2, 8)))
        }),
        statics!("logical_product({a}:{b}, 4:1)", |a, b| {
            Layout::new(a, b).logical_product(layout!(type 4:1))
        }),
        statics!("coalesce(({a},{b}):(1,{a}))", |a, b| {
            Layout::new((a, b), (C::<1>, a)).coalesce()
        }),
    ]);
    // Each family answers a few of its 36 pairs and refuses the rest.
    // Before the check kept a layout with no bound (`Quick::and`), the
    // composition answered 5, one of them
    // `composition((4294967296,4):(1,3074457345618258602), (4,2):(2,8))`, whose
    // `A` the core refuses (its offsets pass `i64::MAX`, each leaf below
    // `2^62`).
    assert_eq!(answered, [4, 3, 7]);
}

/// Operands whose types say they fit, a result whose type does not: `B`
/// reads past `A`'s size, so `A`'s last mode is extended (CuTe's rule),
/// to `1 + 3·2^61` (fits) and `1 + 7·2^61` (past `i64::MAX`). The
/// verdict is the result's own; its operands' alone would answer both
/// (src/private/fits_gate.rs chooses the check by both types).
#[test]
fn a_result_past_i64_of_operands_that_fit_is_refused() {
    const S: i64 = 1 << 61;
    let a = Layout::new((C::<2>, C::<2>), (C::<1>, C::<S>));
    let fits = a.composition(layout!(type 8:1));
    let past = a.composition(layout!(type 16:1));
    assert!(fits.is_ok() && past.is_err());
    let answered = report(&[
        (
            "composition((2,2):(1,2305843009213693952), 8:1)",
            disagreement("composition((2,2):(1,2305843009213693952), 8:1)", fits)
                .into_iter()
                .collect(),
            1,
        ),
        (
            "composition((2,2):(1,2305843009213693952), 16:1)",
            disagreement("composition((2,2):(1,2305843009213693952), 16:1)", past)
                .into_iter()
                .collect(),
            0,
        ),
    ]);
    assert_eq!(answered, [1, 0]);
}
