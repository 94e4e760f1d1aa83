//! How errors are shown: one line for batch mode, a caret under the
//! offending text for a single expression.

use std::fmt;

use layout_core::{Error, Span};

use crate::style::Styles;

/// Why a command failed: a core error (with the span it blames) or one of
/// the CLI's own limits, which blame the whole expression.
#[derive(Debug)]
pub struct Failure {
    pub message: String,
    pub span: Option<Span>,
    /// What the command could show before it failed (`explain`'s steps up
    /// to a refused composition), printed to stdout before the error.
    pub shown: Option<String>,
}

impl Failure {
    pub fn new(message: impl Into<String>, span: Option<Span>) -> Failure {
        Failure {
            message: message.into(),
            span,
            shown: None,
        }
    }
}

impl From<Error> for Failure {
    fn from(error: Error) -> Failure {
        Failure::new(error.to_string(), error.span())
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// `error: at START..END: message` (the position is a byte range).
pub fn one_line(error: &Error) -> String {
    match error.span() {
        Some(span) => format!("error: at {}..{}: {error}", span.start, span.end),
        None => format!("error: {error}"),
    }
}

/// The message, then the expression echoed with `^^^` under the offending
/// token. Byte spans become columns by counting characters, so a caret
/// lands under the right place after non-ASCII text.
pub fn caret(src: &str, failure: &Failure, styles: &Styles) -> String {
    let (err, reset) = (styles.error.render(), styles.error.render_reset());
    let mut out = format!("{err}error:{reset} {failure}\n");
    let Some(span) = failure.span else {
        return out;
    };
    let start = src[..span.start.min(src.len())].chars().count();
    let width = src
        .get(span.start..span.end)
        .map_or(1, |s| s.chars().count().max(1));
    let (c, c_reset) = (styles.caret.render(), styles.caret.render_reset());
    out.push_str(&format!(
        "  {src}\n  {}{c}{}{c_reset}\n",
        " ".repeat(start),
        "^".repeat(width)
    ));
    out
}
