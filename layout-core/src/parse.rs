//! `FromStr` for the core types: literals only, as `str::parse` reads a
//! number and never evaluates `1+2`. `"(4,8):(8,1)".parse::<Layout>()` is
//! the layout written; `"logical_divide(…)".parse::<Layout>()` is an error
//! that points at the call and names [`evaluate`](crate::evaluate), which
//! takes whole expressions.
//!
//! Most strings parsed are plain literals (`(2,(3,4))`, `(4,8):(8,1)`), and
//! building an `Expr` for them costs more than the algebra that follows. So
//! a literal is first read straight into an `IntTuple` ([`Literal`]); any
//! other text, and every literal the core refuses, goes through the
//! notation's parser, so errors (with their spans) are the notation's.

use alloc::vec::Vec;
use core::str::FromStr;

use crate::error::{CallError, Error, Span};
use crate::eval::eval;
use crate::expr::{Expr, ExprKind};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::notation::{MAX_DEPTH, parse};
use crate::value::Value;

fn wrong(expected: &'static str, found: &Value, src: &str) -> Error {
    Error::at(
        CallError::WrongType {
            expected,
            found: found.describe(),
        },
        Span::new(0, src.len()),
    )
}

/// Parse `src` with the notation's parser and evaluate it if it is a
/// literal; otherwise an error at the first part that is not.
fn literal(src: &str, expected: &'static str) -> Result<Value, Error> {
    let expr = parse(src)?;
    match not_literal(&expr) {
        None => eval(&expr),
        Some(e) => Err(Error::at(
            CallError::WrongType {
                expected,
                found: match e.kind {
                    ExprKind::Call { .. } => "a function call",
                    ExprKind::Tiler(_) => "a tiler",
                    _ => "a name",
                },
            },
            e.span,
        )),
    }
}

/// The first node of `expr` that a literal cannot hold: anything but
/// integers, tuples and `shape:stride`.
fn not_literal(expr: &Expr) -> Option<&Expr> {
    match &expr.kind {
        ExprKind::Int(_) => None,
        ExprKind::Tuple(items) => items.iter().find_map(not_literal),
        ExprKind::Layout(shape, stride) => not_literal(shape).or_else(|| not_literal(stride)),
        _ => Some(expr),
    }
}

/// An integer or a tuple literal in CuTe notation: `8`, `-3`, `(2,(3,4))`.
///
/// Only literals: use [`evaluate`](crate::evaluate) for expressions such as
/// `shape(8:1)`.
///
/// ```
/// use layout_core::IntTuple;
/// let t: IntTuple = "(2,(3,4))".parse().unwrap();
/// assert_eq!(t.size().unwrap(), 24);
/// let e = "shape((2,4):(1,2))".parse::<IntTuple>().unwrap_err();
/// assert_eq!(e.to_string(), "expected an integer or a tuple literal \
///     (for expressions, use `evaluate`), found a function call");
/// ```
impl FromStr for IntTuple {
    type Err = Error;

    fn from_str(src: &str) -> Result<IntTuple, Error> {
        if let Some(t) = Literal::whole(src, Literal::tuple) {
            return Ok(t);
        }
        let expected = "an integer or a tuple literal (for expressions, use `evaluate`)";
        match literal(src, expected)? {
            Value::IntTuple(t) => Ok(t),
            v => Err(wrong("an integer or a tuple", &v, src)),
        }
    }
}

/// A layout literal `shape:stride` in CuTe notation, checked as
/// [`Layout::new`] checks it.
///
/// Only literals, as CuTe writes them: use [`evaluate`](crate::evaluate)
/// for expressions such as `logical_divide((8,8):(8,1), (2,4))`.
///
/// ```
/// use layout_core::{Layout, evaluate};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(l.at(1).unwrap(), 8);
/// let src = "coalesce((2,4):(1,2))";
/// let e = src.parse::<Layout>().unwrap_err();
/// assert_eq!(e.to_string(), "expected a layout literal `shape:stride` \
///     (for expressions, use `evaluate`), found a function call");
/// assert_eq!(evaluate(src).unwrap().to_string(), "8:1");
/// ```
impl FromStr for Layout {
    type Err = Error;

    fn from_str(src: &str) -> Result<Layout, Error> {
        let literal_parts = Literal::whole(src, |lit| {
            let shape = lit.tuple()?;
            lit.eat(b':')?;
            Some((shape, lit.tuple()?))
        });
        if let Some(Ok(l)) = literal_parts.map(|(shape, stride)| Layout::new(shape, stride)) {
            return Ok(l);
        }
        let expected = "a layout literal `shape:stride` (for expressions, use `evaluate`)";
        match literal(src, expected)? {
            Value::Layout(l) => Ok(l),
            v => Err(wrong("a layout", &v, src)),
        }
    }
}

/// A reader for the literal subset of the notation: integers, `-` integers
/// and tuples of them, with the notation's whitespace and nesting limit.
/// It answers `None` for anything else, never an error.
struct Literal<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Literal<'a> {
    /// `read` over all of `src` (surrounding whitespace allowed).
    fn whole<T>(src: &'a str, read: impl FnOnce(&mut Literal<'a>) -> Option<T>) -> Option<T> {
        let mut lit = Literal {
            bytes: src.as_bytes(),
            pos: 0,
        };
        let value = read(&mut lit)?;
        lit.skip_space();
        (lit.pos == lit.bytes.len()).then_some(value)
    }

    /// The ASCII characters `char::is_whitespace` accepts; other bytes
    /// (non-ASCII included) end the literal, and the notation takes over.
    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r' | 0x0b | 0x0c) = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes.get(self.pos).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.pos += 1)
    }

    fn tuple(&mut self) -> Option<IntTuple> {
        self.nested(0)
    }

    /// An integer or a tuple inside `depth` open tuples.
    fn nested(&mut self, depth: usize) -> Option<IntTuple> {
        if self.peek()? != b'(' {
            return self.int().map(IntTuple::Int);
        }
        if depth == MAX_DEPTH {
            return None;
        }
        self.pos += 1;
        if self.eat(b')').is_some() {
            return Some(IntTuple::EMPTY);
        }
        // Room for the usual ranks up front: no regrowth below 5 items.
        let mut items = Vec::with_capacity(4);
        // `(a)`, `(a,)`, `(a,b)`, …: a comma may end the list.
        loop {
            // Most items are integers: read them here rather than by a call.
            let item = match self.peek()? {
                b'(' => self.nested(depth + 1)?,
                _ => IntTuple::Int(self.int()?),
            };
            items.push(item);
            match self.peek()? {
                b')' => break,
                b',' => {
                    self.pos += 1;
                    if self.peek()? == b')' {
                        break;
                    }
                }
                _ => return None,
            }
        }
        self.pos += 1;
        Some(IntTuple::Tuple(items))
    }

    /// `-`? digits, within `i64` (the notation's overflow error otherwise).
    fn int(&mut self) -> Option<i64> {
        let negative = self.peek()? == b'-';
        if negative {
            self.pos += 1;
            self.skip_space();
        }
        let start = self.pos;
        let mut magnitude: u64 = 0;
        while let Some(&b) = self.bytes.get(self.pos).filter(|b| b.is_ascii_digit()) {
            magnitude = magnitude
                .checked_mul(10)?
                .checked_add(u64::from(b - b'0'))?;
            self.pos += 1;
        }
        if self.pos == start {
            return None;
        }
        if negative {
            0i64.checked_sub_unsigned(magnitude)
        } else {
            i64::try_from(magnitude).ok()
        }
    }
}

#[cfg(test)]
mod tests {
    use alloc::format;
    use alloc::string::ToString;

    use super::*;
    use crate::error::ErrorKind;

    /// What `from_str` does without the fast path: the notation only.
    fn by_notation<T>(
        src: &str,
        want: &'static str,
        pick: fn(Value) -> Result<T, Value>,
    ) -> Result<T, Error> {
        pick(crate::evaluate(src)?).map_err(|v| wrong(want, &v, src))
    }

    /// The fast path gives exactly what the full notation gives: the same
    /// value, or (by falling back) the same error with the same span.
    #[test]
    fn literals_parse_as_the_notation_does() {
        for src in [
            "7",
            "-7",
            "- 7",
            " (2,(3,4)) ",
            "( 2 , )",
            "()",
            "(8)",
            "((),(()))",
            "007",
            "9223372036854775807",
            "-9223372036854775808",
            "9223372036854775808",
            "-9223372036854775809",
            "((2,3):(1,2))",
            "2a",
            "(2,3",
            "(2,,3)",
            "(,)",
            "-",
            "(2,\u{a0}3)",
            "\u{2003}5",
            "(2)(3)",
            "(4,8):(8,1)",
        ] {
            let want = by_notation(src, "an integer or a tuple", |v| match v {
                Value::IntTuple(t) => Ok(t),
                v => Err(v),
            });
            assert_eq!(
                format!("{:?}", src.parse::<IntTuple>()),
                format!("{want:?}"),
                "{src}"
            );
        }
        for src in [
            "(4,8):(8,1)",
            " (4,8) : (8,1) ",
            "8:1",
            "(4,8):(8,1,2)",
            "(-1):(1)",
            "(2,3)",
            "(2,3):(4611686018427387904,1)",
            "(4,8):",
            ":(1)",
            "(4,8):(8,1):(1)",
        ] {
            let want = by_notation(src, "a layout", |v| match v {
                Value::Layout(l) => Ok(l),
                v => Err(v),
            });
            assert_eq!(
                format!("{:?}", src.parse::<Layout>()),
                format!("{want:?}"),
                "{src}"
            );
        }
    }

    /// Expressions are refused at their first non-literal part, which
    /// `evaluate` would have evaluated.
    #[test]
    fn only_literals_parse() {
        let refused = |src: &str, found: &str, at: &str| {
            for e in [
                src.parse::<IntTuple>().unwrap_err(),
                src.parse::<Layout>().unwrap_err(),
            ] {
                let span = e.span().unwrap();
                assert_eq!(&src[span.start..span.end], at, "{src}");
                assert!(
                    matches!(e.kind(), ErrorKind::Call(CallError::WrongType { found: f, .. }) if *f == found),
                    "{src}: {e}"
                );
            }
            assert!(crate::evaluate(src).is_ok(), "{src}");
        };
        refused("(2,size(4:1))", "a function call", "size(4:1)");
        refused(
            "coalesce((2,4):(1,2))",
            "a function call",
            "coalesce((2,4):(1,2))",
        );
        refused("(2,4):(1,size(2:1))", "a function call", "size(2:1)");
        refused("<2,4>", "a tiler", "<2,4>");
        refused("LayoutLeft", "a name", "LayoutLeft");
        // A literal of the other kind is the notation's type error, over it all.
        let e = "(2,4)".parse::<Layout>().unwrap_err();
        assert_eq!(e.to_string(), "expected a layout, found a tuple");
    }
}
