//! The files the documentation pages and README name in code exist: a path
//! under one of the workspace's trees (`tests/typed_threads.rs`,
//! `ui-tests/slice/`) or a bare file name (`tile_wrong_rank.rs`, after a
//! path that names its directory).

use std::collections::HashSet;
use std::path::Path;

use super::{code_spans, pages_in, root};

/// The directories of the workspace a page's code spans name files under.
const TREES: [&str; 11] = [
    "tests",
    "ui-tests",
    "benches",
    "examples",
    "src",
    "layout-core",
    "layout-macros",
    "layout-cli",
    "scripts",
    "fuzz",
    "docs",
];

/// The extensions of the bare file names a page names (`tile_wrong_rank.rs`
/// after `ui-tests/tensor/slice_wrong_rank.rs`).
const NAMED_EXTENSIONS: [&str; 7] = ["rs", "jsonl", "txt", "tsv", "sh", "py", "snap"];

/// Every file name under [`TREES`], build output (`target/`) aside.
fn file_names() -> HashSet<String> {
    fn walk(dir: &Path, out: &mut HashSet<String>) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        for e in entries.flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            let path = e.path();
            if path.is_dir() {
                if name != "target" && !name.starts_with('.') {
                    walk(&path, out);
                }
            } else {
                out.insert(name);
            }
        }
    }
    let mut out = HashSet::new();
    for tree in TREES {
        walk(&root().join(tree), &mut out);
    }
    out
}

/// The files `text`'s code spans name that do not exist: a path under one
/// of [`TREES`] (from the workspace root; a glob skipped), or a bare file
/// name no file under them has.
fn missing_files(text: &str, names: &HashSet<String>) -> Vec<String> {
    let mut out = Vec::new();
    for span in code_spans(text) {
        let tokens = span.split(|c: char| !(c.is_ascii_alphanumeric() || "_./-*".contains(c)));
        for token in tokens.map(|t| t.trim_end_matches('.')) {
            if token.contains('*') {
                continue;
            }
            let under_tree = TREES.iter().any(|t| {
                token
                    .strip_prefix(t)
                    .is_some_and(|rest| rest.starts_with('/'))
            });
            if under_tree {
                if !root().join(token).exists() {
                    out.push(token.to_owned());
                }
            } else if let Some((stem, ext)) = token.rsplit_once('.') {
                let bare =
                    !stem.is_empty() && stem.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
                if bare && NAMED_EXTENSIONS.contains(&ext) && !names.contains(token) {
                    out.push(token.to_owned());
                }
            }
        }
    }
    out
}

/// The test files, golden files and sources the documentation pages and
/// README name exist, so that a renamed test or a moved golden file does
/// not leave a page pointing at nothing.
#[test]
fn every_file_a_page_names_exists() {
    let names = file_names();
    assert!(
        names.contains("from_cute_doc.rs") && names.len() > 300,
        "{}",
        names.len()
    );
    let mut pages = pages_in("docs");
    pages.extend(pages_in("docs/typed"));
    pages.push("README.md".into());
    let mut bad = Vec::new();
    for page in &pages {
        let text = std::fs::read_to_string(root().join(page)).unwrap();
        let missing = missing_files(&text, &names);
        bad.extend(missing.iter().map(|m| format!("{}: {m}", page.display())));
    }
    assert!(
        bad.is_empty(),
        "files named but absent:\n{}",
        bad.join("\n")
    );
}

#[test]
fn a_missing_file_is_found() {
    let names: HashSet<String> = ["tile_wrong_rank.rs"].map(String::from).into();
    let page = "Held by `tests/from_cute_doc.rs`, `tests/no_such_test.rs` and\n\
                `ui-tests/tensor/` (`tile_wrong_rank.rs`, `gone_wrong_rank.rs`);\n\
                `s.to_string()`, `tests/typed_sweep_*.rs` and `x.len()` are not files.\n";
    assert_eq!(
        missing_files(page, &names),
        ["tests/no_such_test.rs", "gone_wrong_rank.rs"]
    );
}
