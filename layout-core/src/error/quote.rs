//! How a message quotes what the user wrote: long input text shortened,
//! a close known name suggested.

use alloc::string::String;
use core::fmt;

/// `; did you mean `NAME`?` after an unknown name with a close known one.
pub(super) fn did_you_mean(suggestion: &Option<&'static str>) -> String {
    match suggestion {
        Some(s) => alloc::format!("; did you mean `{s}`?"),
        None => String::new(),
    }
}

/// Input text quoted in a message: whole up to [`Echo::LONGEST`]
/// characters, else its start and its length, so that a megabyte token
/// still gives a one-line message of a readable length (the span says
/// where it is).
pub(super) struct Echo<'a>(pub(super) &'a str);

impl Echo<'_> {
    const LONGEST: usize = 64;
    /// How much of a longer text is shown.
    const START: usize = 32;
}

impl fmt::Display for Echo<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let chars = self.0.chars().count();
        if chars <= Echo::LONGEST {
            return write!(f, "`{}`", self.0);
        }
        let start: String = self.0.chars().take(Echo::START).collect();
        write!(f, "`{start}…` ({chars} characters)")
    }
}
