//! The run-time door: an expression with dynamic leaves that the macro could
//! not fold (an algebra function of a layout with `usize` leaves) is rebuilt
//! as a core [`Expr`] and evaluated by `layout-core` when the code runs.
//! Static parts arrive already folded, as canonical notation text.

use alloc::string::{String, ToString};
use alloc::vec::Vec;

use layout_core::expr::{Expr, ExprKind};
use layout_core::{Error, ErrorKind, IntTuple, Layout, Span, Value};

use super::int::too_large;

fn node(kind: ExprKind) -> Expr {
    Expr::new(kind, Span::default())
}

/// A static part, folded at compile time, in canonical notation.
pub fn value(notation: &str) -> Expr {
    layout_core::notation::parse(notation).expect("the macro emits canonical notation")
}

/// Dynamic leaf number `k` of the `leaves` passed to the `eval_*` function.
pub fn leaf(k: usize) -> Expr {
    node(ExprKind::Dynamic(k))
}

pub fn tuple<const N: usize>(items: [Expr; N]) -> Expr {
    node(ExprKind::Tuple(Vec::from(items)))
}

pub fn tiler<const N: usize>(items: [Expr; N]) -> Expr {
    node(ExprKind::Tiler(Vec::from(items)))
}

pub fn layout(shape: Expr, stride: Expr) -> Expr {
    node(ExprKind::Layout(shape.into(), stride.into()))
}

pub fn call<const N: usize>(name: &str, args: [Expr; N]) -> Expr {
    node(ExprKind::Call {
        name: String::from(name),
        name_span: Span::default(),
        args: Vec::from(args),
    })
}

/// Named typed layout number `k` of the `layouts` given to [`named`].
pub fn named_layout(k: usize) -> Expr {
    node(ExprKind::Name(alloc::format!("#{k}")))
}

/// Put named typed layouts' values (`#A` in `layout!`, converted to the
/// core by the caller) into `expr`, or the first conversion's error.
pub fn named<const N: usize>(
    mut expr: Expr,
    layouts: [Result<Layout, Error>; N],
) -> Result<Expr, Error> {
    let layouts = layouts.into_iter().collect::<Result<Vec<_>, _>>()?;
    put_named(&mut expr, &layouts);
    Ok(expr)
}

fn put_named(expr: &mut Expr, layouts: &[Layout]) {
    match &mut expr.kind {
        ExprKind::Name(name) => {
            if let Some(k) = name.strip_prefix('#').and_then(|k| k.parse::<usize>().ok()) {
                *expr = value(&layouts[k].to_string());
            }
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter_mut().for_each(|i| put_named(i, layouts));
        }
        ExprKind::Call { args, .. } => args.iter_mut().for_each(|a| put_named(a, layouts)),
        ExprKind::Layout(shape, stride) => {
            put_named(shape, layouts);
            put_named(stride, layouts);
        }
        _ => {}
    }
}

/// Put the leaves' values in, then evaluate with the core. The spans of
/// the expression mean nothing at run time, so errors carry none.
pub fn eval(mut expr: Expr, leaves: &[usize]) -> Result<Value, Error> {
    substitute(&mut expr, leaves)?;
    layout_core::eval(&expr).map_err(|e| Error::new(e.into_kind()))
}

fn substitute(expr: &mut Expr, leaves: &[usize]) -> Result<(), Error> {
    match &mut expr.kind {
        ExprKind::Dynamic(k) => {
            let value = i64::try_from(leaves[*k]).map_err(|_| too_large())?;
            expr.kind = ExprKind::Int(value);
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            for item in items {
                substitute(item, leaves)?;
            }
        }
        ExprKind::Call { args, .. } => {
            for arg in args {
                substitute(arg, leaves)?;
            }
        }
        ExprKind::Layout(shape, stride) => {
            substitute(shape, leaves)?;
            substitute(stride, leaves)?;
        }
        _ => {}
    }
    Ok(())
}

fn wrong(expected: &'static str, found: &Value) -> Error {
    Error::new(ErrorKind::WrongType {
        expected,
        found: found.describe(),
    })
}

pub fn eval_layout(expr: Expr, leaves: &[usize]) -> Result<Layout, Error> {
    match eval(expr, leaves)? {
        Value::Layout(l) => Ok(l),
        v => Err(wrong("a layout", &v)),
    }
}

pub fn eval_int(expr: Expr, leaves: &[usize]) -> Result<i64, Error> {
    match eval(expr, leaves)? {
        Value::IntTuple(IntTuple::Int(n)) => Ok(n),
        v => Err(wrong("an integer", &v)),
    }
}

pub fn eval_int_tuple(expr: Expr, leaves: &[usize]) -> Result<IntTuple, Error> {
    match eval(expr, leaves)? {
        Value::IntTuple(t) => Ok(t),
        v => Err(wrong("an integer or a tuple", &v)),
    }
}
