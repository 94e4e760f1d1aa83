//! Check, the part with dynamic leaves: the core cannot evaluate a value it
//! does not know, so a node with dynamic leaves is evaluated on
//! placeholders ([`placeholders`]) that cannot make a structural check
//! fail, and the expansion asks here which such nodes it can type
//! ([`typed_layout`], [`typed_crd2idx`]): both must agree on what "written
//! out" means, so it is said once. A thread coordinate with dynamic entries
//! is checked against a static thread layout the same way
//! ([`thread_coordinate_error`]).

use layout_core::expr::{Expr, ExprKind};
use layout_core::{Error, IntTuple, Value, eval};

use crate::tree::{has_dynamic, is_plain};

/// A thread coordinate (`local_partition`'s third argument, a tuple) of a
/// static thread layout that has the wrong rank somewhere, or a static
/// entry past its mode, whatever its dynamic entries (0 stands in for
/// them): the core's error, at the innermost part at fault.
pub fn thread_coordinate_error(args: &[Expr]) -> Option<Error> {
    let [_, thr, c, ..] = args else {
        return None;
    };
    if has_dynamic(thr) || !matches!(c.kind, ExprKind::Tuple(_)) {
        return None;
    }
    let Ok(Value::Layout(thr)) = eval(thr) else {
        return None;
    };
    let coord = match eval(&placeholders(c, 0)) {
        Ok(Value::IntTuple(t)) => layout_core::Coord::from(t),
        Ok(Value::Coord(c)) => c,
        _ => return None,
    };
    let error = layout_core::algebra::thread_coord_at(&thr, &coord).err()?;
    let at = match thr.rank() {
        1 => c,
        _ => culprit(c, thr.shape()),
    };
    Some(error.or_at(at.span))
}

/// The innermost part of the coordinate `c` at fault against `shape`:
/// a tuple of the wrong rank, or a static entry past its mode.
fn culprit<'a>(c: &'a Expr, shape: &IntTuple) -> &'a Expr {
    fn bad(c: &Expr, shape: &IntTuple) -> bool {
        match (&c.kind, shape) {
            (ExprKind::Dynamic(_), _) => false,
            (ExprKind::Int(n), s) => s.size().is_ok_and(|size| !(0..size).contains(n)),
            (ExprKind::Tuple(cs), IntTuple::Tuple(ss)) => {
                cs.len() != ss.len() || cs.iter().zip(ss).any(|(c, s)| bad(c, s))
            }
            _ => true,
        }
    }
    match (&c.kind, shape) {
        (ExprKind::Tuple(cs), IntTuple::Tuple(ss)) if cs.len() == ss.len() => cs
            .iter()
            .zip(ss)
            .find(|(c, s)| bad(c, s))
            .map_or(c, |(c, s)| culprit(c, s)),
        _ => c,
    }
}

/// `crd2idx` the expansion will type: a written-out coordinate, and a
/// layout that is static or written out (`crd2idx(C, L)` or `(C, S, D)`).
pub fn typed_crd2idx(args: &[Expr]) -> bool {
    match args {
        [c, l] => is_plain(c) && typed_layout(l),
        [c, s, d] => is_plain(c) && is_plain(s) && is_plain(d),
        _ => false,
    }
}

/// A layout the expansion can give a type: static, or `SHAPE:STRIDE`
/// written out with dynamic leaves.
pub fn typed_layout(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Layout(shape, stride) => is_plain(shape) && is_plain(stride),
        _ => !has_dynamic(e),
    }
}

/// `e` with every dynamic leaf replaced: in a shape by 1, in a stride by 0,
/// elsewhere by `fill` (0 for coordinates). The third argument of
/// `crd2idx(C, SHAPE, STRIDE)` is a stride.
pub fn placeholders(e: &Expr, fill: i64) -> Expr {
    placeholders_with(e, fill, 1)
}

/// [`placeholders`] with a dynamic extent stood as `extent`: one larger
/// than every coordinate asks no dynamic extent to hold it, so what is
/// still out of range is out of a static one.
pub fn placeholders_with(e: &Expr, fill: i64, extent: i64) -> Expr {
    let kind = match &e.kind {
        ExprKind::Dynamic(_) => ExprKind::Int(fill),
        ExprKind::Tuple(items) => ExprKind::Tuple(
            (items.iter())
                .map(|i| placeholders_with(i, fill, extent))
                .collect(),
        ),
        ExprKind::Tiler(items) => ExprKind::Tiler(
            (items.iter())
                .map(|i| placeholders_with(i, fill, extent))
                .collect(),
        ),
        ExprKind::Layout(shape, stride) => ExprKind::Layout(
            placeholders_with(shape, extent, extent).into(),
            placeholders_with(stride, 0, extent).into(),
        ),
        ExprKind::Call {
            name,
            name_span,
            args,
        } => ExprKind::Call {
            name: name.clone(),
            name_span: *name_span,
            args: (args.iter().enumerate())
                .map(|(i, a)| placeholders_with(a, if i == 1 { extent } else { 0 }, extent))
                .collect(),
        },
        other => other.clone(),
    };
    Expr::new(kind, e.span)
}
