//! One error type for the whole core: what went wrong, in words and numbers,
//! and where in the source text (when the error came from parsed text).

use alloc::string::String;
use core::fmt;

/// A byte range `start..end` in the source text of an expression.
///
/// The macro crate reuses the same numbers as indices into its own table of
/// token spans, so the core never needs to know about `proc_macro2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct Span {
    pub start: usize,
    pub end: usize,
}

impl Span {
    pub const fn new(start: usize, end: usize) -> Self {
        Span { start, end }
    }

    /// The smallest span covering both.
    pub fn join(self, other: Span) -> Span {
        Span::new(self.start.min(other.start), self.end.max(other.end))
    }
}

/// What went wrong. Every variant's message names the numbers that failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ErrorKind {
    // ---- text ----
    #[error("unexpected character `{0}`")]
    BadCharacter(char),
    #[error("expected {expected}, found {found}")]
    UnexpectedToken {
        expected: &'static str,
        found: String,
    },
    #[error("expected {expected}, but the expression ended")]
    UnexpectedEnd { expected: &'static str },
    #[error("`{open}` is never closed")]
    Unclosed { open: char },
    #[error("unmatched `{0}`")]
    Unmatched(char),
    #[error("unexpected `{found}` after the end of the expression")]
    TrailingInput { found: String },
    #[error("integer `{0}` does not fit in 64 bits")]
    IntegerTooLarge(String),
    #[error("brackets nest more than {limit} deep")]
    TooDeep { limit: usize },

    // ---- names and arguments ----
    #[error("unknown function `{name}`{}", did_you_mean(suggestion))]
    UnknownFunction {
        name: String,
        suggestion: Option<&'static str>,
    },
    #[error("unknown name `{name}`{}", did_you_mean(suggestion))]
    UnknownName {
        name: String,
        suggestion: Option<&'static str>,
    },
    #[error("`{name}` takes {expected}, but {found} were given")]
    WrongArgumentCount {
        name: &'static str,
        expected: &'static str,
        found: usize,
    },
    #[error("expected {expected}, found {found}")]
    WrongType {
        expected: &'static str,
        found: &'static str,
    },
    #[error("a dynamic value cannot be used here: this needs a value known at compile time")]
    DynamicValue,

    // ---- layouts and coordinates ----
    #[error(
        "shape {shape} and stride {stride} are not congruent (they must have the same nesting)"
    )]
    NotCongruent { shape: String, stride: String },
    #[error("shape extent {0} is negative")]
    NegativeExtent(i64),
    #[error("coordinate has rank {found} but the mode it indexes has rank {expected}")]
    RankMismatch { expected: usize, found: usize },
    #[error("coordinate {coord} is a tuple but the mode it indexes is the single extent {extent}")]
    CoordinateTooDeep { coord: String, extent: String },
    #[error("cannot split an index over mode {mode} of shape {shape}: its size is 0")]
    ZeroSizeMode { mode: usize, shape: String },
    #[error("arithmetic overflow: {0}")]
    Overflow(&'static str),
    #[error("{what} must be at least {min}, got {found}")]
    OutOfRange {
        what: &'static str,
        min: i64,
        found: i64,
    },

    // ---- algebra preconditions ----
    #[error(
        "composition is not admissible: on leaf {mode} of the right layout ({leaf}), A(B({index})) = {value}, and no layout of extent {extent} (nor any refinement of it) agrees with A(B(i)) for every i <= {index}"
    )]
    NotAdmissible {
        mode: usize,
        leaf: String,
        extent: i64,
        index: i64,
        value: i64,
    },
    #[error(
        "composition is not admissible: A(B({index})) = {value} at coordinate {coord} of the right layout, but every layout of its shape (modes possibly refined) that agrees with A(B(i)) for i < {index} gives {sum} there (A∘B on each of that coordinate's modes alone, summed)"
    )]
    NotAdditive {
        coord: String,
        index: i64,
        value: i64,
        sum: i64,
    },
    #[error(
        "composition cannot be decided: the right layout's modes meet in the left layout where divisibility proves nothing, and checking point by point would read A at {size} indices (the limit is {limit})"
    )]
    CompositionUndecided { size: i64, limit: i64 },
    #[error("{function} needs non-negative strides, but mode {mode} has stride {stride}")]
    NegativeStride {
        function: &'static str,
        mode: usize,
        stride: i64,
    },
    #[error(
        "complement needs the modes of the layout, sorted by stride, to stack: mode {mode} (stride {stride}) starts inside the span {span} of the modes below it, so the layout is not injective or its modes interleave"
    )]
    NotInjective { mode: usize, stride: i64, span: i64 },
    #[error(
        "complement needs each stride to be a multiple of the span below it: stride {stride} of mode {mode} is not a multiple of {span}"
    )]
    NotComplementable { mode: usize, stride: i64, span: i64 },
    #[error("the tiler has {tiler} modes but the layout only has {layout}")]
    TilerTooLong { tiler: usize, layout: usize },

    // ---- kernel-library idioms: broadcasting, descriptors, positions, views ----
    #[error("cannot broadcast extent {left} with extent {right} at axis {axis}")]
    CannotBroadcast {
        left: i64,
        right: i64,
        axis: usize,
        /// Which shape (argument) brought the extent `right`.
        operand: usize,
    },
    #[error("cannot broadcast extent {from} to extent {to} at axis {axis}")]
    NotBroadcastable {
        from: String,
        to: String,
        axis: usize,
    },
    #[error("cannot broadcast a layout of rank {from} to a shape of rank {to}")]
    BroadcastRank { from: usize, to: usize },
    #[error(
        "axis {axis} is out of range for rank {rank}: it must be at least -{rank} and less than {rank}"
    )]
    AxisOutOfRange { axis: i64, rank: usize },
    #[error("{what} must be a flat tuple of integers, found {found}")]
    NotFlat { what: &'static str, found: String },
    #[error("{function} needs mode {mode} to be a single extent, but it is {shape}")]
    ModeNotLeaf {
        function: &'static str,
        mode: usize,
        shape: String,
    },
    #[error("{what} {coord} is out of range for axis {axis} of extent {extent}")]
    CoordOutOfRange {
        what: &'static str,
        coord: i64,
        axis: usize,
        extent: i64,
    },
    #[error("{what} {index} is out of range 0..{size}")]
    IndexOutOfRange {
        what: &'static str,
        index: i64,
        size: i64,
    },
    #[error(
        "idx2crd needs positive strides, but mode {mode} of extent {extent} has stride {stride}"
    )]
    NonPositiveStride {
        mode: usize,
        extent: i64,
        stride: i64,
    },
    #[error("the descriptor has {lengths} lengths but {strides} strides")]
    DescriptorRank { lengths: usize, strides: usize },
    #[error(
        "{tag} needs positive strides (only the last two may be 0 or negative, to be computed), but dimension {dim} has stride {stride}"
    )]
    DescriptorStrideNotPositive {
        tag: &'static str,
        dim: usize,
        stride: i64,
    },
    #[error(
        "{tag} needs stride {stride} of dimension {dim} to be at least {needed}, extent {extent} times stride {inner_stride} of dimension {inner} inside it"
    )]
    DescriptorStrideTooSmall {
        tag: &'static str,
        dim: usize,
        stride: i64,
        needed: i64,
        inner: usize,
        extent: i64,
        inner_stride: i64,
    },
    #[error("diagonal needs two different dimensions, but both are dimension {dim}")]
    SameDiagonalDims { dim: usize },
    #[error("a table of {size} entries is larger than the limit of {limit}")]
    TableTooLarge { size: i64, limit: i64 },
}

fn did_you_mean(suggestion: &Option<&'static str>) -> String {
    match suggestion {
        Some(s) => alloc::format!("; did you mean `{s}`?"),
        None => String::new(),
    }
}

impl ErrorKind {
    /// Which operand of a function call an algebra error is about, so the
    /// evaluator can point at it. `None`: the call as a whole.
    pub fn blamed_operand(&self) -> Option<usize> {
        match self {
            ErrorKind::NotAdmissible { .. }
            | ErrorKind::NotAdditive { .. }
            | ErrorKind::CompositionUndecided { .. }
            | ErrorKind::TilerTooLong { .. } => Some(1),
            ErrorKind::NotInjective { .. }
            | ErrorKind::NotComplementable { .. }
            | ErrorKind::NegativeStride { .. }
            | ErrorKind::ZeroSizeMode { .. } => Some(0),
            ErrorKind::RankMismatch { .. } | ErrorKind::CoordinateTooDeep { .. } => Some(0),
            ErrorKind::CannotBroadcast { operand, .. } => Some(*operand),
            ErrorKind::NotBroadcastable { .. }
            | ErrorKind::BroadcastRank { .. }
            | ErrorKind::ModeNotLeaf { .. }
            | ErrorKind::TableTooLarge { .. } => Some(0),
            // `descriptor(LENS, STRIDES, TAG)`: the strides are at fault.
            ErrorKind::DescriptorRank { .. }
            | ErrorKind::DescriptorStrideNotPositive { .. }
            | ErrorKind::DescriptorStrideTooSmall { .. } => Some(1),
            _ => None,
        }
    }
}

/// An [`ErrorKind`] and, when known, the span of the offending source text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub kind: ErrorKind,
    pub span: Option<Span>,
}

impl Error {
    pub fn new(kind: ErrorKind) -> Self {
        Error { kind, span: None }
    }

    pub fn at(kind: ErrorKind, span: Span) -> Self {
        Error {
            kind,
            span: Some(span),
        }
    }

    /// Attach `span` unless the error already points somewhere more precise.
    pub fn or_at(mut self, span: Span) -> Self {
        self.span.get_or_insert(span);
        self
    }

    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

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
