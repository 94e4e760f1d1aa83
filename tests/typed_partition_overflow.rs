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
//! What counts as agreeing:
//! - both answer the same view (layout and base);
//! - both refuse;
//! - the typed path answers an empty result (size 0: no offsets), as the
//!   algebra's check does (src/private/fits.rs);
//! - the typed path refuses a result with a mode of extent 1 whose stride
//!   passes `i64::MAX`, where the core gives that mode stride 0 (the
//!   algebra's second kept difference): the core's view then has a mode
//!   of extent 1;
//! - padded: the core refuses ("… does not fit in 64 bits") because its
//!   `zipped_divide`, padded to whole tiles (`T·ceil(s/T)` per mode), has
//!   a size or offsets past `i64::MAX`, where the operand (which the core
//!   holds, checked here) and the result do not: the
//!   typed path, which builds no padded intermediate, answers CuTe's
//!   partition, a layout the core can hold (checked here: `to_core`).
//!   Counted per family, so a change shows.
//!
//! An empty operand (an extent 0) whose leaves pass `i64` is refused, as the
//! core's `Layout::new` refuses it (the operand read in `Role::Operand`,
//! branch i64one's one rule): 5 to 7 fewer answered per family than when the
//! operand was read as a result.
//!
//! Disagreeing: the typed path answers a non-empty result the core cannot
//! hold (past `i64`), or answers where the core refuses for another
//! reason, or refuses past `i64` where the core answers otherwise.

#[path = "cute_print/inverse_port.rs"]
#[allow(unused_macros)]
mod inverse_port;

use inverse_port::same;
use layout_dsl::{Layout as CoreLayout, Value, evaluate, layout};

/// The values swept (as tests/typed_algebra_overflow.rs).
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

/// How one family went: the disagreements, how many times the typed path
/// answered, and how many of those the core refused for its padded
/// intermediate.
struct Family {
    call: &'static str,
    wrong: Vec<String>,
    answered: usize,
    padded: usize,
}

/// A typed answer: its text, size, base, and the core's layout of it
/// (`None` where the core cannot hold it: past `i64`).
type Answer = (String, usize, i128, Option<CoreLayout>);

/// One value: the typed answer or its error text, against the core's
/// `evaluate(call)`; `operand_fits`: the core holds the operand.
fn classify(call: &str, operand_fits: bool, typed: Result<Answer, String>, f: &mut Family) {
    let core = evaluate(call);
    match (typed, core) {
        (Ok((_, 0, _, _)), _) => {}
        (Ok((text, _, base, got)), Ok(Value::View(v))) => {
            let agree = got.is_some_and(|g| same(&g, v.layout())) && base == i128::from(v.base());
            if !agree {
                f.wrong
                    .push(format!("{call}: typed {text} at {base}, core {v}"));
            }
        }
        (Ok((text, _, _, got)), Err(e)) if e.to_string().contains("fit in 64 bits") => match got {
            Some(_) if operand_fits => f.padded += 1,
            Some(_) => f.wrong.push(format!(
                "{call}: typed {text}, the operand past i64, core: {e}"
            )),
            None => f
                .wrong
                .push(format!("{call}: typed {text} past i64, core: {e}")),
        },
        (Ok((text, ..)), core) => f.wrong.push(format!("{call}: typed {text}, core {core:?}")),
        (Err(e), Ok(Value::View(v))) if e.contains("past i64::MAX") => {
            if !has_unit_extent(v.layout()) {
                f.wrong
                    .push(format!("{call}: typed refuses ({e}), core {v}"));
            }
        }
        (Err(_), _) => {}
    }
}

/// Whether some leaf of `l`'s shape is 1 (where the core gives stride 0).
fn has_unit_extent(l: &CoreLayout) -> bool {
    let shape = l.shape().to_string();
    shape.split(|c: char| !c.is_ascii_digit()).any(|e| e == "1")
}

/// Every pair of [`values`] in one family.
macro_rules! family {
    ($call:literal, $operand:literal, |$a:ident, $b:ident| $typed:expr) => {{
        let mut f = Family {
            call: $call,
            wrong: Vec::new(),
            answered: 0,
            padded: 0,
        };
        for $a in values() {
            for $b in values() {
                let values = |t: &str| {
                    t.replace("{a}", &$a.to_string())
                        .replace("{b}", &$b.to_string())
                };
                let (call, operand_fits) = (values($call), evaluate(&values($operand)).is_ok());
                let typed = $typed
                    .map_err(|e| e.to_string())
                    .map(|(l, base)| (l.to_string(), l.size(), base as i128, l.to_core().ok()));
                f.answered += usize::from(typed.is_ok());
                classify(&call, operand_fits, typed, &mut f);
            }
        }
        f
    }};
}

/// The families' disagreements, none expected; the counts answered and
/// padded, so a change that answers more or fewer shows.
fn report(families: &[Family]) -> Vec<(usize, usize)> {
    let mut bad = 0;
    for f in families {
        eprintln!(
            "{}: {} answered ({} padded), {} disagree",
            f.call,
            f.answered,
            f.padded,
            f.wrong.len()
        );
        for w in f.wrong.iter().take(4) {
            eprintln!("    {w}");
        }
        bad += f.wrong.len();
    }
    assert_eq!(bad, 0, "disagreements with the core");
    families.iter().map(|f| (f.answered, f.padded)).collect()
}

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
