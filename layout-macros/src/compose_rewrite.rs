//! After `type`, an operand call the rules do not type is replaced by a
//! call they do that is the same function, where every call around it
//! reads it only on its domain, as a function: a composition's `B`, a
//! complement's layout, and so up to the input ([`walk`]; not a
//! composition's `A`, which reads its last mode past its size, where two
//! nestings of one function part):
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
//!   it past, as composition reads a last mode). By a by-mode tiler,
//!   `id`'s mode `i` past its size runs into mode `i + 1` where the core's
//!   divide of mode `i` alone extends it: so every mode tiled but `A`'s
//!   last must hold its tile and rest (`compose_divide::holds`). So
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
use crate::tree::{has_dynamic, is_plain};
use crate::{divide, named};

/// `e` with every operand call that this module can replace by the same
/// function so replaced (inner calls first).
pub fn rewrite(e: &Expr, leaves: &mut Vec<TokenStream>) -> Expr {
    walk(e, true, leaves)
}

/// [`rewrite`] of `e`, whose value the calls around it read only on its
/// domain (`within`): there a function is all that matters. Past its
/// domain, a layout is read through its last mode (a composition's `A`
/// extends it), which is its nesting's, not its function's: the core's
/// divide coalesces its rest (`1:0` where the rest has one element), this
/// rewrite's rest stays `ceil(size / span) : span`.
fn walk(e: &Expr, within: bool, leaves: &mut Vec<TokenStream>) -> Expr {
    let ExprKind::Call {
        name,
        name_span,
        args,
    } = &e.kind
    else {
        return e.clone();
    };
    let inside = |i: usize| within && domain_only(e, i);
    let mut args: Vec<Expr> = (args.iter().enumerate())
        .map(|(i, a)| walk(a, inside(i), leaves))
        .collect();
    for i in 0..args.len() {
        if inside(i) {
            if let Some(same) = as_composition(&args[i], leaves) {
                args[i] = same;
            }
        } else if within && i == 0 && composition_of(e) {
            // A composition's `A`, where its static `B` stays inside a
            // static divide's domain: no index past it is read.
            let mut scratch = leaves.clone();
            if let Some(same) = as_composition(&args[0], &mut scratch)
                && reads_inside(&same, &args[1])
            {
                args[0] = same;
            }
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

/// Whether the call `e` reads operand `i` only on its domain, as a
/// function: a composition's `B` (`A(B(i))` for `i < size(B)`), a
/// complement's layout (its image).
fn domain_only(e: &Expr, i: usize) -> bool {
    match typed_call(e) {
        Some((TypedForm::Composition, ..)) => i == 1,
        Some((TypedForm::Complement, ..)) => i == 0,
        _ => false,
    }
}

fn composition_of(e: &Expr) -> bool {
    matches!(typed_call(e), Some((TypedForm::Composition, ..)))
}

/// Whether `b`, a static written-out layout of no negative stride, reads
/// `same` (a rewritten divide `composition(A, B')`) inside its domain:
/// `B'` static, and `b`'s largest offset below `size(B')`.
fn reads_inside(same: &Expr, b: &Expr) -> bool {
    let ExprKind::Call { args, .. } = &same.kind else {
        return false;
    };
    let static_layout = |e: &Expr| match (has_dynamic(e), eval(e)) {
        (false, Ok(Value::Layout(l))) => Some(l),
        _ => None,
    };
    let (Some(divide), Some(b)) = (args.get(1).and_then(static_layout), static_layout(b)) else {
        return false;
    };
    let mut last = 0i64;
    for (s, d) in b.leaf_modes() {
        if d < 0 || s < 1 {
            return false;
        }
        last += (s - 1) * d;
    }
    last < divide.size()
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
    if !compose_divide::holds(shape, tiler) {
        return None;
    }
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
