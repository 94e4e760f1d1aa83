//! What `docs/from-cute.md` covers, checked against what exists: every
//! function of the notation that is CuTe's (all of `layout_core::FUNCTIONS`
//! but the kernel-library idioms, which have no CuTe counterpart) is named
//! on the page, and every concept issue 13 §5 lists has a row or a snippet
//! in CuTe's spelling. A function added to the notation without a row, or
//! a row dropped, fails here.

/// The notation's kernel-library idioms (README, "Seeds"): NumPy's, torch's
/// and Composable Kernel's APIs written as layouts, not CuTe's.
const IDIOMS: [&str; 11] = [
    "broadcast",
    "broadcast_to",
    "real_axis",
    "descriptor",
    "table",
    "view",
    "positions",
    "diagonal",
    "stripes",
    "slice_axis",
    "block",
];

/// The concepts issue 13 §5 asks the page to map, in CuTe's spelling, each
/// as it must appear in CuTe's column of a table or in a ` ```cpp ` block.
const CONCEPTS: [&str; 16] = [
    "Layout<",
    "Shape",
    "Stride",
    "Int<N>",
    "make_layout",
    "get<I>",
    "size<I>",
    "Tensor",
    "_",
    "local_tile",
    "local_partition",
    "Step<",
    "make_identity_tensor",
    "copy(",
    "gemm(",
    "print_layout",
];

const PAGE: &str = include_str!("../../docs/from-cute.md");

/// Whether `word` occurs in `text` with no letter, digit or `_` on either
/// side (`filter` is not found in `filter_zeros`).
fn has_word(text: &str, word: &str) -> bool {
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// CuTe's side of the page: the first cell of every table row and the
/// ` ```cpp ` blocks.
fn cute_side(page: &str) -> String {
    let mut out = String::new();
    let mut in_cpp = false;
    for line in page.lines() {
        let t = line.trim_start();
        if t.starts_with("```") {
            in_cpp = t.starts_with("```cpp");
        } else if in_cpp {
            out.push_str(line);
            out.push('\n');
        } else if let Some(row) = t.strip_prefix('|') {
            out.push_str(row.split('|').next().unwrap_or(""));
            out.push('\n');
        }
    }
    out
}

#[test]
fn every_cute_function_of_the_notation_has_a_row() {
    let missing: Vec<&str> = layout_core::FUNCTIONS
        .iter()
        .map(|f| f.name)
        .filter(|name| !IDIOMS.contains(name) && !has_word(PAGE, name))
        .collect();
    assert!(
        missing.is_empty(),
        "docs/from-cute.md names no row for {missing:?} (or list them in IDIOMS if they are not CuTe's)"
    );
}

#[test]
fn the_idioms_listed_are_functions_of_the_notation() {
    for idiom in IDIOMS {
        assert!(
            layout_core::FUNCTIONS.iter().any(|f| f.name == idiom),
            "{idiom} is no longer a function: drop it from IDIOMS"
        );
    }
}

#[test]
fn every_concept_of_issue_13_is_on_cutes_side_of_the_page() {
    let cute = cute_side(PAGE);
    let missing: Vec<&str> = CONCEPTS.into_iter().filter(|c| !cute.contains(c)).collect();
    assert!(
        missing.is_empty(),
        "CuTe's side of docs/from-cute.md lacks {missing:?}"
    );
}

/// A new user depends on `layout-dsl`, which re-exports the core
/// (`pub use layout_core::*`): `layout_core::coalesce` does not compile in
/// their crate, `layout_dsl::coalesce` does. So the porting pages spell the
/// core's items through the facade.
#[test]
fn the_pages_name_the_cores_items_through_the_facade() {
    let pages = [("from-cute.md", PAGE)]
        .into_iter()
        .chain(super::REFERENCE_PAGES);
    let mut found = Vec::new();
    for (name, page) in pages {
        for (n, line) in page.lines().enumerate() {
            if line.contains("layout_core::") {
                found.push(format!("{name}:{}", n + 1));
            }
        }
    }
    assert!(
        found.is_empty(),
        "`layout_core::` (write `layout_dsl::`) at {found:?}"
    );
}
