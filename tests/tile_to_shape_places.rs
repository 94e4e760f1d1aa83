//! `tile_to_shape(BLOCK, #S, (p0, p1, …))` after `type`: a written-out
//! compact block, a named target and static places (CuTe's
//! `Step<…>`) print as CUTLASS 4.7 prints `tile_to_shape(block, target,
//! Step<…>{})`, static leaves static (`TileCompactOrdered`: the block's
//! modes sorted by place, `TileCompact`, the modes put back). Rows
//! `… Step(…)` of `tests/golden/cute_tile_to_shape.txt` (a host program
//! outside the repository, g++ `-std=c++17`; `m=8` a run-time `int`).
//! Equal places sort by mode, and two tied modes of more than one copy
//! each (CuTe's overlapping copies) are refused, as the core refuses them.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C};

#[path = "cute_print/statics.rs"]
mod statics;
use statics::cute_print;

mod agrees;
use agrees::same;

/// CuTe's print of `block|target order` in the golden file.
fn golden(key: &str) -> String {
    let rows = include_str!("golden/cute_tile_to_shape.txt");
    let row = rows
        .lines()
        .find(|row| row.starts_with(&format!("{key}|")))
        .unwrap_or_else(|| panic!("no golden row {key}"));
    row.rsplit('|').next().unwrap().to_string()
}

#[test]
fn distinct_places_print_cutes_rows() {
    let (m8, m16) = (8usize, 16usize);
    let (s84, sm86, s283, s483) = (
        (C::<8>, C::<4>),
        (m8, C::<6>),
        (C::<2>, C::<8>, C::<3>),
        (C::<4>, C::<8>, C::<3>),
    );
    let (s2m83, sm843, s88, sm88) = (
        (C::<2>, m8, C::<3>),
        (m8, C::<4>, C::<3>),
        (C::<8>, C::<8>),
        (m8, C::<8>),
    );
    let (sm1664, s48) = ((m16, C::<64>), (C::<4>, C::<8>));
    let rows = [
        (
            "(2,2):(1,2)|(8,4) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s84, (1,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=8,6) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm86, (1,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(8,4) Step(0,1)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s84, (0,1))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,8,3) Step(2,0,1)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s283, (2,0,1))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,8,3) Step(1,2,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s283, (1,2,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(4,8,3) Step(1,2,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s483, (1,2,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,m=8,3) Step(0,2,1)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s2m83, (0,2,1))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(m=8,4,3) Step(2,1,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #sm843, (2,1,0))).unwrap()),
        ),
        (
            "(2,4):(4,1)|(8,8) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), #s88, (1,0))).unwrap()),
        ),
        (
            "(2,4):(4,1)|(m=8,8) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((2,4):(4,1), #sm88, (1,0))).unwrap()),
        ),
        (
            "2:1|(8,4) Step(1,0)",
            cute_print(&layout!(type tile_to_shape(2:1, #s84, (1,0))).unwrap()),
        ),
        (
            "(8,8):(8,1)|(m=16,64) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((8,8):(8,1), #sm1664, (1,0))).unwrap()),
        ),
        (
            "((2,2),2):((1,4),2)|(8,4) Step(1,0)",
            cute_print(&layout!(type tile_to_shape(((2,2),2):((1,4),2), #s84, (1,0))).unwrap()),
        ),
        (
            "(4,2):(1,4)|(4,8) Step(1,0)",
            cute_print(&layout!(type tile_to_shape((4,2):(1,4), #s48, (1,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(8,4) Step(3,7)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s84, (3,7))).unwrap()),
        ),
    ];
    for (key, ours) in rows {
        assert_eq!(ours, golden(key), "{key}");
    }
}

/// The places door is the core's `tile_to_shape` at every index, and
/// refuses exactly where the core does, over run-time extents in two modes
/// (a block mode that does not divide its target's).
#[test]
fn distinct_places_are_the_cores() {
    let mut answered = 0;
    for m in 0..=14usize {
        for n in [1usize, 2, 3, 4, 10] {
            let s = (m, C::<6>, n);
            let text = format!("tile_to_shape((2,2):(1,2), ({m},6,{n}), (2,0,1))");
            let ours = layout!(type tile_to_shape((2,2):(1,2), #s, (2,0,1)));
            let answers = same(ours, &text);
            assert_eq!(answers, m % 2 == 0, "{text}");
            let t = (C::<4>, m, n);
            let text = format!("tile_to_shape((2,4):(4,1), (4,{m},{n}), (1,2,0))");
            answered += usize::from(answers)
                + usize::from(same(
                    layout!(type tile_to_shape((2,4):(4,1), #t, (1,2,0))),
                    &text,
                ));
        }
    }
    // 15 extents by 5 by 2 calls: m even (8 of 15) for the first, m a
    // multiple of 4 (4 of 15) for the second, every n.
    assert_eq!(answered, 8 * 5 + 4 * 5);
    let s = (5usize, C::<6>);
    assert_eq!(
        layout!(type tile_to_shape((2,2):(1,2), #s, (1,0))).unwrap_err(),
        AlgebraError::BlockNotDividing {
            function: "tile_to_shape",
            mode: 0,
            block: 2,
            target: 5
        }
    );
}

/// Equal places sort by mode: where at most one of the tied modes has
/// more than one copy, CuTe's print (`Step<_0,_0>` rows); where two have,
/// CuTe's copies overlap (both start at one stride), which the core
/// refuses, `OrderTie`, and so does this door (before tiling).
#[test]
fn equal_places_are_cutes_or_refused() {
    let (s22, s28) = ((C::<2>, C::<2>), (C::<2>, C::<8>));
    let rows = [
        (
            "(2,2):(1,2)|(2,2) Step(0,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s22, (0,0))).unwrap()),
        ),
        (
            "(2,2):(1,2)|(2,8) Step(0,0)",
            cute_print(&layout!(type tile_to_shape((2,2):(1,2), #s28, (0,0))).unwrap()),
        ),
    ];
    for (key, ours) in rows {
        assert_eq!(ours, golden(key), "{key}");
    }
    let s = (C::<8>, C::<4>);
    assert!(matches!(
        layout!(type tile_to_shape((2,2):(1,2), #s, (0,0))),
        Err(AlgebraError::OrderTie { .. })
    ));
    // Against the core over run-time extents: answered exactly where it
    // answers (a tie of two modes above one copy refused by both).
    let mut answered = 0;
    for m in 0..=12usize {
        for n in [2usize, 4, 6] {
            let t = (m, C::<4>, n);
            let text = format!("tile_to_shape((2,2):(1,2), ({m},4,{n}), (1,0,1))");
            answered += usize::from(same(
                layout!(type tile_to_shape((2,2):(1,2), #t, (1,0,1))),
                &text,
            ));
        }
    }
    // Modes 0 and 2 tie with n/1 > 1 copies: answered only where mode 0
    // has at most one copy, m ∈ {0, 2}, for each n (the core's answers).
    assert_eq!(answered, 2 * 3);
}

/// `layout_type!` names the places door's layout (CuTe's nesting), so a
/// binding of that type holds what `layout!` gives.
#[test]
fn layout_type_names_the_places_door() {
    type Target = (usize, C<6>);
    let s: Target = (8, C::<6>);
    let tiled: layout_dsl::layout_type!(type tile_to_shape((2,2):(1,2), #Target, (1,0))) =
        layout!(type tile_to_shape((2,2):(1,2), #s, (1,0))).unwrap();
    assert_eq!(cute_print(&tiled), golden("(2,2):(1,2)|(m=8,6) Step(1,0)"));
    // CuTe's `((_2,4),(_2,_3)):((_1,_12),(_2,_4))` at ((1,3),(1,2)).
    assert_eq!(tiled.crd2idx(((1, 3), (1, 2))), 1 + 36 + 2 + 8);
}

/// Nested target modes (a mode's size counts) and a block shorter than
/// the places (padded with `1:0` before sorting): the core's layout at
/// every index.
#[test]
fn nested_targets_and_short_blocks_are_the_cores() {
    for m in [1usize, 2, 3, 4] {
        let s = ((C::<2>, m), C::<3>, C::<4>);
        let text = format!("tile_to_shape(2:1, ((2,{m}),3,4), (2,0,1))");
        assert!(
            same(layout!(type tile_to_shape(2:1, #s, (2,0,1))), &text),
            "{text}"
        );
        // A static mode the block does not divide (CuTe static_asserts):
        // refused, naming the target's mode 1 (the layout's type has an
        // extent 0 there, so it is never indexed).
        assert_eq!(
            layout!(type tile_to_shape((2,2):(2,1), #s, (1,2,0))).map(|_| ()),
            Err(AlgebraError::BlockNotDividing {
                function: "tile_to_shape",
                mode: 1,
                block: 2,
                target: 3
            })
        );
        let t = (C::<4>, (m, C::<2>), C::<6>);
        let text = format!("tile_to_shape((2,2):(2,1), (4,({m},2),6), (1,2,0))");
        assert!(
            same(layout!(type tile_to_shape((2,2):(2,1), #t, (1,2,0))), &text),
            "{text}"
        );
    }
}
