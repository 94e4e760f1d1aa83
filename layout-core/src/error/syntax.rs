//! [`SyntaxError`]: text that is not an expression of the notation.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::string::String;
use core::fmt;

use super::quote::Echo;

/// Text that is not an expression of the notation: what the parser reports
/// (for [`evaluate`](crate::evaluate), `FromStr` and the `layout!` macro's
/// reader), with the offending text's span on the [`Error`](crate::Error).
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SyntaxError {
    /// A character the notation has no use for (`$`, `;`, …). Escaped in
    /// the message, so a NUL or a control character in the input cannot
    /// garble the one-line error of a batch or a terminal.
    BadCharacter(char),
    /// A token where the grammar expects something else.
    UnexpectedToken {
        /// What the parser wanted there, in words (`a number`, `)`, …).
        expected: &'static str,
        /// The token found instead, as written.
        found: String,
    },
    /// The text ended where the grammar expects more.
    UnexpectedEnd {
        /// What the parser wanted there, in words.
        expected: &'static str,
    },
    /// An opening bracket without its closing one.
    Unclosed {
        /// The opening bracket: `(` or `<`.
        open: char,
    },
    /// A closing bracket without an opening one.
    Unmatched(char),
    /// Text after a complete expression.
    TrailingInput {
        /// The first token after the expression, as written.
        found: String,
    },
    /// An integer literal outside `i64`.
    IntegerTooLarge(String),
    /// Brackets nested deeper than the parser's limit (which keeps it off
    /// the end of the stack).
    TooDeep {
        /// The deepest nesting accepted.
        limit: usize,
    },
}

impl fmt::Display for SyntaxError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use SyntaxError::*;
        match self {
            BadCharacter(c) => write!(f, "unexpected character `{}`", c.escape_debug()),
            UnexpectedToken { expected, found } => write!(f, "expected {expected}, found {found}"),
            UnexpectedEnd { expected } => {
                write!(f, "expected {expected}, but the expression ended")
            }
            Unclosed { open } => write!(f, "`{open}` is never closed"),
            Unmatched(bracket) => write!(f, "unmatched `{bracket}`"),
            TrailingInput { found } => {
                write!(
                    f,
                    "unexpected {} after the end of the expression",
                    Echo(found)
                )
            }
            IntegerTooLarge(text) => write!(f, "integer {} does not fit in 64 bits", Echo(text)),
            TooDeep { limit } => write!(f, "brackets nest more than {limit} deep"),
        }
    }
}

impl core::error::Error for SyntaxError {}
