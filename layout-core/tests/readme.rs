//! The README's list of functions is the registry's: one row per entry of
//! `layout_core::FUNCTIONS`, in its order, with its usage and description.

/// The rows the README must have between its `functions` markers.
fn expected_rows() -> Vec<String> {
    layout_core::FUNCTIONS
        .iter()
        .map(|f| {
            // A `|` inside a table cell must be escaped, even in code.
            let usage = f.usage.replace('|', "\\|");
            format!("| `{usage}` | {} |", f.about)
        })
        .collect()
}

#[test]
fn readme_lists_exactly_the_registrys_functions() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../README.md"))
        .expect("README.md at the workspace root");
    let start = readme
        .find("<!-- functions -->")
        .expect("a `<!-- functions -->` marker in README.md");
    let end = readme
        .find("<!-- /functions -->")
        .expect("a `<!-- /functions -->` marker in README.md");
    let rows: Vec<&str> = readme[start..end]
        .lines()
        .filter(|l| l.starts_with("| `"))
        .collect();
    let expected = expected_rows();
    assert_eq!(
        rows,
        expected,
        "README.md's function table differs from the registry; it should read:\n{}",
        expected.join("\n")
    );
}
