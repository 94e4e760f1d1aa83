//! `tile_to_shape`'s named doors (a named block, a named target, both;
//! a written-out block compact, `TileCompact`, or not, `TileToShape`)
//! against the core as functions, over run-time extents: each answers
//! where the core answers, the same layout at every index, and refuses
//! where it refuses (`tests/tile_to_shape_nesting.rs` holds their
//! nesting against CuTe's prints).

use layout_dsl::layout;
use layout_dsl::typed::C;

mod agrees;

use agrees::same;

/// Every named door (block named, target named, both) is the core's
/// layout as a function, and refuses exactly where the core does, over
/// run-time extents 0..=40 in either mode and several blocks.
#[test]
fn the_named_doors_are_the_cores() {
    let a = layout!(type (2, 2):(1, 2));
    let b = layout!(type 2:2);
    let c = layout!(type (2, 4):(4, 1));
    let d = layout!(type (8, 8):(8, 1));
    let mut answered = 0;
    for m in 0..=40usize {
        let s = (m, C::<6>);
        let t = (C::<8>, m);
        let text = |block: &str, target: String| format!("tile_to_shape({block}, {target})");
        let (ms6, s8m) = (format!("({m},6)"), format!("(8,{m})"));
        let answers = [
            same(
                layout!(type tile_to_shape(#a, #s)),
                &text("(2,2):(1,2)", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape(#a, #t)),
                &text("(2,2):(1,2)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#a, (m, 6))),
                &text("(2,2):(1,2)", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape((2,2):(1,2), #t)),
                &text("(2,2):(1,2)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#b, #s)),
                &text("2:2", ms6.clone()),
            ),
            same(
                layout!(type tile_to_shape(#b, #t)),
                &text("2:2", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#c, #t)),
                &text("(2,4):(4,1)", s8m.clone()),
            ),
            same(
                layout!(type tile_to_shape(#c, (m, 8))),
                &text("(2,4):(4,1)", format!("({m},8)")),
            ),
            same(
                layout!(type tile_to_shape(#d, (m, 64))),
                &text("(8,8):(8,1)", format!("({m},64)")),
            ),
        ];
        // The simple blocks answer exactly where the block divides the
        // run-time extent (`same` checks each refusal is the core's).
        assert_eq!(answers[0], m % 2 == 0, "m = {m}");
        assert_eq!(answers[8], m % 8 == 0, "m = {m}");
        answered += answers.iter().filter(|a| **a).count();
    }
    // 41 extents by 9 calls: the answers counted once, so a door that
    // starts refusing (or answering) where it did not fails here too.
    assert_eq!(answered, 175);
}

/// The named target's doors of written-out blocks, compact
/// (`TileCompact`) or not (`TileToShape`), are the core's layout as a
/// function, and refuse exactly where a target mode's size is not a
/// multiple of the block mode's, over run-time extents 0..=40 in either
/// position, targets of rank 2 and 3, and a static copy of 1 after a
/// dynamic one (its stride a `usize` 0 where CuTe's is `_0`), copies
/// column-major and row-major.
#[test]
fn the_named_target_doors_are_the_cores() {
    let a = layout!(type (2, 2):(1, 2));
    let mut answered = 0;
    for m in 0..=40usize {
        let text = |block: &str, target: String| format!("tile_to_shape({block}, {target})");
        let (t8m, tm8, tm2) = ((C::<8>, m), (m, C::<8>), (m, C::<2>));
        let (t2m3, tm64, tm4) = ((C::<2>, m, C::<3>), (m, C::<64>), (m, C::<4>));
        let nested = ((C::<2>, m), C::<4>);
        let calls = [
            (
                same(
                    layout!(type tile_to_shape((2,4):(4,1), #t8m)),
                    &text("(2,4):(4,1)", format!("(8,{m})")),
                ),
                m % 4 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((2,4):(4,1), #tm8)),
                    &text("(2,4):(4,1)", format!("({m},8)")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((2,2):(1,2), #tm2)),
                    &text("(2,2):(1,2)", format!("({m},2)")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((2,2):(1,2), #t2m3)),
                    &text("(2,2):(1,2)", format!("(2,{m},3)")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((8,8):(8,1), #tm64)),
                    &text("(8,8):(8,1)", format!("({m},64)")),
                ),
                m % 8 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape(2:1, #tm4)),
                    &text("2:1", format!("({m},4)")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape(((2,2),2):((1,4),2), #tm4)),
                    &text("((2,2),2):((1,4),2)", format!("({m},4)")),
                ),
                m % 4 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((4,2):(1,4), #nested)),
                    &text("(4,2):(1,4)", format!("((2,{m}),4)")),
                ),
                (2 * m) % 4 == 0,
            ),
            // Row-major copies (`TileCompactRight`), a static copy of 1
            // before a dynamic one, a rank-3 target.
            (
                same(
                    layout!(type tile_to_shape((2,2):(1,2), #tm2, LayoutRight)),
                    &text("(2,2):(1,2)", format!("({m},2), LayoutRight")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((2,4):(4,1), #t2m3, LayoutRight)),
                    &text("(2,4):(4,1)", format!("(2,{m},3), LayoutRight")),
                ),
                m % 4 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape((2,2):(1,2), #tm4, LayoutLeft)),
                    &text("(2,2):(1,2)", format!("({m},4), LayoutLeft")),
                ),
                m % 2 == 0,
            ),
            // A named block, or a block with a hole, with a named target
            // and an order (`TileTargetOrdered`).
            (
                same(
                    layout!(type tile_to_shape(#a, #tm4, LayoutRight)),
                    &text("(2,2):(1,2)", format!("({m},4), LayoutRight")),
                ),
                m % 2 == 0,
            ),
            (
                same(
                    layout!(type tile_to_shape(2:2, #tm4, LayoutLeft)),
                    &text("2:2", format!("({m},4), LayoutLeft")),
                ),
                // The hole of 2 below the block takes `m/2` copies only
                // where they fit in it or fill it (as the call below).
                m % 2 == 0 && (m <= 4 || m % 4 == 0),
            ),
            // Not compact (a hole at stride 2): `TileToShape`. Its `m/2`
            // copies pass the hole of 2 only where they fit in it or fill
            // it (the core's composition refuses the rest).
            (
                same(
                    layout!(type tile_to_shape((2,2):(1,4), #tm4)),
                    &text("(2,2):(1,4)", format!("({m},4)")),
                ),
                m % 2 == 0 && (m <= 4 || m % 4 == 0),
            ),
        ];
        for (i, (answers, divides)) in calls.into_iter().enumerate() {
            assert_eq!(answers, divides, "call {i}, m = {m}");
            answered += answers as usize;
        }
    }
    // 41 extents by 14 calls.
    assert_eq!(
        answered,
        11 + 21 + 21 + 21 + 6 + 21 + 11 + 21 + 21 + 11 + 21 + 21 + 12 + 12
    );
}

/// Compact blocks of rank 3 and nested, by rank-3 and rank-2 named
/// targets with two run-time extents: the core's layout at every index
/// where it answers (`TileCompact`, `TileCompactRight`), refused exactly
/// where a mode does not divide.
#[test]
fn compact_blocks_by_two_extents_are_the_cores() {
    let mut answered = 0;
    for m in 0..=12usize {
        for n in 0..=12usize {
            let text = |block: &str, target: String| format!("tile_to_shape({block}, {target})");
            let (t3, t2) = ((m, n, C::<4>), (m, n));
            let calls = [
                (
                    same(
                        layout!(type tile_to_shape((2,2,2):(4,1,2), #t3)),
                        &text("(2,2,2):(4,1,2)", format!("({m},{n},4)")),
                    ),
                    m % 2 == 0 && n % 2 == 0,
                ),
                (
                    same(
                        layout!(type tile_to_shape((2,2,2):(4,1,2), #t3, LayoutRight)),
                        &text("(2,2,2):(4,1,2)", format!("({m},{n},4), LayoutRight")),
                    ),
                    m % 2 == 0 && n % 2 == 0,
                ),
                (
                    same(
                        layout!(type tile_to_shape(((2,4),2):((4,1),8), #t2)),
                        &text("((2,4),2):((4,1),8)", format!("({m},{n})")),
                    ),
                    m % 8 == 0 && n % 2 == 0,
                ),
                (
                    same(
                        layout!(type tile_to_shape(4:1, #t3, LayoutRight)),
                        &text("4:1", format!("({m},{n},4), LayoutRight")),
                    ),
                    m % 4 == 0,
                ),
            ];
            for (i, (answers, divides)) in calls.into_iter().enumerate() {
                assert_eq!(answers, divides, "call {i}, m = {m}, n = {n}");
                answered += answers as usize;
            }
        }
    }
    // 7·7 + 7·7 + 2·7 + 4·13 of the 169 pairs of each call.
    assert_eq!(answered, 49 + 49 + 14 + 52);
}

/// An all-static target: the layout is zero-sized (every leaf static, as
/// CuTe's), and a mode that does not divide is the value door's run-time
/// refusal naming the mode and both sizes (the core refuses it too).
#[test]
fn a_static_target_is_static_and_refused_by_value() {
    let s = (C::<16>, C::<64>);
    let l = layout!(type tile_to_shape((8,8):(8,1), #s)).unwrap();
    assert_eq!(std::mem::size_of_val(&l), 0);
    assert!(same(Ok(l), "tile_to_shape((8,8):(8,1), (16,64))"));
    let bad = (C::<8>, C::<3>);
    let refused = layout!(type tile_to_shape((2,2):(1,2), #bad));
    assert!(!same(refused, "tile_to_shape((2,2):(1,2), (8,3))"));
    assert_eq!(
        refused.unwrap_err(),
        layout_dsl::typed::AlgebraError::BlockNotDividing {
            function: "tile_to_shape",
            mode: 1,
            block: 2,
            target: 3
        }
    );
}

/// Every door refuses a result whose size, `size(block)·cosize(copies)`,
/// passes `usize` (the written-out door answered `((2,2^62),(2,1))`, of
/// size 2^64, before it checked that product) or `i64` (the core's bound:
/// `((2,2^61),(2,1))`, of size 2^63, is refused as the core refuses it,
/// src/private/fits.rs), and all answer alike just below.
#[test]
fn a_size_past_usize_is_refused_by_every_door() {
    let a = layout!(type (2, 2):(1, 2));
    for (m, fits) in [
        (1usize << 61, true),
        (1usize << 62, false),
        (1usize << 63, false),
        (usize::MAX - 1, false),
    ] {
        let s = (m, C::<2>);
        let answers = [
            layout!(type tile_to_shape((2,2):(1,2), (m, 2))).map(|l| l.to_string()),
            layout!(type tile_to_shape((2,2):(1,2), #s)).map(|l| l.to_string()),
            layout!(type tile_to_shape((2,2):(1,2), #s, LayoutRight)).map(|l| l.to_string()),
            // The holes' nesting: only whether it answers is compared.
            layout!(type tile_to_shape(#a, #s)).map(|_| String::new()),
        ];
        for (door, answer) in answers.iter().enumerate() {
            match (fits, answer) {
                (true, Ok(_)) => {}
                (
                    false,
                    Err(
                        layout_dsl::typed::AlgebraError::ProductOverflow { .. }
                        | layout_dsl::typed::AlgebraError::OffsetsOverflow { .. },
                    ),
                ) => {}
                _ => panic!("door {door}, m = {m}: {answer:?}"),
            }
        }
        if fits {
            let half = m / 2;
            for answer in &answers[..3] {
                let expected = format!("((2,{half}),(2,1)):((1,4),(2,0))");
                assert_eq!(answer.as_ref().unwrap(), &expected);
            }
        }
    }
}

/// A named order without `type` (a tuple of `C<N>`, CuTe's `Step<_1,_0>`)
/// goes to the core as the tuple it is (`rt::NamedOrder`): the same
/// layout as the order written out.
#[test]
fn a_named_order_is_the_written_one() {
    let a = layout!(type (2, 2):(1, 2));
    let o = (C::<1>, C::<0>);
    let named = layout!(tile_to_shape(#a, (4, 4), #o)).unwrap();
    let written = layout!(tile_to_shape((2, 2):(1, 2), (4, 4), (1, 0)));
    assert_eq!(named.to_string(), written.to_string());
    assert_eq!(named.to_string(), "((2,2),(2,2)):((1,8),(2,4))");
    let ordered = layout!(make_ordered_layout((4, 4), #o)).unwrap();
    assert_eq!(ordered.to_string(), "(4,4):(4,1)");
}
