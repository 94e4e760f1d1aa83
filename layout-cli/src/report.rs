//! How errors are shown: one line for batch mode, a caret under the
//! offending text for a single expression.

use layout_core::Error;

/// `error: at START..END: message` (the position is a byte range).
pub fn one_line(error: &Error) -> String {
    match error.span() {
        Some(span) => format!("error: at {}..{}: {error}", span.start, span.end),
        None => format!("error: {error}"),
    }
}

/// The expression echoed with `^^^` under the offending token, then the message.
pub fn caret(src: &str, error: &Error) -> String {
    let Some(span) = error.span() else {
        return format!("error: {error}\n");
    };
    let start = src[..span.start.min(src.len())].chars().count();
    let width = src
        .get(span.start..span.end)
        .map_or(1, |s| s.chars().count().max(1));
    format!(
        "error: {error}\n  {src}\n  {}{}\n",
        " ".repeat(start),
        "^".repeat(width)
    )
}
