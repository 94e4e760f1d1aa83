//! Products of all-static typed values keep every leaf static
//! (`product_static.rs`: the complement's holes folded while compiling,
//! then `compose_static.rs` for the copies): each result is zero-sized,
//! prints as the same operands with `usize` leaves print, and is the
//! core's product at every index (`agrees::product`); a refusal is the
//! same run-time error.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, Product, RankedProduct, StaticInt, TypedLayout};

mod agrees;

use agrees::product::product_agrees;

/// `typed` (static operands) is zero-sized, prints as `dynamic` (the same
/// numbers as `usize` leaves), and is the core's `function(a, b)`.
fn same<L, D>(
    typed: Result<L, AlgebraError>,
    dynamic: Result<D, AlgebraError>,
    function: &str,
    a: &str,
    b: &str,
) where
    L: TypedLayout<Offset = usize> + core::fmt::Display,
    D: TypedLayout<Offset = usize> + core::fmt::Display,
{
    match (&typed, &dynamic) {
        (Ok(t), Ok(d)) => {
            assert_eq!(
                core::mem::size_of::<L>(),
                0,
                "{function}({a}, {b}) = {t}: a leaf is not static"
            );
            assert_eq!(t.to_string(), d.to_string(), "{function}({a}, {b})");
        }
        (Err(t), Err(d)) => assert_eq!(t, d, "{function}({a}, {b})"),
        _ => panic!(
            "{function}({a}, {b}): static {:?}, dynamic {:?}",
            typed.as_ref().err(),
            dynamic.as_ref().err()
        ),
    }
    let answered = typed.is_ok();
    assert_eq!(
        product_agrees(typed, function, a, b),
        answered,
        "{function}({a}, {b})"
    );
}

/// Every product of the static operands against the same numbers as
/// `usize` leaves.
macro_rules! static_products {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!(type $($a)*), layout!(type $($b)*));
        let (da, db) = (layout!($($a)*), layout!($($b)*));
        let (at, bt) = (a.to_string(), b.to_string());
        same(a.logical_product(b), da.logical_product(db), "logical_product", &at, &bt);
        same(a.zipped_product(b), da.zipped_product(db), "zipped_product", &at, &bt);
        same(a.tiled_product(b), da.tiled_product(db), "tiled_product", &at, &bt);
        same(a.flat_product(b), da.flat_product(db), "flat_product", &at, &bt);
        a.logical_product(b)
    }};
}

/// The same for `blocked_product` and `raked_product` (operands of one rank).
macro_rules! static_ranked {
    ([$($a:tt)*], [$($b:tt)*]) => {{
        let (a, b) = (layout!(type $($a)*), layout!(type $($b)*));
        let (da, db) = (layout!($($a)*), layout!($($b)*));
        let (at, bt) = (a.to_string(), b.to_string());
        same(a.blocked_product(b), da.blocked_product(db), "blocked_product", &at, &bt);
        same(a.raked_product(b), da.raked_product(db), "raked_product", &at, &bt);
    }};
}

/// A leaf type that must be static.
fn value_of<T: StaticInt>(_: T) -> i64 {
    T::VALUE
}

#[test]
fn static_products_are_static() {
    let p = static_products!([(2, 2):(1, 2)], [3:1]).unwrap();
    assert_eq!(p.to_string(), "((2,2),(1,1,3)):((1,2),(0,0,4))");
    let ((_, (_, _, copies)), (_, (_, _, step))) = (p.shape(), p.stride());
    assert_eq!((value_of(copies), value_of(step)), (3, 4));
    let mut answered = 0;
    answered += static_products!([(2, 4):(1, 2)], [(2, 3):(1, 2)]).is_ok() as usize;
    answered += static_products!([(4, 2):(2, 1)], [(3, 2):(2, 1)]).is_ok() as usize;
    answered += static_products!([(2, 3):(3, 1)], [4:1]).is_ok() as usize;
    answered += static_products!([(2, 5):(1, 4)], [(2, 2):(1, 2)]).is_ok() as usize;
    answered += static_products!([4:2], [(2, 3):(1, 2)]).is_ok() as usize;
    answered += static_products!([(2, (2, 2)):(1, (4, 2))], [(2, 2):(2, 1)]).is_ok() as usize;
    assert_eq!(answered, 6);
    static_ranked!([(2, 4):(1, 2)], [(2, 3):(1, 2)]);
    static_ranked!([(4, 2):(2, 1)], [(3, 2):(3, 1)]);
}

#[test]
fn a_static_product_refused_is_the_run_time_error() {
    // A rounded hole that `B` reaches past: refused by every door.
    // A hole of 64/18, rounded down to 3 copies, and `B` wants 4.
    let typed = layout!(type (2, (9, 3)):(1, (2, 64))).logical_product(layout!(type 4:1));
    let dynamic = layout!((2, (9, 3)):(1, (2, 64))).logical_product(layout!(4:1));
    assert!(typed.is_err(), "{typed:?}");
    same(
        typed,
        dynamic,
        "logical_product",
        "(2,(9,3)):(1,(2,64))",
        "4:1",
    );
}
