//! Parse: Rust tokens → the core's [`Expr`], the same tree the text parser
//! builds. Every token that can start or end a node is recorded in a side
//! table of `proc_macro2::Span`s, and the core's `Span { start, end }` holds
//! indices into that table, so any core error can point at the user's tokens.
//!
//! ```text
//! input   := ['type'] expr
//! expr    := layout ['o' layout 'o' layout]
//! layout  := primary [':' primary]
//! primary := INT | '-' INT | '_' | '(' list ')' | '<' list '>' | NAME '(' list ')'
//!          | 'Sw' '<' list '>'
//!          | KEYWORD (layout_core::is_keyword) | IDENT | '{' rust-expr '}'
//!          | '#' IDENT
//! list    := [expr {',' expr} [',']]
//! ```
//!
//! An identifier that is not followed by `(` nor a keyword is a dynamic
//! leaf (`ExprKind::Dynamic`), as is a braced Rust expression. `#NAME` is a
//! named typed layout (`ExprKind::Name("#NAME")`, see named.rs).

use std::fmt::Display;

use layout_core::expr::{Expr, ExprKind};
use layout_core::notation::MAX_DEPTH;
use layout_core::{ErrorKind, SyntaxError};
use proc_macro2::{Punct, Spacing, Span, TokenStream, TokenTree};
use syn::parse::{ParseStream, Parser as _};
use syn::{Ident, LitInt, Token};

use crate::tokens::{describe_next, error_at_next, int, skip};

pub(crate) type CoreSpan = layout_core::Span;

/// One parsed `layout!` input.
pub struct Ast {
    pub expr: Expr,
    /// Token spans; a core span `start..end` covers tokens `start..end`.
    pub spans: Vec<Span>,
    /// The Rust expression of each dynamic leaf, by `ExprKind::Dynamic`
    /// number, and the name of each named layout (so the fallback names them all).
    pub leaves: Vec<TokenStream>,
    /// The `type` keyword before the expression, if any: fold layouts into
    /// zero-sized types rather than values (expand.rs).
    pub zero_sized: Option<Span>,
}

impl Ast {
    /// An error at the tokens a core span covers (the whole call without one).
    pub fn error(&self, span: Option<CoreSpan>, message: impl Display) -> syn::Error {
        let Some(span) = span.filter(|s| s.start < s.end && s.end <= self.spans.len()) else {
            return syn::Error::new(Span::call_site(), message);
        };
        spanning(self.spans[span.start], self.spans[span.end - 1], message)
    }

    /// The spans of the first and last tokens a core span covers.
    pub fn ends(&self, span: CoreSpan) -> Option<(Span, Span)> {
        (span.start < span.end && span.end <= self.spans.len())
            .then(|| (self.spans[span.start], self.spans[span.end - 1]))
    }
}

/// An error spanning from the token at `first` to the token at `last`:
/// `new_spanned` takes the first and last token's spans, a range on
/// stable.
pub fn spanning(first: Span, last: Span, message: impl Display) -> syn::Error {
    let marker = |span: Span| {
        let mut punct = Punct::new('.', Spacing::Alone);
        punct.set_span(span);
        TokenTree::Punct(punct)
    };
    syn::Error::new_spanned(
        TokenStream::from_iter([marker(first), marker(last)]),
        message,
    )
}

/// Parse the macro input. The tree is returned even when there are errors
/// (with empty tuples where parsing failed), so the fallback can still see
/// what kind of value was meant.
pub fn parse(input: TokenStream) -> (Ast, Vec<syn::Error>) {
    match crate::quick::parse(&input) {
        Some(ast) => (ast, Vec::new()),
        None => parse_full(input),
    }
}

/// [`parse`] through syn, for every input (quick.rs reads the common ones).
pub fn parse_full(input: TokenStream) -> (Ast, Vec<syn::Error>) {
    let mut state = State::default();
    let parsed = (|input: ParseStream| Ok(state.top(input))).parse2(input);
    let expr = parsed.unwrap_or_else(|e| {
        state.errors.push(e);
        placeholder()
    });
    let ast = Ast {
        expr,
        spans: state.spans,
        leaves: state.leaves,
        zero_sized: state.zero_sized,
    };
    (ast, state.errors)
}

/// The parser's state: the side table of token spans, the dynamic leaves
/// and the errors so far. Its methods are the grammar's rules, the
/// primaries' in primary.rs.
#[derive(Default)]
pub(crate) struct State {
    spans: Vec<Span>,
    /// The last token read, where "the expression ended" errors point.
    pub(crate) last: Option<Span>,
    pub(crate) leaves: Vec<TokenStream>,
    zero_sized: Option<Span>,
    errors: Vec<syn::Error>,
    /// How many groups are open.
    depth: usize,
}

/// What stands for an input that did not parse: an empty tuple that
/// covers no token.
fn placeholder() -> Expr {
    Expr::new(ExprKind::Tuple(Vec::new()), CoreSpan::default())
}

/// Whether `e` stands for an input that did not parse.
pub fn is_placeholder(e: &Expr) -> bool {
    e.span.start == e.span.end
}

pub(crate) const EXPECTED: &str = "an integer, `(`, `<`, a name or a `{…}` block";

impl State {
    /// Record one token; its span is `index..index + 1`.
    pub(crate) fn token(&mut self, span: Span) -> CoreSpan {
        self.last = Some(span);
        self.spans.push(span);
        CoreSpan::new(self.spans.len() - 1, self.spans.len())
    }

    fn top(&mut self, input: ParseStream) -> Expr {
        if input.peek(Token![type]) {
            let keyword = input.parse::<Token![type]>().expect("peeked");
            self.zero_sized = Some(keyword.span);
        }
        if input.is_empty() {
            // After `type`, the expression is missing right there.
            let (span, message) = match self.zero_sized {
                Some(keyword) => (
                    keyword,
                    "expected a layout after `type`, such as `(4,8):(8,1)`",
                ),
                None => (
                    Span::call_site(),
                    "`layout!` needs an expression, such as `(4,8):(8,1)`",
                ),
            };
            self.errors.push(syn::Error::new(span, message));
            return placeholder();
        }
        let expr = self.item(input, false);
        if !input.is_empty() {
            let found = describe_next(input).unwrap_or_default();
            let error = SyntaxError::TrailingInput {
                found: found.trim_matches('`').to_string(),
            };
            self.errors.push(error_at_next(input, error));
            skip(input, |_| false);
        }
        expr
    }

    /// One list item; on error, record it and skip to the next `,` so the
    /// items after it are still checked.
    fn item(&mut self, input: ParseStream, in_tiler: bool) -> Expr {
        self.expr(input).unwrap_or_else(|e| {
            self.errors.push(e);
            skip(input, |c| c == ',' || (in_tiler && c == '>'));
            placeholder()
        })
    }

    /// `layout ['o' layout 'o' layout]`: CuTe's printed `ComposedLayout`,
    /// the call `make_composed_layout(OUTER, OFFSET, INNER)` (as the core's
    /// text parser reads it).
    fn expr(&mut self, input: ParseStream) -> syn::Result<Expr> {
        let outer = self.layout(input)?;
        if !self.eat_o(input) {
            return Ok(outer);
        }
        let offset = self.layout(input)?;
        if !self.eat_o(input) {
            return Err(self.unexpected(input, "`o` and the inner layout of a composed layout"));
        }
        let inner = self.layout(input)?;
        let span = outer.span.join(inner.span);
        let kind = ExprKind::Call {
            name: layout_core::notation::COMPOSED_CALL.into(),
            name_span: span,
            args: vec![outer, offset, inner],
        };
        Ok(Expr::new(kind, span))
    }

    /// The `o` of a composed layout, if it is next.
    fn eat_o(&mut self, input: ParseStream) -> bool {
        let is_o = input.cursor().ident().is_some_and(|(i, _)| i == "o");
        if is_o {
            let o: Ident = input.parse().expect("peeked");
            self.last = Some(o.span());
        }
        is_o
    }

    fn layout(&mut self, input: ParseStream) -> syn::Result<Expr> {
        let shape = self.scaled(input)?;
        if !input.peek(Token![:]) {
            return Ok(shape);
        }
        self.last = Some(input.parse::<Token![:]>()?.span);
        let stride = self.scaled(input)?;
        let span = shape.span.join(stride.span);
        Ok(Expr::new(
            ExprKind::Layout(shape.into(), stride.into()),
            span,
        ))
    }

    /// A primary, and a scaled basis `V@I@J…` after it: the call
    /// `@(V,I,J,…)` (`notation::BASIS_CALL`), as the core's text parser
    /// reads it, so the core checks the modes at their numbers.
    fn scaled(&mut self, input: ParseStream) -> syn::Result<Expr> {
        let value = self.primary(input)?;
        if !input.peek(Token![@]) {
            return Ok(value);
        }
        let mut span = value.span;
        let mut args = vec![value];
        let mut name_span = None;
        while input.peek(Token![@]) {
            let at: Token![@] = input.parse()?;
            let at = self.token(at.span);
            name_span.get_or_insert(at);
            if !input.peek(LitInt) {
                return Err(self.unexpected(input, "a mode number after `@`"));
            }
            let lit: LitInt = input.parse()?;
            let mode = self.token(lit.span());
            args.push(Expr::new(ExprKind::Int(int(&lit, false)?), mode));
            span = span.join(mode);
        }
        let kind = ExprKind::Call {
            name: layout_core::notation::BASIS_CALL.into(),
            name_span: name_span.expect("one `@` at least"),
            args,
        };
        Ok(Expr::new(kind, span))
    }

    /// The items of a group opened at `open`, nested no deeper than the
    /// core's parser accepts (which also bounds this parser's recursion).
    pub(crate) fn group(
        &mut self,
        input: ParseStream,
        in_tiler: bool,
        open: Span,
    ) -> syn::Result<Vec<Expr>> {
        if self.depth == MAX_DEPTH {
            skip(input, |c| in_tiler && c == '>');
            let limit = MAX_DEPTH;
            return Err(syn::Error::new(open, SyntaxError::TooDeep { limit }));
        }
        self.depth += 1;
        let items = self.list(input, in_tiler);
        self.depth -= 1;
        Ok(items)
    }

    /// Comma-separated items up to the end of a group, or up to `>` in a tiler.
    fn list(&mut self, input: ParseStream, in_tiler: bool) -> Vec<Expr> {
        let at_end = |input: ParseStream| input.is_empty() || (in_tiler && input.peek(Token![>]));
        let mut items = Vec::new();
        while !at_end(input) {
            items.push(self.item(input, in_tiler));
            if at_end(input) {
                break;
            }
            if let Ok(comma) = input.parse::<Token![,]>() {
                self.last = Some(comma.span);
            } else {
                let expected = if in_tiler { "`,` or `>`" } else { "`,` or `)`" };
                let error = self.unexpected(input, expected);
                self.errors.push(error);
                skip(input, |c| c == ',' || (in_tiler && c == '>'));
                let _ = input.parse::<Option<Token![,]>>();
            }
        }
        items
    }

    pub(crate) fn unexpected(&self, input: ParseStream, expected: &'static str) -> syn::Error {
        let Some(found) = describe_next(input) else {
            let span = self.last.unwrap_or_else(Span::call_site);
            return syn::Error::new(span, SyntaxError::UnexpectedEnd { expected });
        };
        // Operators and method calls are Rust, not notation: they need a block.
        let hint = match found.as_str() {
            "`.`" | "`*`" | "`+`" | "`/`" | "`%`" | "`[`" => {
                "; a run-time expression goes in braces, like `{n * 2}`"
            }
            _ => "",
        };
        let kind = SyntaxError::UnexpectedToken { expected, found };
        error_at_next(input, format!("{kind}{hint}"))
    }

    pub(crate) fn error(&self, span: CoreSpan, kind: ErrorKind) -> syn::Error {
        syn::Error::new(self.spans[span.start], kind)
    }
}
