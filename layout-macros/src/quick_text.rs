//! `layout!`'s first path: a static input read from its printed text.
//! `lib.rs` asks the compiler for the input's text in one call (`to_string`
//! of the macro's `TokenStream`, which prints tokens so that they lex back
//! the same) instead of one call per token, and [`expand_text`] reads it
//! with a byte parser of the forms quick.rs reads from tokens (variables
//! left out), evaluates it and expands it. Anything else, and any error,
//! is `None`: the token path (quick.rs, then syn) reads the input again
//! with its spans and puts each error at its own tokens. For a
//! `Display`ed algebra result this path costs a debug build of the user's
//! crate ≈0.03 M rustc instructions less per invocation than the tokens,
//! and another ≈0.03 M less with the constructor's call handed back as text
//! (BENCHMARKS.md, "A `Display`ed result: its text read once"); a table's
//! array literal handed back as text costs ≈0.08 M less per table ("the
//! macro's own text").

use layout_core::expr::{Expr, ExprKind};
use layout_core::notation::MAX_DEPTH;
use proc_macro2::TokenStream;

use crate::ast::Ast;
use crate::expand::Expander;
use crate::quick::plain_ident;

type CoreSpan = layout_core::Span;

/// The expansion of a static input without mistakes, read from its text:
/// one call into the compiler for the whole input (`to_string` of the
/// macro's `TokenStream`, which prints tokens so that they lex back the
/// same) instead of one per token, read by [`Text`], a byte parser of the
/// forms [`parse`](crate::quick::parse) reads with variables left out. `None` for anything
/// else (a variable, `type`, `#NAME`, `<…>`, `-`, a suffix, any mistake)
/// and when the core finds an error or the expansion does: then
/// [`expand`](crate::expand::expand) reads the tokens with their spans and
/// puts each error at its own tokens. What succeeds here has no use for
/// spans: a static value's expansion holds none (BENCHMARKS.md, "A
/// `Display`ed result: its text read once").
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
    if let Some(text) = match &value {
        layout_core::Value::Layout(l) => crate::emit::common_layout_text(l),
        layout_core::Value::Table(t) => table_text(t.as_slice()),
        _ => None,
    } {
        return Some(Expansion::Text(text));
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

/// `emit::table`'s array literal `[L(0), …]` as text, which lexes to its
/// tokens: the compiler lexes it in one call, where making its tokens
/// through proc-macro2 was a literal and a comma each, converted one by
/// one (≈0.17 M rustc instructions per table of the mix of issue 12,
/// three quarters of what the macro cost for a table: BENCHMARKS.md, "A
/// `Display`ed result: the macro's own text"). Digits are written
/// byte by byte, as debug code runs them in every user's build.
fn table_text(offsets: &[i64]) -> Option<String> {
    // Room for every entry at its longest (a sign, 19 digits, ", "): each
    // byte is then one indexed store, with no call per byte or per entry
    // (a `Vec`'s `push` and `extend_from_slice` are calls in debug code).
    let mut bytes = vec![0u8; 2 + 22 * offsets.len()];
    // Indexed as a slice: a `Vec`'s own indexing is a call in debug code.
    let text: &mut [u8] = &mut bytes;
    text[0] = b'[';
    let mut len = 1;
    let mut digits = [0u8; 20];
    for (k, &n) in offsets.iter().enumerate() {
        if k > 0 {
            text[len] = b',';
            text[len + 1] = b' ';
            len += 2;
        }
        if n < 0 {
            text[len] = b'-';
            len += 1;
        }
        let (mut m, mut at) = (n.unsigned_abs(), digits.len());
        loop {
            at -= 1;
            digits[at] = b'0' + (m % 10) as u8;
            m /= 10;
            if m == 0 {
                break;
            }
        }
        while at < digits.len() {
            text[len] = digits[at];
            len += 1;
            at += 1;
        }
    }
    text[len] = b']';
    bytes.truncate(len + 1);
    String::from_utf8(bytes).ok()
}

/// What [`expand_text`] gives: the expansion's tokens, or its text when it
/// is one constructor call or a table's array literal (the compiler lexes
/// it in one call, where making its tokens is a call or more each).
pub enum Expansion {
    /// Tokens, as the token path makes them.
    Tokens(TokenStream),
    /// Text that lexes to what the token path would make.
    Text(String),
}

/// The printed input, read byte by byte: decimal integers without suffix,
/// tuples, `shape:stride`, calls and the core's keywords, as `quick::parse`
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
    #[inline(always)] // Honoured in debug builds too: no call per byte.
    fn peek(&self) -> u8 {
        // NUL is never in a printed token stream's text here: it ends the input.
        if self.pos < self.bytes.len() {
            self.bytes[self.pos]
        } else {
            0
        }
    }

    #[inline(always)]
    fn space(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.pos += 1;
        }
    }

    #[inline(always)]
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
                // At most 18 digits, so no overflow to check (a longer
                // number is left to the token path, which reads any).
                let mut n: i64 = 0;
                while let digit @ b'0'..=b'9' = self.peek() {
                    if self.pos - start == 18 {
                        return None;
                    }
                    n = n * 10 + i64::from(digit - b'0');
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
                // Its bytes are an ASCII identifier's: left to check, that
                // it is not one of Rust's keywords, none longer than 8 bytes
                // (the function names mostly are: no search for them).
                if (text.len() <= 8 && !plain_ident(text)) || self.peek() >= 0x80 {
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
#[inline(always)]
fn is_ident_byte(b: u8) -> bool {
    matches!(b, b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'_')
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::str::FromStr;

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
                // Tables, written as text (`table_text`).
                "table((4,8):(8,1))",
                "table(((2,2),3):((1,4),2))",
                "table(logical_divide((8,4):(4,1), 2))",
                "table((16,16):(1,16))",
                "table((2,3):(1,100000000000))",
                "table(1:0)",
                "table(0:1)",
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
}
