//! The coercions between values, each written once: an integer `n` as the
//! tiler `make_layout(n)` (`n:1`, `1:0`; `n:1` in a composition), a tuple as a by-mode tiler, a shape and stride as a layout;
//! and [`Args`], a call's evaluated arguments, which apply them with the
//! argument's span.

use alloc::vec::Vec;

use crate::algebra::Tiler;
use crate::error::{CallError, DomainError, Error, ErrorKind, Result, Span};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Value;

/// What the second operand of a composition, divide or product may be.
const TILER_WORDS: &str = "a layout, an integer, a tuple or a tiler `<…>`";

/// The notation's one coercion to a tiler: a layout, an integer `n` (CuTe's
/// `make_layout(n)`: `n:1`, or `1:0` for `n = 1`), a tuple (a by-mode tiler
/// of those) or a tiler `<…>`. A composition's bare integer is `n:1` even
/// for `n = 1`, as in CuTe (`Args::composition_tiler`).
///
/// ```
/// use layout_core::{evaluate, Tiler};
/// let t = Tiler::try_from(evaluate("(2,4)").unwrap()).unwrap();
/// assert_eq!(t.to_string(), "<2:1,4:1>");
/// assert!(Tiler::try_from(evaluate("-2").unwrap()).is_err());
/// assert!(Tiler::try_from(evaluate("LayoutLeft").unwrap()).is_err());
/// ```
impl TryFrom<Value> for Tiler {
    type Error = Error;

    fn try_from(v: Value) -> Result<Tiler> {
        match v {
            Value::Layout(l) => Ok(Tiler::Layout(l)),
            Value::IntTuple(t) => Tiler::try_from(t),
            Value::Tiler(t) => Ok(t),
            v => Err(Error::new(wrong_type(TILER_WORDS, &v))),
        }
    }
}

impl Tiler {
    /// The coercion of a composition's second operand: as `Tiler::try_from`
    /// but an integer `1` is `1:1` (CuTe's `composition(A, n)` passes stride
    /// 1, it does not call `make_layout`). A tiler `<…>` is taken as it is:
    /// written as a composition's operand its integers were read this way
    /// already ([`eval_arguments`](crate::eval_arguments)), and its layouts
    /// are kept as written (`<1:0,4:1>` keeps stride 0, as CuTe prints it).
    ///
    /// ```
    /// use layout_core::{evaluate, Tiler};
    /// let t = Tiler::for_composition(evaluate("(1,2)").unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "<1:1,2:1>");
    /// let t = Tiler::for_composition(evaluate("<4:1,1:0>").unwrap()).unwrap();
    /// assert_eq!(t.to_string(), "<4:1,1:0>");
    /// assert_eq!(evaluate("composition((4,8):(8,1), <1,4>)").unwrap().to_string(), "(1,4):(8,1)");
    /// assert_eq!(evaluate("composition((4,8):(8,1), <1:0,4>)").unwrap().to_string(), "(1,4):(0,1)");
    /// ```
    pub fn for_composition(v: Value) -> Result<Tiler> {
        match v {
            Value::IntTuple(t) => Tiler::unit_strides(t),
            v => Tiler::try_from(v),
        }
    }
}

/// The kinds of value an argument accepts, each with the words an error
/// uses for it. [`crate::eval`] checks every argument against its function's
/// list before calling it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Accepts {
    /// An integer.
    Int,
    /// An integer or a tuple.
    IntTuple,
    /// A layout.
    Layout,
    /// A layout, an integer or a tuple (`size`, `depth`, `flatten`).
    LayoutOrIntTuple,
    /// A layout, an integer, a tuple or a tiler `<…>` (see [`Tiler`]).
    Tiler,
    /// A layout (read from offset 0) or a view.
    View,
    /// `LayoutLeft`, `LayoutRight` or a stride tuple.
    MajorOrStride,
    /// A tensor-descriptor tag: `RowMajor`, `ColumnMajor` or `Bypass`.
    TensorLayout,
    /// A coordinate: an integer, a tuple, or either holding `_` (`slice`, `dice`).
    Coord,
    /// Anything: the function tells the forms apart itself.
    Any,
}

impl Accepts {
    /// Whether `v` is of an accepted kind.
    #[must_use]
    pub fn accepts(self, v: &Value) -> bool {
        use Value as V;
        match self {
            Accepts::Int => matches!(v, V::IntTuple(IntTuple::Int(_))),
            Accepts::IntTuple => matches!(v, V::IntTuple(_)),
            Accepts::Layout => matches!(v, V::Layout(_)),
            Accepts::LayoutOrIntTuple => matches!(v, V::Layout(_) | V::IntTuple(_)),
            Accepts::Tiler => matches!(v, V::Layout(_) | V::IntTuple(_) | V::Tiler(_)),
            Accepts::View => matches!(v, V::Layout(_) | V::View(_)),
            Accepts::MajorOrStride => matches!(v, V::Major(_) | V::IntTuple(_)),
            Accepts::TensorLayout => matches!(v, V::TensorLayout(_)),
            Accepts::Coord => matches!(v, V::IntTuple(_) | V::Coord(_)),
            Accepts::Any => true,
        }
    }

    /// The accepted kinds in words, as an error says them.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Accepts::Int => "an integer",
            Accepts::IntTuple => "an integer or a tuple",
            Accepts::Layout => "a layout",
            Accepts::LayoutOrIntTuple => "a layout, an integer or a tuple",
            Accepts::Tiler => TILER_WORDS,
            Accepts::View => "a layout or a view",
            Accepts::MajorOrStride => "`LayoutLeft`, `LayoutRight` or a stride",
            Accepts::TensorLayout => "`RowMajor`, `ColumnMajor` or `Bypass`",
            Accepts::Coord => "a coordinate (integers and `_`)",
            Accepts::Any => "any value",
        }
    }

    /// An error at `span` unless `v` is accepted.
    pub(crate) fn check(self, v: &Value, span: Span) -> Result<()> {
        match self.accepts(v) {
            true => Ok(()),
            false => Err(Error::at(wrong_type(self.words(), v), span)),
        }
    }
}

pub(crate) fn wrong_type(expected: &'static str, found: &Value) -> ErrorKind {
    ErrorKind::Call(CallError::WrongType {
        expected,
        found: found.describe(),
    })
}

/// A call's evaluated arguments with their spans, so that a coercion or a
/// check can point at the argument at fault. The registry's functions take
/// them; only the evaluator makes them.
#[derive(Debug)]
pub struct Args {
    pub(crate) values: Vec<Value>,
    spans: Vec<Span>,
    call: Span,
}

impl Args {
    pub(crate) fn new(values: Vec<Value>, spans: Vec<Span>, call: Span) -> Self {
        Args {
            values,
            spans,
            call,
        }
    }

    /// The same arguments with argument `i` replaced by `v` (same span).
    pub(crate) fn with_value(&self, i: usize, v: Value) -> Args {
        let mut values = self.values.clone();
        values[i] = v;
        Args::new(values, self.spans.clone(), self.call)
    }

    /// How many arguments there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The span of argument `i` (the whole call's past the last argument).
    pub(crate) fn span(&self, i: usize) -> Span {
        self.spans.get(i).copied().unwrap_or(self.call)
    }

    /// The span of the whole call.
    pub(crate) fn call_span(&self) -> Span {
        self.call
    }

    /// `e` pointed at argument `i`, unless it points somewhere already.
    pub(crate) fn at(&self, i: usize) -> impl Fn(Error) -> Error + '_ {
        move |e| e.or_at(self.span(i))
    }

    /// `e` pointed at the argument `f`'s registry entry blames for its
    /// kind, else at the whole call, unless it points somewhere already:
    /// the one place a function's error gets its span, whichever way the
    /// call went (a layout, a composed layout).
    pub(crate) fn blame(&self, f: &crate::registry::Function, e: Error) -> Error {
        let blamed = (f.blame)(e.kind()).filter(|&i| i < self.len());
        e.or_at(blamed.map_or(self.call, |i| self.span(i)))
    }

    pub(crate) fn wrong(&self, i: usize, expected: &'static str) -> Error {
        Error::at(wrong_type(expected, &self.values[i]), self.span(i))
    }

    pub(crate) fn int_tuple(&self, i: usize) -> Result<IntTuple> {
        match &self.values[i] {
            Value::IntTuple(t) => Ok(t.clone()),
            _ => Err(self.wrong(i, Accepts::IntTuple.words())),
        }
    }

    pub(crate) fn int(&self, i: usize) -> Result<i64> {
        match &self.values[i] {
            Value::IntTuple(IntTuple::Int(n)) => Ok(*n),
            _ => Err(self.wrong(i, Accepts::Int.words())),
        }
    }

    pub(crate) fn layout(&self, i: usize) -> Result<&Layout> {
        match &self.values[i] {
            Value::Layout(l) => Ok(l),
            _ => Err(self.wrong(i, Accepts::Layout.words())),
        }
    }

    pub(crate) fn tiler(&self, i: usize) -> Result<Tiler> {
        Tiler::try_from(self.values[i].clone()).map_err(self.at(i))
    }

    /// The tiler of a composition ([`Tiler::for_composition`]).
    pub(crate) fn composition_tiler(&self, i: usize) -> Result<Tiler> {
        Tiler::for_composition(self.values[i].clone()).map_err(self.at(i))
    }
}

/// `Layout::new` with its error pointed at the part at fault: the stride
/// when it is not congruent, both when the offsets overflow, else the shape.
pub(crate) fn new_layout(shape: IntTuple, stride: IntTuple, [s, d]: [Span; 2]) -> Result<Layout> {
    let size_fits = shape.size().is_ok();
    Layout::new(shape, stride).map_err(|e| match e.kind() {
        ErrorKind::Domain(DomainError::NotCongruent { .. }) => e.or_at(d),
        ErrorKind::Overflow(_) if size_fits => e.or_at(s.join(d)),
        _ => e.or_at(s),
    })
}
