//! The order and the named target of `tile_to_shape(A, SHAPE[, ORDER])`
//! after `type`, read while compiling for named_product.rs: which orders a
//! typed door takes ([`order`], or [`misplaced_order`] refused at the
//! order), which trait a named target is asked at its name
//! ([`named_target`]), and a compact block sorted by its places
//! ([`sorted_block`], [`permutation`]).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::typed::named::name;

/// `tile_to_shape(A, SHAPE, ORDER)` with a tuple target and an order the
/// typed door takes: `LayoutLeft`, `LayoutRight`, or a flat tuple of
/// static integers, one per target mode (the copies' shape is flat).
pub fn ordered_tile(e: &Expr) -> Option<(&Expr, &Expr, &Expr)> {
    let Some((TypedForm::TileToShape, _, [a, b, order])) = crate::kind::typed_call(e) else {
        return None;
    };
    // A named target's rank (`#S`) is not seen here: its places are taken
    // at any length, and rustc asks one per target mode (`OrderOf`, a
    // bound of `TileTargetOrdered`, at the target's name).
    let modes = match &b.kind {
        ExprKind::Tuple(modes) => Some(modes.len()),
        _ if crate::typed::named::name(b).is_some() => None,
        _ => return None,
    };
    let fits = match &order.kind {
        ExprKind::Name(n) => n == "LayoutLeft" || n == "LayoutRight",
        ExprKind::Tuple(places) => {
            modes.is_none_or(|m| m == places.len())
                && places.iter().all(|p| matches!(p.kind, ExprKind::Int(_)))
        }
        _ => false,
    };
    fits.then_some((a, b, order))
}

/// The order argument of `tile_to_shape(A, SHAPE, ORDER)` when no typed
/// door takes it because of its kind: a named value (`#o`), a layout, a
/// nested or dynamic tuple. The macro reads the order while compiling (it
/// makes the copies' strides), so it is written out: `LayoutLeft`,
/// `LayoutRight` or a flat tuple of static places, CuTe's `Step<…>`.
/// `type` refuses the call there, at the order, with [`ORDER_KIND`].
pub fn misplaced_order(e: &Expr) -> Option<&Expr> {
    let Some((TypedForm::TileToShape, _, [_, _, order])) = crate::kind::typed_call(e) else {
        return None;
    };
    let fits = match &order.kind {
        ExprKind::Name(n) => n == "LayoutLeft" || n == "LayoutRight",
        ExprKind::Tuple(places) => places.iter().all(|p| matches!(p.kind, ExprKind::Int(_))),
        _ => false,
    };
    (!fits).then_some(order)
}

/// Why [`misplaced_order`] refuses an order.
pub const ORDER_KIND: &str = "`tile_to_shape`'s order is read while compiling: write `LayoutLeft`, `LayoutRight` or one integer per target mode (CuTe's `Step<_1, _0>` is `(1, 0)`), not a name, a layout or a run-time integer";

/// The order of a `tile_to_shape(#A, SHAPE, ORDER)` that `named_product::call` names.
pub fn order(e: &Expr) -> Option<&Expr> {
    ordered_tile(e).map(|(_, _, order)| order)
}

/// The trait and function a named target `b` of `tile_to_shape(a, b[,
/// ORDER])` is asked at its name, if it is: a written-out compact block
/// (offsets `0..size`, `tile.rs`'s `compact_block`) in the order
/// `LayoutLeft` (or none) or `LayoutRight` takes `TileCompact` or
/// `TileCompactRight`, CuTe's nesting (one leaf per copies mode) and
/// static leaves; another block `TileTarget`, or with an order
/// (`LayoutLeft`, `LayoutRight`, or static places, one per target mode:
/// rustc checks their number) `TileTargetOrdered`.
pub fn named_target(e: &Expr, a: &Expr, b: &Expr) -> Option<(&'static str, &'static str)> {
    let Some((TypedForm::TileToShape, _, _)) = crate::kind::typed_call(e) else {
        return None;
    };
    name(b)?;
    let compact = crate::typed::tile::compact_block(a);
    let major = |o: &Expr| match &o.kind {
        ExprKind::Name(n) => Some(n.clone()),
        _ => None,
    };
    match (order(e), compact) {
        (None, true) => Some(("TileCompact", "tile_compact")),
        (None, false) => Some(("TileTarget", "tile_target")),
        (Some(o), true) if major(o).as_deref() == Some("LayoutLeft") => {
            Some(("TileCompact", "tile_compact"))
        }
        (Some(o), true) if major(o).as_deref() == Some("LayoutRight") => {
            Some(("TileCompactRight", "tile_compact_right"))
        }
        (Some(_), true) if sorted_block(a, order(e)?).is_some() => {
            Some(("TileCompactOrdered", "tile_compact_ordered"))
        }
        (Some(_), _) => Some(("TileTargetOrdered", "tile_target_ordered")),
    }
}

/// A compact written-out block of `tile_to_shape(BLOCK, #S, PLACES)` with
/// static places, no more block modes than places: the block
/// padded with `1:0` to one mode per place and its modes sorted by place
/// (CuTe's `make_ordered_layout` is `LayoutLeft` over that order), the
/// permutation `P` that sorts the target so (`P[k]` the mode of the k-th
/// lowest place, equal places in mode order) and its inverse `Q`
/// (`TileCompactOrdered`, `tile_compact_ordered.rs`).
pub fn sorted_block(a: &Expr, order: &Expr) -> Option<(Expr, Vec<usize>, Vec<usize>)> {
    let ExprKind::Tuple(places) = &order.kind else {
        return None;
    };
    let places: Vec<i64> = (places.iter())
        .map(|p| match p.kind {
            ExprKind::Int(p) => Some(p),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    let modes = |t: &Expr| match &t.kind {
        ExprKind::Tuple(items) => items.clone(),
        _ => vec![t.clone()],
    };
    let (mut shapes, mut strides) = (modes(shape), modes(stride));
    if shapes.len() > places.len() {
        return None;
    }
    let int = |n| Expr::new(ExprKind::Int(n), a.span);
    shapes.resize_with(places.len(), || int(1));
    strides.resize_with(places.len(), || int(0));
    // Stable: equal places keep the modes' order (the facade refuses
    // two of them with more than one copy each, as the core does).
    let mut p: Vec<usize> = (0..places.len()).collect();
    p.sort_by_key(|&i| places[i]);
    let mut q = vec![0; p.len()];
    for (k, &i) in p.iter().enumerate() {
        q[i] = k;
    }
    let tuple = |items: &[Expr]| {
        let items = p.iter().map(|&i| items[i].clone()).collect();
        Expr::new(ExprKind::Tuple(items), a.span)
    };
    let block = ExprKind::Layout(Box::new(tuple(&shapes)), Box::new(tuple(&strides)));
    Some((Expr::new(block, a.span), p, q))
}

/// A permutation's type `(Ix<P0>, Ix<P1>, …)`, or with `value` its value
/// (`Ix` is a unit struct).
pub fn permutation(p: &[usize], value: bool) -> TokenStream {
    let private = emit::private();
    let ix = p.iter().map(|&k| {
        let k = proc_macro2::Literal::usize_unsuffixed(k);
        match value {
            false => quote!(#private::Ix<#k>),
            true => quote!(#private::Ix::<#k>),
        }
    });
    quote!((#(#ix,)*))
}
