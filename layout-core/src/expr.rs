//! The call tree shared by the text parser (CLI, `FromStr`) and the macro's
//! token parser. Every node keeps the span of the source it came from so that
//! evaluation errors can point back at it.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;

use crate::error::Span;

/// One node of an expression, with its source span.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// `8`, `-4`
    Int(i64),
    /// `(a,b,…)`, `(a)`, `(a,)`, `()`
    Tuple(Vec<Expr>),
    /// `<T0,T1,…>`: a by-mode tiler
    Tiler(Vec<Expr>),
    /// `shape:stride`
    Layout(Box<Expr>, Box<Expr>),
    /// A bare identifier: `LayoutLeft`, `LayoutRight`, or (in the macro) a
    /// runtime variable.
    Name(String),
    /// `name(arg, …)`
    Call {
        name: String,
        name_span: Span,
        args: Vec<Expr>,
    },
    /// `_`, CuTe's `Underscore`: a coordinate leaf meaning every coordinate
    /// of its mode (for `slice` and `dice`).
    Underscore,
    /// A leaf whose value is only known at run time (the macro's `{expr}`);
    /// the number identifies it to the macro.
    Dynamic(usize),
}

impl Expr {
    #[must_use]
    pub fn new(kind: ExprKind, span: Span) -> Expr {
        Expr { kind, span }
    }
}
