//! The `layout!` pipeline (parse → check → expand, with its fallback) on
//! arbitrary token text through `proc_macro2`: text that lexes as Rust
//! tokens must expand without a panic, to tokens that parse as one Rust
//! expression (a value, or `compile_error!`s next to a placeholder value)
//! whenever the input's own blocks (dynamic leaves `{…}`) are Rust; and
//! `layout_type!` of the same text to tokens that parse as one Rust type.
//! Spans are not checked here: under `cfg(fuzzing)` proc-macro2 records no
//! source positions (so memory stays flat over millions of runs).
//! The text path `layout!` tries first (`quick_text`) must give up or
//! give the same expansion.
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
#[path = "../../layout-macros/src/kind.rs"]
mod kind;
#[path = "../../layout-macros/src/primary.rs"]
mod primary;
#[path = "../../layout-macros/src/probe.rs"]
mod probe;
#[path = "../../layout-macros/src/quick.rs"]
mod quick;
#[path = "../../layout-macros/src/quick_text.rs"]
mod quick_text;
#[path = "../../layout-macros/src/runtime.rs"]
mod runtime;
#[path = "../../layout-macros/src/tokens.rs"]
mod tokens;
#[path = "../../layout-macros/src/tree.rs"]
mod tree;
#[path = "../../layout-macros/src/typed/mod.rs"]
mod typed;
#[path = "../../layout-macros/src/types.rs"]
mod types;
#[path = "../../layout-macros/src/valid.rs"]
mod valid;
#[path = "../../layout-macros/src/zero_sized.rs"]
mod zero_sized;

use libfuzzer_sys::fuzz_target;
use proc_macro2::{Delimiter, TokenStream, TokenTree};

fuzz_target!(|data: &[u8]| {
    let Ok(src) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(input) = src.parse::<TokenStream>() else {
        return; // not Rust tokens: rustc would refuse it before the macro
    };
    let blocks_are_rust = user_blocks_parse(input.clone());
    let output = expand::expand(input.clone());
    // The text path (`layout!` tries it first) gives up or gives the same.
    if let Some(text) = quick_text::expand_text(&input.to_string()) {
        let text = match text {
            quick_text::Expansion::Tokens(tokens) => tokens,
            quick_text::Expansion::Text(text) => text.parse().expect("the text path's call lexes"),
        };
        assert_eq!(text.to_string(), output.to_string(), "{src:?}: the text path differs");
    }
    // A dynamic leaf `{…}` goes into the expansion as written, so a block
    // that is not Rust is rustc's to report, at its own tokens.
    if !blocks_are_rust {
        return;
    }
    if let Err(e) = syn::parse2::<syn::Expr>(output.clone()) {
        panic!("{src:?} expanded to something that is not an expression ({e}):\n{output}");
    }
    // `layout_type!` of the same input: a type (its errors inside one).
    let ty = types::expand(input);
    if let Err(e) = syn::parse2::<syn::Type>(ty.clone()) {
        panic!("layout_type!({src:?}) is not a type ({e}):\n{ty}");
    }
});

/// Whether every braced group of the input parses as a Rust block.
fn user_blocks_parse(input: TokenStream) -> bool {
    input.into_iter().all(|tree| match tree {
        TokenTree::Group(g) if g.delimiter() == Delimiter::Brace => {
            syn::parse2::<syn::Block>(TokenTree::Group(g).into()).is_ok()
        }
        TokenTree::Group(g) => user_blocks_parse(g.stream()),
        _ => true,
    })
}
