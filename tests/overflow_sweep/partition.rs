//! The partitions' sweep past `i64` (issue 13 §2, "never a wrong
//! answer"), shared by tests/typed_partition_overflow.rs (the written-out
//! `layout!(type local_tile(…))` and the others) and
//! tests/typed_named_partition_overflow.rs (a named operand, and the
//! tensor partitions of `tensor::typed`): every pair of
//! [`values`](super::values) in one family, each call against the core's
//! `evaluate` of the same text, a partition being a view (layout and
//! base).
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
//!   holds, checked here) and the result do not: the typed path, which
//!   builds no padded intermediate, answers CuTe's partition, a layout the
//!   core can hold (checked here: `to_core`). Counted per family, so a
//!   change shows.
//!
//! Disagreeing: the typed path answers a non-empty result the core cannot
//! hold (past `i64`), or answers where the core refuses for another
//! reason, or refuses past `i64` where the core answers otherwise.
#![allow(dead_code, unused_macros)]

use super::inverse_port::same;
use layout_dsl::{Layout as CoreLayout, Value, evaluate};

/// How one family went: the disagreements, how many times the typed path
/// answered, and how many of those the core refused for its padded
/// intermediate.
pub struct Family {
    pub call: &'static str,
    pub wrong: Vec<String>,
    pub answered: usize,
    pub padded: usize,
}

/// A typed answer: its text, size, base, and the core's layout of it
/// (`None` where the core cannot hold it: past `i64`).
pub type Answer = (String, usize, i128, Option<CoreLayout>);

/// One value: the typed answer or its error text, against the core's
/// `evaluate(call)`; `operand_fits`: the core holds the operand.
pub fn classify(call: &str, operand_fits: bool, typed: Result<Answer, String>, f: &mut Family) {
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
pub fn has_unit_extent(l: &CoreLayout) -> bool {
    let shape = l.shape().to_string();
    shape.split(|c: char| !c.is_ascii_digit()).any(|e| e == "1")
}

/// Every pair of [`values`](super::values) in one family: the core's call
/// and operand (`{a}`, `{b}` replaced), and the typed call, a
/// `Result<(layout, base), _>`.
macro_rules! family {
    ($call:literal, $operand:literal, |$a:ident, $b:ident| $typed:expr) => {{
        let mut f = $crate::overflow_sweep::partition::Family {
            call: $call,
            wrong: Vec::new(),
            answered: 0,
            padded: 0,
        };
        for $a in $crate::overflow_sweep::values() {
            for $b in $crate::overflow_sweep::values() {
                let values = |t: &str| {
                    t.replace("{a}", &$a.to_string())
                        .replace("{b}", &$b.to_string())
                };
                let (call, operand_fits) = (
                    values($call),
                    layout_dsl::evaluate(&values($operand)).is_ok(),
                );
                let typed = $typed
                    .map_err(|e| e.to_string())
                    .map(|(l, base)| (l.to_string(), l.size(), base as i128, l.to_core().ok()));
                f.answered += usize::from(typed.is_ok());
                $crate::overflow_sweep::partition::classify(&call, operand_fits, typed, &mut f);
            }
        }
        f
    }};
}

/// The families' disagreements, none expected; the counts answered and
/// padded, so a change that answers more or fewer shows.
pub fn report(families: &[Family]) -> Vec<(usize, usize)> {
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
