//! Parse, token helpers: what `ast.rs` (the syn parser) asks of the
//! token cursor — an integer literal's value, skipping to a recovery
//! point, and naming and locating the next token for an error.

use std::fmt::Display;

use layout_core::SyntaxError;
use proc_macro2::{Delimiter, Span, TokenTree};
use syn::LitInt;
use syn::parse::ParseStream;

/// The value of an integer literal, which must have no suffix.
pub fn int(lit: &LitInt, negative: bool) -> syn::Result<i64> {
    if !lit.suffix().is_empty() {
        let message = format!(
            "integers in `layout!` take no suffix: write `{}`",
            lit.base10_digits()
        );
        return Err(syn::Error::new(lit.span(), message));
    }
    let digits = lit.base10_digits();
    let text = if negative {
        format!("-{digits}")
    } else {
        digits.to_string()
    };
    text.parse::<i64>()
        .map_err(|_| syn::Error::new(lit.span(), SyntaxError::IntegerTooLarge(digits.to_string())))
}

/// Skip tokens up to (not including) a punctuation `stop` accepts.
pub fn skip(input: ParseStream, stop: impl Fn(char) -> bool) {
    let _ = input.step(|cursor| {
        let mut rest = *cursor;
        while let Some((tree, next)) = rest.token_tree() {
            if matches!(&tree, TokenTree::Punct(p) if stop(p.as_char())) {
                break;
            }
            rest = next;
        }
        Ok(((), rest))
    });
}

/// The next token as an error message names it (`` `(` ``, `` `foo` ``).
pub fn describe_next(input: ParseStream) -> Option<String> {
    let (tree, _) = input.cursor().token_tree()?;
    Some(match tree {
        TokenTree::Group(g) => match g.delimiter() {
            Delimiter::Parenthesis => "`(`".into(),
            Delimiter::Bracket => "`[`".into(),
            Delimiter::Brace => "`{`".into(),
            Delimiter::None => format!("`{}`", g.stream()),
        },
        other => format!("`{other}`"),
    })
}

/// Where the next token is (the opening delimiter of a group).
fn next_span(input: ParseStream) -> Span {
    match input.cursor().token_tree() {
        Some((TokenTree::Group(g), _)) => g.span_open(),
        Some((tree, _)) => tree.span(),
        None => input.span(),
    }
}

/// An error at the next token.
pub fn error_at_next(input: ParseStream, message: impl Display) -> syn::Error {
    syn::Error::new(next_span(input), message)
}
