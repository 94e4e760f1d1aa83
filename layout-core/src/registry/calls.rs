//! The core functions' evaluations (the one-line ones are in the table),
//! and the blame rules the table names.

use alloc::vec::Vec;

use crate::algebra::{self, Form};
use crate::coerce::{Args, new_layout};
use crate::error::{AlgebraRefusal, DomainError, Error, ErrorKind, Result};
use crate::int_tuple::IntTuple;
use crate::layout::{self, Layout};
use crate::value::{Major, Value};

// ---- blame: which argument an error without a span is about ----

/// The whole call.
pub(super) fn whole(_: &ErrorKind) -> Option<usize> {
    None
}

/// The first argument, whatever the error.
pub(super) fn first(_: &ErrorKind) -> Option<usize> {
    Some(0)
}

/// An algebra function of `(A, T)`: a composition that is not admissible
/// or a tiler too long is the second operand's fault; a layout the
/// algorithm cannot take, the first's.
pub(super) fn algebra(e: &ErrorKind) -> Option<usize> {
    match e {
        e if e.is_composition_refusal() => Some(1),
        ErrorKind::Domain(DomainError::TilerTooLong { .. })
        | ErrorKind::Algebra(AlgebraRefusal::ProductPastHole { .. }) => Some(1),
        ErrorKind::Algebra(
            AlgebraRefusal::NotInjective { .. }
            | AlgebraRefusal::NotComplementable { .. }
            | AlgebraRefusal::LeftInverseOverlap { .. }
            | AlgebraRefusal::LeftInverseNotDivisible { .. }
            | AlgebraRefusal::NegativeStride { .. },
        )
        | ErrorKind::Domain(
            DomainError::ZeroSizeMode { .. }
            | DomainError::RankMismatch { .. }
            | DomainError::CoordinateTooDeep { .. },
        ) => Some(0),
        _ => None,
    }
}

/// A divide complements its tiler: a tiler `complement` refuses is at fault.
pub(super) fn divide(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Algebra(
            AlgebraRefusal::NotInjective { .. }
            | AlgebraRefusal::NotComplementable { .. }
            | AlgebraRefusal::NegativeStride { .. },
        ) => Some(1),
        e => algebra(e),
    }
}

/// `complement(A, M)`: a cotarget out of range is `M`'s fault.
pub(super) fn complement_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::OutOfRange { .. }) => Some(1),
        e => algebra(e),
    }
}

/// `idx2crd(I, SHAPE)`: a rank mismatch is the index's fault, the rest the shape's.
pub(super) fn idx2crd_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::RankMismatch { .. }) => Some(0),
        _ => Some(1),
    }
}

// ---- evaluations ----

pub(super) fn int(n: i64) -> Value {
    Value::IntTuple(IntTuple::Int(n))
}

pub(super) fn count(n: usize) -> Result<Value> {
    i64::try_from(n)
        .map(int)
        .map_err(|_| ErrorKind::Overflow("the count does not fit in 64 bits").into())
}

/// `*_divide(A, T)` in the given form.
pub(super) fn divide_as(a: &Args, form: Form) -> Result<Value> {
    let t = a.tiler(1)?;
    let logical = algebra::logical_divide(a.layout(0)?, &t)?;
    form.regroup(logical, &t).map(Value::Layout)
}

/// `*_product(A, T)` in the given form.
pub(super) fn product_as(a: &Args, form: Form) -> Result<Value> {
    let t = a.tiler(1)?;
    let logical = algebra::logical_product(a.layout(0)?, &t)?;
    form.regroup(logical, &t).map(Value::Layout)
}

pub(super) fn size(a: &Args) -> Result<Value> {
    Ok(int(match super::mode_calls::sub(a)? {
        Value::Layout(l) => l.size(),
        Value::IntTuple(t) => t.size()?,
        _ => return Err(a.wrong(0, "a layout, an integer or a tuple")),
    }))
}

pub(super) fn coalesce(a: &Args) -> Result<Value> {
    let l = a.layout(0)?;
    Ok(Value::Layout(match a.len() {
        2 => algebra::coalesce_by(l, &a.int_tuple(1)?)?,
        _ => algebra::coalesce(l),
    }))
}

pub(super) fn flatten(a: &Args) -> Result<Value> {
    Ok(match &a.values[0] {
        Value::Layout(l) => Value::Layout(algebra::flatten(l)),
        _ => Value::IntTuple(a.int_tuple(0)?.flatten()),
    })
}

pub(super) fn complement(a: &Args) -> Result<Value> {
    let l = a.layout(0)?;
    match a.len() {
        2 => algebra::complement_to_shape(l, &a.int_tuple(1)?),
        _ => algebra::complement(l, l.cosize()),
    }
    .map(Value::Layout)
}

/// `crd2idx(C, L)` or `crd2idx(C, SHAPE, STRIDE)`: an error of the index
/// computation is the coordinate's.
pub(super) fn crd2idx(a: &Args) -> Result<Value> {
    let coord = a.int_tuple(0)?;
    let index = match a.len() {
        3 => new_layout(a.int_tuple(1)?, a.int_tuple(2)?, [a.span(1), a.span(2)])?.crd2idx(&coord),
        _ => a.layout(1)?.crd2idx(&coord),
    };
    index.map(int).map_err(a.at(0))
}

/// `idx2crd(I, SHAPE)`; with a third argument, the idioms' strided form.
pub(super) fn idx2crd(a: &Args) -> Result<Value> {
    if a.len() == 3 {
        return super::idiom_calls::idx2crd(a).map(Value::IntTuple);
    }
    layout::idx2crd(&a.int_tuple(0)?, &a.int_tuple(1)?).map(Value::IntTuple)
}

/// `make_layout(SHAPE)`, `make_layout(SHAPE, LayoutLeft|LayoutRight)`,
/// `make_layout(SHAPE, STRIDE)` or `make_layout(L0, L1, …)`.
pub(super) fn make_layout(a: &Args) -> Result<Value> {
    let at = |i: usize| move |e: Error| e.or_at(a.span(i));
    let n = a.len();
    match (&a.values[0], a.values.get(1)) {
        (Value::IntTuple(s), None) => Layout::column_major(s.clone()).map_err(at(0)),
        (Value::IntTuple(s), Some(Value::Major(m))) if n == 2 => match m {
            Major::LayoutLeft => Layout::column_major(s.clone()),
            Major::LayoutRight => Layout::row_major(s.clone()),
        }
        .map_err(at(0)),
        (Value::IntTuple(s), Some(Value::IntTuple(d))) if n == 2 => {
            new_layout(s.clone(), d.clone(), [a.span(0), a.span(1)])
        }
        (Value::IntTuple(_), Some(_)) => Err(a.wrong(1, "`LayoutLeft`, `LayoutRight` or a stride")),
        _ => {
            let modes = (0..n)
                .map(|i| a.layout(i).cloned())
                .collect::<Result<Vec<_>>>()?;
            Layout::concat(modes).map_err(at(0))
        }
    }
    .map(Value::Layout)
}
