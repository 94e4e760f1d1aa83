//! The libFuzzer targets in fuzz/ build outside `cargo test` (their own
//! workspace, nightly flags), so what can go stale there is checked here:
//! `macro_parse` compiles the macro's pipeline modules in by `#[path]`, and
//! must list every top-level module layout-macros/src/lib.rs declares
//! (a directory's modules come with it).

#[test]
fn macro_parse_compiles_every_module_of_the_macro() {
    let lib = std::fs::read_to_string("layout-macros/src/lib.rs").unwrap();
    let target = std::fs::read_to_string("fuzz/fuzz_targets/macro_parse.rs").unwrap();
    let modules: Vec<&str> = lib
        .lines()
        .map(|l| l.trim().trim_start_matches("pub(crate) "))
        .filter_map(|l| l.strip_prefix("mod ")?.strip_suffix(';'))
        .collect();
    assert!(modules.contains(&"expand"), "{modules:?}");
    for m in modules {
        // A module with children of its own is a directory (`typed/mod.rs`).
        let file = if std::path::Path::new(&format!("layout-macros/src/{m}/mod.rs")).exists() {
            format!("{m}/mod.rs")
        } else {
            format!("{m}.rs")
        };
        let path = format!("#[path = \"../../layout-macros/src/{file}\"]\nmod {m};");
        assert!(
            target.contains(&path),
            "fuzz/fuzz_targets/macro_parse.rs lacks `{path}`"
        );
    }
}
