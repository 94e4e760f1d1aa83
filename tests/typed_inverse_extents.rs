//! `layout!(type right_inverse(L))` with run-time extents (and strides)
//! where no two positive static strides are equal, or at most two strides
//! are run-time: there the order the core's exchange sort gives the modes
//! the chain meets is known while compiling (for a tie, where no run-time
//! extent is 1 and none continues into the next, at each class of the
//! run-time strides: inverse_tied.rs), so the typed path first
//! tries a few comparisons (a mode left out meeting
//! the chain's run-time end, a run-time stride equal to a stride the chain
//! met, two modes the core's coalesce merges across extents of 1) and runs
//! the core's construction only where one fails
//! (layout-macros/src/typed/inverse_quick.rs). Over a grid of
//! three run-time leaves, against the core and a port of CuTe's rule
//! (cute_print/inverse_port.rs): the typed result is the core's where it
//! answers, and it refuses exactly where CuTe's layout is not the core's.

#[path = "cute_print/inverse_port.rs"]
#[macro_use]
mod inverse_port;

use inverse_port::{Leaf, check, d, s};
use layout_dsl::layout;

/// Each family over the grid `a, b, c ∈ 0..=6`: the call text, CuTe's flat
/// modes and the typed call; the count of answered values.
macro_rules! grid {
    ($call:literal, |$a:ident, $b:ident, $c:ident| $modes:expr, $typed:expr) => {{
        let mut answered = 0;
        for $a in 0..=6usize {
            for $b in 0..=6usize {
                for $c in 0..=6usize {
                    let call = $call
                        .replace("{a}", &$a.to_string())
                        .replace("{b}", &$b.to_string())
                        .replace("{c}", &$c.to_string());
                    let modes: Vec<(Leaf, Leaf)> = $modes;
                    answered += usize::from(check(&call, &modes, $typed));
                }
            }
        }
        answered
    }};
}

#[test]
fn run_time_leaves_on_distinct_static_strides() {
    let answered = [
        grid!(
            "right_inverse(({a},{b},{c}):(1,2,4))",
            |a, b, c| vec![(d(a), s(1)), (d(b), s(2)), (d(c), s(4))],
            layout!(type right_inverse((a, b, c):(1, 2, 4)))
        ),
        grid!(
            "right_inverse(({a},{b},{c},2):(4,1,8,2))",
            |a, b, c| vec![(d(a), s(4)), (d(b), s(1)), (d(c), s(8)), (s(2), s(2))],
            layout!(type right_inverse((a, b, c, 2):(4, 1, 8, 2)))
        ),
        grid!(
            "right_inverse(({a},({b},{c})):(1,(6,2)))",
            |a, b, c| vec![(d(a), s(1)), (d(b), s(6)), (d(c), s(2))],
            layout!(type right_inverse((a, (b, c)):(1, (6, 2))))
        ),
        grid!(
            "right_inverse(({a},{b},{c}):(0,1,3))",
            |a, b, c| vec![(d(a), s(0)), (d(b), s(1)), (d(c), s(3))],
            layout!(type right_inverse((a, b, c):(0, 1, 3)))
        ),
        grid!(
            "right_inverse((2,{a},3,{b},{c}):(1,2,16,6,48))",
            |a, b, c| vec![
                (s(2), s(1)),
                (d(a), s(2)),
                (s(3), s(16)),
                (d(b), s(6)),
                (d(c), s(48)),
            ],
            layout!(type right_inverse((2, a, 3, b, c):(1, 2, 16, 6, 48)))
        ),
        grid!(
            "right_inverse((({a},2),({b},{c})):((2,1),(4,12)))",
            |a, b, c| vec![(d(a), s(2)), (s(2), s(1)), (d(b), s(4)), (d(c), s(12))],
            layout!(type right_inverse(((a, 2), (b, c)):((2, 1), (4, 12))))
        ),
        grid!(
            "right_inverse((4,{a},{b}):({c},1,4))",
            |a, b, c| vec![(s(4), d(c)), (d(a), s(1)), (d(b), s(4))],
            layout!(type right_inverse((4, a, b):(c, 1, 4)))
        ),
        grid!(
            "right_inverse(({a},{b},2):(1,{c},8))",
            |a, b, c| vec![(d(a), s(1)), (d(b), d(c)), (s(2), s(8))],
            layout!(type right_inverse((a, b, 2):(1, c, 8)))
        ),
        // Two positive static strides equal: the core's coalesce and sort
        // are run while compiling on the list it keeps when no run-time
        // extent is 1 (`tied`).
        grid!(
            "right_inverse(({a},{b},{c}):(1,2,2))",
            |a, b, c| vec![(d(a), s(1)), (d(b), s(2)), (d(c), s(2))],
            layout!(type right_inverse((a, b, c):(1, 2, 2)))
        ),
        grid!(
            "right_inverse((2,{a},{b},{c}):(1,2,2,4))",
            |a, b, c| vec![(s(2), s(1)), (d(a), s(2)), (d(b), s(2)), (d(c), s(4))],
            layout!(type right_inverse((2, a, b, c):(1, 2, 2, 4)))
        ),
        grid!(
            "right_inverse(({a},3,{b},{c}):(3,1,3,9))",
            |a, b, c| vec![(d(a), s(3)), (s(3), s(1)), (d(b), s(3)), (d(c), s(9))],
            layout!(type right_inverse((a, 3, b, c):(3, 1, 3, 9)))
        ),
        // A tie and a run-time stride: the sort and fold run at each class
        // of the stride (inverse_tied.rs).
        grid!(
            "right_inverse(({a},3,{b},2):(2,{c},2,1))",
            |a, b, c| vec![(d(a), s(2)), (s(3), d(c)), (d(b), s(2)), (s(2), s(1))],
            layout!(type right_inverse((a, 3, b, 2):(2, c, 2, 1)))
        ),
        grid!(
            "right_inverse((3,{a},2,{b}):(1,{c},3,3))",
            |a, b, c| vec![(s(3), s(1)), (d(a), d(c)), (s(2), s(3)), (d(b), s(3))],
            layout!(type right_inverse((3, a, 2, b):(1, c, 3, 3)))
        ),
        grid!(
            "right_inverse((2,{a},2,{b}):({c},2,2,1))",
            |a, b, c| vec![(s(2), d(c)), (d(a), s(2)), (s(2), s(2)), (d(b), s(1))],
            layout!(type right_inverse((2, a, 2, b):(c, 2, 2, 1)))
        ),
        // Two run-time strides and a tie: each pair of classes.
        grid!(
            "right_inverse(({a},3,2,2):(2,{b},2,{c}))",
            |a, b, c| vec![(d(a), s(2)), (s(3), d(b)), (s(2), s(2)), (s(2), d(c))],
            layout!(type right_inverse((a, 3, 2, 2):(2, b, 2, c)))
        ),
        grid!(
            "right_inverse((({a},2),({b},{c})):((2,1),(2,4)))",
            |a, b, c| vec![(d(a), s(2)), (s(2), s(1)), (d(b), s(2)), (d(c), s(4))],
            layout!(type right_inverse(((a, 2), (b, c)):((2, 1), (2, 4))))
        ),
    ];
    println!("answered per family, of 343: {answered:?}");
    // Each family answers somewhere and refuses somewhere (a value where
    // a run-time extent changes the core's chain).
    for n in answered {
        assert!(n > 0 && n < 343, "{answered:?}");
    }
}
