//! Compile-fail cases of `layout!` (`ui-tests/<category>/*.rs`), each with
//! its reviewed `.stderr`. Regenerate with `TRYBUILD=overwrite` and read
//! every changed file: the span must sit on the offending tokens and the
//! message must say what mismatched, in words and numbers.

#[test]
fn ui() {
    trybuild::TestCases::new().compile_fail("ui-tests/*/*.rs");
}
