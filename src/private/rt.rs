//! The run-time door: an expression with dynamic leaves that the macro could
//! not fold (an algebra function of a layout with `usize` leaves) is rebuilt
//! as a core [`Expr`] and evaluated by `layout-core` when the code runs.
//! Static parts arrive already folded, as canonical notation text.

use alloc::string::String;
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
