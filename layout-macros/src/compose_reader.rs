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
//! [`past_reader`] takes the divide as the composition's `A`, read past
//! its size (divide_past.rs's case, there by a static tiler while
//! compiling), by a one-mode tiler with a dynamic leaf: `D(A, T)` is
//! replaced by `make_layout(composition(A, B), 1:c)`, `c` the core's
//! continuation of its last leaf computed after the rest's checks
//! (`__private::tile_continuation`), so the appended mode, read only past
//! the divide's size, gives the core's reading at every index. Checked
//! against the core at many run-time values (tests/typed_divide_past.rs).
//!
//! [`reader`]: crate::divide_rewrite::reader

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;

use crate::divide_rest::{Span, int, leaves as leaves_of};
use crate::divide_rewrite::{Past, Rewrite, with_composition};
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::{divide_past, divide_rest};

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
    let expr = with_composition(e, 1, divide, a, b)?;
    Some(Rewrite {
        expr,
        rest,
        past: None,
    })
}

/// The rewrite of `composition(D(A, T), X)` over
/// `composition(make_layout(composition(A, B), 1:c), X)`, its extra
/// leaves (the rest's, then `c`) numbered from `leaf`, if `D` is a divide
/// of a written-out plain `A` (no negative static leaf) by a one-mode
/// tiler with a dynamic leaf (module doc).
pub fn past_reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (TypedForm::Composition, _, [divide, _]) = typed_call(e)? else {
        return None;
    };
    let (TypedForm::Divide(form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    let layout_tiler = !matches!(tiler.kind, ExprKind::Tiler(_) | ExprKind::Tuple(_));
    if !layout_tiler || !is_plain(shape) || !is_plain(stride) || !has_dynamic(tiler) {
        return None;
    }
    let (extents, strides) = (leaves_of(shape), leaves_of(stride));
    let natural = |x: &&Expr| matches!(x.kind, ExprKind::Int(n) if n >= 0) || has_dynamic(x);
    if extents.len() != strides.len() || !extents.iter().chain(&strides).all(natural) {
        return None;
    }
    let (b, rest) = divide_rest::operand(form, a, tiler, leaf, function)?;
    let rest = rest?;
    let (s, d) = match &tiler.kind {
        ExprKind::Layout(s, d) => ((**s).clone(), (**d).clone()),
        _ => (tiler.clone(), int(1, tiler)),
    };
    // The rest's leaves come first: `rest` and `span` for a tile, `size A`
    // for a tile of span 1.
    let c = match rest.span {
        Span::Tile(..) => leaf + 2,
        Span::Whole(_) => leaf + 1,
        Span::Static(_) => return None,
    };
    let ExprKind::Call { name_span, .. } = &divide.kind else {
        return None;
    };
    let call = |name: &str, args: Vec<Expr>| {
        let kind = ExprKind::Call {
            name: name.to_owned(),
            name_span: *name_span,
            args,
        };
        Expr::new(kind, divide.span)
    };
    // One mode of `A` by a tile `s:d`: the walk scales `B`'s leaves by
    // `A`'s stride, so the rest's stride alone sets the continuation.
    let one_mode = extents.len() == 1 && matches!(rest.span, Span::Tile(..));
    let composed = call("composition", vec![a.clone(), b]);
    let extended = match one_mode {
        true => composed,
        false => divide_past::appended(composed, c, divide.span),
    };
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[0] = extended;
    }
    let past = Past {
        tile: (s, d),
        extents: extents.into_iter().cloned().collect(),
        strides: strides.into_iter().cloned().collect(),
        one_mode,
    };
    Some(Rewrite {
        expr,
        rest: Some(rest),
        past: Some(past),
    })
}
