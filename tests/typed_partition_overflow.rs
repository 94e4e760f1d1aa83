//! The written-out typed partitions (`layout!(type local_tile(…))`,
//! `outer_partition`, `local_partition`) against the core past `i64`
//! (issue 13 §2, "never a wrong answer"), as tests/typed_algebra_overflow.rs
//! does for the algebra: every pair of values around `i64::MAX`, its
//! halves, thirds, quarters, `2^62`, `2^61`, `2^32`, small values and a few
//! above `i64::MAX`, in each family, against the core's `evaluate` of the
//! same call. `__private::partition_base` refuses where the operand's or
//! the result's size or offsets pass `i64::MAX`; without it, these
//! families disagreed 1,801 times (a result such as
//! `local_tile((1,8):(1,2^61-1), <4,8>, (0,0))` = `(4,8):(1,2^61-1)`,
//! whose offsets reach `3 + 7·(2^61-1)`, where the core refuses); without
//! only the result's check, 171 times.
//!
//! What counts as agreeing: tests/overflow_sweep/partition.rs, which
//! tests/typed_named_partition_overflow.rs shares (a named operand, the
//! tensor partitions).
//!
//! An empty operand (an extent 0) whose leaves pass `i64` is refused, as the
//! core's `Layout::new` refuses it (the operand read in `Role::Operand`,
//! branch i64one's one rule): 5 to 7 fewer answered per family than when the
//! operand was read as a result.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use overflow_sweep::partition::report;

#[test]
fn local_tile() {
    let counts = report(&[
        family!(
            "local_tile(({a},{b}):(1,{a}), <4,8>, (0,0))",
            "({a},{b}):(1,{a})",
            |a, b| { layout!(type local_tile((a,b):(1,a), <4,8>, (0,0))) }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (0,0))",
            "({a},8):(1,{b})",
            |a, b| { layout!(type local_tile((a,8):(1,b), <4,8>, (0,0))) }
        ),
        family!(
            "local_tile(({a},8):(1,{b}), <4,8>, (_,0))",
            "({a},8):(1,{b})",
            |a, b| { layout!(type local_tile((a,8):(1,b), <4,8>, (_,0))) }
        ),
        family!(
            "local_tile(({a},2):({b},1), <4,2>, (0,0))",
            "({a},2):({b},1)",
            |a, b| { layout!(type local_tile((a,2):(b,1), <4,2>, (0,0))) }
        ),
    ]);
    assert_eq!(counts, [(164, 92), (132, 0), (144, 0), (267, 21)]);
}

#[test]
fn outer_and_local_partition() {
    let counts = report(&[
        family!(
            "outer_partition(({a},{b}):(1,{a}), <4,8>, (1,1))",
            "({a},{b}):(1,{a})",
            |a, b| { layout!(type outer_partition((a,b):(1,a), <4,8>, (1,1))) }
        ),
        family!(
            "local_partition(({a},{b}):(1,{a}), (4,2):(1,4), 3)",
            "({a},{b}):(1,{a})",
            |a, b| { layout!(type local_partition((a,b):(1,a), (4,2):(1,4), 3)) }
        ),
        family!(
            "local_partition(({a},2):({b},1), (4,2):(1,4), 3)",
            "({a},2):({b},1)",
            |a, b| { layout!(type local_partition((a,2):(b,1), (4,2):(1,4), 3)) }
        ),
    ]);
    assert_eq!(counts, [(233, 92), (346, 107), (263, 21)]);
}

/// Signed layouts (a negative static stride: offsets and bases in
/// `isize`, a run-time stride read as signed). `partition_base` reads the
/// base from its wrapping `usize` with no check of its own, because the
/// operand's check against `i64` bounds it (slice_base.rs,
/// `OPERAND_FIT_HOLDS_BASE`); these compare the bases with the core's
/// where the reaches are near `±i64::MAX`.
#[test]
fn signed_partitions() {
    let counts = report(&[
        family!(
            "local_tile(({a},8):(-1,{b}), <4,8>, (1,0))",
            "({a},8):(-1,{b})",
            |a, b| { layout!(type local_tile((a,8):(-1,b), <4,8>, (1,0))) }
        ),
        family!(
            "local_partition(({a},2):(-1,{b}), (4,2):(1,4), 3)",
            "({a},2):(-1,{b})",
            |a, b| { layout!(type local_partition((a,2):(-1,b), (4,2):(1,4), 3)) }
        ),
        family!(
            "outer_partition((8,{a}):({b},-2), <4,8>, (1,1))",
            "(8,{a}):({b},-2)",
            |a, b| { layout!(type outer_partition((8,a):(b,-2), <4,8>, (1,1))) }
        ),
    ]);
    assert_eq!(counts, [(84, 0), (1886, 280), (144, 0)]);
}
