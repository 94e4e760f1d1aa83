//! What no reviewed compile-fail message (`ui-tests/*/*.stderr`, pinned by
//! `tests/ui.rs`) may show a user: a path through the crate's hidden
//! module (`__private`: a check's trait or type is re-exported in
//! `typed::checks` so that rustc prints its name alone), or rustc's list
//! of "the following other types implement trait …" (the impls of a check
//! are `#[diagnostic::do_not_recommend]`; the message says what fits). A
//! new ui case that shows either fails here with the file and the line.
//!
//! And how much each message makes a person read (issue 13 §5, counted by
//! `python3 scripts/ui_message_counts.py`, which prints the same figures):
//! no message over [`LONG`] characters, and no more `help` lines or
//! rustc's "required by a bound" notes than [`HELP_LINES`] and
//! [`BOUND_NOTES`], the counts when they were last brought down. Each of
//! those left is rustc's, of a bound a public function or method names
//! (ARCHITECTURE.md, "One mistake, one message"). A change that adds one
//! fails here with the lines; one that removes some should lower the limit.

use std::fs;
use std::path::PathBuf;

/// The longest message (the text after `error: ` or `error[EXXXX]: `).
const LONG: usize = 250;
/// The `help:` and `= help:` lines left (rustc's conversion hint, and its
/// trait sentences too long for a label: `gemm`'s, `Compose`'s of an
/// `isize` layout, an identity layout's).
const HELP_LINES: usize = 4;
/// rustc's "note: required by a bound in …" left: bounds of public
/// functions and methods a user calls directly, and a user's own (26 since
/// the twenty-first session: `Layout::into_core` of a layout with a
/// run-time leaf, and `composition` of a tensor with a negative stride,
/// whose bounds are the point of those methods).
const BOUND_NOTES: usize = 26;

/// Every reviewed `.stderr` under `ui-tests/<category>/`.
fn stderr_files() -> Vec<PathBuf> {
    let mut files = Vec::new();
    for category in fs::read_dir("ui-tests").unwrap() {
        let category = category.unwrap().path();
        if !category.is_dir() {
            continue;
        }
        for file in fs::read_dir(&category).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_some_and(|e| e == "stderr") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

#[test]
fn ui_messages_are_short_with_few_help_lines_and_bound_notes() {
    let (mut long, mut help, mut notes) = (Vec::new(), Vec::new(), Vec::new());
    for path in stderr_files() {
        let text = fs::read_to_string(&path).unwrap();
        for (n, line) in text.lines().enumerate() {
            let at = format!("{}:{}: {line}", path.display(), n + 1);
            if let Some(rest) = line.strip_prefix("error") {
                // `error: …` or `error[E0277]: …`.
                let message = rest.split_once(": ").map_or(rest, |(_, m)| m);
                if message.chars().count() > LONG {
                    long.push(at);
                }
            } else if line
                .trim_start()
                .trim_start_matches("= ")
                .starts_with("help:")
            {
                help.push(at);
            } else if line.starts_with("note: required by a bound") {
                notes.push(at);
            }
        }
    }
    assert!(
        long.is_empty(),
        "messages over {LONG} characters:\n{}",
        long.join("\n")
    );
    assert!(
        help.len() <= HELP_LINES,
        "{} help lines, at most {HELP_LINES}:\n{}",
        help.len(),
        help.join("\n")
    );
    assert!(
        notes.len() <= BOUND_NOTES,
        "{} bound notes, at most {BOUND_NOTES}:\n{}",
        notes.len(),
        notes.join("\n")
    );
}

#[test]
fn no_ui_message_shows_a_private_path_or_a_list_of_impls() {
    let mut found = Vec::new();
    let mut files = 0;
    for category in fs::read_dir("ui-tests").unwrap() {
        let category = category.unwrap().path();
        if !category.is_dir() {
            continue;
        }
        for file in fs::read_dir(&category).unwrap() {
            let path = file.unwrap().path();
            if path.extension().is_none_or(|e| e != "stderr") {
                continue;
            }
            files += 1;
            let text = fs::read_to_string(&path).unwrap();
            for (n, line) in text.lines().enumerate() {
                if line.contains("__private")
                    || line.contains("the following other types implement")
                {
                    found.push(format!("{}:{}: {line}", path.display(), n + 1));
                }
            }
        }
    }
    assert!(files > 100, "only {files} .stderr files under ui-tests");
    assert!(found.is_empty(), "{}", found.join("\n"));
}
