//! The facade's algebra traits called as methods on typed values
//! (`a.composition(b)`, `a.complement(m)`, the divides, the products,
//! `tile_to_shape`, `coalesce`, …, no macro around them) against the core
//! past `i64` (issue 13 §2, "never a wrong answer"): the same sweep as
//! tests/typed_algebra_overflow.rs (tests/overflow_sweep/mod.rs), every
//! pair of values around `i64::MAX`, its halves, thirds and quarters,
//! `2^62`, `2^61`, `2^32`, small values and a few above `i64::MAX`.
//!
//! A method refuses where the core refuses past `i64` because the trait
//! checks its operands and its result (src/private/fits_value.rs), where
//! `layout!(type f(#a, …))` alone did before. Before that check the
//! methods disagreed with the core 15,993 times in the composition
//! families, 9,016 in the divides, 3,594 in complement, coalesce,
//! `filter_zeros` and the constructors, 47 to 196 a family in the
//! products; `tile_to_shape` of a run-time block disagreed 21 times more
//! (its modes' `extent·stride`, which the core's complement reads, was
//! not checked by the macro's door either). The counts each family
//! answers are asserted: a change that answers more, or fewer, shows.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::typed::{
    C, Coalesce, Complement, Compose, Divide, FilterZeros, MakeLike, Product, RankedProduct,
    TileToShape,
};
use overflow_sweep::report;

#[test]
fn composition() {
    let answered = report(&[
        pairs!("composition(({a},4):(1,{b}), (4,2):(2,8))", |a, b| {
            layout!((a, 4):(1, b)).composition(layout!(type (4, 2):(2, 8)))
        }),
        pairs!("composition(({a},{b}):(1,{a}), (4,{b}):(1,{a}))", |a, b| {
            layout!((a, b):(1, a)).composition(layout!((4, b):(1, a)))
        }),
        // Only `B` passes `i64` (`A`'s stride 0 hides it in the result).
        pairs!("composition(8:0, {a}:{b})", |a, b| {
            layout!(type 8:0).composition(layout!(a:b))
        }),
        pairs!("composition((4,2):(1,4), ({a},2):({b},1))", |a, b| {
            layout!(type (4, 2):(1, 4)).composition(layout!((a, 2):(b, 1)))
        }),
        pairs!("composition(({a},{b}):(1,{a}), {b})", |a, b| {
            layout!((a, b):(1, a)).composition(b)
        }),
        pairs!("composition(({a},{b}):(1,{a}), <4,{b}>)", |a, b| {
            layout!((a, b):(1, a)).composition((C::<4>, b))
        }),
    ]);
    assert_eq!(answered, [389, 242, 394, 369, 307, 261]);
}

#[test]
fn complement_coalesce_filter() {
    let answered = report(&[
        pairs!("complement((2,{a}):(1,2), {b})", |a, b| {
            layout!((2, a):(1, 2)).complement(b)
        }),
        pairs!("complement({a}:{b}, 64)", |a, b| {
            layout!(a:b).complement(C::<64>)
        }),
        pairs!("coalesce(({a},2):(1,{b}))", |a, b| {
            layout!((a, 2):(1, b)).coalesce()
        }),
        pairs!("filter_zeros(({a},2):(1,{b}))", |a, b| {
            layout!((a, 2):(1, b)).filter_zeros()
        }),
        pairs!("make_layout_like(({a},{b}):(1,4))", |a, b| {
            layout!((a, b):(1, 4)).make_layout_like()
        }),
        pairs!("make_fragment_like(({a},{b}):(4,1))", |a, b| {
            layout!((a, b):(4, 1)).make_fragment_like()
        }),
    ]);
    assert_eq!(answered, [1989, 306, 1886, 1886, 269, 218]);
}

#[test]
fn divides() {
    let answered = report(&[
        pairs!("logical_divide(({a},{b}):(1,{a}), <4,8>)", |a, b| {
            layout!((a, b):(1, a)).logical_divide((C::<4>, C::<8>))
        }),
        pairs!("zipped_divide(({a},8):({b},1), <2,4>)", |a, b| {
            layout!((a, 8):(b, 1)).zipped_divide((C::<2>, C::<4>))
        }),
        pairs!("tiled_divide((8,{a}):({b},1), <2,4>)", |a, b| {
            layout!((8, a):(b, 1)).tiled_divide((C::<2>, C::<4>))
        }),
        pairs!("flat_divide(({a},4):(4,{b}), <2,2>)", |a, b| {
            layout!((a, 4):(4, b)).flat_divide((C::<2>, C::<2>))
        }),
        pairs!("logical_divide(({a},{b}):(1,{a}), 4)", |a, b| {
            layout!((a, b):(1, a)).logical_divide(C::<4>)
        }),
        pairs!("zipped_divide(({a},4):(1,{b}), {b})", |a, b| {
            layout!((a, 4):(1, b)).zipped_divide(b)
        }),
    ]);
    assert_eq!(answered, [141, 222, 144, 343, 294, 62]);
}

#[test]
fn products() {
    let answered = report(&[
        pairs!("logical_product((4,{a}):(1,{b}), (2,3):(3,1))", |a, b| {
            layout!((4, a):(1, b)).logical_product(layout!(type (2, 3):(3, 1)))
        }),
        pairs!("zipped_product(({a},{b}):(1,{a}), (2,2):(1,2))", |a, b| {
            layout!((a, b):(1, a)).zipped_product(layout!(type (2, 2):(1, 2)))
        }),
        pairs!("tiled_product((2,{a}):(1,{b}), 2:1)", |a, b| {
            layout!((2, a):(1, b)).tiled_product(layout!(type 2:1))
        }),
        pairs!("flat_product(({a},4):({b},1), (2,2):(1,2))", |a, b| {
            layout!((a, 4):(b, 1)).flat_product(layout!(type (2, 2):(1, 2)))
        }),
        pairs!("logical_product((2,2):(1,2), ({a},2):(1,{b}))", |a, b| {
            layout!(type (2, 2):(1, 2)).logical_product(layout!((a, 2):(1, b)))
        }),
        pairs!("logical_product(({a},{b}):(1,{a}), <2,{b}>)", |a, b| {
            layout!((a, b):(1, a)).logical_product((C::<2>, b))
        }),
        pairs!("blocked_product(({a},2):(1,{b}), (2,2):(1,2))", |a, b| {
            layout!((a, 2):(1, b)).blocked_product(layout!(type (2, 2):(1, 2)))
        }),
        pairs!("raked_product(({a},{b}):(1,{a}), (2,3):(3,1))", |a, b| {
            layout!((a, b):(1, a)).raked_product(layout!(type (2, 3):(3, 1)))
        }),
        pairs!("blocked_product((2,2):(1,2), ({a},{b}):(1,{a}))", |a, b| {
            layout!(type (2, 2):(1, 2)).blocked_product(layout!((a, b):(1, a)))
        }),
        pairs!("tile_to_shape((2,2):(1,2), ({a},{b}))", |a, b| {
            layout!(type (2, 2):(1, 2)).tile_to_shape((a, b))
        }),
        pairs!("tile_to_shape(({a},2):(1,{b}), (8,4))", |a, b| {
            layout!((a, 2):(1, b)).tile_to_shape((C::<8>, C::<4>))
        }),
    ]);
    assert_eq!(
        answered,
        [145, 86, 176, 145, 181, 70, 361, 72, 181, 100, 114]
    );
}
