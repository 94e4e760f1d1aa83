//! The documentation's links, resolved: every relative link of the pages
//! under `docs/` and of README.md, ARCHITECTURE.md and BENCHMARKS.md names a
//! file that exists and, after `#`, a heading of that file (GitHub's anchor
//! of it), so that a section moved between pages, or renamed, fails here
//! rather than on the reader's click. Links inside code are not links and
//! are skipped; absolute URLs are not fetched. The files the pages and
//! README name in code (`tests/…`, `gemm_wrong_rank.rs`) exist.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

#[path = "doc_link_files.rs"]
mod files;

/// The workspace root, where the pages' paths start.
fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// GitHub's anchor of a heading: lower case, letters, digits, `_` and `-`
/// kept, each space a `-`, everything else (backticks, commas, `'`, `…`)
/// dropped.
fn slug(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '_' || c == '-' => Some(c),
            _ => None,
        })
        .collect()
}

/// `text` outside fenced blocks, one line per line (a fenced line empty).
fn unfenced(text: &str) -> Vec<&str> {
    let mut fence = false;
    text.lines()
        .map(|l| {
            if l.trim_start().starts_with("```") {
                fence = !fence;
                ""
            } else if fence {
                ""
            } else {
                l
            }
        })
        .collect()
}

/// `text` with fenced blocks and code spans removed. A code span may run
/// over a line break, so the spans are matched over the whole text: a run
/// of n backticks opens one, and only a run of n closes it (`` ` ```rust ` ``
/// is one span).
fn prose(text: &str) -> String {
    let text = unfenced(text).join("\n");
    let mut out = String::new();
    let mut open = 0;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '`' {
            if open == 0 {
                out.push(c);
            }
            continue;
        }
        let mut run = 1;
        while chars.next_if_eq(&'`').is_some() {
            run += 1;
        }
        open = match open {
            0 => run,
            n if n == run => 0,
            n => n,
        };
    }
    out
}

/// The code spans of `text` outside fenced blocks, matched as in [`prose`].
fn code_spans(text: &str) -> Vec<String> {
    let text = unfenced(text).join("\n");
    let mut out = Vec::new();
    let mut open = 0;
    let mut span = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '`' {
            if open > 0 {
                span.push(c);
            }
            continue;
        }
        let mut run = 1;
        while chars.next_if_eq(&'`').is_some() {
            run += 1;
        }
        match open {
            0 => open = run,
            n if n == run => {
                out.push(std::mem::take(&mut span));
                open = 0;
            }
            _ => span.extend(std::iter::repeat_n('`', run)),
        }
    }
    out
}

/// The anchors of `text`'s headings; a repeated heading's anchor gets
/// `-1`, `-2`, … as on GitHub.
fn anchors(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for line in unfenced(text) {
        let hashes = line.len() - line.trim_start_matches('#').len();
        let Some(heading) = line[hashes..].strip_prefix(' ') else {
            continue;
        };
        if !(1..=6).contains(&hashes) {
            continue;
        }
        let base = slug(heading.trim());
        let mut anchor = base.clone();
        let mut n = 0;
        while !out.insert(anchor.clone()) {
            n += 1;
            anchor = format!("{base}-{n}");
        }
    }
    out
}

/// The targets of `text`'s links and images, `[…](target)` outside code,
/// without a title after the target.
fn links(text: &str) -> Vec<String> {
    let prose = prose(text);
    prose
        .match_indices("](")
        .filter_map(|(i, _)| {
            let rest = &prose[i + 2..];
            let end = rest.find(')')?;
            let target = rest[..end].split_whitespace().next()?;
            Some(target.to_owned())
        })
        .collect()
}

/// The broken links of the page at `path` (relative to the root) whose text
/// is `text`: each as `page: target (why)`.
fn broken(path: &Path, text: &str) -> Vec<String> {
    let dir = path.parent().unwrap_or(Path::new(""));
    let mut out = Vec::new();
    for target in links(text) {
        // An absolute URL (`https:`, `mailto:`) is another site's business.
        if target.split_once(':').is_some_and(|(scheme, _)| {
            !scheme.is_empty() && scheme.chars().all(|c| c.is_ascii_alphabetic())
        }) {
            continue;
        }
        let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
        let (file_path, file_text) = if file.is_empty() {
            (path.to_owned(), Some(text.to_owned()))
        } else {
            let p = dir.join(file);
            let t = std::fs::read_to_string(root().join(&p)).ok();
            if t.is_none() && !root().join(&p).exists() {
                out.push(format!(
                    "{}: {target} (no file {})",
                    path.display(),
                    p.display()
                ));
                continue;
            }
            (p, t)
        };
        if anchor.is_empty() {
            continue;
        }
        match file_text {
            Some(t) if anchors(&t).contains(anchor) => {}
            _ => out.push(format!(
                "{}: {target} (no heading #{anchor} in {})",
                path.display(),
                file_path.display()
            )),
        }
    }
    out
}

/// The `.md` files directly in `dir` (relative to the root), sorted.
fn pages_in(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| Path::new(dir).join(e.unwrap().file_name()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    out.sort();
    out
}

/// Every page the links are checked on: `docs/*.md`, `docs/typed/*.md`, and
/// the top-level documents that link into them.
fn checked_pages() -> Vec<PathBuf> {
    let mut out = pages_in("docs");
    out.extend(pages_in("docs/typed"));
    out.extend(["README.md", "ARCHITECTURE.md", "BENCHMARKS.md"].map(PathBuf::from));
    out
}

#[test]
fn every_relative_link_and_anchor_resolves() {
    let pages = checked_pages();
    assert!(pages.len() >= 10, "{pages:?}");
    let mut bad = Vec::new();
    let mut seen = 0;
    for page in &pages {
        let text = std::fs::read_to_string(root().join(page)).unwrap();
        seen += links(&text).len();
        bad.extend(broken(page, &text));
    }
    // The pages hold over 150 (from-cute.md's `ref`s, the reference's
    // contents, BENCHMARKS.md's): a parser that found none would pass them all.
    assert!(seen > 120, "only {seen} links found");
    assert!(bad.is_empty(), "broken links:\n{}", bad.join("\n"));
}

/// `docs/typed/` holds exactly the pages `REFERENCE_PAGES` lists, so a new
/// page has its Rust blocks checked too.
#[test]
fn every_reference_page_is_listed() {
    let on_disk: Vec<String> = pages_in("docs/typed")
        .iter()
        .map(|p| p.strip_prefix("docs").unwrap().display().to_string())
        .collect();
    let mut listed: Vec<String> = super::REFERENCE_PAGES
        .iter()
        .map(|(name, _)| name.to_string())
        .filter(|n| n.starts_with("typed/"))
        .collect();
    listed.sort();
    assert_eq!(on_disk, listed);
}

/// The project's guideline of ~400 lines a file, for the documentation
/// pages.
#[test]
fn doc_pages_stay_short() {
    for page in pages_in("docs").iter().chain(&pages_in("docs/typed")) {
        let lines = std::fs::read_to_string(root().join(page))
            .unwrap()
            .lines()
            .count();
        assert!(lines <= 400, "{}: {lines} lines", page.display());
    }
}

#[test]
fn anchors_are_githubs() {
    let cases = [
        (
            "Mode editing: take, select, group, append, …",
            "mode-editing-take-select-group-append-",
        ),
        (
            "Tiles of 1 and where the nesting is not CuTe's",
            "tiles-of-1-and-where-the-nesting-is-not-cutes",
        ),
        (
            "Layout types and `make_layout`",
            "layout-types-and-make_layout",
        ),
        (
            "Thread–value layouts and atoms",
            "threadvalue-layouts-and-atoms",
        ),
    ];
    for (heading, anchor) in cases {
        assert_eq!(slug(heading), anchor);
    }
    let page = "# A\n\n## B b\n\n```\n## not a heading\n```\n\n## B b\n";
    let got = anchors(page);
    let want: HashSet<String> = ["a", "b-b", "b-b-1"].map(String::from).into();
    assert_eq!(got, want);
}

#[test]
fn a_broken_link_is_found_and_code_is_not_a_link() {
    let page = "See [x](#b-b), [y](#nope), [z](no-such-file.md), [w](README.md#nope).\n\
                `[not](#a-link)` and ` ```rust ` then [v](https://example.com).\n\n## B b\n";
    let bad = broken(Path::new("page.md"), page);
    assert_eq!(bad.len(), 3, "{bad:#?}");
    assert!(bad[0].contains("#nope") && bad[0].contains("page.md"));
    assert!(bad[1].contains("no file no-such-file.md"));
    assert!(bad[2].contains("no heading #nope in README.md"));
}
