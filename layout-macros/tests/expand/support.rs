//! How an input becomes the text an expansion snapshot holds:
//! `layout!(…)` and `layout_type!(…)` run through the pipeline and
//! pretty-printed, and `snapshot!`, one insta test per input.

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
/// snapshot `expand__$name.snap`.
macro_rules! snapshot {
    ($name:ident, $input:literal) => {
        #[test]
        fn $name() {
            insta::assert_snapshot!(
                stringify!($name),
                expansion($input),
                concat!("layout!(", $input, ")")
            );
        }
    };
}
