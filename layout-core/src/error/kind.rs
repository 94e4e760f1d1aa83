//! [`ErrorKind`]: every way the core can fail, in six families, each an
//! enum of its own file (its variants, their fields and their messages
//! side by side), and the one kind that is every family's: overflow.

use core::fmt;

use super::{AlgebraRefusal, CallError, ConstructError, DomainError, IdiomError, SyntaxError};

/// What went wrong: the family, and in it the variant with the numbers
/// that failed.
///
/// The message is the `Display` (the family's, word for word); where in
/// the source text it went wrong is the [`Error`](crate::Error)'s span,
/// not part of the kind. Each family converts into an `ErrorKind` and an
/// `Error` with `into()`, so a function builds `Err(DomainError::… .into())`
/// and a caller matches both levels:
///
/// ```
/// use layout_core::{ErrorKind, DomainError, evaluate};
/// let e = evaluate("size((4,8):(8,1,2))").unwrap_err();
/// assert!(matches!(e.kind(), ErrorKind::Domain(DomainError::NotCongruent { .. })));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not an expression of the notation.
    Syntax(SyntaxError),
    /// A name or call the evaluator cannot make (unknown, or the wrong
    /// number or kind of arguments).
    Call(CallError),
    /// Arguments outside the function's domain: shapes, ranks, modes,
    /// coordinates or indices that do not fit together or lie outside what
    /// the function takes.
    Domain(DomainError),
    /// The layout algebra refusing operands it has no exact answer for.
    Algebra(AlgebraRefusal),
    /// A layout that cannot be built from an order, a block or a recast.
    Construct(ConstructError),
    /// A kernel-library idiom (broadcasting, descriptors, access analysis)
    /// refusing its arguments.
    Idiom(IdiomError),
    /// A result that does not fit in 64 bits, in any family; the payload is
    /// the whole message, a sentence saying which number.
    Overflow(&'static str),
}

impl ErrorKind {
    /// Whether this is composition refusing `A ∘ B` (no layout can be it,
    /// or it cannot be decided): the right operand's fault, and what a
    /// divide or product built on composition reports as its own.
    #[must_use]
    pub fn is_composition_refusal(&self) -> bool {
        matches!(
            self,
            ErrorKind::Algebra(
                AlgebraRefusal::NotAdmissible { .. }
                    | AlgebraRefusal::NotAdditive { .. }
                    | AlgebraRefusal::CompositionUndecided { .. }
                    | AlgebraRefusal::InCoordinates { .. }
            )
        )
    }
}

/// The family's message, unchanged: the family adds no words.
impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Syntax(e) => e.fmt(f),
            ErrorKind::Call(e) => e.fmt(f),
            ErrorKind::Domain(e) => e.fmt(f),
            ErrorKind::Algebra(e) => e.fmt(f),
            ErrorKind::Construct(e) => e.fmt(f),
            ErrorKind::Idiom(e) => e.fmt(f),
            ErrorKind::Overflow(sentence) => f.write_str(sentence),
        }
    }
}

impl core::error::Error for ErrorKind {}

/// `From<Family> for ErrorKind` and `for Error` (the latter without a span).
macro_rules! families {
    ($($family:ident => $variant:ident),* $(,)?) => {$(
        impl From<$family> for ErrorKind {
            fn from(e: $family) -> Self {
                ErrorKind::$variant(e)
            }
        }

        impl From<$family> for crate::Error {
            fn from(e: $family) -> Self {
                crate::Error::new(ErrorKind::$variant(e))
            }
        }
    )*};
}

families! {
    SyntaxError => Syntax,
    CallError => Call,
    DomainError => Domain,
    AlgebraRefusal => Algebra,
    ConstructError => Construct,
    IdiomError => Idiom,
}
