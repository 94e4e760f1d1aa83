//! After `type`, an operand call the rules do not type is replaced by a
//! call they do that is the same function, where the call around it reads
//! that operand only as a function (nested.rs's `by_modes` is false:
//! `composition`'s operands, `coalesce`, `complement`, …; not `flatten`,
//! which shows its operand's leaves):
//!
//! - a divide of a written-out `A` whose shape is static (its strides may
//!   be dynamic) by a static tiler divide.rs does not type (a layout, an
//!   integer, a by-mode tiler with layout entries) is
//!   `composition(A, D(make_layout(shape(A)), T))`, the second operand the
//!   core's value while compiling. For every divide `D` of the core,
//!   `D(A, T)` is `A` composed with a layout `B` built from `T` and
//!   `shape(A)` alone (`(T, complement(T, size A))`, by mode for a by-mode
//!   tiler, its modes regrouped for the zipped, tiled and flat forms), and
//!   `D(id, T)` with `id = make_layout(shape(A))` is `id ∘ B`, which is
//!   `B` as a function (`id` is the identity on its domain and continues
//!   it past, as composition reads a last mode). So
//!   `A ∘ D(id, T)` is `D(A, T)` at every index; compose.rs types it, with
//!   its run-time checks, so the result is the core's or an `AlgebraError`
//!   naming the values. Its nesting is `D(id, T)`'s, which can differ from
//!   the core's `D(A, T)` where a dynamic stride keeps `A`'s modes apart
//!   (the tiled and flat forms spread the rest's modes), so the divide
//!   itself is never rewritten, only an operand read as a function.
//! - `composition(Sw<0,M,S>, X)` is `X`: a swizzle of no bits is the
//!   identity, and CuTe's `composition` returns `X` for it (the core gives
//!   the layout too).
//!
//! The pass runs after fold.rs has written static calls out, inner calls
//! first, so a rewritten operand is then typed by nested.rs as any
//! `composition` of written-out layouts.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{IntTuple, Value, eval};

use proc_macro2::TokenStream;

use crate::compose_divide;
use crate::kind::typed_call;
use crate::nested::by_modes;
use crate::tree::{has_dynamic, is_plain};
use crate::{divide, named};

/// `e` with every operand call that this module can replace by the same
/// function so replaced (inner calls first).
pub fn rewrite(e: &Expr, leaves: &mut Vec<TokenStream>) -> Expr {
    let ExprKind::Call {
        name,
        name_span,
        args,
    } = &e.kind
    else {
        return e.clone();
    };
    let mut args: Vec<Expr> = args.iter().map(|a| rewrite(a, leaves)).collect();
    let call = Expr::new(
        ExprKind::Call {
            name: name.clone(),
            name_span: *name_span,
            args: args.clone(),
        },
        e.span,
    );
    // `flatten` shows its operand's leaves, which are `D(id, T)`'s here.
    let flatten = matches!(typed_call(&call), Some((TypedForm::Flatten, ..)));
    for (i, arg) in args.iter_mut().enumerate() {
        if !flatten
            && !by_modes(&call, i)
            && let Some(same) = as_composition(arg, leaves)
        {
            *arg = same;
        }
    }
    let call = Expr::new(
        ExprKind::Call {
            name: name.clone(),
            name_span: *name_span,
            args,
        },
        e.span,
    );
    identity_swizzle(&call).unwrap_or(call)
}

/// `X` for `composition(Sw<0,M,S>, X)`: the identity swizzle's composition.
fn identity_swizzle(e: &Expr) -> Option<Expr> {
    let (TypedForm::Composition, _, [sw, x]) = typed_call(e)? else {
        return None;
    };
    if has_dynamic(sw) || !has_dynamic(x) {
        return None;
    }
    match eval(sw) {
        Ok(Value::Swizzle(sw)) if sw.bits() == 0 => Some(x.clone()),
        _ => None,
    }
}

/// `composition(A, D(make_layout(shape(A)), T))` for a divide `D(A, T)`
/// of the form the module doc names.
fn as_composition(e: &Expr, leaves: &mut Vec<TokenStream>) -> Option<Expr> {
    let (TypedForm::Divide(form), function, [a, tiler]) = typed_call(e)? else {
        return None;
    };
    // What divide.rs types keeps its own (CuTe's) nesting.
    if divide::rule(e).is_some() || divide::nested_call(e).is_some() || named::contains(e) {
        return None;
    }
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    let plain = is_plain(shape) && is_plain(stride);
    if !plain || !has_dynamic(a) || has_dynamic(tiler) {
        return None;
    }
    let call = |name: &str, args: Vec<Expr>| {
        let kind = ExprKind::Call {
            name: name.to_owned(),
            name_span: e.span,
            args,
        };
        Expr::new(kind, e.span)
    };
    if has_dynamic(shape) {
        let b = compose_divide::operand(form, shape, tiler, leaves, e)?;
        return Some(call("composition", vec![a.clone(), b]));
    }
    let id = call("make_layout", vec![(**shape).clone()]);
    let Ok(Value::Layout(b)) = eval(&call(function, vec![id, tiler.clone()])) else {
        return None;
    };
    let b = ExprKind::Layout(Box::new(tree(b.shape(), e)), Box::new(tree(b.stride(), e)));
    Some(call("composition", vec![a.clone(), Expr::new(b, e.span)]))
}

fn tree(t: &IntTuple, at: &Expr) -> Expr {
    let kind = match t {
        IntTuple::Int(n) => ExprKind::Int(*n),
        IntTuple::Tuple(items) => ExprKind::Tuple(items.iter().map(|i| tree(i, at)).collect()),
    };
    Expr::new(kind, at.span)
}
