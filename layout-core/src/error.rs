//! One error type for the whole core: what went wrong, in words and numbers,
//! and where in the source text (when the error came from parsed text).

use core::fmt;

mod algebra;
mod call;
mod construct;
mod domain;
mod idiom;
mod kind;
mod quote;
mod syntax;

pub use algebra::AlgebraRefusal;
pub use call::CallError;
pub use construct::ConstructError;
pub use domain::DomainError;
pub use idiom::IdiomError;
pub use kind::ErrorKind;
pub use syntax::SyntaxError;

/// A byte range `start..end` in the source text of an expression.
///
/// The macro crate reuses the same numbers as indices into its own table of
/// token spans, so the core never needs to know about `proc_macro2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

impl Span {
    /// The bytes `start..end`.
    #[must_use]
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    #[must_use]
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// An [`ErrorKind`] and, when known, the span of the offending source text.
///
/// ```
/// use layout_core::{ErrorKind, DomainError};
/// let e = layout_core::evaluate("size((4,8):(8,1,2))").unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::Domain(DomainError::NotCongruent { .. })));
/// assert_eq!(e.span().map(|s| (s.start, s.end)), Some((11, 18))); // the stride
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    kind: ErrorKind,
    span: Option<Span>,
}

impl Error {
    /// An error with no position (yet): the algebra's errors, before the
    /// evaluator points them at an operand. `kind` is an [`ErrorKind`] or
    /// one of its families ([`DomainError`], …).
    #[must_use]
    pub fn new(kind: impl Into<ErrorKind>) -> Self {
        Error {
            kind: kind.into(),
            span: None,
        }
    }

    /// An error at `span`.
    #[must_use]
    pub fn at(kind: impl Into<ErrorKind>, span: Span) -> Self {
        Error {
            kind: kind.into(),
            span: Some(span),
        }
    }

    /// Attach `span` unless the error already points somewhere more precise.
    #[must_use]
    pub fn or_at(mut self, span: Span) -> Self {
        self.span.get_or_insert(span);
        self
    }

    /// What went wrong.
    #[must_use]
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// What went wrong, without the position.
    #[must_use]
    pub fn into_kind(self) -> ErrorKind {
        self.kind
    }

    /// Where in the source text, when the error came from parsed text.
    #[must_use]
    pub fn span(&self) -> Option<Span> {
        self.span
    }
}

impl From<ErrorKind> for Error {
    fn from(kind: ErrorKind) -> Self {
        Error::new(kind)
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.kind, f)
    }
}

impl core::error::Error for Error {}

/// Shorthand for the core's results.
pub type Result<T, E = Error> = core::result::Result<T, E>;

/// Checked arithmetic that names the operation when it overflows.
pub(crate) fn mul(a: i64, b: i64) -> Result<i64> {
    // `_else`: the error is built only on overflow (these run in every algebra step).
    a.checked_mul(b)
        .ok_or_else(|| Error::new(ErrorKind::Overflow("a product does not fit in 64 bits")))
}

pub(crate) fn add(a: i64, b: i64) -> Result<i64> {
    a.checked_add(b)
        .ok_or_else(|| Error::new(ErrorKind::Overflow("a sum does not fit in 64 bits")))
}
