//! The evaluations of the mode, analysis and integer-tuple functions
//! (`registry/modes.rs`): the argument at fault is pointed at here when
//! only the evaluation knows it (which mode index was out of range).

use alloc::vec::Vec;

use super::calls::{count, int};
use crate::algebra as alg;
use crate::coerce::Args;
use crate::error::{DomainError, Error, ErrorKind, Result};
use crate::int_tuple::IntTuple;
use crate::layout::Layout;
use crate::value::Value;

/// `unflatten`: a nested value is the value's fault, a count the profile's.
pub(super) fn unflatten_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::NotFlat { .. }) => Some(0),
        ErrorKind::Domain(DomainError::ProfileMismatch { .. }) => Some(1),
        _ => None,
    }
}

/// `with_shape(L, SHAPE)`: a bad shape, or one through which `L` is no
/// layout, is the shape's fault; the rest as composition.
pub(super) fn with_shape_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::NegativeExtent(_)) => Some(1),
        e => super::calls::algebra(e),
    }
}

/// Division (`shape_div`, `ceil_div`, `evenly_divides`): a divisor below 1
/// is the second argument's fault, a negative extent the first's.
pub(super) fn division_blame(e: &ErrorKind) -> Option<usize> {
    match e {
        ErrorKind::Domain(DomainError::OutOfRange { .. }) => Some(1),
        ErrorKind::Domain(DomainError::NegativeExtent(_)) => Some(0),
        _ => None,
    }
}

/// Argument `i` as a mode index or count: a negative one is out of range.
fn index(a: &Args, i: usize) -> Result<usize> {
    let n = a.int(i)?;
    usize::try_from(n).map_err(|_| {
        let kind = DomainError::OutOfRange {
            what: "a mode index",
            min: 0,
            found: n,
        };
        Error::at(kind, a.span(i))
    })
}

/// A layout or an integer tuple, edited the same way.
enum Either {
    Layout(Layout),
    Tuple(IntTuple),
}

fn either(a: &Args, i: usize) -> Result<Either> {
    match &a.values[i] {
        Value::Layout(l) => Ok(Either::Layout(l.clone())),
        _ => a.int_tuple(i).map(Either::Tuple),
    }
}

/// Argument 0's mode at the indices of arguments `1..` (CuTe's
/// `get<I…>`), each index error pointed at its argument.
pub(super) fn sub(a: &Args) -> Result<Value> {
    let mut x = a.values[0].clone();
    for k in 1..a.len() {
        let i = index(a, k)?;
        x = match x {
            Value::Layout(l) => alg::get(&l, &[i]).map(Value::Layout),
            Value::IntTuple(t) => alg::get(&t, &[i]).map(Value::IntTuple),
            _ => return Err(a.wrong(0, "a layout, an integer or a tuple")),
        }
        .map_err(a.at(k))?;
    }
    Ok(x)
}

/// The mode `sub` picks, which must be a layout.
pub(super) fn sub_layout(a: &Args) -> Result<Layout> {
    match sub(a)? {
        Value::Layout(l) => Ok(l),
        _ => Err(a.wrong(0, "a layout")),
    }
}

pub(super) fn get(a: &Args) -> Result<Value> {
    sub(a)
}

/// `take(X, B, E)` and `group(X, B, E)`: `E = -1` is the rank, as in CuTe.
fn range(a: &Args, rank: usize) -> Result<(usize, usize)> {
    let begin = index(a, 1)?;
    let end = match a.int(2)? {
        -1 => rank,
        _ => index(a, 2)?,
    };
    Ok((begin, end))
}

fn rank_of(x: &Either) -> usize {
    match x {
        Either::Layout(l) => l.rank(),
        Either::Tuple(t) => t.rank(),
    }
}

pub(super) fn take(a: &Args) -> Result<Value> {
    let x = either(a, 0)?;
    let (b, e) = range(a, rank_of(&x))?;
    match x {
        Either::Layout(l) => alg::take(&l, b, e).map(Value::Layout),
        Either::Tuple(t) => alg::take(&t, b, e).map(Value::IntTuple),
    }
    .map_err(|err| err.or_at(a.span(1).join(a.span(2))))
}

pub(super) fn group(a: &Args) -> Result<Value> {
    let x = either(a, 0)?;
    let (b, e) = range(a, rank_of(&x))?;
    match x {
        Either::Layout(l) => alg::group(&l, b, e).map(Value::Layout),
        Either::Tuple(t) => alg::group(&t, b, e).map(Value::IntTuple),
    }
    .map_err(|err| err.or_at(a.span(1).join(a.span(2))))
}

pub(super) fn select(a: &Args) -> Result<Value> {
    let indices = (1..a.len())
        .map(|k| index(a, k))
        .collect::<Result<Vec<_>>>()?;
    // An index out of range is pointed at (the first argument giving it).
    let point = |e: Error| match e.kind() {
        ErrorKind::Domain(DomainError::ModeOutOfRange { mode, .. }) => {
            let k = indices.iter().position(|&i| i64::try_from(i) == Ok(*mode));
            e.or_at(a.span(k.map_or(0, |k| k + 1)))
        }
        _ => e,
    };
    match either(a, 0)? {
        Either::Layout(l) => alg::select(&l, &indices).map(Value::Layout),
        Either::Tuple(t) => alg::select(&t, &indices).map(Value::IntTuple),
    }
    .map_err(point)
}

/// The second value of `append`/`prepend`/`replace`, of the first's kind.
fn same_kind<T>(
    a: &Args,
    i: usize,
    pick: impl Fn(&Value) -> Option<T>,
    words: &'static str,
) -> Result<T> {
    pick(&a.values[i]).ok_or_else(|| a.wrong(i, words))
}

fn layout_at(a: &Args, i: usize) -> Result<Layout> {
    let pick = |v: &Value| match v {
        Value::Layout(l) => Some(l.clone()),
        _ => None,
    };
    same_kind(a, i, pick, "a layout (the first argument is a layout)")
}

fn tuple_at(a: &Args, i: usize) -> Result<IntTuple> {
    let pick = |v: &Value| match v {
        Value::IntTuple(t) => Some(t.clone()),
        _ => None,
    };
    same_kind(
        a,
        i,
        pick,
        "an integer or a tuple (the first argument is one)",
    )
}

/// `append(X, M[, N])` (`at_end`) or `prepend(X, M[, N])`.
pub(super) fn extend(a: &Args, at_end: bool) -> Result<Value> {
    let n = match a.len() {
        3 => Some(index(a, 2)?),
        _ => None,
    };
    let pad_error = |e: Error| e.or_at(a.span(2));
    match either(a, 0)? {
        Either::Layout(l) => {
            let m = layout_at(a, 1)?;
            match n {
                Some(n) => alg::pad_to_rank(&l, &m, n, at_end).map_err(pad_error),
                None if at_end => alg::append(&l, &m),
                None => alg::prepend(&l, &m),
            }
            .map(Value::Layout)
        }
        Either::Tuple(t) => {
            let m = tuple_at(a, 1)?;
            match n {
                Some(n) => alg::pad_to_rank(&t, &m, n, at_end).map_err(pad_error),
                None if at_end => alg::append(&t, &m),
                None => alg::prepend(&t, &m),
            }
            .map(Value::IntTuple)
        }
    }
}

pub(super) fn replace(a: &Args) -> Result<Value> {
    let i = index(a, 1)?;
    match either(a, 0)? {
        Either::Layout(l) => alg::replace(&l, i, &layout_at(a, 2)?).map(Value::Layout),
        Either::Tuple(t) => alg::replace(&t, i, &tuple_at(a, 2)?).map(Value::IntTuple),
    }
    .map_err(a.at(1))
}

pub(super) fn unflatten(a: &Args) -> Result<Value> {
    let profile = a.int_tuple(1)?;
    match either(a, 0)? {
        Either::Layout(l) => alg::unflatten(&l, &profile).map(Value::Layout),
        Either::Tuple(t) => alg::unflatten(&t, &profile).map(Value::IntTuple),
    }
}

/// `with_shape(L, SHAPE)`: `L ∘ make_layout(SHAPE)`.
pub(super) fn with_shape(a: &Args) -> Result<Value> {
    alg::with_shape(a.layout(0)?, &a.int_tuple(1)?).map(Value::Layout)
}

/// The shape of a layout argument, or the tuple itself (CuTe's `shape(x)`).
fn shape_of(a: &Args, i: usize) -> Result<IntTuple> {
    match &a.values[i] {
        Value::Layout(l) => Ok(l.shape().clone()),
        _ => a.int_tuple(i),
    }
}

/// `compatible`, `congruent` or `weakly_congruent` of two shapes.
pub(super) fn relation(a: &Args, f: fn(&IntTuple, &IntTuple) -> bool) -> Result<Value> {
    Ok(Value::Bool(f(&shape_of(a, 0)?, &shape_of(a, 1)?)))
}

pub(super) fn evenly_divides(a: &Args) -> Result<Value> {
    alg::evenly_divides(&shape_of(a, 0)?, &a.int_tuple(1)?).map(Value::Bool)
}

pub(super) fn coshape(a: &Args) -> Result<Value> {
    Ok(Value::IntTuple(alg::coshape(&sub_layout(a)?)))
}

pub(super) fn max_common(a: &Args, layout: bool) -> Result<Value> {
    let (x, y) = (a.layout(0)?, a.layout(1)?);
    match layout {
        true => alg::max_common_layout(x, y).map(Value::Layout),
        false => alg::max_common_vector(x, y).map(int),
    }
}

pub(super) fn max_alignment(a: &Args) -> Result<Value> {
    alg::max_alignment(a.layout(0)?).map(int)
}

pub(super) fn filter_zeros(a: &Args) -> Result<Value> {
    if a.len() == 2 {
        let profile = a.int_tuple(1)?;
        return alg::filter_zeros_by(a.layout(0)?, &profile)
            .map(Value::Layout)
            .map_err(a.at(1));
    }
    Ok(match either(a, 0)? {
        Either::Layout(l) => Value::Layout(alg::filter_zeros(&l)),
        Either::Tuple(t) => Value::IntTuple(alg::filter_zeros_of(&t)),
    })
}

/// `rank(X, I…)` and `depth(X, I…)` of the mode picked.
pub(super) fn rank_depth(a: &Args, depth: bool) -> Result<Value> {
    count(match (sub(a)?, depth) {
        (Value::Layout(l), false) => l.rank(),
        (Value::Layout(l), true) => l.depth(),
        (Value::IntTuple(t), false) => t.rank(),
        (Value::IntTuple(t), true) => t.depth(),
        (Value::Tiler(t), false) => t.rank(),
        _ => return Err(a.wrong(0, "a layout, an integer or a tuple")),
    })
}
