//! The registry's typed forms checked by what the macro does with them,
//! not against a list: every function's golden calls (CuTe's answers, in
//! `layout-core/tests/golden/`) are given a dynamic leaf (an integer `N`
//! written `{N}`, one at a time) and expanded.
//!
//! - A function with a typed form must have such a call that expands with
//!   no run-time call into the core; those calls are written to
//!   `tests/typed_forms_vs_core/` (root; `main.rs` the checks, `samples.rs`
//!   the rows), where each expansion runs and
//!   must give the core's value of the static text. A wrong form in the
//!   table (a divide grouped in another form, `size` for `cosize`, `Tile`
//!   for `Outer`, a form on a function the shell does not type) gives
//!   another value there, or no typed expansion here.
//! - A function whose form is `RunTime` must go through the run-time path
//!   with every such call (or be a compile error, e.g. a static-only one).
//! - The functions with a typed form are locked by `EXPECTED_TYPED`: one
//!   set to `RunTime` by mistake fails here, naming it (checked by setting
//!   `complement` to `RunTime`), not only by the generated test going stale.
//! - The value check compares top-level modes one for one (only
//!   `coalesce` may group several typed modes into one of the core's): a
//!   `zipped_divide` typed in the tiled form fails it (checked).
//!
//! After changing the golden data, the registry or the macro:
//!
//! ```sh
//! BLESS=1 cargo test -p layout-macros --test expand typed_forms && cargo test --test typed_forms_vs_core
//! ```

use std::collections::BTreeMap;
use std::fmt::Write as _;

use layout_core::registry::TypedForm;
use layout_core::{FUNCTIONS, Value, evaluate};
use proc_macro2::TokenStream;

use super::expand;

#[path = "typed_forms_template.rs"]
mod template;
use template::{FOOTER, HEADER, SAMPLES_HEADER};

/// The generated test's two files, relative to this crate: the checks, and
/// the rows that call them.
const GENERATED: [&str; 2] = [
    "../tests/typed_forms_vs_core/main.rs",
    "../tests/typed_forms_vs_core/samples.rs",
];
/// Typed samples kept per function (from distinct golden rows).
const PER_FUNCTION: usize = 3;
/// Golden rows tried per function before giving up.
const ROWS_TRIED: usize = usize::MAX;

/// The expansion's text, as tokens print.
pub(super) fn expanded(input: &str) -> Option<String> {
    let tokens: TokenStream = input.parse().ok()?;
    Some(expand::expand(tokens).to_string())
}

/// How an input expanded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Path {
    /// Typed code: no call into the core at run time.
    Typed,
    /// A call into the core at run time.
    RunTime,
    /// `compile_error!`.
    Error,
}

pub(super) fn path(input: &str) -> Path {
    match expanded(input) {
        None => Path::Error,
        Some(out) if out.contains("compile_error") => Path::Error,
        Some(out) if out.contains(":: rt ::") => Path::RunTime,
        Some(_) => Path::Typed,
    }
}

/// The golden expressions (text as written), by the function called at the
/// top, each with the core's value.
fn golden() -> BTreeMap<String, Vec<(String, Value)>> {
    let mut paths: Vec<_> = std::fs::read_dir("../layout-core/tests/golden")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    paths.sort();
    let mut by_function: BTreeMap<String, Vec<(String, Value)>> = BTreeMap::new();
    for path in paths {
        for line in std::fs::read_to_string(path).unwrap().lines() {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            let expr = row["expr"].as_str().unwrap();
            let expr = expr.split_whitespace().collect::<Vec<_>>().join(" ");
            let Some(open) = expr.find('(') else { continue };
            let name = expr[..open].trim();
            if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_') {
                continue;
            }
            let Ok(value) = evaluate(&expr) else { continue };
            let rows = by_function.entry(name.to_owned()).or_default();
            if !rows.iter().any(|(e, _)| *e == expr) {
                rows.push((expr, value));
            }
        }
    }
    by_function
}

/// `expr`, and if its second argument is a tuple of integers `(A, B)`, the
/// same call by the tiler `<A, B>` (the typed divides take only the latter;
/// the core's value of each text is what the generated test checks).
pub(super) fn spellings(expr: &str) -> Vec<String> {
    let mut out = vec![expr.to_owned()];
    let Some(open) = expr.find('(') else {
        return out;
    };
    let (mut depth, mut commas) = (0, Vec::new());
    for (i, c) in expr.char_indices().skip(open) {
        match c {
            '(' | '<' => depth += 1,
            ')' | '>' => depth -= 1,
            ',' if depth == 1 => commas.push(i),
            _ => {}
        }
    }
    let Some(&first) = commas.first() else {
        return out;
    };
    let end = commas.get(1).copied().unwrap_or(expr.len() - 1);
    let arg = expr[first + 1..end].trim();
    let inner = arg.strip_prefix('(').and_then(|a| a.strip_suffix(')'));
    if let Some(inner) = inner.filter(|i| !i.contains([':', '(', '<', '_', 'X'])) {
        out.push(format!("{} <{inner}>{}", &expr[..=first], &expr[end..]));
    }
    out
}

/// The registry's own example, for a function with no golden call.
fn example(name: &str) -> Vec<(String, Value)> {
    let f = layout_core::function(name).unwrap();
    vec![(f.example.to_owned(), evaluate(f.example).unwrap())]
}

/// The byte ranges of the integer literals a dynamic leaf may replace: not
/// part of a name, a negative number, a scaled basis (`1@0`) or `Sw<…>`.
pub(super) fn integers(expr: &str) -> Vec<(usize, usize)> {
    let b = expr.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut in_swizzle) = (0, false);
    while i < b.len() {
        if expr[i..].starts_with("Sw<") {
            in_swizzle = true;
        }
        if in_swizzle && b[i] == b'>' {
            in_swizzle = false;
        }
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let before = expr[..start].trim_end().bytes().last();
            let after = expr[i..].trim_start().bytes().next();
            let named = start > 0 && (b[start - 1].is_ascii_alphanumeric() || b[start - 1] == b'_');
            let signed = before == Some(b'-');
            let basis = before == Some(b'@') || after == Some(b'@');
            if !(named || signed || basis || in_swizzle) {
                out.push((start, i));
            }
            continue;
        }
        i += 1;
    }
    out
}

/// `expr` with the integer at `range` written as a dynamic leaf `{N}`.
pub(super) fn with_dynamic(expr: &str, (start, end): (usize, usize)) -> String {
    format!(
        "{}{{{}}}{}",
        &expr[..start],
        &expr[start..end],
        &expr[end..]
    )
}

/// Each single-leaf dynamic variant of `expr`, with and without `type`,
/// and how it expands.
fn variants(expr: &str) -> impl Iterator<Item = (String, Path)> + '_ {
    integers(expr).into_iter().flat_map(move |range| {
        let plain = with_dynamic(expr, range);
        let typed = format!("type {plain}");
        [plain, typed].map(|v| {
            let p = path(&v);
            (v, p)
        })
    })
}

/// Which check of the generated test a core value takes, if one.
fn check_for(value: &Value) -> Option<&'static str> {
    match value {
        Value::IntTuple(layout_core::IntTuple::Int(_)) => Some("int"),
        Value::IntTuple(_) => Some("tuple"),
        Value::Layout(_) => Some("layout"),
        Value::View(_) => Some("view"),
        Value::Composed(_) => Some("composed"),
        _ => None,
    }
}

/// For each function with a typed form, up to [`PER_FUNCTION`] golden calls
/// with a dynamic leaf that expand to typed code: `(function, check,
/// static text, dynamic input)`.
fn typed_samples(golden: &BTreeMap<String, Vec<(String, Value)>>) -> Vec<[String; 4]> {
    let mut samples = Vec::new();
    let mut missing = Vec::new();
    for f in FUNCTIONS.iter().filter(|f| f.typed != TypedForm::RunTime) {
        let mut rows = golden
            .get(f.name)
            .cloned()
            .unwrap_or_else(|| example(f.name));
        // The calls with the most leaves first (stable): more modes that a
        // form merges, groups or keeps, so that another form would differ.
        rows.sort_by_key(|(expr, _)| std::cmp::Reverse(integers(expr).len()));
        let mut found = 0;
        for (golden, _) in rows.iter().take(ROWS_TRIED) {
            // The first and the last leaf that types: a leaf early in the
            // layout keeps modes apart that a later static one lets merge.
            let typed = spellings(golden).into_iter().find_map(|expr| {
                let check = check_for(&evaluate(&expr).ok()?)?;
                let mut typed = variants(&expr).filter(|(_, p)| *p == Path::Typed);
                let (first, _) = typed.next()?;
                let last = typed.last().map(|(v, _)| v);
                Some((check, expr, first, last))
            });
            if let Some((check, expr, first, last)) = typed {
                for input in [Some(first), last].into_iter().flatten() {
                    samples.push([f.name.to_owned(), check.to_owned(), expr.clone(), input]);
                }
                found += 1;
                if found == PER_FUNCTION {
                    break;
                }
            }
        }
        if found == 0 {
            missing.push(f.name);
        }
    }
    assert!(
        missing.is_empty(),
        "these functions have a typed form, but none of their golden calls with a dynamic leaf expands without a run-time call: {missing:?}"
    );
    samples
}

/// The functions with a typed form, written here a second time on purpose
/// (the registry is the one place that decides; this list only locks it):
/// a function set to `RunTime` by mistake would otherwise lose its samples
/// from the generated test, which a re-bless accepts. Change both together.
const EXPECTED_TYPED: &[&str] = &[
    "size",
    "cosize",
    "rank",
    "depth",
    "coalesce",
    "flatten",
    "right_inverse",
    "left_inverse",
    "complement",
    "composition",
    "logical_divide",
    "zipped_divide",
    "tiled_divide",
    "flat_divide",
    "logical_product",
    "zipped_product",
    "tiled_product",
    "flat_product",
    "blocked_product",
    "raked_product",
    "crd2idx",
    "idx2crd",
    "coshape",
    "product_each",
    "shape_div",
    "ceil_div",
    "filter_zeros",
    "make_ordered_layout",
    "make_layout_like",
    "make_fragment_like",
    "make_layout",
    "tile_to_shape",
    "local_tile",
    "local_partition",
    "inner_partition",
    "outer_partition",
    "make_composed_layout",
    "slice",
    "dice",
];

#[test]
fn the_registry_types_the_expected_functions() {
    for name in EXPECTED_TYPED {
        let f =
            layout_core::function(name).unwrap_or_else(|| panic!("{name}: not in the registry"));
        assert_ne!(
            f.typed,
            TypedForm::RunTime,
            "{name} has no typed form in the registry, but EXPECTED_TYPED lists it"
        );
    }
    for f in FUNCTIONS.iter().filter(|f| f.typed != TypedForm::RunTime) {
        assert!(
            EXPECTED_TYPED.contains(&f.name),
            "{} has a typed form in the registry, but EXPECTED_TYPED does not list it",
            f.name
        );
    }
}

#[test]
fn a_run_time_function_goes_through_the_core_with_a_dynamic_leaf() {
    let golden = golden();
    let mut checked = 0;
    for f in FUNCTIONS.iter().filter(|f| f.typed == TypedForm::RunTime) {
        let rows = golden
            .get(f.name)
            .cloned()
            .unwrap_or_else(|| example(f.name));
        for (expr, _) in rows.iter().take(3) {
            for (input, p) in variants(expr) {
                assert_ne!(
                    p,
                    Path::Typed,
                    "{} has no typed form, but `{input}` expands to typed code",
                    f.name
                );
                checked += usize::from(p == Path::RunTime);
            }
        }
    }
    assert!(checked > 100, "only {checked} run-time expansions checked");
}

/// The generated test's files, as [`GENERATED`] names them.
fn generate() -> [String; 2] {
    let samples = typed_samples(&golden());
    let main = format!("{HEADER}{FOOTER}");
    let mut out = String::from(SAMPLES_HEADER);
    out.push_str("\n#[rustfmt::skip]\n#[test]\nfn each_typed_form_gives_the_cores_value() {\n");
    for [function, check, expr, input] in &samples {
        writeln!(out, "    check_{check}!({function:?}, {expr:?}, {input});").unwrap();
    }
    out.push_str("    // Each function's typed code answered at least one of its samples.\n");
    out.push_str(
        "    let answered: Vec<&str> = ANSWERED.lock().unwrap().iter().copied().collect();\n",
    );
    out.push_str("    let mut sampled = SAMPLED.to_vec();\n    sampled.sort_unstable();\n");
    out.push_str("    assert_eq!(answered, sampled);\n    check_refusals();\n");
    out.push_str("}\n\n/// The functions sampled above: every one with a typed form.\n");
    writeln!(
        out,
        "#[rustfmt::skip]\npub(crate) const SAMPLED: &[&str] = &["
    )
    .unwrap();
    let mut names: Vec<&str> = samples.iter().map(|s| s[0].as_str()).collect();
    names.dedup();
    for name in names {
        writeln!(out, "    {name:?},").unwrap();
    }
    out.push_str("];\n");
    [main, out]
}

#[test]
fn each_typed_form_has_a_sample_and_the_generated_test_is_up_to_date() {
    for (path, fresh) in GENERATED.iter().zip(generate()) {
        if std::env::var_os("BLESS").is_some() {
            std::fs::create_dir_all("../tests/typed_forms_vs_core").unwrap();
            std::fs::write(path, &fresh).unwrap();
            continue;
        }
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == fresh,
            "{path} is stale: BLESS=1 cargo test -p layout-macros --test expand typed_forms"
        );
    }
}
