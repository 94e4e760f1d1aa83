//! Slices past `i64` (issue 13 §2, "never a wrong answer"): a typed
//! tensor's `typed::slice` view, and the layout-level `slice` (written out,
//! named, `slice_and_offset`), against the core's `evaluate` of the same
//! call, with the partitions' sweep (tests/overflow_sweep/partition.rs:
//! every pair of values around `i64::MAX`, its halves, thirds, quarters,
//! `2^62`, `2^61`, `2^32`, small values and a few above `i64::MAX`; a
//! slice is a view, layout and base). The coordinate is each mode's last
//! (the base is the largest the slice can give), or 0 where it has none.
//!
//! A tensor's families: over `usize::MAX` zero-sized elements (any layout
//! whose offsets lie below `usize::MAX` is a tensor's), negative strides
//! (a base past the negative reach), stride-0 modes, empty tensors, and a
//! tensor placed near `i64::MAX` (`at_base`): its base is an engine index,
//! not a core integer, so the view's base is compared as `base - at_base`.

#[macro_use]
mod overflow_sweep;

use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, X, typed};
use overflow_sweep::partition::report;
use overflow_sweep::views::{last, sweep};
use overflow_sweep::{at, zst};

#[test]
fn tensor_slices() {
    let z = zst();
    let counts = report(&[
        sweep("slice((_,b-1), (a,b):(1,a))", |a, b| {
            let op = format!("({a},{b}):(1,{a})");
            let typed = Tensor::new(&z[..], layout!((a, b):(1, a)))
                .and_then(|t| typed::slice(t, (X, last(b))))
                .map(at)
                .map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,{}), {op})", last(b)),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((a-1,_), (a,8):(1,b))", |a, b| {
            let op = format!("({a},8):(1,{b})");
            let typed = Tensor::new(&z[..], layout!((a, 8):(1, b)))
                .and_then(|t| typed::slice(t, (last(a), X)))
                .map(at)
                .map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice(({},_), {op})", last(a)),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((_,1), (a,2):(0,b))", |a, b| {
            let op = format!("({a},2):(0,{b})");
            let typed = Tensor::new(&z[..], layout!((a, 2):(0, b)))
                .and_then(|t| typed::slice(t, (X, 1)))
                .map(at)
                .map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,1), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((a-1,_), (a,2):(b,-1)) at 1", |a, b| {
            // The negative reach is 1: the tensor starts at 1. A signed
            // layout reads `b` past `i64::MAX` as `b - 2^64`.
            let op = format!("({a},2):({},-1)", b as isize);
            let typed = Tensor::at_base(&z[..], layout!((a, 2):(b, -1)), 1)
                .and_then(|t| typed::slice(t, (last(a), X)))
                .map(at)
                .map(|(l, base)| answer!(l, base, 1));
            (
                format!("slice(({},_), {op})", last(a)),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((_,3), (2,4):(a,1)) at b", |a, b| {
            let op = format!("(2,4):({a},1)");
            let typed = Tensor::at_base(&z[..], layout!((2, 4):(a, 1)), b)
                .and_then(|t| typed::slice(t, (X, 3)))
                .map(at)
                .map(|(l, base)| answer!(l, base, b));
            (
                format!("slice((_,3), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((_,1), (a,2):(0,1)) over 64 bytes, at b", |a, b| {
            // A broadcast mode of any extent fits 64 bytes.
            let data = [0u8; 64];
            let op = format!("({a},2):(0,1)");
            let typed = Tensor::at_base(&data[..], layout!((a, 2):(0, 1)), b)
                .and_then(|t| typed::slice(t, (X, 1)))
                .map(at)
                .map(|(l, base)| answer!(l, base, b));
            (
                format!("slice((_,1), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice((1,_), (2,a):(b,1)) at i64::MAX-7", |a, b| {
            let origin = i64::MAX as usize - 7;
            let op = format!("(2,{a}):({b},1)");
            let typed = Tensor::at_base(&z[..], layout!((2, a):(b, 1)), origin)
                .and_then(|t| typed::slice(t, (1, X)))
                .map(at)
                .map(|(l, base)| answer!(l, base, origin));
            (
                format!("slice((1,_), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
    ]);
    assert_eq!(
        counts,
        [
            (306, 0),
            (132, 0),
            (2040, 0),
            (318, 2),
            (2636, 0),
            (251, 0),
            (1886, 0)
        ]
    );
}

#[test]
fn layout_slices() {
    let counts = report(&[
        sweep("layout!(slice((_,j), (a,b):(1,a)))", |a, b| {
            let j = last(b);
            let op = format!("({a},{b}):(1,{a})");
            let typed = layout!(slice((_, j), (a, b):(1, a))).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("layout!(slice((_,j), #l)), l = (a,b):(1,a)", |a, b| {
            let j = last(b);
            let op = format!("({a},{b}):(1,{a})");
            let l = layout!((a, b):(1, a));
            let typed = layout!(slice((_, j), #l)).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("slice_and_offset((i,_), (a,8):(1,b))", |a, b| {
            let i = last(a);
            let op = format!("({a},8):(1,{b})");
            let l = layout!((a, 8):(1, b));
            let typed = typed::slice_and_offset((i, X), &l).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice(({i},_), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("layout!(slice((i,_), (a,2):(b,-1)))", |a, b| {
            let i = last(a);
            // A signed layout reads a run-time stride as signed (as its
            // `crd2idx` does): `b` past `i64::MAX` is `b - 2^64`.
            let op = format!("({a},2):({},-1)", b as isize);
            let typed = layout!(slice((i, _), (a, 2):(b, -1))).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice(({i},_), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
        sweep("layout!(slice((_,1), #l)), l = (a,2):(0,b)", |a, b| {
            let op = format!("({a},2):(0,{b})");
            let l = layout!((a, 2):(0, b));
            let typed = layout!(slice((_, 1), #l)).map(|(l, base)| answer!(l, base, 0));
            (
                format!("slice((_,1), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }),
    ]);
    assert_eq!(counts, [(306, 0), (306, 0), (132, 0), (360, 2), (2040, 0)]);
}

/// A typed tensor's run-time `try_slice` (through the core) against its
/// compile-checked `typed::slice`, the tensor placed anywhere in
/// `usize::MAX` zero-sized elements (`at_base`, past `i64::MAX` too): the
/// same view (layout and base), or both refuse. Kept: the run-time path
/// refuses a view that reaches position `i64::MAX` or past (the core's
/// tensor check is `i64`), where the typed one answers its exact view.
#[test]
fn run_time_slice_at_any_base() {
    let z = zst();
    let (mut wrong, mut answered, mut kept) = (Vec::new(), 0, 0);
    for a in overflow_sweep::values() {
        for b in overflow_sweep::values() {
            let Ok(t) = Tensor::at_base(&z[..], layout!((2, 4):(a, 1)), b) else {
                continue;
            };
            let run_time = t
                .try_slice((X, 3))
                .map(|v| (v.layout().to_string(), v.base()));
            let typed = typed::slice(t, (X, 3)).map(|v| (v.layout().to_string(), v.base(), a));
            match (run_time, typed) {
                (Ok(r), Ok(t)) if r == (t.0.clone(), t.1) => answered += 1,
                (Err(_), Err(_)) => {}
                // The view's last position: its base plus `a` (the kept mode `2:a`).
                (Err(_), Ok((_, base, a))) if base as u128 + a as u128 >= i64::MAX as u128 => {
                    kept += 1
                }
                (r, t) => wrong.push(format!("(2,4):({a},1) at {b}: run-time {r:?}, typed {t:?}")),
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} disagree: {:?}",
        wrong.len(),
        &wrong[..wrong.len().min(4)]
    );
    assert_eq!((answered, kept), (2038, 598));
}
