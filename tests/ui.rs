//! Compile-fail cases of `layout!` (`ui-tests/<category>/*.rs`), each with
//! its reviewed `.stderr`. Regenerate with `TRYBUILD=overwrite` and read
//! every changed file: the span must sit on the offending tokens and the
//! message must say what mismatched, in words and numbers. `UI_CASES` (a
//! glob, `UI_CASES=ui-tests/tensor/gemm_*.rs`) runs some cases only.

#[test]
fn ui() {
    let cases = std::env::var("UI_CASES").unwrap_or_else(|_| "ui-tests/*/*.rs".to_owned());
    trybuild::TestCases::new().compile_fail(cases);
}
