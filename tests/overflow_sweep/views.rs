//! The views' sweep past `i64` (issue 13 §2, "never a wrong answer"),
//! shared by tests/typed_slice_overflow.rs (slices) and
//! tests/typed_identity_overflow.rs (an identity tensor's partitions): the
//! partitions' agreement rules ([`classify`]), with the call written by a
//! closure rather than a template (a coordinate computed from the values,
//! a signed stride, a base the tensor was placed at), and one more kept
//! difference (below, in [`sweep`]).
#![allow(dead_code, unused_macros)]

use super::partition::{Answer, Family, classify};

/// The last coordinate of an extent (0 for an empty one, past it).
pub fn last(e: usize) -> usize {
    e.saturating_sub(1)
}

/// A typed answer as the sweep reads it: the layout's text, size, the
/// base less `origin` (in `i128`), and its core layout.
macro_rules! answer {
    ($l:expr, $base:expr, $origin:expr) => {{
        let l = $l;
        (
            l.to_string(),
            l.size(),
            $base as i128 - $origin as i128,
            l.to_core().ok(),
        )
    }};
}

/// Every pair of values: `f(a, b)` gives the core's call, its operand and
/// the typed answer (or its error's text).
pub fn sweep(
    call: &'static str,
    f: impl Fn(usize, usize) -> (String, String, Result<Answer, String>),
) -> Family {
    let mut fam = Family {
        call,
        wrong: Vec::new(),
        answered: 0,
        padded: 0,
    };
    for a in super::values() {
        for b in super::values() {
            let (call, operand, typed) = f(a, b);
            let operand_fits = layout_dsl::evaluate(&operand).is_ok();
            fam.answered += usize::from(typed.is_ok());
            // Kept (the algebra's rule, src/private/fits.rs): a stride of
            // magnitude 2^63 (`i64::MIN`, of a mode of extent 1, which the
            // core holds: no offset reads it) is refused. Counted apart,
            // in the count the partitions' sweep gives its padded cases.
            let min = i64::MIN.to_string();
            if typed.is_err() && operand.contains(&min) && layout_dsl::evaluate(&call).is_ok() {
                fam.padded += 1;
                continue;
            }
            classify(&call, operand_fits, typed, &mut fam);
        }
    }
    if std::env::var_os("SWEEP_OTHER").is_some() {
        for w in fam.wrong.iter().filter(|w| !w.contains("past i64")) {
            eprintln!("    {w}");
        }
    }
    fam
}
