//! `dice`, `crd2idx` and the checked queries past `i64` (issue 13 §2,
//! "never a wrong answer"), against the core's `evaluate` over every pair
//! of the sweep's values (tests/overflow_sweep).

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::{X, typed};
use overflow_sweep::views::last;

/// How `dice`, `crd2idx` and `checked_crd2idx` went over every pair.
#[derive(Debug, Default, PartialEq)]
struct Queries {
    /// The core refuses (the operand past `i64`), `dice` answers.
    dice_past: usize,
    /// `dice` differs from the core's.
    dice_wrong: usize,
    /// The core refuses, `crd2idx` answers an offset...
    idx_past: usize,
    /// ...which is not the true offset (wrapped past `usize`).
    idx_wrapped: usize,
    /// `crd2idx` differs from the core's where the core answers.
    idx_wrong: usize,
    /// `checked_crd2idx` / `checked_at` against the core's `crd2idx`:
    /// answering where the core refuses, or another offset.
    checked_wrong: usize,
}

/// `dice` and `crd2idx` answer without a `Result`: where the core refuses
/// (the operand past `i64`), `dice`'s answer is some of the operand's
/// leaves as they are, and `crd2idx`'s an offset computed in wrapping
/// `usize` (as CuTe's integers wrap): counted, and those that are not the
/// true offset. `checked_crd2idx` and `checked_at` refuse (`None`) where
/// the core refuses, and answer its offset elsewhere.
#[test]
fn dice_and_crd2idx() {
    let mut q = Queries::default();
    for a in overflow_sweep::values() {
        for b in overflow_sweep::values() {
            let l = layout!((a, b):(1, a));
            let op = format!("({a},{b}):(1,{a})");
            let d = typed::dice((X, 0), &l);
            match layout_dsl::evaluate(&format!("dice((_,0), {op})")) {
                Ok(v) => q.dice_wrong += usize::from(v.to_string() != d.to_string()),
                Err(_) => q.dice_past += 1,
            }
            let c = (last(a), last(b));
            let truth = c.0 as u128 + c.1 as u128 * a as u128;
            let idx = l.crd2idx(c);
            let core = layout_dsl::evaluate(&format!("crd2idx(({},{}), {op})", c.0, c.1));
            match &core {
                Ok(v) => q.idx_wrong += usize::from(v.to_string() != idx.to_string()),
                Err(_) => {
                    q.idx_past += 1;
                    q.idx_wrapped += usize::from(idx as u128 != truth);
                }
            }
            let index = c.0.wrapping_add(c.1.wrapping_mul(a));
            for checked in [l.checked_crd2idx(c), l.checked_at(index)] {
                let agree = match (&core, checked) {
                    (Ok(v), Some(i)) => v.to_string() == i.to_string(),
                    // Outside the domain (an empty mode) the core answers.
                    (Ok(_), None) => l.size() == 0 || a.checked_mul(b).is_none(),
                    (Err(_), None) => true,
                    (Err(_), Some(_)) => false,
                };
                q.checked_wrong += usize::from(!agree);
            }
        }
    }
    let want = Queries {
        dice_past: 2779,
        dice_wrong: 0,
        idx_past: 2779,
        idx_wrapped: 2625,
        idx_wrong: 0,
        checked_wrong: 0,
    };
    assert_eq!(q, want);
}
