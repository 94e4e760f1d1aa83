//! Evaluation of an [`Expr`]: literals and tags here, calls through the
//! [registry](crate::registry), values converted by [`crate::coerce`].

use alloc::vec::Vec;

use crate::algebra::{Coord, Tiler};
use crate::basis::{BasisLayout, BasisTuple, ScaledBasis};
use crate::coerce::{Accepts, Args, new_layout};
use crate::error::{CallError, DomainError, Error, Result, Span, SyntaxError};
use crate::expr::{Expr, ExprKind};
use crate::idioms::TensorLayout;
use crate::int_tuple::IntTuple;
use crate::registry::{FUNCTIONS, Function, closest, function};
use crate::value::{Major, Value};

/// The bare names the notation knows. To the `layout!` macro any other bare
/// identifier is a run-time variable.
pub const KEYWORDS: &[&str] = &[
    "LayoutLeft",
    "LayoutRight",
    "RowMajor",
    "ColumnMajor",
    "Bypass",
    "X",
    "true",
    "false",
];

/// Whether a bare name is notation rather than a variable: one of the
/// [`KEYWORDS`], an atom's name or an operand (see [`crate::atoms`]). The
/// `layout!` macro asks this of every bare identifier.
///
/// ```
/// assert!(layout_core::is_keyword("LayoutRight"));
/// assert!(layout_core::is_keyword("SM80_16x8x16_F16F16F16F16_TN"));
/// assert!(layout_core::is_keyword("C"));
/// assert!(!layout_core::is_keyword("n"));
/// ```
#[must_use]
pub fn is_keyword(name: &str) -> bool {
    KEYWORDS.contains(&name) || crate::atoms::keyword(name).is_some()
}

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
        ExprKind::Tuple(items) => tuple(items),
        ExprKind::Underscore => Ok(Value::Coord(Coord::Underscore)),
        ExprKind::Tiler(items) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.push(Tiler::try_from(eval(item)?).map_err(|e| e.or_at(item.span))?);
            }
            Ok(Value::Tiler(Tiler::ByMode(out)))
        }
        ExprKind::Layout(shape, stride) => {
            let s = int_tuple(eval(shape)?, shape.span)?;
            let d = match eval(stride)? {
                Value::Basis(d) => {
                    let at = |e: Error| e.or_at(stride.span);
                    return BasisLayout::new(s, &d)
                        .and_then(BasisLayout::into_value)
                        .map_err(at);
                }
                d => int_tuple(d, stride.span)?,
            };
            new_layout(s, d, [shape.span, stride.span]).map(Value::Layout)
        }
        ExprKind::Name(name) => match name.as_str() {
            "LayoutLeft" => Ok(Value::Major(Major::LayoutLeft)),
            "LayoutRight" => Ok(Value::Major(Major::LayoutRight)),
            "RowMajor" => Ok(Value::TensorLayout(TensorLayout::RowMajor)),
            "ColumnMajor" => Ok(Value::TensorLayout(TensorLayout::ColumnMajor)),
            "Bypass" => Ok(Value::TensorLayout(TensorLayout::Bypass)),
            // CuTe's `X`, its alias of `_`, as steps spell it: `Step<_1,X,_1>` is `(1,X,1)`.
            "X" => Ok(Value::Coord(Coord::Underscore)),
            // Booleans print as these, and read back (no function takes one).
            "true" => Ok(Value::Bool(true)),
            "false" => Ok(Value::Bool(false)),
            _ => crate::atoms::keyword(name).ok_or_else(|| {
                // Atoms and operands are names too (`crate::atoms`).
                let suggestion = closest(name, KEYWORDS.iter().chain(crate::atoms::names()));
                let name = name.clone();
                Error::at(CallError::UnknownName { name, suggestion }, span)
            }),
        },
        ExprKind::Dynamic(_) => Err(Error::at(CallError::DynamicValue, span)),
        ExprKind::Call {
            name,
            name_span,
            args,
        } if name == crate::notation::BASIS_CALL => scaled_basis(args),
        ExprKind::Call {
            name,
            name_span,
            args,
        } => {
            // The registry's entry looked up once, for both steps.
            let f = function(name);
            let values = arguments_of(f, args)?;
            let spans = args.iter().map(|a| a.span).collect();
            call(f, name, *name_span, &Args::new(values, spans, span))
        }
    }
}

/// The arguments of a call to `name`, evaluated. A tiler `<…>` written as
/// a composition's second operand reads its integers as CuTe's composition
/// does, `n:1` even for `n = 1`, and keeps its layouts as written (`1:0`
/// stays `1:0`); elsewhere a tiler's integer `1` is `make_layout(1)`, `1:0`.
///
/// ```
/// use layout_core::{eval_arguments, notation::parse, expr::ExprKind};
/// let e = parse("composition((4,8):(8,1), <1,1:0>)").unwrap();
/// let ExprKind::Call { name, args, .. } = &e.kind else { unreachable!() };
/// assert_eq!(eval_arguments(name, args).unwrap()[1].to_string(), "<1:1,1:0>");
/// let e = parse("logical_divide((4,8):(8,1), <1,1:1>)").unwrap();
/// let ExprKind::Call { name, args, .. } = &e.kind else { unreachable!() };
/// assert_eq!(eval_arguments(name, args).unwrap()[1].to_string(), "<1:0,1:1>");
/// ```
///
/// # Errors
///
/// The first argument's error.
pub fn eval_arguments(name: &str, args: &[Expr]) -> Result<Vec<Value>> {
    arguments_of(function(name), args)
}

/// [`eval_arguments`] for the registry's entry `f` of the call.
fn arguments_of(f: Option<&Function>, args: &[Expr]) -> Result<Vec<Value>> {
    let composition = f.is_some_and(|f| f.tiling == Some(crate::registry::Tiling::Composition));
    let mut values = Vec::with_capacity(args.len());
    for (i, arg) in args.iter().enumerate() {
        values.push(match &arg.kind {
            ExprKind::Tiler(items) if composition && i == 1 => composition_tiler(items)?,
            _ => eval(arg)?,
        });
    }
    Ok(values)
}

/// A tiler `<…>` as a composition's operand: integers (in tuples too) `n:1`.
fn composition_tiler(items: &[Expr]) -> Result<Value> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        let tiler = match &item.kind {
            ExprKind::Tiler(inner) => composition_tiler(inner)?,
            _ => eval(item)?,
        };
        let tiler = match tiler {
            Value::IntTuple(t) => Tiler::unit_strides(t),
            v => Tiler::try_from(v),
        };
        out.push(tiler.map_err(|e| e.or_at(item.span))?);
    }
    Ok(Value::Tiler(Tiler::ByMode(out)))
}

/// A tuple of integers, or, when some item holds `_`, a coordinate.
/// `V@I@J…` (the call `@(V,I,J,…)`): `V` at mode path `…,J,I`.
fn scaled_basis(args: &[Expr]) -> Result<Value> {
    let (value, modes) = args.split_first().expect("the parser gives `@` a value");
    let ExprKind::Int(v) = value.kind else {
        let found = eval(value)?;
        let kind = crate::coerce::wrong_type("an integer before `@`", &found);
        return Err(Error::at(kind, value.span));
    };
    let mut path = Vec::with_capacity(modes.len());
    if modes.len() > crate::notation::MAX_DEPTH {
        let kind = SyntaxError::TooDeep {
            limit: crate::notation::MAX_DEPTH,
        };
        return Err(Error::at(kind, value.span));
    }
    for m in modes.iter().rev() {
        match m.kind {
            // The mode indexes the arithmetic tuple `crd2idx` builds.
            ExprKind::Int(i) if i > crate::basis::MODE_LIMIT => {
                let why = alloc::format!(
                    "basis mode {i} is past the limit of {}",
                    crate::basis::MODE_LIMIT
                );
                return Err(crate::basis::refusal(why).or_at(m.span));
            }
            ExprKind::Int(i) if i >= 0 => path.push(usize::try_from(i).unwrap_or(usize::MAX)),
            ExprKind::Int(i) => {
                let kind = DomainError::OutOfRange {
                    what: "a basis mode",
                    min: 0,
                    found: i,
                };
                return Err(Error::at(kind, m.span));
            }
            _ => unreachable!("the parser gives `@` integer modes"),
        }
    }
    Ok(Value::Basis(BasisTuple::Leaf(ScaledBasis::new(v, path))))
}

/// A tuple holding a scaled basis: a stride tuple, its integers plain strides.
fn basis_tuple(values: Vec<(Value, Span)>) -> Result<Value> {
    let mut out = Vec::with_capacity(values.len());
    for (v, span) in values {
        out.push(match v {
            Value::Basis(b) => b,
            v => BasisTuple::from(int_tuple(v, span)?),
        });
    }
    Ok(Value::Basis(BasisTuple::Tuple(out)))
}

fn tuple(items: &[Expr]) -> Result<Value> {
    // Integers and tuples of them, the common case, read straight from the
    // tree: what the general path below gives for them, without a `Value`
    // and a span per item (`layout!` runs this as debug code in every
    // user's build).
    if let Some(t) = plain_items(items) {
        return Ok(Value::IntTuple(IntTuple::Tuple(t)));
    }
    let values = items
        .iter()
        .map(|i| Ok((eval(i)?, i.span)))
        .collect::<Result<Vec<_>>>()?;
    if values.iter().any(|(v, _)| matches!(v, Value::Basis(_))) {
        return basis_tuple(values);
    }
    let mut out = Vec::with_capacity(items.len());
    let mut coords: Option<Vec<Coord>> = None;
    for ((value, _), item) in values.into_iter().zip(items) {
        match value {
            Value::Coord(c) => {
                let done = out.drain(..).map(Coord::from);
                coords.get_or_insert_with(|| done.collect()).push(c);
            }
            v => {
                let t = int_tuple(v, item.span)?;
                match &mut coords {
                    Some(cs) => cs.push(Coord::from(t)),
                    None => out.push(t),
                }
            }
        }
    }
    Ok(match coords {
        Some(cs) => Value::Coord(Coord::Tuple(cs)),
        None => Value::IntTuple(IntTuple::Tuple(out)),
    })
}

/// `items` as integer tuples, if each is an integer or a tuple of them.
fn plain_items(items: &[Expr]) -> Option<Vec<IntTuple>> {
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        out.push(match &item.kind {
            ExprKind::Int(n) => IntTuple::Int(*n),
            ExprKind::Tuple(inner) => IntTuple::Tuple(plain_items(inner)?),
            _ => return None,
        });
    }
    Some(out)
}

fn int_tuple(v: Value, span: Span) -> Result<IntTuple> {
    match v {
        Value::IntTuple(t) => Ok(t),
        v => Err(Error::at(
            crate::coerce::wrong_type(Accepts::IntTuple.words(), &v),
            span,
        )),
    }
}

/// A call, through its registry entry: the name, the argument count and
/// kinds are checked here, then an error without a span is pointed at the
/// argument the entry blames for it.
fn call(f: Option<&'static Function>, name: &str, name_span: Span, args: &Args) -> Result<Value> {
    let Some(f) = f else {
        let suggestion = closest(name, FUNCTIONS.iter().map(|f| &f.name));
        let name = name.into();
        return Err(Error::at(
            CallError::UnknownFunction { name, suggestion },
            name_span,
        ));
    };
    let n = args.len();
    if !f.arity.contains(&n) {
        let kind = CallError::WrongArgumentCount {
            name: f.name,
            expected: f.arity_in_words(),
            found: n,
        };
        return Err(Error::at(kind, args.call_span()));
    }
    // A layout with scaled-basis strides has its own algebra (registry/basis.rs),
    // a composed layout goes through its inner layout (registry/swizzle.rs).
    // What they refuse without blaming an argument is the call's fault:
    // `append(make_identity_layout((4,8)), 2:4)` brings an integer stride
    // among scaled bases, which neither argument has alone.
    let own = crate::registry::basis_call(f, args, |a| call(Some(f), name, name_span, a))
        .or_else(|| crate::registry::composed_call(f, args, |a| call(Some(f), name, name_span, a)));
    if let Some(result) = own {
        return result.map_err(|e| e.or_at(args.call_span()));
    }
    for (i, value) in args.values.iter().enumerate() {
        f.accepts(i).check(value, args.span(i))?;
    }
    (f.apply)(args).map_err(|e| args.blame(f, e))
}
