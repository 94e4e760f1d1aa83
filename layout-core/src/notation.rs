//! CuTe notation as text: a small lexer and a recursive-descent parser
//! producing [`Expr`], with byte spans on every node and error.
//!
//! `Sw<B,M,S>` is the call `swizzle(B,M,S)` and `A o O o B` the call
//! `make_composed_layout(A,O,B)`: CuTe's printed forms of a swizzle and a
//! composed layout read back. A scaled basis `V@I@J` (CuTe's `E<J,I>{}*V`,
//! printed innermost mode first) is the call `@(V,I,J)`, a name no one can
//! type, which the evaluator reads itself.
//!
//! ```text
//! expr    := layout ['o' layout 'o' layout]
//! layout  := scaled [':' scaled]
//! scaled  := primary {'@' INT}
//! primary := INT | '-' INT | '_' | '(' [list] ')' | '<' list '>' | 'Sw' '<' list '>'
//!          | NAME ['(' [list] ')']
//! list    := expr {',' expr} [',']
//! ```

use alloc::boxed::Box;
use alloc::string::{String, ToString};
use alloc::vec::Vec;

use crate::error::{Error, ErrorKind, Result, Span, SyntaxError};
use crate::expr::{Expr, ExprKind};

#[derive(Clone, Debug, PartialEq, Eq)]
enum Token {
    Int(i64),
    Name(String),
    Punct(char),
}

impl Token {
    fn describe(&self) -> String {
        match self {
            Token::Int(n) => alloc::format!("`{n}`"),
            Token::Name(s) => alloc::format!("`{s}`"),
            Token::Punct(c) => alloc::format!("`{c}`"),
        }
    }
}

const PUNCTUATION: &[char] = &['(', ')', '<', '>', ',', ':', '-', '@'];

/// How deep `(`, `<` and calls may nest. Parsing, evaluating, printing and
/// dropping all recurse once per level; past a few thousand levels a debug
/// build overflows the stack (an abort, not an error), and no layout needs
/// more than a handful.
pub const MAX_DEPTH: usize = 128;

/// The call a scaled basis `V@I@J` parses to: `@(V,I,J)`.
pub const BASIS_CALL: &str = "@";

/// The call a composed layout `OUTER o OFFSET o INNER` parses to.
pub const COMPOSED_CALL: &str = "make_composed_layout";

/// The call a swizzle `Sw<B,M,S>` parses to.
pub const SWIZZLE_CALL: &str = "swizzle";

fn lex(src: &str) -> Result<Vec<(Token, Span)>> {
    let mut tokens = Vec::new();
    let mut chars = src.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        let mut end = start + c.len_utf8();
        let mut take_while = |pred: fn(char) -> bool| {
            while let Some(&(i, c)) = chars.peek() {
                if !pred(c) {
                    break;
                }
                end = i + c.len_utf8();
                chars.next();
            }
            end
        };
        let token = if c.is_whitespace() {
            continue;
        } else if c.is_ascii_digit() {
            let end = take_while(|c| c.is_ascii_digit());
            let digits = &src[start..end];
            // A leading '-' is folded in by the parser; i64::MIN's digits alone overflow.
            let value = digits.parse::<i64>().or_else(|_| {
                if tokens.last().is_some_and(|(t, _)| *t == Token::Punct('-'))
                    && digits == "9223372036854775808"
                {
                    Ok(i64::MIN)
                } else {
                    Err(Error::at(
                        SyntaxError::IntegerTooLarge(digits.to_string()),
                        Span::new(start, end),
                    ))
                }
            })?;
            Token::Int(value)
        } else if c.is_alphabetic() || c == '_' {
            let end = take_while(|c| c.is_alphanumeric() || c == '_');
            Token::Name(src[start..end].to_string())
        } else if PUNCTUATION.contains(&c) {
            Token::Punct(c)
        } else {
            return Err(Error::at(
                SyntaxError::BadCharacter(c),
                Span::new(start, end),
            ));
        };
        tokens.push((token, Span::new(start, end)));
    }
    Ok(tokens)
}

/// Parse one expression in CuTe notation.
///
/// ```
/// use layout_core::notation::parse;
/// let e = parse("logical_divide((4,8):(8,1), (2,4))").unwrap();
/// assert_eq!((e.span.start, e.span.end), (0, 34));
/// assert!(parse("(4,8):(8,1").is_err());
/// ```
pub fn parse(src: &str) -> Result<Expr> {
    let tokens = lex(src)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        end: src.len(),
        depth: 0,
    };
    let expr = parser.expr()?;
    if let Some((token, span)) = parser.tokens.get(parser.pos) {
        let kind = match token {
            Token::Punct(c @ (')' | '>')) => ErrorKind::Syntax(SyntaxError::Unmatched(*c)),
            _ => ErrorKind::Syntax(SyntaxError::TrailingInput {
                found: token.describe().trim_matches('`').to_string(),
            }),
        };
        return Err(Error::at(kind, *span));
    }
    Ok(expr)
}

struct Parser {
    tokens: Vec<(Token, Span)>,
    pos: usize,
    /// Length of the source: where "the expression ended" errors point.
    end: usize,
    /// Brackets open around the current position.
    depth: usize,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|(t, _)| t)
    }

    fn bump(&mut self) -> Option<(Token, Span)> {
        let next = self.tokens.get(self.pos).cloned();
        self.pos += next.is_some() as usize;
        next
    }

    fn eat(&mut self, c: char) -> Option<Span> {
        match self.tokens.get(self.pos) {
            Some((Token::Punct(p), span)) if *p == c => {
                self.pos += 1;
                Some(*span)
            }
            _ => None,
        }
    }

    fn unexpected(&self, expected: &'static str) -> Error {
        match self.tokens.get(self.pos) {
            Some((token, span)) => Error::at(
                SyntaxError::UnexpectedToken {
                    expected,
                    found: token.describe(),
                },
                *span,
            ),
            None => Error::at(
                SyntaxError::UnexpectedEnd { expected },
                Span::new(self.end, self.end),
            ),
        }
    }

    /// `layout [o layout o layout]`: CuTe's `ComposedLayout` as it prints.
    fn expr(&mut self) -> Result<Expr> {
        let outer = self.layout()?;
        if !self.eat_name("o") {
            return Ok(outer);
        }
        let offset = self.layout()?;
        if !self.eat_name("o") {
            return Err(self.unexpected("`o` and the inner layout of a composed layout"));
        }
        let inner = self.layout()?;
        let span = outer.span.join(inner.span);
        let kind = ExprKind::Call {
            name: COMPOSED_CALL.into(),
            name_span: span,
            args: alloc::vec![outer, offset, inner],
        };
        Ok(Expr::new(kind, span))
    }

    fn eat_name(&mut self, name: &str) -> bool {
        let found = matches!(self.peek(), Some(Token::Name(n)) if n == name);
        self.pos += usize::from(found);
        found
    }

    fn layout(&mut self) -> Result<Expr> {
        let first = self.scaled()?;
        if self.eat(':').is_none() {
            return Ok(first);
        }
        let second = self.scaled()?;
        let span = first.span.join(second.span);
        Ok(Expr::new(
            ExprKind::Layout(Box::new(first), Box::new(second)),
            span,
        ))
    }

    /// `V@I@J…`: a scaled basis, the call `@(V,I,J,…)`.
    fn scaled(&mut self) -> Result<Expr> {
        let value = self.primary()?;
        let Some(at) = self.eat('@') else {
            return Ok(value);
        };
        let mut span = value.span;
        let mut args = alloc::vec![value];
        loop {
            match self.bump() {
                Some((Token::Int(n), s)) => {
                    span = span.join(s);
                    args.push(Expr::new(ExprKind::Int(n), s));
                }
                Some(_) => {
                    self.pos -= 1;
                    return Err(self.unexpected("a mode number after `@`"));
                }
                None => return Err(self.unexpected("a mode number after `@`")),
            }
            if self.eat('@').is_none() {
                break;
            }
        }
        let kind = ExprKind::Call {
            name: BASIS_CALL.into(),
            name_span: at,
            args,
        };
        Ok(Expr::new(kind, span))
    }

    fn primary(&mut self) -> Result<Expr> {
        const EXPECTED: &str = "an integer, `_`, `(`, `<` or a name";
        let Some((token, span)) = self.bump() else {
            return Err(self.unexpected(EXPECTED));
        };
        match token {
            Token::Int(n) => Ok(Expr::new(ExprKind::Int(n), span)),
            Token::Punct('-') => match self.bump() {
                Some((Token::Int(n), int_span)) => {
                    // i64::MIN arrives as its own value from the lexer.
                    let value = if n == i64::MIN { n } else { -n };
                    Ok(Expr::new(ExprKind::Int(value), span.join(int_span)))
                }
                Some(_) => {
                    self.pos -= 1;
                    Err(self.unexpected("an integer after `-`"))
                }
                None => Err(self.unexpected("an integer after `-`")),
            },
            Token::Punct('(') => {
                let (items, close) = self.list(')', span)?;
                Ok(Expr::new(ExprKind::Tuple(items), span.join(close)))
            }
            Token::Punct('<') => {
                let (items, close) = self.list('>', span)?;
                Ok(Expr::new(ExprKind::Tiler(items), span.join(close)))
            }
            // CuTe's `_`: lexed as a name, but never one (no function or tag is `_`).
            Token::Name(name) if name == "_" => Ok(Expr::new(ExprKind::Underscore, span)),
            Token::Name(name) if name == "Sw" && self.peek() == Some(&Token::Punct('<')) => {
                let open = self.eat('<').unwrap_or(span);
                let (args, close) = self.list('>', open)?;
                let kind = ExprKind::Call {
                    name: SWIZZLE_CALL.into(),
                    name_span: span,
                    args,
                };
                Ok(Expr::new(kind, span.join(close)))
            }
            Token::Name(name) => {
                if let Some(open) = self.eat('(') {
                    let (args, close) = self.list(')', open)?;
                    let kind = ExprKind::Call {
                        name,
                        name_span: span,
                        args,
                    };
                    Ok(Expr::new(kind, span.join(close)))
                } else {
                    Ok(Expr::new(ExprKind::Name(name), span))
                }
            }
            Token::Punct(c @ (')' | '>')) => {
                self.pos -= 1;
                let _ = c;
                Err(self.unexpected(EXPECTED))
            }
            Token::Punct(_) => {
                self.pos -= 1;
                Err(self.unexpected(EXPECTED))
            }
        }
    }

    /// Items up to the closing `close`; the opening token was at `open`.
    fn list(&mut self, close: char, open: Span) -> Result<(Vec<Expr>, Span)> {
        if self.depth == MAX_DEPTH {
            let kind = SyntaxError::TooDeep { limit: MAX_DEPTH };
            return Err(Error::at(kind, open));
        }
        self.depth += 1;
        let items = self.items(close, open);
        self.depth -= 1;
        items
    }

    fn items(&mut self, close: char, open: Span) -> Result<(Vec<Expr>, Span)> {
        let open_char = if close == ')' { '(' } else { '<' };
        let mut items = Vec::new();
        loop {
            if let Some(span) = self.eat(close) {
                return Ok((items, span));
            }
            if self.peek().is_none() {
                return Err(Error::at(SyntaxError::Unclosed { open: open_char }, open));
            }
            items.push(self.expr()?);
            if let Some(span) = self.eat(close) {
                return Ok((items, span));
            }
            if self.eat(',').is_none() {
                if self.peek().is_none() {
                    return Err(Error::at(SyntaxError::Unclosed { open: open_char }, open));
                }
                return Err(self.unexpected(if close == ')' {
                    "`,` or `)`"
                } else {
                    "`,` or `>`"
                }));
            }
        }
    }
}
