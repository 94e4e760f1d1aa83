//! Evaluation of an [`Expr`]: the function table mapping CuTe's names to the
//! algebra, and the coercions between values (an integer `n` as the tiler
//! `n:1`, a tuple as a by-mode tiler).

use alloc::vec::Vec;

use crate::algebra::{self, Tiler};
use crate::error::{Error, ErrorKind, Result, Span};
use crate::expr::{Expr, ExprKind};
use crate::idioms::{self, TensorLayout};
use crate::int_tuple::IntTuple;
use crate::layout::{self, Layout};
use crate::value::{Major, Value};

/// The bare names the notation knows. To the `layout!` macro any other bare
/// identifier is a run-time variable.
pub const KEYWORDS: &[&str] = &[
    "LayoutLeft",
    "LayoutRight",
    "RowMajor",
    "ColumnMajor",
    "Bypass",
];

/// Parse and evaluate one expression in CuTe notation.
///
/// ```
/// let v = layout_core::evaluate("crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24)))").unwrap();
/// assert_eq!(v.to_string(), "129");
/// let e = layout_core::evaluate("crd2ix(1, 8:1)").unwrap_err();
/// assert_eq!(e.to_string(), "unknown function `crd2ix`; did you mean `crd2idx`?");
/// ```
pub fn evaluate(src: &str) -> Result<Value> {
    eval(&crate::notation::parse(src)?)
}

/// Evaluate a parsed expression. Errors carry the span of the offending node.
///
/// ```
/// use layout_core::{eval, notation::parse};
/// let expr = parse("size((4,8):(8,1))").unwrap();
/// assert_eq!(eval(&expr).unwrap().to_string(), "32");
/// let bad = parse("size((4,8):(8,1,2))").unwrap();
/// let span = eval(&bad).unwrap_err().span().unwrap();
/// assert_eq!((span.start, span.end), (11, 18)); // the stride
/// ```
pub fn eval(expr: &Expr) -> Result<Value> {
    let span = expr.span;
    match &expr.kind {
        ExprKind::Int(n) => Ok(Value::IntTuple(IntTuple::Int(*n))),
        ExprKind::Tuple(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(int_tuple(eval(item)?, item.span)?);
            }
            Ok(Value::IntTuple(IntTuple::Tuple(out)))
        }
        ExprKind::Tiler(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(tiler(eval(item)?, item.span)?);
            }
            Ok(Value::Tiler(Tiler::ByMode(out)))
        }
        ExprKind::Layout(shape, stride) => {
            let s = int_tuple(eval(shape)?, shape.span)?;
            let d = int_tuple(eval(stride)?, stride.span)?;
            new_layout(s, d, [shape.span, stride.span]).map(Value::Layout)
        }
        ExprKind::Name(name) => match name.as_str() {
            "LayoutLeft" => Ok(Value::Major(Major::LayoutLeft)),
            "LayoutRight" => Ok(Value::Major(Major::LayoutRight)),
            "RowMajor" => Ok(Value::TensorLayout(TensorLayout::RowMajor)),
            "ColumnMajor" => Ok(Value::TensorLayout(TensorLayout::ColumnMajor)),
            "Bypass" => Ok(Value::TensorLayout(TensorLayout::Bypass)),
            _ => {
                let suggestion = closest(name, KEYWORDS);
                Err(Error::at(
                    ErrorKind::UnknownName {
                        name: name.clone(),
                        suggestion,
                    },
                    span,
                ))
            }
        },
        ExprKind::Dynamic(_) => Err(Error::at(ErrorKind::DynamicValue, span)),
        ExprKind::Call {
            name,
            name_span,
            args,
        } => {
            let mut values = Vec::with_capacity(args.len());
            for arg in args {
                values.push(eval(arg)?);
            }
            let spans: Vec<Span> = args.iter().map(|a| a.span).collect();
            call(
                name,
                *name_span,
                &Args {
                    values,
                    spans,
                    call: span,
                },
            )
        }
    }
}

/// Evaluated arguments with their spans, for coercions that can point at them.
pub struct Args {
    pub(crate) values: Vec<Value>,
    spans: Vec<Span>,
    call: Span,
}

impl Args {
    pub(crate) fn span(&self, i: usize) -> Span {
        self.spans.get(i).copied().unwrap_or(self.call)
    }

    pub(crate) fn int_tuple(&self, i: usize) -> Result<IntTuple> {
        int_tuple(self.values[i].clone(), self.span(i))
    }

    pub(crate) fn int(&self, i: usize) -> Result<i64> {
        match &self.values[i] {
            Value::IntTuple(IntTuple::Int(n)) => Ok(*n),
            v => Err(wrong_type("an integer", v, self.span(i))),
        }
    }

    pub(crate) fn layout(&self, i: usize) -> Result<&Layout> {
        match &self.values[i] {
            Value::Layout(l) => Ok(l),
            v => Err(wrong_type("a layout", v, self.span(i))),
        }
    }

    fn tiler(&self, i: usize) -> Result<Tiler> {
        tiler(self.values[i].clone(), self.span(i))
    }
}

/// `Layout::new` with its error pointed at the part at fault: the stride
/// when it is not congruent, both when the offsets overflow, else the shape.
fn new_layout(shape: IntTuple, stride: IntTuple, [s, d]: [Span; 2]) -> Result<Layout> {
    let size_fits = shape.size().is_ok();
    Layout::new(shape, stride).map_err(|e| match e.kind {
        ErrorKind::NotCongruent { .. } => e.or_at(d),
        ErrorKind::Overflow(_) if size_fits => e.or_at(s.join(d)),
        _ => e.or_at(s),
    })
}

pub(crate) fn wrong_type(expected: &'static str, found: &Value, span: Span) -> Error {
    Error::at(
        ErrorKind::WrongType {
            expected,
            found: found.describe(),
        },
        span,
    )
}

fn int_tuple(v: Value, span: Span) -> Result<IntTuple> {
    match v {
        Value::IntTuple(t) => Ok(t),
        v => Err(wrong_type("an integer or a tuple", &v, span)),
    }
}

fn tiler(v: Value, span: Span) -> Result<Tiler> {
    match v {
        Value::Layout(l) => Ok(Tiler::Layout(l)),
        // `n` stands for `n:1`: a negative `n` is a negative extent.
        Value::IntTuple(t) => {
            let negative = t.leaves().find(|&n| n < 0);
            match negative {
                Some(n) => Err(Error::at(ErrorKind::NegativeExtent(n), span)),
                None => Ok(Tiler::from(t)),
            }
        }
        Value::Tiler(t) => Ok(t),
        v => Err(wrong_type(
            "a layout, an integer, a tuple or a tiler `<…>`",
            &v,
            span,
        )),
    }
}

/// Every function the notation knows, with its least and most argument counts.
pub const FUNCTIONS: &[(&str, usize, usize)] = &[
    ("size", 1, 1),
    ("cosize", 1, 1),
    ("rank", 1, 1),
    ("depth", 1, 1),
    ("shape", 1, 1),
    ("stride", 1, 1),
    ("coalesce", 1, 2),
    ("filter", 1, 1),
    ("flatten", 1, 1),
    ("composition", 2, 2),
    ("complement", 1, 2),
    ("right_inverse", 1, 1),
    ("left_inverse", 1, 1),
    ("logical_divide", 2, 2),
    ("zipped_divide", 2, 2),
    ("tiled_divide", 2, 2),
    ("flat_divide", 2, 2),
    ("logical_product", 2, 2),
    ("zipped_product", 2, 2),
    ("tiled_product", 2, 2),
    ("flat_product", 2, 2),
    ("blocked_product", 2, 2),
    ("raked_product", 2, 2),
    ("crd2idx", 2, 3),
    ("idx2crd", 2, 3),
    ("make_layout", 1, usize::MAX),
];

fn arity_in_words(min: usize, max: usize) -> &'static str {
    match (min, max) {
        (1, 1) => "1 argument",
        (2, 2) => "2 arguments",
        (1, 2) => "1 or 2 arguments",
        (2, 3) => "2 or 3 arguments",
        (3, 3) => "3 arguments",
        (4, 4) => "4 arguments",
        (1, 4) => "1 to 4 arguments",
        _ => "at least 1 argument",
    }
}

fn call(name: &str, name_span: Span, args: &Args) -> Result<Value> {
    let mut table = FUNCTIONS.iter().chain(idioms::FUNCTIONS);
    let Some(&(name, min, max)) = table.find(|f| f.0 == name) else {
        let all = FUNCTIONS.iter().chain(idioms::FUNCTIONS);
        let names: Vec<&'static str> = all.map(|f| f.0).collect();
        let suggestion = closest(name, &names);
        let name = name.into();
        return Err(Error::at(
            ErrorKind::UnknownFunction { name, suggestion },
            name_span,
        ));
    };
    let n = args.values.len();
    if !(min..=max).contains(&n) {
        let expected = arity_in_words(min, max);
        let kind = ErrorKind::WrongArgumentCount {
            name,
            expected,
            found: n,
        };
        return Err(Error::at(kind, args.call));
    }
    apply(name, args).map_err(|e| {
        // Algebra errors know which operand is at fault, not where it is.
        let blamed = e.kind.blamed_operand().filter(|&i| i < n);
        let span = blamed.map_or(args.call, |i| args.span(i));
        e.or_at(span)
    })
}

fn apply(name: &str, a: &Args) -> Result<Value> {
    let int = |n: i64| Value::IntTuple(IntTuple::Int(n));
    let count = |n: usize| {
        i64::try_from(n)
            .map(int)
            .map_err(|_| Error::new(ErrorKind::Overflow("count")))
    };
    let layout = |l: Layout| Value::Layout(l);
    Ok(match name {
        "size" => match &a.values[0] {
            Value::Layout(l) => int(l.size()),
            _ => int(a.int_tuple(0)?.size()?),
        },
        "cosize" => int(a.layout(0)?.cosize()),
        "rank" => match &a.values[0] {
            Value::Layout(l) => count(l.rank())?,
            Value::Tiler(t) => count(t.rank())?,
            _ => count(a.int_tuple(0)?.rank())?,
        },
        "depth" => match &a.values[0] {
            Value::Layout(l) => count(l.depth())?,
            _ => count(a.int_tuple(0)?.depth())?,
        },
        "shape" => Value::IntTuple(a.layout(0)?.shape().clone()),
        "stride" => Value::IntTuple(a.layout(0)?.stride().clone()),
        "coalesce" if a.values.len() == 2 => {
            layout(algebra::coalesce_by(a.layout(0)?, &a.int_tuple(1)?)?)
        }
        "coalesce" => layout(algebra::coalesce(a.layout(0)?)),
        "filter" => layout(algebra::filter(a.layout(0)?)?),
        "flatten" => match &a.values[0] {
            Value::Layout(l) => layout(algebra::flatten(l)),
            _ => Value::IntTuple(a.int_tuple(0)?.flatten()),
        },
        "composition" => layout(algebra::composition(a.layout(0)?, &a.tiler(1)?)?),
        "complement" => {
            let l = a.layout(0)?;
            let cotarget = if a.values.len() == 2 {
                a.int(1)?
            } else {
                l.cosize()
            };
            layout(algebra::complement(l, cotarget).map_err(|e| match e.kind {
                ErrorKind::OutOfRange { .. } => e.or_at(a.span(1)),
                _ => e,
            })?)
        }
        "right_inverse" => layout(algebra::right_inverse(a.layout(0)?)?),
        "left_inverse" => layout(algebra::left_inverse(a.layout(0)?)?),
        "logical_divide" => layout(algebra::logical_divide(a.layout(0)?, &a.tiler(1)?)?),
        "zipped_divide" => layout(algebra::zipped_divide(a.layout(0)?, &a.tiler(1)?)?),
        "tiled_divide" => layout(algebra::tiled_divide(a.layout(0)?, &a.tiler(1)?)?),
        "flat_divide" => layout(algebra::flat_divide(a.layout(0)?, &a.tiler(1)?)?),
        "logical_product" => layout(algebra::logical_product(a.layout(0)?, &a.tiler(1)?)?),
        "zipped_product" => layout(algebra::zipped_product(a.layout(0)?, &a.tiler(1)?)?),
        "tiled_product" => layout(algebra::tiled_product(a.layout(0)?, &a.tiler(1)?)?),
        "flat_product" => layout(algebra::flat_product(a.layout(0)?, &a.tiler(1)?)?),
        "blocked_product" => layout(algebra::blocked_product(a.layout(0)?, a.layout(1)?)?),
        "raked_product" => layout(algebra::raked_product(a.layout(0)?, a.layout(1)?)?),
        "crd2idx" => {
            let coord = a.int_tuple(0)?;
            let index = if a.values.len() == 3 {
                let l = new_layout(a.int_tuple(1)?, a.int_tuple(2)?, [a.span(1), a.span(2)])?;
                l.crd2idx(&coord)
            } else {
                a.layout(1)?.crd2idx(&coord)
            };
            int(index.map_err(|e| e.or_at(a.span(0)))?)
        }
        "idx2crd" if a.values.len() == 3 => return idioms::apply(name, a),
        "idx2crd" => Value::IntTuple(layout::idx2crd(&a.int_tuple(0)?, &a.int_tuple(1)?).map_err(
            |e| match e.kind {
                // A rank mismatch is the index's fault; the rest the shape's.
                ErrorKind::RankMismatch { .. } => e,
                _ => e.or_at(a.span(1)),
            },
        )?),
        "make_layout" => layout(make_layout(a)?),
        _ => return idioms::apply(name, a),
    })
}

/// `make_layout(SHAPE)`, `make_layout(SHAPE, LayoutLeft|LayoutRight)`,
/// `make_layout(SHAPE, STRIDE)` or `make_layout(L0, L1, …)`.
fn make_layout(a: &Args) -> Result<Layout> {
    let at = |i: usize| move |e: Error| e.or_at(a.span(i));
    match (&a.values[0], a.values.get(1), a.values.len()) {
        (Value::IntTuple(s), None, _) => Layout::column_major(s.clone()).map_err(at(0)),
        (Value::IntTuple(s), Some(Value::Major(m)), 2) => match m {
            Major::LayoutLeft => Layout::column_major(s.clone()),
            Major::LayoutRight => Layout::row_major(s.clone()),
        }
        .map_err(at(0)),
        (Value::IntTuple(s), Some(Value::IntTuple(d)), 2) => {
            new_layout(s.clone(), d.clone(), [a.span(0), a.span(1)])
        }
        (Value::IntTuple(_), Some(v), _) => Err(wrong_type(
            "`LayoutLeft`, `LayoutRight` or a stride",
            v,
            a.span(1),
        )),
        _ => {
            let modes = (0..a.values.len())
                .map(|i| a.layout(i).cloned())
                .collect::<Result<Vec<_>>>()?;
            Layout::concat(modes).map_err(at(0))
        }
    }
}

/// The known name closest to `name`, if it is close enough to be a typo.
fn closest(name: &str, known: &[&'static str]) -> Option<&'static str> {
    known
        .iter()
        .map(|k| (edit_distance(name, k), *k))
        .filter(|&(d, k)| d <= 2.max(k.len() / 4))
        .min()
        .map(|(_, k)| k)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut diagonal = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let next = (diagonal + usize::from(ca != *cb))
                .min(row[j] + 1)
                .min(row[j + 1] + 1);
            diagonal = row[j + 1];
            row[j + 1] = next;
        }
    }
    row[b.len()]
}
