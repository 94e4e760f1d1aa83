//! The `layout!` pipeline (parse → check → expand, with its fallback) on
//! arbitrary token text through `proc_macro2`: text that lexes as Rust
//! tokens must expand without a panic, to tokens that parse as one Rust
//! expression (a value, or `compile_error!`s next to a placeholder value).
//! Spans are not checked here: under `cfg(fuzzing)` proc-macro2 records no
//! source positions (so memory stays flat over millions of runs).
#![no_main]

// The macro crate's pipeline, compiled in as `layout-macros/tests/expand.rs`
// does; keep this list in step with layout-macros/src/lib.rs.
#[path = "../../layout-macros/src/ast.rs"]
mod ast;
#[path = "../../layout-macros/src/emit.rs"]
mod emit;
#[path = "../../layout-macros/src/expand.rs"]
mod expand;
#[path = "../../layout-macros/src/fallback.rs"]
mod fallback;
#[path = "../../layout-macros/src/valid.rs"]
mod valid;

use libfuzzer_sys::fuzz_target;
use proc_macro2::TokenStream;

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(input) = src.parse::<TokenStream>() else {
        return; // not Rust tokens: rustc would refuse it before the macro
    };
    let output = expand::expand(input);
    if let Err(e) = syn::parse2::<syn::Expr>(output.clone()) {
        panic!("{src:?} expanded to something that is not an expression ({e}):\n{output}");
    }
});
