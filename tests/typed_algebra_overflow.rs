//! The typed algebra against the core past `i64` (issue 13 §2, "never a
//! wrong answer"): `layout!(type f(…))` of written-out layouts and of
//! typed values (`#x`, the value door) with one or two run-time leaves,
//! for composition, complement, coalesce, the four divides and the six
//! products, every pair of values around `i64::MAX`, its halves,
//! thirds and quarters, `2^62`, `2^61`, `2^32`, small values and a few
//! above `i64::MAX` (which the core cannot hold), against the core's
//! `evaluate` of the same call (`layout_core` through the run-time path).
//!
//! What counts as agreeing:
//! - both answer: the typed result is the core's layout (the same size
//!   and offset at every index sampled, `inverse_port::same`);
//! - both refuse: any typed refusal where the core refuses;
//! - the core answers and the typed path refuses with one of its own
//!   reasons that are not an overflow (CuTe's nesting, fixed while
//!   compiling, cannot hold the core's answer: `InverseMode`,
//!   `Continuation`, a divisibility, …): README "where we differ";
//! - the core refuses for a reason other than `i64` and the typed path
//!   answers (CuTe's rounded holes, src/private/partial.rs).
//!
//! Three differences kept (src/private/fits.rs, tests/overflow_sweep):
//! an empty result (size 0) is given whatever its strides, where the core
//! refuses some; a result's mode of extent 1 whose stride passes
//! `i64::MAX` is refused, where the core gives a divide's rest of extent
//! 1 stride 0; a product of an empty `B` whose stride times a hole passes
//! `usize` is refused, where the core gives an empty layout.
//!
//! Disagreeing: the core refuses past `i64` ("… does not fit in 64 bits")
//! and the typed path answers; or the core answers and the typed path
//! refuses with an overflow (`Overflow`, `ProductOverflow`, `SumOverflow`,
//! `OffsetsOverflow`). Before the check (src/private/fits.rs), the five
//! first composition families alone disagreed 13,571 times. The counts
//! each family answers are asserted: a change that answers more, or
//! fewer, shows.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use overflow_sweep::report;

#[test]
fn composition() {
    let answered = report(&[
        pairs!("composition(({a},4):(1,{b}), (4,2):(2,8))", |a, b| {
            layout!(type composition((a, 4):(1, b), (4, 2):(2, 8)))
        }),
        pairs!("composition(({a},{b}):(1,{a}), 8:1)", |a, b| {
            layout!(type composition((a, b):(1, a), 8:1))
        }),
        pairs!("composition((4,{a}):({b},4), (2,8):(1,2))", |a, b| {
            layout!(type composition((4, a):(b, 4), (2, 8):(1, 2)))
        }),
        pairs!("composition((8,{a}):(1,{b}), ({a},2):(8,1))", |a, b| {
            layout!(type composition((8, a):(1, b), (a, 2):(8, 1)))
        }),
        pairs!("composition(({a},{b}):(1,{a}), (4,3):({a},1))", |a, b| {
            layout!(type composition((a, b):(1, a), (4, 3):(a, 1)))
        }),
        pairs!("composition((4,{a}):(1,{b}), (2,2):(1,4))", |a, b| {
            layout!(type composition((4, a):(1, b), (2, 2):(1, 4)))
        }),
        pairs!("composition(({a},2,3):(3,1,{b}), (6,2):(1,{a}))", |a, b| {
            layout!(type composition((a, 2, 3):(3, 1, b), (6, 2):(1, a)))
        }),
        pairs!("composition(({a},{b}):({b},1), 16:{a})", |a, b| {
            layout!(type composition((a, b):(b, 1), 16:a))
        }),
    ]);
    assert_eq!(answered, [388, 306, 341, 246, 210, 285, 233, 226]);
}

#[test]
fn complement_and_coalesce() {
    let answered = report(&[
        pairs!("complement(({a},4):(1,8), {b})", |a, b| {
            layout!(type complement((a, 4):(1, 8), b))
        }),
        pairs!("complement((4,{a}):(1,4), {b})", |a, b| {
            layout!(type complement((4, a):(1, 4), b))
        }),
        pairs!("complement((1,4,2):(3,{a},0), {b})", |a, b| {
            layout!(type complement((1, 4, 2):(3, a, 0), b))
        }),
        pairs!("coalesce(({a},2):(1,{b}))", |a, b| {
            layout!(type coalesce((a, 2):(1, b)))
        }),
        pairs!("coalesce((2,{a},{b}):(1,2,{a}))", |a, b| {
            layout!(type coalesce((2, a, b):(1, 2, a)))
        }),
    ]);
    assert_eq!(answered, [153, 918, 899, 1886, 232]);
}

#[test]
fn divides() {
    let answered = report(&[
        pairs!("logical_divide(({a},{b}):(1,{a}), <4,8>)", |a, b| {
            layout!(type logical_divide((a, b):(1, a), <4,8>))
        }),
        pairs!("logical_divide(({a},8):({b},1), <2,4>)", |a, b| {
            layout!(type logical_divide((a, 8):(b, 1), <2,4>))
        }),
        pairs!("zipped_divide(({a},{b}):(1,{a}), <4,8>)", |a, b| {
            layout!(type zipped_divide((a, b):(1, a), <4,8>))
        }),
        pairs!("tiled_divide((8,{a}):({b},1), <2,4>)", |a, b| {
            layout!(type tiled_divide((8, a):(b, 1), <2,4>))
        }),
        pairs!("flat_divide(({a},4):(4,{b}), <2,2>)", |a, b| {
            layout!(type flat_divide((a, 4):(4, b), <2,2>))
        }),
    ]);
    assert_eq!(answered, [141, 222, 141, 144, 343]);
}

/// The products the macro types as straight-line code (static strides in
/// `A`; a run-time `B` in a blocked product).
#[test]
fn products() {
    let answered = report(&[
        pairs!("logical_product((4,{a}):(1,4), ({b},3):(1,{b}))", |a, b| {
            layout!(type logical_product((4, a):(1, 4), (b, 3):(1, b)))
        }),
        pairs!("logical_product(({a},{b}):(1,16), (2,3):(3,1))", |a, b| {
            layout!(type logical_product((a, b):(1, 16), (2, 3):(3, 1)))
        }),
        pairs!("zipped_product((2,{a}):(1,2), (3,{b}):(1,3))", |a, b| {
            layout!(type zipped_product((2, a):(1, 2), (3, b):(1, 3)))
        }),
        pairs!("tiled_product(({a},{b}):(1,8), 2:1)", |a, b| {
            layout!(type tiled_product((a, b):(1, 8), 2:1))
        }),
        pairs!("blocked_product((2,{a}):(1,2), ({b},3):(1,{b}))", |a, b| {
            layout!(type blocked_product((2, a):(1, 2), (b, 3):(1, b)))
        }),
        pairs!("raked_product(({a},{b}):(1,16), (2,2):(2,1))", |a, b| {
            layout!(type raked_product((a, b):(1, 16), (2, 2):(2, 1)))
        }),
    ]);
    assert_eq!(answered, [90, 23, 101, 44, 111, 44]);
}

/// The value door (`Compose`, `Divide`, `Complement` of typed values,
/// `#a`): the macro checks `A` and the result (src/private/fits_value.rs).
#[test]
fn the_value_door() {
    let answered = report(&[
        pairs!("composition(({a},4):(1,{b}), (4,2):(2,8))", |a, b| {
            let x = layout!((a, 4):(1, b));
            layout!(type composition(#x, (4, 2):(2, 8)))
        }),
        pairs!("composition(({a},{b}):(1,{a}), (4,{b}):(1,{a}))", |a, b| {
            let (x, y) = (layout!((a, b):(1, a)), layout!((4, b):(1, a)));
            layout!(type composition(#x, #y))
        }),
        pairs!("logical_divide(({a},{b}):(1,{a}), 4)", |a, b| {
            let x = layout!((a, b):(1, a));
            layout!(type logical_divide(#x, 4))
        }),
        pairs!("zipped_divide(({a},8):({b},1), <2,4>)", |a, b| {
            let x = layout!((a, 8):(b, 1));
            layout!(type zipped_divide(#x, <2,4>))
        }),
        pairs!("complement((2,{a}):(1,2), {b})", |a, b| {
            let x = layout!((2, a):(1, 2));
            layout!(type complement(#x, b))
        }),
        pairs!("complement((4,{a}):(2,8), {b})", |a, b| {
            let x = layout!((4, a):(2, 8));
            layout!(type complement(#x, b))
        }),
    ]);
    // An operand of size 0 with a leaf past `i64` is refused, as the
    // core's `Layout::new` refuses it (was given: 247, 299).
    assert_eq!(answered, [389, 242, 294, 222, 1989, 561]);
}

/// A product whose `A` has a run-time stride is the value door's
/// (`Product`, `RankedProduct` on typed values): the macro checks the
/// result and `A`'s modes (the core's complement of `A` refuses one
/// whose `extent·stride` passes `i64::MAX`).
#[test]
fn products_with_run_time_strides() {
    let answered = report(&[
        pairs!("logical_product((4,{a}):(1,{b}), (2,3):(3,1))", |a, b| {
            layout!(type logical_product((4, a):(1, b), (2, 3):(3, 1)))
        }),
        pairs!("zipped_product(({a},{b}):(1,{a}), (2,2):(1,2))", |a, b| {
            layout!(type zipped_product((a, b):(1, a), (2, 2):(1, 2)))
        }),
        pairs!("blocked_product(({a},2):(1,{b}), (2,2):(1,2))", |a, b| {
            layout!(type blocked_product((a, 2):(1, b), (2, 2):(1, 2)))
        }),
        pairs!("raked_product(({a},{b}):(1,{a}), (2,3):(3,1))", |a, b| {
            layout!(type raked_product((a, b):(1, a), (2, 3):(3, 1)))
        }),
        pairs!("tiled_product((2,{a}):(1,{b}), 2:1)", |a, b| {
            layout!(type tiled_product((2, a):(1, b), 2:1))
        }),
        pairs!("flat_product(({a},4):({b},1), (2,2):(1,2))", |a, b| {
            layout!(type flat_product((a, 4):(b, 1), (2, 2):(1, 2)))
        }),
        pairs!("logical_product((2,2):(1,{a}), 2:{b})", |a, b| {
            layout!(type logical_product((2, 2):(1, a), 2:b))
        }),
        pairs!("blocked_product((2,{a}):(1,{a}), (2,2):({b},1))", |a, b| {
            layout!(type blocked_product((2, a):(1, a), (2, 2):(b, 1)))
        }),
    ]);
    assert_eq!(answered, [145, 86, 361, 72, 176, 145, 500, 57]);
}
