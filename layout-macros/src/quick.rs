//! A fast path for [`ast::parse`](crate::ast::parse): the common inputs
//! (integers, tuples, `shape:stride`, calls, variables and the core's
//! keywords) read straight from the `TokenTree`s, without syn's
//! `ParseStream`, which in the debug build every user's build runs was most
//! of what a table or a typed layout cost to compile over hand-written code
//! (BENCHMARKS.md, "Compile time").
//!
//! It builds exactly the [`Ast`] the full parser builds (the same tree and
//! the same span table, in the same order: a test compares them), and gives
//! up (`None`) on anything else: `type`, `-`, `<…>`, `{…}`, `#NAME`, `_`,
//! a suffixed or non-decimal literal, a keyword, any mistake. The full
//! parser then reads the input again and reports what is wrong.
//!
//! Before either, `quick_text::expand_text` reads a static input from its
//! printed text, one call into the compiler, and expands it when nothing
//! goes wrong; the token path above runs only when it gives up.

use layout_core::expr::{Expr, ExprKind};
use layout_core::notation::MAX_DEPTH;
use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};

use crate::ast::Ast;

type CoreSpan = layout_core::Span;
type Tokens = std::iter::Peekable<proc_macro2::token_stream::IntoIter>;

/// The input's [`Ast`] if it is one of the common forms, else `None`.
pub fn parse(input: &TokenStream) -> Option<Ast> {
    let mut state = Quick::default();
    let mut tokens = input.clone().into_iter().peekable();
    if let Some(TokenTree::Ident(i)) = tokens.peek() {
        if i == "type" {
            return None;
        }
    }
    let expr = state.expr(&mut tokens)?;
    if tokens.next().is_some() {
        return None;
    }
    Some(Ast {
        expr,
        spans: state.spans,
        leaves: state.leaves,
        zero_sized: None,
    })
}

#[derive(Default)]
struct Quick {
    spans: Vec<proc_macro2::Span>,
    leaves: Vec<TokenStream>,
    depth: usize,
}

impl Quick {
    /// Record one token, as `ast`'s `State::token`.
    fn token(&mut self, span: proc_macro2::Span) -> CoreSpan {
        self.spans.push(span);
        CoreSpan::new(self.spans.len() - 1, self.spans.len())
    }

    fn expr(&mut self, tokens: &mut Tokens) -> Option<Expr> {
        let shape = self.primary(tokens)?;
        match tokens.peek() {
            Some(TokenTree::Punct(p)) if p.as_char() == ':' => {
                if p.spacing() == Spacing::Joint {
                    return None; // `::`
                }
                tokens.next();
            }
            _ => return Some(shape),
        }
        let stride = self.primary(tokens)?;
        let span = shape.span.join(stride.span);
        Some(Expr::new(
            ExprKind::Layout(shape.into(), stride.into()),
            span,
        ))
    }

    fn primary(&mut self, tokens: &mut Tokens) -> Option<Expr> {
        match tokens.next()? {
            TokenTree::Literal(lit) => {
                let text = lit.to_string();
                if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
                    return None;
                }
                let n = text.parse::<i64>().ok()?;
                Some(Expr::new(ExprKind::Int(n), self.token(lit.span())))
            }
            TokenTree::Group(g) if g.delimiter() == Delimiter::Parenthesis => {
                let open = self.token(g.span_open());
                let items = self.group(&g)?;
                let span = open.join(self.token(g.span_close()));
                Some(Expr::new(ExprKind::Tuple(items), span))
            }
            TokenTree::Ident(name) => self.named(name, tokens),
            _ => None,
        }
    }

    /// A call `NAME(…)`, a keyword of the core, or a variable.
    fn named(&mut self, name: Ident, tokens: &mut Tokens) -> Option<Expr> {
        let text = name.to_string();
        if !plain_ident(&text) {
            return None;
        }
        let args = match tokens.peek() {
            Some(TokenTree::Group(g)) if g.delimiter() == Delimiter::Parenthesis => g.clone(),
            _ => {
                let span = self.token(name.span());
                if layout_core::is_keyword(&text) {
                    return Some(Expr::new(ExprKind::Name(text), span));
                }
                self.leaves.push(TokenTree::Ident(name).into());
                let kind = ExprKind::Dynamic(self.leaves.len() - 1);
                return Some(Expr::new(kind, span));
            }
        };
        tokens.next();
        let name_span = self.token(name.span());
        let args_exprs = self.group(&args)?;
        let span = name_span.join(self.token(args.span_close()));
        let kind = ExprKind::Call {
            name: text,
            name_span,
            args: args_exprs,
        };
        Some(Expr::new(kind, span))
    }

    /// The comma-separated items of a parenthesised group.
    fn group(&mut self, g: &Group) -> Option<Vec<Expr>> {
        if self.depth == MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let mut tokens = g.stream().into_iter().peekable();
        let mut items = Vec::new();
        while tokens.peek().is_some() {
            items.push(self.expr(&mut tokens)?);
            match tokens.next() {
                None => break,
                Some(TokenTree::Punct(p)) if p.as_char() == ',' => {}
                Some(_) => return None,
            }
        }
        self.depth -= 1;
        Some(items)
    }
}

/// An identifier syn's `Ident` accepts and that is not raw: ASCII, not a
/// Rust keyword, not `_`.
pub(crate) fn plain_ident(text: &str) -> bool {
    text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
        && KEYWORDS.binary_search(&text).is_err()
}

/// Rust's keywords (strict, reserved and weak) and `_`, in byte order for
/// [`plain_ident`]'s binary search: a scan of the list was 3% of what
/// `layout!` of a call cost in a debug build (BENCHMARKS.md).
const KEYWORDS: &[&str] = &[
    "Self", "_", "abstract", "as", "async", "await", "become", "box", "break", "const", "continue",
    "crate", "do", "dyn", "else", "enum", "extern", "false", "final", "fn", "for", "if", "impl",
    "in", "let", "loop", "macro", "match", "mod", "move", "mut", "override", "priv", "pub", "ref",
    "return", "self", "static", "struct", "super", "trait", "true", "try", "type", "typeof",
    "unsafe", "unsized", "use", "virtual", "where", "while", "yield",
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

    #[test]
    fn keywords_are_sorted_for_binary_search() {
        assert!(KEYWORDS.is_sorted());
        // quick_text.rs searches only names of at most 8 bytes.
        assert!(KEYWORDS.iter().all(|k| k.len() <= 8));
        assert!(!plain_ident("type") && !plain_ident("Self") && !plain_ident("_"));
        assert!(plain_ident("logical_divide") && plain_ident("m") && plain_ident("Type"));
    }

    /// The fast path builds what the full parser builds, and gives up on
    /// what only the full parser reads.
    #[test]
    fn same_ast_as_the_full_parser() {
        let common = [
            "(4,8):(8,1)",
            "8",
            "((2,3),4):((1,2),6)",
            "crd2idx((1,2), (4,8):(8,1))",
            "table(logical_divide((8,4):(1,8), 2:1))",
            "(m,4):(1,m)",
            "(m, k):(1,)",
            "(),",
            "LayoutRight",
            "make_layout((4,8), LayoutLeft)",
            "f()",
            "coalesce(((2,2),(3,1)):((1,2),(4,0)),)",
        ];
        for text in common {
            let input = TokenStream::from_str(text).unwrap();
            let quick = parse(&input);
            let (full, errors) = crate::ast::parse_full(input);
            match quick {
                Some(quick) => {
                    assert!(errors.is_empty(), "{text}: the full parser found errors");
                    assert_eq!(quick.expr, full.expr, "{text}");
                    assert_eq!(quick.spans.len(), full.spans.len(), "{text}");
                    let leaves =
                        |a: &Ast| a.leaves.iter().map(ToString::to_string).collect::<Vec<_>>();
                    assert_eq!(leaves(&quick), leaves(&full), "{text}");
                }
                None => assert!(
                    !errors.is_empty(),
                    "{text}: the fast path gave up on a valid input"
                ),
            }
        }
        let other = [
            "type (4,8):(8,1)",
            "-3",
            "--8",
            "(4u8,2)",
            "0x10",
            "1_000",
            "<2,3>",
            "{n * 2}",
            "#TILE",
            "slice((_,3), (4,8):(8,1))",
            "(4,8)::(8,1)",
            "self",
            "r#m",
            "(4 8)",
            "(4,8):(8,1) extra",
            "",
            "99999999999999999999",
        ];
        for text in other {
            let input = TokenStream::from_str(text).unwrap();
            assert!(parse(&input).is_none(), "{text}");
        }
    }
}
