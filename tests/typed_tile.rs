//! Typed `tile_to_shape` on dynamic leaves: the same function as the
//! core's result on the same numbers at every index, CuTe's static leaves
//! in the type, and `AlgebraError::BlockNotDividing` exactly where the
//! core refuses.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core};

#[test]
fn a_static_atom_tiles_a_dynamic_target() {
    for m in 0..=40usize {
        // CuTe's shared-memory idiom: an (8,8) atom over (m,64).
        type Tiled = Layout<((C<8>, usize), (C<8>, C<8>)), ((C<8>, C<64>), (C<1>, usize))>;
        let t: Result<Tiled, _> = layout!(type tile_to_shape((8,8):(8,1), (m,64)));
        let text = format!("tile_to_shape((8,8):(8,1), ({m},64))");
        assert_eq!(agrees(t, &text), m % 8 == 0, "{text}");
        assert_eq!(core(&text).is_some(), m % 8 == 0, "{text}");
        if m % 8 != 0 {
            let e = AlgebraError::BlockNotDividing {
                function: "tile_to_shape",
                mode: 0,
                block: 8,
                target: m,
            };
            assert_eq!(t.unwrap_err(), e);
        }
    }
    let e = layout!(type tile_to_shape((8,8):(8,1), ({12usize},64))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "in `tile_to_shape`: mode 0 has block size 8, which does not divide the target's 12"
    );
}

#[test]
fn orders_and_padding_follow_the_core() {
    let mut rounded = 0;
    for m in 0..=12usize {
        for n in 0..=9usize {
            let ok = m % 2 == 0 && n % 2 == 0;
            let t = layout!(type tile_to_shape((2,2):(1,2), (m,n)));
            assert_eq!(
                agrees(t, &format!("tile_to_shape((2,2):(1,2), ({m},{n}))")),
                ok
            );
            let t = layout!(type tile_to_shape((2,2):(1,2), (m,n), LayoutRight));
            let text = format!("tile_to_shape((2,2):(1,2), ({m},{n}), LayoutRight)");
            assert_eq!(agrees(t, &text), ok);
            // A rank-1 block is padded with 1:0 to the target's rank.
            let t = layout!(type tile_to_shape(4:1, (m,(3,n),2), (2,0,1)));
            let text = format!("tile_to_shape(4:1, ({m},(3,{n}),2), (2,0,1))");
            assert_eq!(agrees(t, &text), m % 4 == 0, "{text}");
            // Dynamic block extents are divided at run time. Where n does
            // not divide 16, CuTe's complement of the block rounds the hole
            // 16/n down, and both doors answer exactly while the copies
            // stay below it (`layout_core::algebra::ProductHoles`); for
            // n = 1, which the core drops, CuTe's holes telescope exactly.
            let t = layout!(type tile_to_shape((n,2):(1,16), (12,m)));
            let text = format!("tile_to_shape(({n},2):(1,16), (12,{m}))");
            let expected = core(&text).is_some();
            assert_eq!(agrees(t, &text), expected, "{text}");
            rounded += usize::from(expected && n > 1 && 16 % n != 0);
        }
    }
    // Answered over a hole CuTe rounds down: n = 3 and 6 at m = 2 (4 copies
    // below the hole 16/3 = 5, 2 below 16/6 = 2) and at m = 0 (no copies).
    assert_eq!(rounded, 4);
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The result has the target's size and repeats the block: the
        /// core's function, or refused where the core refuses.
        #[test]
        fn tiles_are_the_cores(a in 1usize..5, m in 0usize..33, n in 0usize..33) {
            let t = layout!(type tile_to_shape(((2,a),4):((1,8),2), (m,(2,n)), (1,0)));
            let text = format!("tile_to_shape(((2,{a}),4):((1,8),2), ({m},(2,{n})), (1,0))");
            let typed = agrees(t, &text);
            prop_assert_eq!(typed, core(&text).is_some(), "{}", text);
            if let Ok(t) = t {
                prop_assert_eq!(t.size(), m * 2 * n);
            }
        }

        /// A block with a broadcast (stride-0) part and dynamic extents.
        #[test]
        fn broadcast_blocks_are_the_cores(a in 0usize..5, b in 0usize..5, m in 0usize..25, n in 0usize..25) {
            let t = layout!(type tile_to_shape(((2,a),b):((1,0),2), (m,n), LayoutRight));
            let text = format!("tile_to_shape(((2,{a}),{b}):((1,0),2), ({m},{n}), LayoutRight)");
            let typed = agrees(t, &text);
            // Refused only where the core refuses, or b = 0 (an extent 0
            // in the block's complement, which the typed code refuses).
            prop_assert!(typed || core(&text).is_none() || b == 0, "{}", text);
        }
    }
}
