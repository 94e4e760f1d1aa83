//! `layout!(type right_inverse(L))` with run-time leaves near the core's
//! bound: the core refuses an `L` whose size or offsets pass `i64::MAX`
//! (`Layout::new`: "the layout's offsets do not fit in 64 bits"), which
//! the typed result does not show (`right_inverse((2,4):(i64::MAX,1))`
//! would be `4:2`). The typed path refuses exactly there, with
//! `AlgebraError::OffsetsOverflow` naming a leaf of `L`
//! (src/private/inverse_fits.rs): where the core answers, the typed
//! result is the core's layout or one of its other refusals (a mode that
//! changes the inverse's modes), never an overflow. `left_inverse` too,
//! whose core construction also refuses a mode whose extent·stride passes
//! `i64::MAX` (`left_operand_fits`).

#[path = "cute_print/inverse_port.rs"]
#[macro_use]
mod inverse_port;

use inverse_port::{core, same};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::typed::AlgebraError;
use layout_dsl::{evaluate, layout};

/// The values swept: around `i64::MAX` and its halves, thirds and
/// quarters, around `2^62`, `2^61` and `2^32`, small values, and a few
/// above `i64::MAX` (which the core cannot hold).
fn values() -> Vec<usize> {
    let max = i64::MAX as usize;
    let mut v: Vec<usize> = (0..=4).collect();
    for edge in [max, max / 2, max / 3, max / 4, 1 << 62, 1 << 61, 1 << 32] {
        v.extend((0..=3).map(|k| edge - k));
        v.extend((1..=3).map(|k| edge + k));
    }
    v.extend([usize::MAX, 1 << 63]);
    v
}

/// The typed call at one value against the core's layout of `call`:
/// both refuse (the typed path with an overflow naming one of `leaves`,
/// or its zero-extent refusal; any refusal where the core's is not an
/// overflow), or the typed result is the core's, or the
/// core answers and the typed path refuses with anything but an overflow.
/// Whether the typed path answered.
fn check<S: Mode<D>, D: Tree>(
    call: &str,
    leaves: &[(usize, usize)],
    typed: Result<Typed<S, D>, AlgebraError>,
) -> bool {
    // The core's refusal past `i64` (its "… do not fit in 64 bits"), not
    // one of its other reasons (a left inverse of a layout that overlaps).
    let past_i64 = matches!(evaluate(call), Err(e) if e.to_string().contains("64 bits"));
    match (core(call), typed) {
        (Some(want), Ok(t)) => {
            let got = t.to_core().unwrap();
            assert!(same(&got, &want), "{call}: typed {got}, core {want}");
            true
        }
        (None, Ok(t)) => panic!(
            "{call}: typed answers {}, the core refuses",
            t.to_core()
                .map_or_else(|e| e.to_string(), |l| l.to_string())
        ),
        (None, Err(AlgebraError::OffsetsOverflow { extent, stride, .. })) => {
            assert!(
                leaves.contains(&(extent, stride)),
                "{call}: names {extent}:{stride}"
            );
            false
        }
        (None, Err(AlgebraError::ZeroExtent { .. })) => {
            assert!(leaves.iter().any(|l| l.0 == 0), "{call}");
            false
        }
        // The product of extents before a mode (the start of a mode of the
        // inverse) checked first, where it passes `usize` (or `i64`).
        (None, Err(AlgebraError::ProductOverflow { left, right, .. })) => {
            let past = left
                .checked_mul(right)
                .is_none_or(|p| p > i64::MAX as usize);
            assert!(past, "{call}: {left}·{right}");
            false
        }
        (None, Err(e)) => {
            assert!(
                !past_i64,
                "{call}: the core refuses past i64, typed with {e}"
            );
            false
        }
        (Some(want), Err(e)) => {
            assert!(
                !matches!(e, AlgebraError::OffsetsOverflow { .. }),
                "{call}: typed refuses ({e}), the core answers {want}"
            );
            false
        }
    }
}

/// Each family over every pair of [`values`]: the call text, `L`'s flat
/// leaves and the typed call; the count of answered values.
macro_rules! pairs {
    ($call:literal, |$a:ident, $b:ident| $leaves:expr, $typed:expr) => {{
        let mut answered = 0;
        for $a in values() {
            for $b in values() {
                let call = $call
                    .replace("{a}", &$a.to_string())
                    .replace("{b}", &$b.to_string());
                answered += usize::from(check(&call, &$leaves, $typed));
            }
        }
        answered
    }};
}

#[test]
fn a_run_time_stride_near_the_bound() {
    let answered = [
        pairs!(
            "right_inverse(({a},4):({b},1))",
            |a, b| [(a, b), (4, 1)],
            layout!(type right_inverse((a, 4):(b, 1)))
        ),
        pairs!(
            "right_inverse((4,{a}):(1,{b}))",
            |a, b| [(4, 1), (a, b)],
            layout!(type right_inverse((4, a):(1, b)))
        ),
        // The one-comparison bound is below 2^61 here: the static 4 and 3.
        pairs!(
            "right_inverse((2,{a},3):(1,{b},4))",
            |a, b| [(2, 1), (a, b), (3, 4)],
            layout!(type right_inverse((2, a, 3):(1, b, 4)))
        ),
        // A tie among the static strides, with a run-time stride
        // (inverse_tied.rs), and with a run-time extent too.
        pairs!(
            "right_inverse((2,3,{a},2):(2,2,{b},1))",
            |a, b| [(2, 2), (3, 2), (a, b), (2, 1)],
            layout!(type right_inverse((2, 3, a, 2):(2, 2, b, 1)))
        ),
        pairs!(
            "right_inverse(({a},2,3):(1,{b},{b}))",
            |a, b| [(a, 1), (2, b), (3, b)],
            layout!(type right_inverse((a, 2, 3):(1, b, b)))
        ),
        // Two run-time extents: the size passes `i64::MAX` first.
        pairs!(
            "right_inverse(({a},{b}):(1,{a}))",
            |a, b| [(a, 1), (b, a)],
            layout!(type right_inverse((a, b):(1, a)))
        ),
        pairs!(
            "right_inverse(({a},(2,{b})):(2,(1,{a})))",
            |a, b| [(a, 2), (2, 1), (b, a)],
            layout!(type right_inverse((a, (2, b)):(2, (1, a))))
        ),
    ];
    // Every family answers at some values and refuses at others (the
    // counts: a change that answers more, or fewer, shows here).
    assert_eq!(answered, [202, 219, 183, 175, 289, 50, 125]);
}

/// The complement of the inverse (read.rs): the same bound on `L`.
#[test]
fn under_a_complement() {
    let answered = pairs!(
        "complement(right_inverse(({a},5):({b},4)))",
        |a, b| [(a, b), (5, 4)],
        layout!(type complement(right_inverse((a, 5):(b, 4))))
    );
    assert_eq!(answered, 192);
}

/// `left_inverse` (static strides, as CuTe's): the same bound on `L`.
#[test]
fn left_inverse_near_the_bound() {
    let answered = [
        pairs!(
            "left_inverse((2,({a},{b})):(3,(0,1)))",
            |a, b| [(2, 3), (a, 0), (b, 1)],
            layout!(type left_inverse((2, (a, b)):(3, (0, 1))))
        ),
        pairs!(
            "left_inverse(({a},{b}):(1,4))",
            |a, b| [(a, 1), (b, 4)],
            layout!(type left_inverse((a, b):(1, 4)))
        ),
    ];
    assert_eq!(answered, [29, 52]);
}

/// The error names the leaf where the offsets pass `i64::MAX`.
#[test]
fn the_refusal_names_the_leaf() {
    let d = i64::MAX as usize;
    let e = layout!(type right_inverse((2, 4):(d, 1))).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::OffsetsOverflow {
            function: "right_inverse",
            extent: 4,
            stride: 1
        }
    );
    assert!(e.to_string().contains("at the mode 4:1"), "{e}");
    // One below: `(2-1)·(MAX-3) + 3·1 = MAX` fits, as the core's.
    let t = layout!(type right_inverse((2, 4):({ d - 3 }, 1))).unwrap();
    assert_eq!(t.to_core().unwrap().to_string(), "4:2");
    assert_eq!(
        core("right_inverse((2,4):(9223372036854775804,1))")
            .unwrap()
            .to_string(),
        "4:2"
    );
}
