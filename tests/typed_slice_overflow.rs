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
use layout_dsl::tensor::{AsLayout, Engine, Tensor, X, typed};
use overflow_sweep::partition::{Answer, Family, classify, report};

/// `usize::MAX` zero-sized elements (no allocation).
fn zst() -> Vec<()> {
    vec![(); usize::MAX]
}

/// The last coordinate of an extent (0 for an empty one, past it).
fn last(e: usize) -> usize {
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

/// A tensor's layout and base, as a slice's view.
fn at<E: Engine, L: AsLayout + Copy>(t: Tensor<E, L>) -> (L, usize) {
    (*t.layout(), t.base())
}

/// Every pair of values: `f(a, b)` gives the core's call, its operand and
/// the typed answer (or its error's text).
fn sweep(
    call: &'static str,
    f: impl Fn(usize, usize) -> (String, String, Result<Answer, String>),
) -> Family {
    let mut fam = Family {
        call,
        wrong: Vec::new(),
        answered: 0,
        padded: 0,
    };
    for a in overflow_sweep::values() {
        for b in overflow_sweep::values() {
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

/// An identity tensor's partitions, entry by entry: entry `k`'s layout is
/// the integer layout `shape:e_k` (stride 1 in mode `k`, 0 elsewhere), and
/// every partition acts on each alike (src/tensor/typed_identity.rs), so
/// entry `k` of a partition is the core's partition of `shape:e_k`, and
/// its origin (the coordinate of element 0) the core's base. The core's
/// identity layout (`make_identity_layout`, scaled-basis strides) refuses
/// where these integer layouts do (a size past `i64::MAX`).
#[test]
fn identity_partitions() {
    use layout_dsl::typed::C;
    let thr = layout!(type (4,2):(1,4));
    let entry = |k: usize, a: usize, b: usize| match k {
        0 => format!("({a},{b}):(1,0)"),
        _ => format!("({a},{b}):(0,1)"),
    };
    let mut families = Vec::new();
    for k in 0..2 {
        families.push(sweep(
            "identity local_tile(<4,8>, ((a-1)/4,(b-1)/8))",
            |a, b| {
                let op = entry(k, a, b);
                let (i, j) = (last(a) / 4, last(b) / 8);
                let typed = typed::make_identity_tensor((a, b))
                    .local_tile((C::<4>, C::<8>), (i, j))
                    .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
                (
                    format!("local_tile({op}, (4,8), ({i},{j}))"),
                    op,
                    typed.map_err(|e| e.to_string()),
                )
            },
        ));
        families.push(sweep("identity local_tile(<4,2>, ((a-1)/4,0))", |a, b| {
            let op = entry(k, a, b);
            let i = last(a) / 4;
            let typed = typed::make_identity_tensor((a, b))
                .local_tile((C::<4>, C::<2>), (i, 0))
                .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
            (
                format!("local_tile({op}, (4,2), ({i},0))"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
        families.push(sweep("identity local_partition((4,2):(1,4), 3)", |a, b| {
            let op = entry(k, a, b);
            let typed = typed::make_identity_tensor((a, b))
                .local_partition(&thr, 3)
                .map(|t| answer!(t.entry_layouts()[k], t.get((0, 0))[k], 0));
            (
                format!("local_partition({op}, (4,2):(1,4), 3)"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
        families.push(sweep("identity slice((_,b-1))", |a, b| {
            let op = entry(k, a, b);
            let j = last(b);
            let typed = typed::make_identity_tensor((a, b))
                .slice((X, j))
                .map(|t| answer!(t.entry_layouts()[k], t.get((0,))[k], 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
    }
    // A nested shape: one entry per leaf, `((2,a),b)`'s three.
    for k in 0..3 {
        families.push(sweep("identity ((2,a),b) slice((_,b-1))", |a, b| {
            let strides = ["((1,0),0)", "((0,1),0)", "((0,0),1)"][k];
            let op = format!("((2,{a}),{b}):{strides}");
            let j = last(b);
            let typed = typed::make_identity_tensor(((C::<2>, a), b))
                .slice((X, j))
                .map(|t| answer!(t.entry_layouts()[k], t.get(((0, 0),))[k], 0));
            (
                format!("slice((_,{j}), {op})"),
                op,
                typed.map_err(|e| e.to_string()),
            )
        }));
    }
    let counts = report(&families);
    let entry = [(249, 177), (253, 115), (354, 115), (306, 0)];
    let nested = [(192, 0); 3];
    assert_eq!(counts, [&entry[..], &entry[..], &nested[..]].concat());
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
