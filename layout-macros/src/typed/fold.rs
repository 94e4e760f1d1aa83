//! What `type` writes out before it types anything (expand.rs and types.rs
//! both call [`fold`], so `layout!(type …)` and `layout_type!(type …)` see
//! the same tree):
//!
//! - a call with no dynamic leaf, an operand of a call that has some, is
//!   folded by the core and written out (`SHAPE:STRIDE`, an integer or a
//!   tuple), as a top-level static call is. The outer call is then typed as
//!   if its user had written that value: its static leaves stay static and
//!   its result kind is the written-out call's (no `Result` for the inner,
//!   which cannot fail), whichever door types it (a rule, a partition, a
//!   facade trait);
//! - `flatten` of a written-out layout is that layout with its leaves at one
//!   level (CuTe's `flatten(layout)` is `make_layout(flatten(shape),
//!   flatten(stride))`, the core's too): structure only, no code, and the
//!   result keeps the core's modes, so any outer call may read it mode by
//!   mode.
//!
//! - a divide's tiler written as a shape of static positive extents
//!   (`zipped_divide(A, (2,2))`, CuTe's `zipped_divide(a, Shape<_2,_2>{})`)
//!   is the by-mode tiler `<2,2>` (nested: `((2),4)` is `<<2>,4>`): CuTe
//!   divides by a shape mode by mode, as the core does, so every typed
//!   divide door takes it as it takes `<…>`; an entry `n:1` of a by-mode
//!   tiler is the extent `n` (`unit_entries`).
//!
//! - then an operand call read only as a function that the rules do not
//!   type is replaced by one they do that is the same function
//!   (divide_rewrite.rs: a divide by a static layout tiler as a
//!   composition, an identity swizzle's composition), with leaves it
//!   computes from the input's where `A`'s shape is dynamic
//!   (compose_divide.rs).
//!
//! Each folded part keeps the span of the call it replaces, so an error the
//! outer call reports about it points at that call.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{IntTuple, Value, eval};

use crate::ast::Ast;
use crate::kind::typed_call;
use crate::tree::{has_basis, has_dynamic, is_plain};

/// The input with its expression [`fold`]ed.
pub fn folded(ast: &Ast) -> Ast {
    // divide_rewrite.rs may add leaves it computes from the input's.
    let mut leaves = ast.leaves.clone();
    let expr = crate::typed::divide::divide_rewrite::rewrite(&fold(&ast.expr), &mut leaves);
    Ast {
        expr,
        spans: ast.spans.clone(),
        leaves,
        zero_sized: ast.zero_sized,
    }
}

/// `e` with every static operand call written out and every `flatten` of
/// a written-out layout written out flat (an input with no dynamic leaf is
/// the core's whole, unchanged).
pub fn fold(e: &Expr) -> Expr {
    if !has_dynamic(e) {
        return e.clone();
    }
    walk(e)
}

fn walk(e: &Expr) -> Expr {
    let kind = match &e.kind {
        ExprKind::Call { .. } if !has_dynamic(e) => return value(e).unwrap_or_else(|| e.clone()),
        ExprKind::Call {
            name,
            name_span,
            args,
        } => ExprKind::Call {
            name: name.clone(),
            name_span: *name_span,
            args: args.iter().map(walk).collect(),
        },
        ExprKind::Tuple(items) => ExprKind::Tuple(items.iter().map(walk).collect()),
        ExprKind::Tiler(items) => ExprKind::Tiler(items.iter().map(walk).collect()),
        _ => return e.clone(),
    };
    let e = Expr::new(kind, e.span);
    flat(&e)
        .or_else(|| shape_tiler(&e))
        .or_else(|| unit_entries(&e))
        .unwrap_or(e)
}

/// A divide by a shape of static positive extents, its tiler `<…>`.
fn shape_tiler(e: &Expr) -> Option<Expr> {
    let (TypedForm::Divide(_), _, [_, tiler]) = typed_call(e)? else {
        return None;
    };
    let by_mode = as_tiler(tiler)?;
    let mut out = e.clone();
    if let ExprKind::Call { args, .. } = &mut out.kind {
        args[1] = by_mode;
    }
    Some(out)
}

/// A divide by a by-mode tiler with an entry `n:1` (static, `n > 0`), that
/// entry the extent `n`: CuTe and the core read an extent entry as the
/// layout `n:1` (CuTe's `Layout<_n,_1>` and `_n` divide a mode alike), so
/// the doors that type a tiler of extents take it.
fn unit_entries(e: &Expr) -> Option<Expr> {
    let (TypedForm::Divide(_), _, [_, tiler]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Tiler(entries) = &tiler.kind else {
        return None;
    };
    let unit = |t: &Expr| match &t.kind {
        ExprKind::Layout(s, d) => match (&s.kind, &d.kind) {
            (ExprKind::Int(n), ExprKind::Int(1)) if *n > 0 => Some((**s).clone()),
            _ => None,
        },
        _ => None,
    };
    if !entries.iter().any(|t| unit(t).is_some()) {
        return None;
    }
    let entries = entries.iter().map(|t| unit(t).unwrap_or_else(|| t.clone()));
    let mut out = e.clone();
    if let ExprKind::Call { args, .. } = &mut out.kind {
        args[1] = Expr::new(ExprKind::Tiler(entries.collect()), tiler.span);
    }
    Some(out)
}

/// A tuple of static positive extents (or of such tuples) as a tiler.
fn as_tiler(t: &Expr) -> Option<Expr> {
    let ExprKind::Tuple(items) = &t.kind else {
        return None;
    };
    let entries = items.iter().map(|i| match i.kind {
        ExprKind::Int(n) if n > 0 => Some(i.clone()),
        _ => as_tiler(i),
    });
    let entries = entries.collect::<Option<Vec<_>>>()?;
    (!entries.is_empty()).then(|| Expr::new(ExprKind::Tiler(entries), t.span))
}

/// The core's value of a static call, written out, if it is an integer
/// layout or an integer tuple.
fn value(e: &Expr) -> Option<Expr> {
    if has_basis(e) {
        return None;
    }
    let kind = match eval(e).ok()? {
        Value::Layout(l) => {
            ExprKind::Layout(Box::new(tree(l.shape(), e)), Box::new(tree(l.stride(), e)))
        }
        Value::IntTuple(t) => tree(&t, e).kind,
        _ => return None,
    };
    Some(Expr::new(kind, e.span))
}

fn tree(t: &IntTuple, at: &Expr) -> Expr {
    let kind = match t {
        IntTuple::Int(n) => ExprKind::Int(*n),
        IntTuple::Tuple(items) => ExprKind::Tuple(items.iter().map(|i| tree(i, at)).collect()),
    };
    Expr::new(kind, at.span)
}

/// `flatten(SHAPE:STRIDE)` written out flat, if `e` is one.
pub fn flat(e: &Expr) -> Option<Expr> {
    let (TypedForm::Flatten, _, [a]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    let layout = ExprKind::Layout(Box::new(flattened(shape)), Box::new(flattened(stride)));
    Some(Expr::new(layout, e.span))
}

fn leaves(e: &Expr, out: &mut Vec<Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
        _ => out.push(e.clone()),
    }
}

/// A tuple's leaves at one level; a leaf stays a leaf (CuTe's `flatten`
/// of an integer is itself, the core's `IntTuple::flatten` too).
fn flattened(e: &Expr) -> Expr {
    let ExprKind::Tuple(_) = e.kind else {
        return e.clone();
    };
    let mut out = Vec::new();
    leaves(e, &mut out);
    Expr::new(ExprKind::Tuple(out), e.span)
}
