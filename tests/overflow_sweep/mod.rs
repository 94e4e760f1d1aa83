//! The sweep that compares typed algebra with the core past `i64` (issue
//! 13 §2, "never a wrong answer"), shared by tests/typed_algebra_overflow.rs
//! (the macro's doors) and tests/typed_methods_overflow.rs (the facade's
//! algebra traits called as methods): every pair of values around
//! `i64::MAX`, its halves, thirds and quarters, `2^62`, `2^61`, `2^32`,
//! small values and a few above `i64::MAX`, each call against the core's
//! `evaluate` of the same text. What counts as agreeing is
//! [`disagreement`]'s note. The partitions' sweep (a view: layout and
//! base) is [`partition`]'s, and [`views`] writes its call with a closure
//! (slices, identity tensors). Each test file uses some of these.
#![allow(dead_code, unused_macros)]

#[path = "../cute_print/inverse_port.rs"]
#[allow(unused_macros)]
mod inverse_port;
#[macro_use]
pub mod partition;
#[macro_use]
pub mod views;

use inverse_port::{core, same};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::evaluate;
use layout_dsl::tensor::{AsLayout, Engine, Tensor};
use layout_dsl::typed::AlgebraError;

/// `usize::MAX` zero-sized elements: every layout whose offsets lie below
/// `usize::MAX` is a tensor's over it (no allocation).
pub fn zst() -> Vec<()> {
    vec![(); usize::MAX]
}

/// A tensor's layout and base, as a partition's or a slice's view.
pub fn at<E: Engine, L: AsLayout + Copy>(t: Tensor<E, L>) -> (L, usize) {
    (*t.layout(), t.base())
}

/// The values swept (as tests/typed_inverse_overflow.rs).
pub fn values() -> Vec<usize> {
    let max = i64::MAX as usize;
    let mut v: Vec<usize> = (0..=4).collect();
    for edge in [max, max / 2, max / 3, max / 4, 1 << 62, 1 << 61, 1 << 32] {
        v.extend((0..=3).map(|k| edge - k));
        v.extend((1..=3).map(|k| edge + k));
    }
    v.extend([usize::MAX, 1 << 63]);
    v
}

/// A refusal of the typed path's own arithmetic past `usize` or `i64`.
pub fn overflow(e: &AlgebraError) -> bool {
    matches!(
        e,
        AlgebraError::Overflow { .. }
            | AlgebraError::ProductOverflow { .. }
            | AlgebraError::SumOverflow { .. }
            | AlgebraError::OffsetsOverflow { .. }
    )
}

/// Whether `t` has `want`'s size and offsets at the indices
/// `inverse_port::same` reads (the first and last 256, 512 spread).
pub fn same_offsets<S: Mode<D>, D: Tree>(t: &Typed<S, D>, want: &layout_dsl::Layout) -> bool {
    let n = want.size();
    if i64::try_from(t.size()) != Ok(n) {
        return false;
    }
    let spread = (0..512).map(|k| k * (n / 512).max(1) + k % 7);
    let mut at: Vec<i64> = (0..n.min(256)).chain((n - 256).max(0)..n).collect();
    at.extend(spread.filter(|&i| i < n));
    at.iter()
        .all(|&i| i64::try_from(t.at(i as usize)).ok() == want.at(i).ok())
}

/// The typed result at one value against the core's `evaluate(call)`:
/// `None` where they agree (see the module's note), else why not.
pub fn disagreement<S: Mode<D>, D: Tree>(
    call: &str,
    typed: Result<Typed<S, D>, AlgebraError>,
) -> Option<String> {
    let past_i64 = matches!(evaluate(call), Err(e) if e.to_string().contains("64 bits"));
    match (core(call), typed) {
        // An empty layout has no offsets: its strides are not read (the
        // core gives a mode of extent 0 stride 0, the typed path keeps
        // the product it computed, which may pass `i64`).
        (Some(want), Ok(t)) if want.size() == 0 && t.size() == 0 => None,
        (None, Ok(t)) if t.size() == 0 => None,
        (Some(want), Ok(t)) => match t.to_core() {
            Ok(got) if same(&got, &want) => None,
            Ok(got) => Some(format!("{call}: typed {got}, core {want}")),
            // A stride the core cannot hold, of a mode of extent 1 (never
            // read; the core's is 0): the same offsets at every index read.
            Err(_) if same_offsets(&t, &want) => None,
            Err(e) => Some(format!("{call}: typed {t} ({e}), core {want}")),
        },
        (None, Ok(t)) if past_i64 => Some(format!(
            "{call}: typed answers {}, the core refuses past i64",
            t.to_core()
                .map_or_else(|e| e.to_string(), |l| l.to_string())
        )),
        // A result's mode of extent 1 whose stride passes `i64::MAX`
        // (src/private/fits.rs): the core gives a divide's rest of extent
        // 1 stride 0; the typed result keeps `stride·tile`, which no
        // offset reads but the core cannot hold: refused.
        (
            Some(_),
            Err(AlgebraError::OffsetsOverflow {
                extent: 1, stride, ..
            }),
        ) if stride > i64::MAX as usize => None,
        // A product of an empty `B` (size 0) whose stride times a hole
        // passes `usize`: the typed copies are refused before their size
        // is known (`Overflow`, `ProductOverflow`); the core answers an empty
        // layout, whose strides it sets to 0. Kept (a refusal, never a
        // wrong layout; tests/typed_methods_overflow.rs).
        (Some(want), Err(AlgebraError::Overflow { .. } | AlgebraError::ProductOverflow { .. }))
            if want.size() == 0 && call.contains("_product(") =>
        {
            None
        }
        (Some(want), Err(e)) if overflow(&e) => Some(format!(
            "{call}: typed refuses ({e}), the core answers {want}"
        )),
        _ => None,
    }
}

/// Every pair of [`values`] in one family: the call's text (`{a}`, `{b}`
/// replaced) and the typed call; the disagreements, and how many times
/// the typed path answered.
macro_rules! pairs {
    ($call:literal, |$a:ident, $b:ident| $typed:expr) => {{
        let (mut wrong, mut answered) = (Vec::new(), 0usize);
        for $a in $crate::overflow_sweep::values() {
            for $b in $crate::overflow_sweep::values() {
                let call = $call
                    .replace("{a}", &$a.to_string())
                    .replace("{b}", &$b.to_string());
                let typed = $typed;
                answered += usize::from(typed.is_ok());
                wrong.extend($crate::overflow_sweep::disagreement(&call, typed));
            }
        }
        ($call, wrong, answered)
    }};
}

/// The families' disagreements, none expected; the counts answered show a
/// change that answers more or fewer.
pub fn report(families: &[(&str, Vec<String>, usize)]) -> Vec<usize> {
    let mut bad = 0;
    for (call, wrong, answered) in families {
        eprintln!("{call}: {answered} answered, {} disagree", wrong.len());
        for w in wrong.iter().take(4) {
            eprintln!("    {w}");
        }
        bad += wrong.len();
    }
    assert_eq!(bad, 0, "disagreements with the core");
    families.iter().map(|f| f.2).collect()
}
