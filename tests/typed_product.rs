//! Typed products on dynamic leaves: `layout!(type logical_product(A, B))`,
//! `blocked_product`, `raked_product`, `zipped_product`, `tiled_product`,
//! `flat_product` of a layout with dynamic extents (its
//! strides static) by a static layout, equal as functions to the core's
//! result on the same numbers, or an `AlgebraError`.

use layout_dsl::Tiler;
use layout_dsl::algebra::Form;
use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout, TypedLayout};

mod agrees;

use agrees::agrees;
use agrees::product::product_agrees;

#[path = "typed_product/as_cute_prints.rs"]
mod as_cute_prints;

#[test]
fn logical_products_match_the_core() {
    for m in 0..=12usize {
        let typed = [
            agrees(
                layout!(type logical_product(m:1, (2,2):(1,2))),
                &format!("logical_product({m}:1, (2,2):(1,2))"),
            ),
            agrees(
                layout!(type logical_product((m,4):(4,1), (2,3):(3,1))),
                &format!("logical_product(({m},4):(4,1), (2,3):(3,1))"),
            ),
            agrees(
                layout!(type logical_product((2,m):(1,4), (3,2):(2,1))),
                &format!("logical_product((2,{m}):(1,4), (3,2):(2,1))"),
            ),
            product_agrees(
                layout!(type logical_product((2,(m,3)):(1,(2,64)), 4:1)),
                "logical_product",
                &format!("(2,({m},3)):(1,(2,64))"),
                "4:1",
            ),
        ];
        // A dynamic extent 0 is refused (the core refuses it); an extent 1,
        // which the core drops, keeps the nesting's holes, which telescope
        // into the core's answer here.
        assert_eq!(typed[..3], [m > 0; 3], "m={m}");
        // The hole below 3:64 is 64/(2m): exact when m divides 32, else
        // CuTe rounds it down, exact while B's 4 copies stay below 64.
        assert_eq!(
            typed[3],
            m > 0 && (32 % m == 0 || 4 <= 64 / (2 * m)),
            "m={m}"
        );
    }
}

#[test]
fn blocked_and_raked_products_match_the_core() {
    for m in 2..=10usize {
        let a = format!("(2,{m}):(1,2)");
        let b = agrees(
            layout!(type blocked_product((2,m):(1,2), (3,4):(1,3))),
            &format!("blocked_product({a}, (3,4):(1,3))"),
        );
        let r = agrees(
            layout!(type raked_product((2,m):(1,2), (3,4):(1,3))),
            &format!("raked_product({a}, (3,4):(1,3))"),
        );
        // Ranks differ: A is padded with 1:0 modes.
        let p = agrees(
            layout!(type blocked_product(m:1, (3,(2,2)):(1,(3,6)))),
            &format!("blocked_product({m}:1, (3,(2,2)):(1,(3,6)))"),
        );
        assert!(b && r && p, "m={m}");
    }
}

/// [`agrees`], and the typed result prints as the core's regrouping (its
/// `form`) of the typed `logical_product` (printed in `logical`): the same
/// nesting as the core gives. (The typed D may keep an extent-1 mode the
/// core's run-time complement drops, so the texts are compared after the
/// same logical product.) Returns whether the typed path gave one.
fn same<L: TypedLayout>(
    typed: Result<L, AlgebraError>,
    (function, a, b): (&str, &str, &str),
    regrouped: Option<(Form, &str, &str)>,
) -> bool
where
    L::Offset: TryInto<i64>,
{
    let printed = typed.as_ref().ok().map(ToString::to_string);
    let text = format!("{function}({a}, {b})");
    let ok = product_agrees(typed, function, a, b);
    if let (Some(printed), Some((form, logical, tiler))) = (printed, regrouped) {
        let logical: layout_dsl::Layout = logical.parse().unwrap();
        let tiler = Tiler::from(tiler.parse::<layout_dsl::Layout>().unwrap());
        let core = form.regroup(logical, &tiler).unwrap();
        assert_eq!(printed, core.to_string(), "{text}");
    }
    ok
}

/// `[zipped, tiled, flat]_product(A, B)` typed, each checked by [`same`]
/// against the core on `A`'s and `B`'s text; whether each was typed.
macro_rules! regrouped {
    (($($a:tt)*), ($($b:tt)*), $a_text:expr, $b_text:expr) => {{
        let (a, b): (String, &str) = ($a_text, $b_text);
        let logical = layout!(type logical_product($($a)*, $($b)*)).map(|l| l.to_string());
        let logical = logical.as_deref().ok();
        let with = |form| logical.map(|l| (form, l, b));
        [
            same(
                layout!(type zipped_product($($a)*, $($b)*)),
                ("zipped_product", &a, b),
                with(Form::Zipped),
            ),
            same(
                layout!(type tiled_product($($a)*, $($b)*)),
                ("tiled_product", &a, b),
                with(Form::Tiled),
            ),
            same(
                layout!(type flat_product($($a)*, $($b)*)),
                ("flat_product", &a, b),
                with(Form::Flat),
            ),
        ]
    }};
}

#[test]
fn zipped_tiled_and_flat_products_match_the_core() {
    for m in 0..=12usize {
        let two_by_two =
            regrouped!(((m,4):(4,1)), ((2,3):(3,1)), format!("({m},4):(4,1)"), "(2,3):(3,1)");
        assert_eq!(two_by_two, [m > 0; 3], "m={m}");
        // A nested A, a rank-1 B: tiled keeps D whole, flat lifts A's modes.
        let nested =
            regrouped!(((2,(m,3)):(1,(2,64))), (4:1), format!("(2,({m},3)):(1,(2,64))"), "4:1");
        assert_eq!(
            nested,
            [m > 0 && (32 % m == 0 || 4 <= 64 / (2 * m)); 3],
            "m={m}"
        );
        // A rank-1 A, a nested B: flat keeps A whole, lifts B's modes.
        let rank_one =
            regrouped!((m:1), ((2,(2,3)):(1,(2,4))), format!("{m}:1"), "(2,(2,3)):(1,(2,4))");
        assert_eq!(rank_one, [m > 0; 3], "m={m}");
        // A 1-tuple B: CuTe's `repeat<1>(_)` is a plain `_`, D stays whole.
        // (Refused exactly where the typed logical_product is.)
        let one_tuple = regrouped!(((m,2):(1,16)), ((2):(2)), format!("({m},2):(1,16)"), "(2):(2)");
        let logical = layout!(type logical_product((m,2):(1,16), (2):(2))).is_ok();
        assert_eq!(one_tuple, [logical; 3], "m={m}");
        assert!(logical || m != 2, "m=2 is typed");
    }
}

/// [`agrees`] for a by-mode tiler, and the typed result prints as the
/// core's regrouping (`form`) of the typed `logical_product` by `tiler`.
fn same_by_mode<L: TypedLayout>(
    typed: Result<L, AlgebraError>,
    text: &str,
    (form, logical, tiler): (Form, Option<&str>, Vec<&str>),
) -> bool
where
    L::Offset: TryInto<i64>,
{
    let printed = typed.as_ref().ok().map(ToString::to_string);
    let ok = agrees(typed, text);
    if let (Some(printed), Some(logical)) = (printed, logical) {
        let tiler = tiler
            .iter()
            .map(|t| Tiler::from(t.parse::<layout_dsl::Layout>().unwrap()));
        let tiler = Tiler::ByMode(tiler.collect());
        let core = form.regroup(logical.parse().unwrap(), &tiler).unwrap();
        assert_eq!(printed, core.to_string(), "{text}");
    }
    ok
}

#[test]
fn by_mode_tilers_regroup_as_the_core() {
    for m in 0..=12usize {
        for n in 0..=6usize {
            let a = format!("({m},({n},2),4):(1,(16,8),64)");
            let tiler = vec!["(2,2):(1,2)", "3:2"];
            let logical =
                layout!(type logical_product((m,(n,2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>));
            let logical = logical.map(|l| l.to_string());
            let logical = logical.as_deref().ok();
            let text = |f: &str| format!("{f}({a}, <(2,2):(1,2), 3:2>)");
            let typed = [
                same_by_mode(
                    layout!(type zipped_product((m,(n,2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>)),
                    &text("zipped_product"),
                    (Form::Zipped, logical, tiler.clone()),
                ),
                same_by_mode(
                    layout!(type tiled_product((m,(n,2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>)),
                    &text("tiled_product"),
                    (Form::Tiled, logical, tiler.clone()),
                ),
                same_by_mode(
                    layout!(type flat_product((m,(n,2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>)),
                    &text("flat_product"),
                    (Form::Flat, logical, tiler.clone()),
                ),
            ];
            // Refused where the logical product is (an extent 0).
            assert_eq!(typed, [m > 0 && n > 0; 3], "{}", text("*"));
        }
        // A rank-1 A by one tile: each part is a 1-tuple, kept whole.
        let tiler = vec!["4:1"];
        let logical = layout!(type logical_product(m:2, <4>)).map(|l| l.to_string());
        let logical = logical.as_deref().ok();
        let typed = [
            same_by_mode(
                layout!(type zipped_product(m:2, <4>)),
                &format!("zipped_product({m}:2, <4>)"),
                (Form::Zipped, logical, tiler.clone()),
            ),
            same_by_mode(
                layout!(type tiled_product(m:2, <4>)),
                &format!("tiled_product({m}:2, <4>)"),
                (Form::Tiled, logical, tiler.clone()),
            ),
            same_by_mode(
                layout!(type flat_product(m:2, <4>)),
                &format!("flat_product({m}:2, <4>)"),
                (Form::Flat, logical, tiler.clone()),
            ),
        ];
        assert_eq!(typed, [m > 0; 3], "m={m}");
    }
}

#[test]
fn regrouped_products_keep_static_leaves_static() {
    let m = 5;
    type Flat = Layout<(usize, C<4>, C<2>, C<3>), (C<4>, C<1>, usize, usize)>;
    let l: Flat = layout!(type flat_product((m,4):(4,1), (2,3):(3,1))).unwrap();
    assert_eq!(l.to_string(), "(5,4,2,3):(4,1,60,20)");
    type Tiled = Layout<((usize, C<4>), C<2>, C<3>), ((C<4>, C<1>), usize, usize)>;
    let l: Tiled = layout!(type tiled_product((m,4):(4,1), (2,3):(3,1))).unwrap();
    assert_eq!(l.to_string(), "((5,4),2,3):((4,1),60,20)");
}

#[test]
fn static_leaves_stay_static() {
    let m = 5;
    // ((2,m),(3,4)) : ((1,2),(2m,6m)): the tiler's extents stay static.
    type Product = Layout<((C<2>, usize), (C<3>, C<4>)), ((C<1>, C<2>), (usize, usize))>;
    let l: Product = layout!(type logical_product((2,m):(1,2), (3,4):(1,3))).unwrap();
    assert_eq!(l.to_string(), "((2,5),(3,4)):((1,2),(10,30))");
}

#[test]
fn by_mode_tilers_product_mode_by_mode() {
    for m in 0..=12usize {
        for n in 0..=6usize {
            let l = layout!(type logical_product((m,(n,2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>));
            let text =
                format!("logical_product(({m},({n},2),4):(1,(16,8),64), <(2,2):(1,2), 3:2>)");
            // Mode 0 by (2,2):(1,2), mode 1 by 3:2, mode 2 kept. Mode 1's
            // complement: 2:8 gives the hole 8 at 1, n:16 the hole 16/16 = 1
            // at 16; an extent 0 is refused, as the core refuses it.
            assert_eq!(agrees(l, &text), m > 0 && n > 0, "{text}");
        }
    }
    type ByMode =
        Layout<((usize, (C<2>, C<2>)), (C<6>, C<3>)), ((C<1>, (usize, usize)), (C<1>, C<6>))>;
    let m = 5usize;
    let l: ByMode = layout!(type logical_product((m,6):(1,1), <(2,2):(1,2), 3>)).unwrap();
    assert_eq!(l.to_string(), "((5,(2,2)),(6,3)):((1,(5,10)),(1,6))");
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// A typed product is the core's, or refused.
        #[test]
        fn products_are_the_cores_or_refused(m in 0usize..9, n in 0usize..9) {
            let a = format!("({m},{n}):(1,16)");
            let l = layout!(type logical_product((m,n):(1,16), (2,2):(2,1)));
            let typed = product_agrees(l, "logical_product", &a, "(2,2):(2,1)");
            // 16 % m == 0 is CuTe's exact condition (beside m, n > 0; n = 1
            // is exact: the complement's last mode, which CuTe's nesting
            // may not hold, only gives the product its stride); else CuTe
            // rounds the hole 16/m down, exact while B's 4 offsets fit in it.
            prop_assert_eq!(typed, m > 0 && n > 0 && (16 % m == 0 || 4 <= 16 / m));
            let b = layout!(type blocked_product((m,n):(1,16), (2,2):(2,1)));
            agrees(b, &format!("blocked_product({a}, (2,2):(2,1))"));
            let r = layout!(type raked_product((m,n):(1,16), (2,2):(2,1)));
            agrees(r, &format!("raked_product({a}, (2,2):(2,1))"));
            let z = layout!(type zipped_product((m,n):(1,16), (2,2):(2,1)));
            prop_assert_eq!(product_agrees(z, "zipped_product", &a, "(2,2):(2,1)"), typed);
            let t = layout!(type tiled_product((m,n):(1,16), (2,2):(2,1)));
            prop_assert_eq!(product_agrees(t, "tiled_product", &a, "(2,2):(2,1)"), typed);
            let f = layout!(type flat_product((m,n):(1,16), (2,2):(2,1)));
            prop_assert_eq!(product_agrees(f, "flat_product", &a, "(2,2):(2,1)"), typed);
        }
    }
}

/// Products over a complement CuTe rounds down, by several `B`: the typed
/// door answers exactly where the core does (both follow
/// `layout_core::algebra::ProductHoles`), with the core's answer, which
/// `product_agrees` checks; counted, so the rounding is exercised
/// (`tests/products_doors_agree.rs` checks both against the definition).
#[test]
fn rounded_holes_are_exact_or_refused() {
    let (mut answered, mut rounded) = (0, 0);
    for m in 0..=40usize {
        let a = format!("(2,({m},3)):(1,(2,64))");
        let mut check = |typed: bool, b: &str| {
            answered += usize::from(typed);
            let core = agrees::core(&format!("logical_product({a}, {b})")).is_some();
            assert_eq!(typed, core, "logical_product({a}, {b})");
            let (al, bl): (layout_dsl::Layout, layout_dsl::Layout) =
                (a.parse().unwrap(), b.parse().unwrap());
            let steps = layout_dsl::algebra::product_steps(&al, &bl);
            rounded += usize::from(steps.is_ok_and(|s| s.rounded.is_some()));
        };
        macro_rules! both {
            ($($b:tt)*) => {{
                let b = stringify!($($b)*).replace(' ', "");
                let l = layout!(type logical_product((2,(m,3)):(1,(2,64)), $($b)*));
                let t = layout!(type tiled_product((2,(m,3)):(1,(2,64)), $($b)*));
                let typed = product_agrees(l, "logical_product", &a, &b);
                assert_eq!(product_agrees(t, "tiled_product", &a, &b), typed, "{a} {b}");
                check(typed, &b);
            }};
        }
        both!(4:1);
        both!(2:1);
        both!((2,3):(1,2));
        both!(12:1);
        both!(6:2);
        both!((2,2):(2,1));
    }
    // Answers over a hole CuTe rounds down (no complement of A exists):
    assert!(rounded > 20, "{rounded}");
    eprintln!(
        "{answered} of {} typed, {rounded} over a rounded hole",
        41 * 6
    );
}
