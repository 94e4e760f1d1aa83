//! Panic freedom: `evaluate` on arbitrary bytes, on soups of the notation's
//! tokens and on grammatical but random calls, and every algebra function on
//! random (often invalid) operands. Debug builds panic on integer overflow,
//! so this also finds unchecked arithmetic. Beyond not panicking, an error
//! must point somewhere in the input, and a value must print as text that
//! evaluates back to it.
//!
//! `cargo test -p layout-core --test fuzz -- --nocapture` prints how many
//! inputs ran; `PROPTEST_CASES=N` runs N of each.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};

use common::{Dice, config, dividing_tiler, rebuild, shape_up_to, small_layout};
use layout_core::{
    FUNCTIONS, IntTuple, Layout, Tiler, Value, blocked_product, coalesce, coalesce_by, complement,
    composition, crd2idx, evaluate, filter, flat_divide, flat_product, flatten, idx2crd,
    left_inverse, logical_divide, logical_product, raked_product, right_inverse, tiled_divide,
    tiled_product, zipped_divide, zipped_product,
};
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

/// Run `check` on `cases` inputs from `strategy`; report how many ran and
/// how many of them `check` found valid (so a generator that only ever
/// produces parse errors shows).
fn fuzz<S: Strategy>(what: &str, cases: u32, strategy: S, check: impl Fn(S::Value) -> bool) {
    let (ran, valid) = (AtomicUsize::new(0), AtomicUsize::new(0));
    let mut runner = TestRunner::new(config(cases));
    let result = runner.run(&strategy, |input| {
        ran.fetch_add(1, Ordering::Relaxed);
        if check(input) {
            valid.fetch_add(1, Ordering::Relaxed);
        }
        Ok(())
    });
    let (ran, valid) = (ran.into_inner(), valid.into_inner());
    eprintln!("fuzz: {ran} {what}, {valid} valid");
    if let Err(e) = result {
        panic!("{what}: {e}");
    }
}

/// Evaluate `src`; an error must have a span inside the input, and a value
/// (other than a table, which is output only) must read back as itself.
/// Whether `src` had a value.
fn evaluate_checked(src: &str) -> bool {
    let value = evaluate(src);
    let valid = value.is_ok();
    match value {
        Err(e) => {
            let span = e
                .span()
                .unwrap_or_else(|| panic!("{src:?}: no span on `{e}`"));
            assert!(
                span.start <= span.end && src.get(span.start..span.end).is_some(),
                "{src:?}: span {span:?} of `{e}` is not in the input"
            );
            assert!(!e.to_string().is_empty());
        }
        Ok(Value::Table(_)) => {}
        Ok(v) => {
            let text = v.to_string();
            assert_eq!(evaluate(&text).as_ref(), Ok(&v), "{src:?} gave {text}");
        }
    }
    valid
}

fn all_functions() -> impl Iterator<Item = &'static str> {
    FUNCTIONS.iter().map(|f| f.name)
}

const NAMES: &[&str] = &[
    "LayoutLeft",
    "LayoutRight",
    "RowMajor",
    "ColumnMajor",
    "Bypass",
    "X",
    "x",
    "foo_1",
];

/// Integers around the places arithmetic breaks.
fn int_text() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => (-3..=9i64).prop_map(|n| n.to_string()),
        1 => prop::sample::select(vec![
            "16", "64", "4294967296", "4611686018427387904", "9223372036854775807",
            "-9223372036854775808", "9223372036854775808", "99999999999999999999",
        ])
        .prop_map(str::to_owned),
        1 => any::<i64>().prop_map(|n| n.to_string()),
    ]
}

fn token() -> impl Strategy<Value = String> {
    let words: Vec<String> = all_functions()
        .chain(NAMES.iter().copied())
        .map(String::from)
        .collect();
    let punct = ["(", ")", "<", ">", ",", ":", "-"]
        .map(String::from)
        .to_vec();
    prop_oneof![
        4 => prop::sample::select(punct),
        2 => int_text(),
        2 => prop::sample::select(words),
        1 => "[a-z_]{1,6}",
    ]
}

/// A random expression that follows the grammar: integers, tuples, layouts
/// (valid or not), tilers and names, nested into calls of any function.
/// Most calls get an argument count the function takes, so evaluation gets
/// past the arity check into the functions themselves.
fn expression() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        3 => int_text(),
        2 => vec(int_text(), 0..=3).prop_map(|v| format!("({})", v.join(","))),
        4 => small_layout().prop_map(|l| l.to_string()),
        2 => (vec(int_text(), 1..=3), vec(int_text(), 1..=3))
            .prop_map(|(s, d)| format!("({}):({})", s.join(","), d.join(","))),
        1 => (int_text(), int_text()).prop_map(|(s, d)| format!("{s}:{d}")),
        1 => prop::sample::select(NAMES).prop_map(str::to_owned),
    ];
    let table: Vec<(&str, usize, usize)> = FUNCTIONS
        .iter()
        .map(|f| (f.name, *f.arity.start(), *f.arity.end()))
        .collect();
    leaf.prop_recursive(4, 24, 4, move |inner| {
        let call = (
            prop::sample::select(table.clone()),
            vec(inner.clone(), 0..=4),
            0..4u8,
        );
        prop_oneof![
            5 => call.prop_map(|((f, min, max), mut args, fit)| {
                if fit > 0 && !args.is_empty() {
                    let n = args.len().clamp(min, max.min(4));
                    args = args.iter().cycle().take(n).cloned().collect();
                }
                format!("{f}({})", args.join(","))
            }),
            1 => vec(inner.clone(), 0..=3).prop_map(|v| format!("<{}>", v.join(","))),
            1 => vec(inner.clone(), 1..=3).prop_map(|v| format!("({})", v.join(","))),
            1 => (inner.clone(), inner).prop_map(|(s, d)| format!("{s}:{d}")),
        ]
    })
}

#[test]
fn arbitrary_bytes() {
    fuzz("byte strings", 10_000, vec(any::<u8>(), 0..64), |bytes| {
        evaluate_checked(&String::from_utf8_lossy(&bytes))
    });
}

#[test]
fn token_soup() {
    let soup = (vec(token(), 0..24), any::<bool>());
    fuzz("token soups", 10_000, soup, |(tokens, spaced)| {
        evaluate_checked(&tokens.join(if spaced { " " } else { "" }))
    });
}

#[test]
fn random_calls() {
    fuzz("random calls", 10_000, expression(), |src| {
        evaluate_checked(&src)
    });
}

/// Valid layouts the laws avoid: extent 0, negative strides, strides up to
/// the edge of `i64`.
fn wild_layout() -> impl Strategy<Value = Layout> {
    // Huge extents: legal in a small layout, and after a 0 extent (the size
    // stays 0) their products may pass i64, which the algebra must survive
    // (coalesce once overflowed there; tests/errors/ pins that case).
    let extent = prop_oneof![
        16 => 1..=6i64,
        2 => Just(0i64),
        2 => 7..=64i64,
        1 => Just(1i64 << 40),
    ];
    let stride = prop_oneof![
        6 => -8..=16i64,
        1 => Just(i64::MIN),
        1 => Just(i64::MAX),
        1 => any::<i64>(),
        1 => Just(1i64 << 40),
    ];
    let shape = extent
        .prop_map(IntTuple::Int)
        .prop_recursive(3, 10, 4, |inner| {
            vec(inner, 0..=4).prop_map(IntTuple::Tuple)
        });
    let shape = prop_oneof![3 => shape, 1 => shape_up_to(64)];
    shape
        .prop_flat_map(move |s| {
            let n = s.leaves().count();
            (Just(s), vec(stride.clone(), n))
        })
        .prop_map(|(s, d)| {
            // Mostly the extreme strides overflow: retry them tamed rather
            // than reject (rejecting stalls long runs).
            let tamed: Vec<i64> = d.iter().map(|d| (*d).clamp(-(1 << 20), 1 << 20)).collect();
            let (d, tamed) = (
                rebuild(&s, &mut d.into_iter()),
                rebuild(&s, &mut tamed.into_iter()),
            );
            Layout::new(s.clone(), d)
                .or_else(|_| Layout::new(s, tamed))
                .unwrap_or_else(|_| Layout::leaf(0, i64::MIN).unwrap())
        })
}

fn wild_tuple() -> impl Strategy<Value = IntTuple> {
    let int = prop_oneof![4 => -4..=16i64, 1 => any::<i64>()];
    int.prop_map(IntTuple::Int)
        .prop_recursive(2, 8, 4, |inner| vec(inner, 0..=4).prop_map(IntTuple::Tuple))
}

fn non_negative(t: &IntTuple) -> IntTuple {
    match t {
        IntTuple::Int(n) => IntTuple::Int(n.checked_abs().unwrap_or(0)),
        IntTuple::Tuple(v) => IntTuple::Tuple(v.iter().map(non_negative).collect()),
    }
}

/// Every algebra function on `a` (and `b`, `t`, `n` where it takes more);
/// whether `a ∘ b` was defined.
fn exercise(a: &Layout, b: &Layout, t: &IntTuple, n: i64, seed: u64) -> bool {
    let mut tilers = vec![
        Tiler::Layout(b.clone()),
        Tiler::try_from(non_negative(t)).expect("non-negative extents"),
        Tiler::ByMode(vec![Tiler::Layout(b.clone()), Tiler::Layout(a.clone())]),
    ];
    // Blocks of an empty domain would multiply past i64 in the helper, and
    // it factors extents by trial division (slow for the huge ones).
    if (1..=1 << 20).contains(&a.size()) {
        tilers.push(dividing_tiler(a, &mut Dice::new(seed)));
    }
    let _ = (coalesce(a), filter(a), flatten(a), coalesce_by(a, t));
    let _ = (right_inverse(a), left_inverse(a));
    for cotarget in [n, a.cosize(), a.size()] {
        let _ = complement(a, cotarget);
    }
    type Binary = fn(&Layout, &Tiler) -> layout_core::Result<Layout>;
    let binary: [Binary; 9] = [
        composition,
        logical_divide,
        zipped_divide,
        tiled_divide,
        flat_divide,
        logical_product,
        zipped_product,
        tiled_product,
        flat_product,
    ];
    for f in binary {
        for tiler in &tilers {
            let _ = f(a, tiler);
        }
    }
    let _ = (blocked_product(a, b), raked_product(a, b));
    for i in [n, n % 64, a.size() - 1, a.size()] {
        let _ = (a.at(i), a.idx2crd(i), idx2crd(&IntTuple::Int(i), t));
    }
    let _ = (
        a.crd2idx(t),
        crd2idx(t, a.shape(), a.stride()),
        idx2crd(t, a.shape()),
    );
    let _ = (a.cosize(), a.offsets().take(256).count());
    composition(a, &tilers[0]).is_ok()
}

#[test]
fn algebra_on_random_operands() {
    let operands = (
        wild_layout(),
        wild_layout(),
        wild_tuple(),
        any::<i64>(),
        any::<u64>(),
    );
    fuzz(
        "algebra operand sets (valid: A∘B defined)",
        4000,
        operands,
        |(a, b, t, n, seed)| exercise(&a, &b, &t, n, seed),
    );
}
