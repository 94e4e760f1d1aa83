//! How an input becomes the text an expansion snapshot holds:
//! `layout!(…)` and `layout_type!(…)` run through the pipeline and
//! pretty-printed, and `snapshot!`, one insta test per input, asserted
//! against its file in `tests/snapshots/` from any module
//! (`expand_snapshot!`).

use proc_macro2::TokenStream;

use super::{expand, types};

/// `layout!(input)` expanded, as the body of a function.
pub fn expansion(input: &str) -> String {
    let input: TokenStream = input.parse().expect("valid Rust tokens");
    let output = expand::expand(input);
    let file = syn::parse2(quote::quote!(fn expansion() { #output })).expect("an expression");
    prettyplease::unparse(&file)
}

/// `layout_type!(input)`, pretty-printed as a type alias.
pub fn type_expansion(input: &str) -> String {
    let input: TokenStream = input.parse().expect("valid Rust tokens");
    let output = types::expand(input);
    let file = syn::parse2(quote::quote!(type Expansion = #output;)).expect("a type");
    prettyplease::unparse(&file)
}

/// `#[test] fn $name`: the expansion of `layout!($input)` against the
/// snapshot `expand__$name.snap` ([`expand_snapshot!`]).
macro_rules! snapshot {
    ($name:ident, $input:literal) => {
        #[test]
        fn $name() {
            expand_snapshot!(
                stringify!($name),
                expansion($input),
                concat!("layout!(", $input, ")")
            );
        }
    };
}

/// `insta::assert_snapshot!` against `tests/snapshots/expand__$name.snap`
/// from any module of this test: insta names a snapshot's file by the
/// module and directory it is asserted in, and these are the names the
/// snapshots had when every one was asserted in `expand.rs`.
macro_rules! expand_snapshot {
    ($name:expr, $value:expr, $expression:expr) => {
        insta::with_settings!(
            {
                snapshot_path => concat!(env!("CARGO_MANIFEST_DIR"), "/tests/snapshots"),
                prepend_module_to_snapshot => false,
            },
            {
                insta::assert_snapshot!(concat!("expand__", $name), $value, $expression);
            }
        )
    };
}
