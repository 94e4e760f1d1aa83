//! `composition(X, D(A, T))` after `type`, where the divide `D` of a
//! written-out `A` has a dynamic leaf and a tiler that divide_rest.rs
//! builds `B` for with a run-time prelude (a one-mode tiler with a dynamic
//! leaf, or a static tiler over an `A` of dynamic size): inner.rs's second
//! reader hook, beside divide_rewrite.rs's [`reader`], which takes a call
//! reading a divide's leaves as its first operand.
//!
//! A composition reads its `B` only on its domain, as a function
//! (`(X ∘ Y)(i) = X(Y(i))`, `i < size(Y)`; the result's nesting follows
//! `Y`'s, so it may differ from the core's, as for fold.rs's rewrite of a
//! composition's `B`). By a layout tiler the core's divide is exactly
//! `A ∘ (T, complement(T, size A))` regrouped (its own `divide_steps`), so
//! `D(A, T)` is replaced by `composition(A, B)` and the call typed as
//! nested.rs types `composition(X, composition(A, B))`; the prelude
//! (`Expander::divide_rewritten`) computes `size A` and the rest's span and
//! extent, and refuses, naming the values, where the rest's form is not
//! the core's complement (`__private::tile_rest`). Checked against the
//! core at many run-time values (tests/typed_compose_divide_b.rs).
//!
//! [`reader`]: crate::divide_rewrite::reader

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;

use crate::divide_rest;
use crate::divide_rewrite::Rewrite;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};

/// The rewrite of `composition(X, D(A, T))` over
/// `composition(X, composition(A, B))`, its extra leaves numbered from
/// `leaf`, if `D` is a divide of a written-out plain `A` with a dynamic
/// leaf (in `A` or `T`) whose `B` needs a prelude (divide_rest.rs's
/// [`Rest`]); a `B` built while compiling is fold.rs's (divide_rewrite.rs).
///
/// [`Rest`]: divide_rest::Rest
pub fn reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (TypedForm::Composition, _, [_, divide]) = typed_call(e)? else {
        return None;
    };
    let (TypedForm::Divide(form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    // A by-mode tiler reads `A` mode by mode: only a layout tiler is
    // exactly one composition.
    let layout_tiler = !matches!(tiler.kind, ExprKind::Tiler(_) | ExprKind::Tuple(_));
    if !layout_tiler || !is_plain(shape) || !is_plain(stride) || !has_dynamic(divide) {
        return None;
    }
    let (b, rest) = divide_rest::operand(form, a, tiler, leaf, function)?;
    let rest = Some(rest?);
    let ExprKind::Call { name_span, .. } = &divide.kind else {
        return None;
    };
    let composition = ExprKind::Call {
        name: "composition".to_owned(),
        name_span: *name_span,
        args: vec![a.clone(), b],
    };
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[1] = Expr::new(composition, divide.span);
    }
    Some(Rewrite { expr, rest })
}
