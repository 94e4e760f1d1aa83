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

use layout_core::expr::{Expr, ExprKind};
use layout_core::notation::MAX_DEPTH;
use proc_macro2::{Delimiter, Group, Ident, Spacing, TokenStream, TokenTree};

use crate::ast::Ast;
use crate::expand::Expander;

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

/// The expansion of a static input without mistakes, read from its text:
/// one call into the compiler for the whole input (`to_string` of the
/// macro's `TokenStream`, which prints tokens so that they lex back the
/// same) instead of one per token, read by [`Text`], a byte parser of the
/// forms [`parse`] reads with variables left out. `None` for anything
/// else (a variable, `type`, `#NAME`, `<…>`, `-`, a suffix, any mistake)
/// and when the core finds an error or the expansion does: then
/// [`expand`](crate::expand::expand) reads the tokens with their spans and
/// puts each error at its own tokens. What succeeds here has no use for
/// spans: a static value's expansion holds none (BENCHMARKS.md, "branch
/// `display9`").
pub fn expand_text(text: &str) -> Option<Expansion> {
    let mut reader = Text {
        bytes: text.as_bytes(),
        pos: 0,
        depth: 0,
    };
    let expr = reader.expr()?;
    reader.space();
    if reader.pos != reader.bytes.len() {
        return None;
    }
    let value = layout_core::eval(&expr).ok()?;
    if let Some(call) = match &value {
        layout_core::Value::Layout(l) => crate::emit::common_layout_text(l),
        _ => None,
    } {
        return Some(Expansion::Text(call));
    }
    let ast = Ast {
        expr,
        spans: Vec::new(),
        leaves: Vec::new(),
        zero_sized: None,
    };
    // No `type`: nothing for `Expander::top` to add around the expression.
    let expander = Expander {
        ast: &ast,
        value: Some(value),
    };
    expander.expr(&ast.expr).ok().map(Expansion::Tokens)
}

/// What [`expand_text`] gives: the expansion's tokens, or its text when it
/// is one constructor call (the compiler lexes it in one call, where
/// making its ten tokens and a literal is a call each).
pub enum Expansion {
    /// Tokens, as the token path makes them.
    Tokens(TokenStream),
    /// Text that lexes to what the token path would make.
    Text(String),
}

/// The printed input, read byte by byte: decimal integers without suffix,
/// tuples, `shape:stride`, calls and the core's keywords, as [`Quick`]
/// reads them from tokens (a variable is `None` here: it needs its
/// tokens). The core's own text parser (notation.rs) costs about as much
/// in a debug build as reading the tokens (a lexer of `char`s into a
/// `Vec` of tokens, then the parser), which would save nothing; this one
/// walks the bytes once. Nodes get an empty span: nothing that succeeds
/// reads one.
struct Text<'a> {
    bytes: &'a [u8],
    pos: usize,
    depth: usize,
}

impl Text<'_> {
    fn peek(&self) -> u8 {
        // NUL is never in a printed token stream's text here: it ends the input.
        if self.pos < self.bytes.len() {
            self.bytes[self.pos]
        } else {
            0
        }
    }

    fn space(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    fn node(kind: ExprKind) -> Expr {
        Expr::new(kind, CoreSpan::new(0, 0))
    }

    fn expr(&mut self) -> Option<Expr> {
        let shape = self.primary()?;
        self.space();
        if self.peek() != b':' {
            return Some(shape);
        }
        self.pos += 1;
        if self.peek() == b':' {
            return None; // `::`
        }
        let stride = self.primary()?;
        Some(Self::node(ExprKind::Layout(shape.into(), stride.into())))
    }

    fn primary(&mut self) -> Option<Expr> {
        self.space();
        let start = self.pos;
        match self.peek() {
            b'0'..=b'9' => {
                let mut n: i64 = 0;
                while let digit @ b'0'..=b'9' = self.peek() {
                    n = n.checked_mul(10)?.checked_add(i64::from(digit - b'0'))?;
                    self.pos += 1;
                }
                // A suffix, `_`, `x`, `e`, `.`: not a plain decimal literal.
                if is_ident_byte(self.peek()) || self.peek() == b'.' {
                    return None;
                }
                Some(Self::node(ExprKind::Int(n)))
            }
            b'(' => {
                self.pos += 1;
                Some(Self::node(ExprKind::Tuple(self.items()?)))
            }
            b'a'..=b'z' | b'A'..=b'Z' | b'_' => {
                while is_ident_byte(self.peek()) {
                    self.pos += 1;
                }
                let text = std::str::from_utf8(&self.bytes[start..self.pos]).ok()?;
                if !plain_ident(text) || self.peek() >= 0x80 {
                    return None;
                }
                self.space();
                if self.peek() != b'(' {
                    return layout_core::is_keyword(text)
                        .then(|| Self::node(ExprKind::Name(text.to_string())));
                }
                self.pos += 1;
                let kind = ExprKind::Call {
                    name: text.to_string(),
                    name_span: CoreSpan::new(0, 0),
                    args: self.items()?,
                };
                Some(Self::node(kind))
            }
            _ => None,
        }
    }

    /// The comma-separated items up to the `)` closing a `(` just read.
    fn items(&mut self) -> Option<Vec<Expr>> {
        if self.depth == MAX_DEPTH {
            return None;
        }
        self.depth += 1;
        let mut items = Vec::new();
        loop {
            self.space();
            if self.peek() == b')' {
                break;
            }
            items.push(self.expr()?);
            self.space();
            match self.peek() {
                b',' => self.pos += 1,
                b')' => break,
                _ => return None,
            }
        }
        self.pos += 1;
        self.depth -= 1;
        Some(items)
    }
}

/// A byte that continues an ASCII identifier (or a literal's suffix).
fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
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
fn plain_ident(text: &str) -> bool {
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
        assert!(!plain_ident("type") && !plain_ident("Self") && !plain_ident("_"));
        assert!(plain_ident("logical_divide") && plain_ident("m") && plain_ident("Type"));
    }

    /// The text path gives what the token path gives, for every
    /// expression of the core's golden data (and the error cases of its
    /// notation tests, which it must leave to the tokens), printed as the
    /// compiler would and as written; it gives up on everything else.
    #[test]
    fn text_path_expands_as_the_tokens_do() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../layout-core/tests");
        let mut inputs: Vec<String> = Vec::new();
        for entry in std::fs::read_dir(format!("{dir}/golden")).unwrap() {
            let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
            for line in text.lines() {
                let row: serde_json::Value = serde_json::from_str(line).unwrap();
                inputs.extend(row["expr"].as_str().map(String::from));
            }
        }
        for file in ["errors/notation_cases.rs", "errors/algebra_cases.rs"] {
            let text = std::fs::read_to_string(format!("{dir}/{file}")).unwrap();
            // Each row's input is its first string literal.
            for line in text.lines() {
                if let Some(rest) = line.trim_start().strip_prefix("(\"") {
                    inputs.extend(rest.split('"').next().map(String::from));
                }
            }
        }
        inputs.extend(
            [
                "m",
                "(m,4):(1,m)",
                "type (4,8):(8,1)",
                "4u8",
                "(4u8,2)",
                "0x10",
                "1_000",
                "08",
                "(4,8)::(8,1)",
                "(4,8): :(8,1)",
                "(4 8)",
                "(,)",
                "(4,8) extra",
                "",
                "99999999999999999999",
                "9223372036854775807",
                "size(9223372036854775807)",
                "f()",
                "size(())",
                "(4,8):(8,1),",
                "((((4))))",
                "LayoutRight",
                "make_layout((4,8), LayoutRight)",
                "make_layout((4,8), LayoutRght)",
                "self(4)",
                "r#size(4)",
                "size (4)",
                "size(4,)",
                "(4,)",
                "logical_divide(8:1, 9)",
            ]
            .map(String::from),
        );
        let (mut taken, mut total) = (0, 0);
        for input in &inputs {
            let Ok(tokens) = TokenStream::from_str(input) else {
                continue;
            };
            total += 1;
            let printed = tokens.to_string();
            let expected = crate::expand::expand(tokens).to_string();
            for text in [&printed, input] {
                if let Some(expansion) = expand_text(text) {
                    taken += 1;
                    let expansion = match expansion {
                        Expansion::Tokens(tokens) => tokens,
                        Expansion::Text(text) => TokenStream::from_str(&text).unwrap(),
                    };
                    assert_eq!(
                        expansion.to_string(),
                        expected,
                        "{input:?} printed as {text:?}"
                    );
                    assert!(!expected.contains("compile_error"), "{input:?}");
                }
            }
        }
        assert!(
            total > 4000 && taken > 2000,
            "{taken} of {total} inputs taken"
        );
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
