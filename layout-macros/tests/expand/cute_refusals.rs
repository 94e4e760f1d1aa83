//! CuTe C++'s own answer to each call the typed door refused while
//! compiling in the dynamic-leaf sweep (`typed_sweep.rs`, 2026-11-27: the
//! 1,581 variants `SWEEP_LIST=all` listed), so that the gap issue 13 §2
//! names is measured against CuTe rather than guessed.
//!
//! `tests/golden/cute_dynamic_refusals.jsonl` (root) is CUTLASS's output: a
//! host program outside the repository
//! (`/work/notes/harness-sweepcls/`, g++ 12 `-std=c++17`) built each
//! variant with `Int<N>{}` for a static leaf and an `int` for the `{N}`
//! leaf, called the CuTe function and printed the result. A row's
//! `outcome` is `error` (the call does not compile: `cute` is the first
//! `static_assert` text, or the first error when none fired, with the
//! variant compiled alone), `fault` (it compiles but the program dies at
//! run time: a dynamic stride 0 divided by) or `print` (`cute` is CuTe's
//! print, `_N` static). Its `class` says what CuTe's answer is to the
//! core's layout of the static text, the value the run-time door computes:
//! `does_not_compile`, `run_time_fault`, `core` (the same size and offset
//! at every index) or `other` (not the core's layout: CuTe's dynamic
//! composition is not `A∘B`, or its `right_inverse` is a shorter one).
//!
//! Checked here: every row is still refused by `layout!(type …)` while
//! compiling or now typed (never sent through the core), and each class
//! still holds, so a change in the core that parts from CuTe on these
//! fails. Counts by function and class are printed (`--nocapture`), and
//! the gap left: the rows CuTe answers with the core's layout that `type`
//! still refuses, by function (each row too with `GAP_LIST=1`; with its
//! first `compile_error!` message, `GAP_LIST=why`). The
//! rows now typed are written to `tests/typed_cute_refusals.rs` (root,
//! committed; `BLESS=1` rewrites it, else it must be up to date), one
//! module a family of functions under `tests/typed_cute_refusals/`, where
//! each runs and must be the core's layout at every index (or refuse at
//! run time), with CuTe's static leaves where CuTe answers the core's
//! layout:
//!
//! ```sh
//! BLESS=1 cargo test -p layout-macros --test expand cute_refusals && cargo test --test typed_cute_refusals
//! ```

use std::collections::BTreeMap;

use layout_core::{Layout, Value, evaluate};

use super::typed_forms::{Path, expanded, path};

/// CuTe's outcomes, one JSON object a line.
const GOLDEN: &str = "../tests/golden/cute_dynamic_refusals.jsonl";
/// The generated test of the rows the macro now types.
const GENERATED: &str = "../tests/typed_cute_refusals.rs";
/// The generated test's modules, one a family of functions: the module's
/// name and the functions whose rows it holds (the last takes the rest).
const FAMILIES: [(&str, &[&str]); 4] = [
    ("composition", &["composition"]),
    (
        "products",
        &[
            "blocked_product",
            "flat_product",
            "logical_product",
            "raked_product",
            "tiled_product",
            "zipped_product",
        ],
    ),
    ("right_inverse", &["right_inverse"]),
    ("other", &[]),
];

/// One golden row.
struct Row {
    variant: String,
    outcome: String,
    cute: String,
    class: String,
}

fn rows() -> Vec<Row> {
    let text = std::fs::read_to_string(GOLDEN).unwrap();
    let field = |row: &serde_json::Value, k: &str| row[k].as_str().unwrap().to_owned();
    text.lines()
        .map(|line| {
            let row: serde_json::Value = serde_json::from_str(line).unwrap();
            Row {
                variant: field(&row, "variant"),
                outcome: field(&row, "outcome"),
                cute: field(&row, "cute"),
                class: field(&row, "class"),
            }
        })
        .collect()
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

fn layout(text: &str) -> Layout {
    match evaluate(text) {
        Ok(Value::Layout(l)) => l,
        other => panic!("`{text}`: not a layout: {other:?}"),
    }
}

/// Whether CuTe's print is the core's layout of the variant's static text
/// as a function: `core`, or `other`.
fn class_of(variant: &str, cute: &str) -> &'static str {
    let core = layout(&variant.replace(['{', '}'], ""));
    // CuTe writes a static integer `_N`; the notation has no such mark.
    let cute = layout(&cute.replace('_', ""));
    if offsets(&cute) == offsets(&core) {
        "core"
    } else {
        "other"
    }
}

#[test]
fn cute_answers_the_typed_doors_compile_time_refusals_as_recorded() {
    let rows = rows();
    assert!(rows.len() > 1_000, "only {} rows", rows.len());
    let mut counts: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut typed: BTreeMap<String, usize> = BTreeMap::new();
    let mut seen = std::collections::BTreeSet::new();
    let mut moved = Vec::new();
    let mut now_typed = Vec::new();
    let mut gap: BTreeMap<String, usize> = BTreeMap::new();
    for row in &rows {
        let v = &row.variant;
        assert!(seen.insert(v.clone()), "`{v}` twice");
        assert!(v.contains('{'), "`{v}`: no dynamic leaf");
        let name = &v[..v.find('(').unwrap()];
        let want = match row.outcome.as_str() {
            "error" => "does_not_compile",
            "fault" => "run_time_fault",
            "print" => class_of(v, &row.cute),
            o => panic!("`{v}`: unknown outcome {o}"),
        };
        if row.class != want {
            moved.push(format!(
                "{v}\t{want}\t(recorded {}, CuTe {})",
                row.class, row.cute
            ));
        }
        match path(&format!("type {v}")) {
            // The gap that is left: CuTe answers the core's layout, `type` refuses.
            Path::Error if want == "core" => {
                *gap.entry(name.to_owned()).or_default() += 1;
                match std::env::var("GAP_LIST").as_deref() {
                    Ok("why") => println!("gap\t{v}\t{}\t{}", row.cute, why(v)),
                    Ok(_) => println!("gap\t{v}\t{}", row.cute),
                    Err(_) => {}
                }
            }
            Path::Error => {}
            Path::Typed => {
                *typed.entry(name.to_owned()).or_default() += 1;
                now_typed.push(row);
            }
            Path::RunTime => panic!("`type {v}` went through the core"),
        }
        *counts
            .entry((name.to_owned(), want.to_owned()))
            .or_default() += 1;
    }
    println!("by function and class: {counts:?}");
    println!("now typed by the macro: {typed:?}");
    println!("CuTe answers the core's layout, still refused while compiling: {gap:?}");
    assert!(moved.is_empty(), "classes moved:\n{}", moved.join("\n"));
    let bless = std::env::var("BLESS").is_ok_and(|b| b == "1");
    for (file, text) in generate(&now_typed) {
        if bless {
            std::fs::create_dir_all(std::path::Path::new(&file).parent().unwrap()).unwrap();
            std::fs::write(&file, &text).unwrap();
        }
        let committed = std::fs::read_to_string(&file).unwrap_or_default();
        assert!(committed == text, "{file} is stale: BLESS=1 (module doc)");
    }
}

/// The first `compile_error!` message of `type v`'s expansion
/// (`GAP_LIST=why`: why a gap row is refused).
fn why(v: &str) -> String {
    let out = expanded(&format!("type {v}")).unwrap_or_default();
    let Some(at) = out.find("compile_error") else {
        return "no expansion".to_owned();
    };
    let text = &out[at..];
    let end = text.find("\" }").unwrap_or(text.len());
    text[..end].to_owned()
}

/// The top of the generated test: the check each row calls.
const HEADER: &str = r#"//! @generated by layout-macros/tests/expand/cute_refusals.rs from
//! tests/golden/cute_dynamic_refusals.jsonl (CuTe C++'s answers to the
//! dynamic-leaf calls `layout!(type …)` refused while compiling): the rows
//! the macro now types. Each must be the core's layout of the static text
//! at every index, or refuse at run time; where CuTe answers the core's
//! layout, the counts say whether its static leaves are CuTe's (issue 13
//! §2). Regenerate: see that file.

#[path = "cute_print/form.rs"]
mod cute_print_form;

use std::fmt::Display;

use cute_print_form::{cute_form, form};
use layout_dsl::__private::{Layout as Typed, Mode, Tree};
use layout_dsl::{Layout, Value, evaluate};

/// A typed result, or the error it refused with.
trait Settle<T> {
    fn settle(self) -> Result<T, String>;
}

impl<T, E: Display> Settle<T> for Result<T, E> {
    fn settle(self) -> Result<T, String> {
        self.map_err(|e| e.to_string())
    }
}

impl<S, D> Settle<Typed<S, D>> for Typed<S, D> {
    fn settle(self) -> Result<Self, String> {
        Ok(self)
    }
}

fn offsets(l: &Layout) -> Vec<i64> {
    (0..l.size()).map(|i| l.at(i).unwrap()).collect()
}

/// `got` against the core's layout of `text` (the same offset at every
/// index, or `refused` at run time) and, where CuTe answers that layout
/// (class `core`), whether its static leaves are CuTe's (`cute`).
fn check<S: Mode<D>, D: Tree>(
    text: &str,
    cute: &str,
    class: &str,
    got: impl Settle<Typed<S, D>>,
) -> &'static str {
    let Ok(Value::Layout(want)) = evaluate(text) else {
        panic!("{text}: not a layout")
    };
    let got = match got.settle() {
        Err(e) => {
            println!("{text}: refused: {e}");
            return "refused";
        }
        Ok(got) => got,
    };
    let typed = got.to_core().unwrap();
    assert_eq!(
        offsets(&typed),
        offsets(&want),
        "{text}: typed {typed}, core {want}"
    );
    match class {
        "core" if form(&got) == cute_form(cute) => "cute",
        // A gap, not a wrong answer: the leaves CuTe keeps static are not
        // all static here (the value methods' nesting), printed to see.
        "core" => {
            println!("{text}: typed {typed} (static {}), CuTe {cute}", form(&got));
            "core, not CuTe's static leaves"
        }
        _ => "core, CuTe's answer another",
    }
}
"#;

/// The family module (of [`FAMILIES`]) that holds the rows of `function`.
fn family(function: &str) -> &'static str {
    let held = FAMILIES.iter().find(|(_, fs)| fs.contains(&function));
    held.map_or(FAMILIES[FAMILIES.len() - 1].0, |(name, _)| name)
}

/// The generated test's files, each `(path, text)`: the test, which
/// counts the classes of every family's rows, then one module a family,
/// one `check` a row the macro now types.
fn generate(rows: &[&Row]) -> Vec<(String, String)> {
    use std::fmt::Write as _;
    let mut out = String::from(HEADER);
    for (name, _) in FAMILIES {
        writeln!(
            out,
            "\n#[path = \"typed_cute_refusals/{name}.rs\"]\nmod {name};"
        )
        .unwrap();
    }
    out.push_str(
        "\n#[rustfmt::skip]\n#[test]\nfn the_typed_door_is_the_core_with_cutes_static_leaves() {\n",
    );
    let families: Vec<String> = FAMILIES
        .iter()
        .map(|(name, _)| format!("{name}::classes()"))
        .collect();
    writeln!(out, "    let classes = [{}].concat();", families.join(", ")).unwrap();
    writeln!(out, "    assert_eq!(classes.len(), {});", rows.len()).unwrap();
    out.push_str("    let mut counts = std::collections::BTreeMap::new();\n");
    out.push_str("    for c in classes {\n        *counts.entry(c).or_insert(0) += 1;\n    }\n");
    out.push_str("    println!(\"{counts:?}\");\n}\n");
    let mut files = vec![(GENERATED.to_owned(), out)];
    for (name, _) in FAMILIES {
        let mut out = format!(
            "//! @generated by layout-macros/tests/expand/cute_refusals.rs: the\n\
             //! rows of typed_cute_refusals.rs ({name}).\n\n\
             use layout_dsl::layout;\n\nuse super::check;\n\n\
             /// Each row's class (`check`).\n#[rustfmt::skip]\n\
             pub fn classes() -> Vec<&'static str> {{\n    vec![\n"
        );
        let held = rows
            .iter()
            .filter(|r| family(&r.variant[..r.variant.find('(').unwrap()]) == name);
        for row in held {
            let text = row.variant.replace(['{', '}'], "");
            let (cute, class, v) = (&row.cute, &row.class, &row.variant);
            writeln!(
                out,
                "        check({text:?}, {cute:?}, {class:?}, layout!(type {v})),"
            )
            .unwrap();
        }
        out.push_str("    ]\n}\n");
        files.push((GENERATED.replace(".rs", &format!("/{name}.rs")), out));
    }
    files
}
