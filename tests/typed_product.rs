//! Typed products on dynamic leaves: `layout!(type logical_product(A, B))`,
//! `blocked_product`, `raked_product` of a layout with dynamic extents (its
//! strides static) by a static layout, equal as functions to the core's
//! result on the same numbers, or an `AlgebraError`.

use layout_dsl::layout;
use layout_dsl::typed::{C, Layout};

mod agrees;

use agrees::agrees;

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
            agrees(
                layout!(type logical_product((2,(m,3)):(1,(2,64)), 4:1)),
                &format!("logical_product((2,({m},3)):(1,(2,64)), 4:1)"),
            ),
        ];
        // A dynamic extent 0 is refused (the core refuses it); an extent 1,
        // which the core drops, keeps the nesting's holes, which telescope
        // into the core's answer here.
        assert_eq!(typed[..3], [m > 0; 3], "m={m}");
        // The hole below 3:64 is 64/(2m): m must divide 32.
        assert_eq!(typed[3], m > 0 && 32 % m == 0, "m={m}");
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
            let typed = agrees(l, &format!("logical_product({a}, (2,2):(2,1))"));
            // 16 % m == 0 is CuTe's condition (beside m, n > 0; n = 1 is
            // exact: the complement's last mode, which CuTe's nesting may
            // not hold, only gives the product its stride).
            prop_assert_eq!(typed, m > 0 && n > 0 && 16 % m == 0);
            let b = layout!(type blocked_product((m,n):(1,16), (2,2):(2,1)));
            agrees(b, &format!("blocked_product({a}, (2,2):(2,1))"));
            let r = layout!(type raked_product((m,n):(1,16), (2,2):(2,1)));
            agrees(r, &format!("raked_product({a}, (2,2):(2,1))"));
        }
    }
}
