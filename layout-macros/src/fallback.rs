//! On error: every `compile_error!`, next to a stand-in value of the kind
//! the input meant, so that the code around the macro type-checks and one
//! mistake is reported once (thiserror's `fallback.rs` idea).

use proc_macro2::TokenStream;
use quote::quote;

use crate::ast::Ast;
use crate::emit;
use crate::kind::{Kind, kind};

pub fn with_errors(ast: &Ast, errors: Vec<syn::Error>) -> TokenStream {
    let errors = errors.iter().map(syn::Error::to_compile_error);
    let private = emit::private();
    let stand_in = match kind(&ast.expr) {
        // Fits `const` items and array lengths of any integer type.
        Kind::Int => quote!(0),
        // Accepts every method and coordinate a layout would.
        Kind::Layout => quote!(#private::Poisoned),
        // Coerces to whatever the context expects, and is never run.
        Kind::IntTuple | Kind::Table | Kind::Other => {
            quote!(::core::unreachable!("`layout!` failed to compile"))
        }
    };
    quote!({
        #(#errors)*
        #stand_in
    })
}
