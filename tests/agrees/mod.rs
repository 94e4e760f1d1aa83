//! Shared by the typed-algebra tests: a typed result against the core's
//! result on the same numbers, as functions.

pub mod product;

use layout_dsl::IntTuple;
use layout_dsl::typed::{AlgebraError, TypedLayout};

/// The core's layout for `text`, `None` where it refuses.
#[allow(dead_code)] // Not every test file that shares this module asks the core alone.
pub fn core(text: &str) -> Option<layout_dsl::Layout> {
    match layout_dsl::evaluate(text) {
        Ok(layout_dsl::Value::Layout(l)) => Some(l),
        Ok(other) => panic!("{other:?}"),
        Err(_) => None,
    }
}

/// A typed result is the core's as a function (same size, same offset at
/// every index); returns whether the typed path gave one.
pub fn agrees<L: TypedLayout>(typed: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    let Ok(typed) = typed else {
        return false;
    };
    let core = core(text).unwrap_or_else(|| panic!("{typed}: the core refuses {text}"));
    assert_eq!(
        typed.size() as i64,
        core.size(),
        "{text}: {typed} vs {core}"
    );
    for i in 0..typed.size() {
        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        let got = typed.at(i).try_into().ok();
        assert_eq!(got, Some(expected), "{text}: {typed} vs {core} at {i}");
    }
    true
}

/// The typed answer is the core's (as a function) where the core answers,
/// and a refusal where it refuses; whether it answered.
#[allow(dead_code)] // Only the tests that sweep refusals too ask this.
pub fn same<L: TypedLayout>(typed: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    match core(text) {
        Some(_) => agrees(typed, text),
        None => {
            assert!(typed.is_err(), "{text}: typed answers, the core refuses");
            false
        }
    }
}
