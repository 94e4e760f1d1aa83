//! Named layouts: `#NAME` is a typed layout value in scope, used whole
//! inside another invocation. The macro cannot see its numbers, so it takes
//! `#NAME` only where the invocation becomes one of the layout's methods
//! (the compiler then checks the coordinate against the layout's type):
//!
//! | input | expansion |
//! |---|---|
//! | `#A` | `A` |
//! | `crd2idx(COORD, #A)`, `COORD` written out | `A.crd2idx(COORD)` |
//! | `size(#A)`, `cosize(#A)`, `rank(#A)`, `depth(#A)` | `A.size()`, … |
//!
//! Anywhere else `#A` is an error at its tokens: in an integer position
//! (shape, stride, coordinate, tuple, tiler) it is not an integer; as an
//! argument of an algebra function it is not supported (yet).

use layout_core::expr::{Expr, ExprKind};

use crate::ast::{Ast, is_plain};

/// The methods a named layout's invocation may become, by argument count.
const METHODS: [&str; 4] = ["size", "cosize", "rank", "depth"];

/// The name after `#`, if `e` is a named layout.
pub fn name(e: &Expr) -> Option<&str> {
    match &e.kind {
        ExprKind::Name(name) => name.strip_prefix('#'),
        _ => None,
    }
}

/// Whether `e` is or contains a named layout.
pub fn contains(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Name(_) => name(e).is_some(),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) | ExprKind::Call { args: items, .. } => {
            items.iter().any(contains)
        }
        ExprKind::Layout(shape, stride) => contains(shape) || contains(stride),
        _ => false,
    }
}

/// An error at every named layout in a place that cannot take one.
pub fn check(ast: &Ast) -> Vec<syn::Error> {
    let mut errors = Vec::new();
    let e = &ast.expr;
    match &e.kind {
        _ if name(e).is_some() => {}
        ExprKind::Call { name: f, args, .. } => match args.as_slice() {
            [c, l] if f == "crd2idx" && name(l).is_some() => {
                if !is_plain(c) && !contains(c) {
                    let message = "with a named layout, `crd2idx` takes a written-out coordinate: integers, `usize` names and tuples";
                    errors.push(ast.error(Some(c.span), message));
                }
                misplaced(ast, c, None, &mut errors);
            }
            [l] if METHODS.contains(&f.as_str()) && name(l).is_some() => {}
            _ => args
                .iter()
                .for_each(|a| misplaced(ast, a, Some(f), &mut errors)),
        },
        _ => misplaced(ast, e, None, &mut errors),
    }
    errors
}

/// Every named layout in or below `e`, each an error: `call` is the
/// function `e` is a direct argument of, if any.
fn misplaced(ast: &Ast, e: &Expr, call: Option<&str>, errors: &mut Vec<syn::Error>) {
    if let Some(n) = name(e) {
        let message = match call {
            Some(f) => format!(
                "`#{n}` is a named typed layout: `{f}` does not take one yet (the macro cannot see its numbers); \
                 it can be the layout of `crd2idx`, `size`, `cosize`, `rank` or `depth`"
            ),
            None => format!(
                "`#{n}` is a named typed layout, but an integer or a tuple is expected here"
            ),
        };
        errors.push(ast.error(Some(e.span), message));
        return;
    }
    match &e.kind {
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter().for_each(|i| misplaced(ast, i, None, errors));
        }
        ExprKind::Layout(shape, stride) => {
            misplaced(ast, shape, None, errors);
            misplaced(ast, stride, None, errors);
        }
        ExprKind::Call { name: f, args, .. } => {
            args.iter().for_each(|a| misplaced(ast, a, Some(f), errors));
        }
        _ => {}
    }
}
