//! A run-time stride past `i64::MAX` in a signed typed layout (one with a
//! negative static stride: offsets in `isize`), issue 13 §2 "never a
//! wrong answer": one reading at every door. The rule is the core's: a
//! dynamic leaf is a `usize`, never negative, and a stride past
//! `i64::MAX` is one the core cannot hold, so every checked door refuses
//! it (the unchecked `crd2idx` wraps, as CuTe's integers do). Before,
//! the checks read such a stride as its two's complement (`b - 2^64`,
//! as `crd2idx` computes with it), while `to_core` refused it: a slice, a
//! partition or `checked_crd2idx` answered where `Tensor::new` refused.
//!
//! Every pair of the sweep's values (tests/overflow_sweep: values around
//! `i64::MAX`, its halves, thirds, quarters, `2^62`, `2^61`, `2^32`,
//! small ones and a few above `i64::MAX`) as `(a, b)`, the run-time
//! stride `b` written unsigned in the core's call, against the core's
//! `evaluate` of the same call.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::{AsLayout, Engine, Tensor, X, typed};
use layout_dsl::typed::{AlgebraError, C};
use overflow_sweep::inverse_port::{core, same};
use overflow_sweep::partition::report;
use overflow_sweep::views::{last, sweep};

/// `usize::MAX` zero-sized elements (no allocation).
fn zst() -> Vec<()> {
    vec![(); usize::MAX]
}

/// A tensor's layout and base, as a partition's view.
fn at<E: Engine, L: AsLayout + Copy>(t: Tensor<E, L>) -> (L, usize) {
    (*t.layout(), t.base())
}

/// The layout-level slices, written out and named.
#[test]
fn slices() {
    let counts = report(&[
        sweep("layout!(slice((i,_), (a,2):(b,-1)))", |a, b| {
            let i = last(a);
            let op = format!("({a},2):({b},-1)");
            let typed = layout!(slice((i, _), (a, 2):(b, -1))).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice(({i},_), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("layout!(slice((_,1), #l)), l = (2,a):(b,-1)", |a, b| {
            let op = format!("(2,{a}):({b},-1)");
            let l = layout!((2, a):(b, -1));
            let typed = layout!(slice((_, 1), #l)).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,1), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice_and_offset((i,_), (a,2):(-1,b))", |a, b| {
            let i = last(a);
            let op = format!("({a},2):(-1,{b})");
            let l = layout!((a, 2):(-1, b));
            // `slice_and_offset` gives the base as its wrapping `usize`.
            let typed =
                typed::slice_and_offset((i, X), &l).map(|(l, base)| answer!(l, base as isize, 0));
            (
                format!("slice(({i},_), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
    ]);
    assert_eq!(counts, [(318, 0), (1784, 0), (1835, 0)]);
}

/// The partitions: written out, named, and a tensor's (the tensor placed
/// at 1, past its negative reach).
#[test]
fn partitions() {
    let z = zst();
    let counts = report(&[
        family!(
            "local_tile(({a},2):({b},-1), <4,2>, (0,0))",
            "({a},2):({b},-1)",
            |a, b| { layout!(type local_tile((a,2):(b,-1), <4,2>, (0,0))) }
        ),
        family!(
            "local_partition(({a},2):({b},-1), (4,2):(1,4), 3)",
            "({a},2):({b},-1)",
            |a, b| { layout!(type local_partition((a,2):(b,-1), (4,2):(1,4), 3)) }
        ),
        family!(
            "local_tile((2,{a}):(-1,{b}), <2,4>, (0,0))",
            "(2,{a}):(-1,{b})",
            |a, b| {
                let l = layout!((2, a):(-1, b));
                layout!(type local_tile(#l, <2,4>, (0,0)))
            }
        ),
        sweep(
            "typed::local_tile((a,2):(b,-1) at 1, <4,2>, (0,0))",
            |a, b| {
                let op = format!("({a},2):({b},-1)");
                let typed = Tensor::at_base(&z[..], layout!((a, 2):(b, -1)), 1)
                    .and_then(|t| typed::local_tile(t, (C::<4>, C::<2>), (0, 0)))
                    .map(at)
                    .map(|(l, base)| answer!(l, base, 1));
                (
                    format!("local_tile({op}, <4,2>, (0,0))"),
                    op,
                    typed.map_err(|e| e.to_string()),
                )
            },
        ),
    ]);
    assert_eq!(counts, [(267, 21), (263, 21), (267, 21), (267, 21)]);
}

/// The checked queries (`checked_crd2idx`, `checked_at`, `try_dice`)
/// against the core's `crd2idx` and `dice`, and `Tensor::at_base` against whether the core holds the
/// layout: a tensor is built exactly where the core holds its layout (the
/// buffer, `usize::MAX` zero-sized elements from 1, holds every offset
/// the core can).
#[test]
fn queries_and_tensors() {
    let z = zst();
    let (mut checked_wrong, mut tensor_wrong) = (Vec::new(), Vec::new());
    let (mut answered, mut built) = (0, 0);
    for a in overflow_sweep::values() {
        for b in overflow_sweep::values() {
            let l = layout!((a, 2):(b, -1));
            let op = format!("({a},2):({b},-1)");
            let c = (last(a), 1);
            let core = layout_dsl::evaluate(&format!("crd2idx(({},1), {op})", c.0));
            let index = c.0.wrapping_add(a);
            for checked in [l.checked_crd2idx(c), l.checked_at(index)] {
                answered += usize::from(checked.is_some());
                let agree = match (&core, checked) {
                    (Ok(v), Some(i)) => v.to_string() == i.to_string(),
                    // Outside the domain (an empty mode) the core answers.
                    (Ok(_), None) => a == 0,
                    (Err(_), None) => true,
                    (Err(_), Some(_)) => false,
                };
                if !agree {
                    checked_wrong.push(format!(
                        "crd2idx({c:?}, {op}): typed {checked:?}, core {core:?}"
                    ));
                }
            }
            // `try_dice` refuses as the core's `dice` (the kept mode `2:-1`
            // is static: only the operand's check decides).
            let core_dice = layout_dsl::evaluate(&format!("dice((_,1), {op})"));
            let dice = typed::try_dice((X, 1), &l);
            answered += usize::from(dice.is_ok());
            let agree = match (&core_dice, &dice) {
                (Ok(v), Ok(d)) => v.to_string() == d.to_string(),
                (Err(_), Err(_)) => true,
                _ => false,
            };
            if !agree {
                checked_wrong.push(format!(
                    "dice((_,1), {op}): typed {dice:?}, core {core_dice:?}"
                ));
            }
            let holds = layout_dsl::evaluate(&op).is_ok();
            let tensor = Tensor::at_base(&z[..], l, 1);
            built += usize::from(tensor.is_ok());
            if tensor.is_ok() != holds {
                tensor_wrong.push(format!(
                    "Tensor::at_base({op}, 1): {:?}, core holds: {holds}",
                    tensor.err()
                ));
            }
        }
    }
    eprintln!(
        "checked_crd2idx/checked_at/try_dice: {answered} answered, {} disagree; Tensor::at_base: {built} built, {} disagree",
        checked_wrong.len(),
        tensor_wrong.len()
    );
    for w in checked_wrong.iter().chain(&tensor_wrong).take(6) {
        eprintln!("    {w}");
    }
    assert_eq!((checked_wrong.len(), tensor_wrong.len()), (0, 0));
    assert_eq!((answered, built), (1005, 369));
}

/// A typed result's size, its core form, and its offsets where
/// `inverse_port::same` reads the core's (the first and last 256, 512
/// spread): a mode of extent 1 may keep a stride the core cannot hold,
/// which no offset reads (the core gives it 0).
macro_rules! result {
    ($l:expr) => {{
        let l = $l;
        let n = l.size();
        let spread = (0..512).map(|k| k * (n / 512).max(1) + k % 7);
        let mut at: Vec<usize> = (0..n.min(256)).chain(n.saturating_sub(256)..n).collect();
        at.extend(spread.filter(|&i| i < n));
        let offsets: Vec<(usize, isize)> = at.iter().map(|&i| (i, l.at(i))).collect();
        (n, l.to_core().ok(), offsets)
    }};
}

/// The algebra after `type` (its check, fits_value.rs, is the one the
/// slices and partitions ask): the same offsets as the core's layout, or
/// both refuse (an empty result has no offsets: either answer).
#[test]
fn algebra() {
    let (mut wrong, mut answered, mut kept) = ([Vec::new(), Vec::new()], [0usize; 2], [0usize; 2]);
    for a in overflow_sweep::values() {
        for b in overflow_sweep::values() {
            let calls = [
                (
                    format!("coalesce(({a},2):({b},-1))"),
                    layout!(type coalesce((a, 2):(b, -1))).map(|l| result!(l)),
                ),
                (
                    format!("logical_divide((2,{a}):(-1,{b}), <2,2>)"),
                    layout!(type logical_divide((2, a):(-1, b), <2,2>)).map(|l| result!(l)),
                ),
            ];
            for (k, (call, typed)) in calls.into_iter().enumerate() {
                let core = core(&call);
                answered[k] += usize::from(typed.is_ok());
                let agree = match (&typed, &core) {
                    (Ok((0, ..)), _) => true,
                    (Ok((_, Some(got), _)), Some(want)) => same(got, want),
                    (Ok((n, None, offsets)), Some(want)) => {
                        i64::try_from(*n) == Ok(want.size())
                            && offsets
                                .iter()
                                .all(|&(i, o)| want.at(i as i64).ok() == Some(o as i64))
                    }
                    (Ok(_), None) => false,
                    // Kept (the algebra's rule, src/private/fits.rs): a
                    // result's mode of extent 1 whose stride passes
                    // `i64::MAX` is refused, where the core gives it
                    // stride 0 (a padded divide's rest, `2·b`).
                    (
                        Err(AlgebraError::OffsetsOverflow {
                            extent: 1, stride, ..
                        }),
                        Some(_),
                    ) if *stride > i64::MAX as usize => {
                        kept[k] += 1;
                        true
                    }
                    (Err(_), Some(_)) => false,
                    (Err(_), None) => true,
                };
                if !agree {
                    wrong[k].push(format!("{call}: typed {typed:?}, core {core:?}"));
                }
            }
        }
    }
    for (k, w) in wrong.iter().enumerate() {
        eprintln!(
            "family {k}: {} answered, {} disagree, {} kept",
            answered[k],
            w.len(),
            kept[k]
        );
        for w in w.iter().take(4) {
            eprintln!("    {}", &w[..w.len().min(300)]);
        }
    }
    assert_eq!(wrong.each_ref().map(Vec::len), [0, 0]);
    assert_eq!((answered, kept), ([369, 331], [0, 20]));
}
