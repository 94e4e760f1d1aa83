//! [`CallError`]: names and calls the evaluator cannot make.
//! Each variant and field is documented; its message, the `Display`, follows
//! the enum, in the same order.

use alloc::string::String;
use core::fmt;

use super::quote::{Echo, did_you_mean};

/// A name or call the evaluator cannot make: an unknown function or name, the
/// wrong number or kind of arguments, a dynamic leaf where a value known while
/// compiling is needed. Found before the function runs.
///
/// The message is the `Display`, one sentence naming the numbers that
/// failed; where in the source text is the [`Error`](crate::Error)'s span.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CallError {
    /// A call of a function the registry does not know.
    UnknownFunction {
        /// The name as written.
        name: String,
        /// The known function closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A bare name that is not a tag (`LayoutLeft`, `RowMajor`, …).
    UnknownName {
        /// The name as written.
        name: String,
        /// The known name closest to it, if it is close enough to be a typo.
        suggestion: Option<&'static str>,
    },
    /// A call with too few or too many arguments.
    WrongArgumentCount {
        /// The function called.
        name: &'static str,
        /// How many it takes, in words (`2 arguments`, `1 or 2 arguments`).
        expected: String,
        /// How many the call has.
        found: usize,
    },
    /// An argument (or operand) of the wrong kind of value.
    WrongType {
        /// The kinds of value accepted there, in words.
        expected: &'static str,
        /// The kind of value given, in words ([`Value::describe`](crate::Value::describe)).
        found: &'static str,
    },
    /// A dynamic leaf of the `layout!` macro where only a value known while
    /// compiling will do.
    DynamicValue,
}

impl fmt::Display for CallError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // One arm per variant, every variant named: bare names read better.
        #[allow(clippy::enum_glob_use)]
        use CallError::*;
        match self {
            UnknownFunction { name, suggestion } => {
                write!(
                    f,
                    "unknown function {}{}",
                    Echo(name),
                    did_you_mean(suggestion)
                )
            }
            UnknownName { name, suggestion } => {
                write!(f, "unknown name {}{}", Echo(name), did_you_mean(suggestion))
            }
            WrongArgumentCount {
                name,
                expected,
                found,
            } => write!(
                f,
                "`{name}` takes {expected}, but {found} {} given",
                if *found == 1 { "was" } else { "were" }
            ),
            WrongType { expected, found } => write!(f, "expected {expected}, found {found}"),
            DynamicValue => write!(
                f,
                "a dynamic value cannot be used here: this needs a value known at compile time"
            ),
        }
    }
}

impl core::error::Error for CallError {}
