//! The typed algebra rules after `type` besides the divides (compose.rs,
//! shape.rs, coalesce_by.rs, product.rs), asked in one place by expand.rs and types.rs.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;

use crate::tree::has_dynamic;
use crate::typed::read::Read;
use crate::typed::sym::TypedRule;
use crate::{
    typed::coalesce_by, typed::compose, typed::compose::compose_basis, typed::construct,
    typed::inverse, typed::left_inverse, typed::product, typed::shape, typed::tile,
};

/// The straight-line code for `e`, if a rule types it.
pub fn emit(e: &Expr, leaf: &dyn Fn(usize) -> TokenStream) -> Option<TokenStream> {
    if let Some(rule) = compose::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = compose_basis::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = shape::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = coalesce_by::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = construct::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = tile::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = inverse::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(rule) = left_inverse::rule(e) {
        return Some(rule.emit(leaf));
    }
    product::rule(e).map(|rule| rule.emit(leaf))
}

/// [`emit`] for an operand of which the call around it reads `read`
/// (read.rs): a rule whose run-time check can show just that part does.
pub fn emit_reading(
    e: &Expr,
    leaf: &dyn Fn(usize) -> TokenStream,
    read: Read,
) -> Option<TokenStream> {
    match inverse::rule(e) {
        Some(rule) => Some(rule.reading(read).emit(leaf)),
        None => emit(e, leaf),
    }
}

/// The type of the layout inside [`emit`]'s `Ok`, if a rule types `e`.
pub fn layout_type(e: &Expr) -> Option<TokenStream> {
    if let Some(rule) = compose::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = compose_basis::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = shape::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = coalesce_by::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = construct::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = tile::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = inverse::rule(e) {
        return Some(rule.layout_type());
    }
    if let Some(rule) = left_inverse::rule(e) {
        return Some(rule.layout_type());
    }
    product::rule(e).map(|rule| rule.layout_type())
}

/// Why a call of a typed form is not typed, if its static parts break a
/// condition CuTe asserts.
pub fn refused(e: &Expr) -> Option<&'static str> {
    if tile::refused(e) {
        return Some(
            "`type` cannot type this call: a static block size does not divide the target's in its mode, two copy modes share an order (CuTe's `static_assert`s), or a product overflows; drop `type`",
        );
    }
    if construct::refused(e) {
        return Some(
            "`type` cannot type this call: two parts of the shape above 1 share an order, a fragment's first mode has a static extent 0, or a product overflows; drop `type` to decide at run time",
        );
    }
    if inverse::refused(e) {
        return Some(inverse::REFUSED);
    }
    if left_inverse::refused(e) {
        return Some(left_inverse::REFUSED);
    }
    (compose::refused(e) || compose_basis::refused(e) || shape::refused(e) || product::refused(e))
        .then_some(
            "`type` cannot type this call: a static leaf breaks a CuTe assert (a stride and extent not dividing, an extent not a multiple of a mode's part, carrying reaches, a 0 extent, an overflow); drop `type`",
        )
}

/// The typed spelling nearest to a call of `function` that `type`
/// refused, for the refusal's first line: the fix a user needs (a by-mode
/// tiler for a divide) ahead of the list of every form, which buried it.
fn nearest(function: &str) -> Option<String> {
    Some(match function {
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" => format!(
            "a divide is typed by a tiler of static extents, one per mode: `{function}(…, <2,4>)`"
        ),
        "composition" => "`composition` is typed by a by-mode tiler of static extents, `composition(…, <2,4>)`, or of two `SHAPE:STRIDE` whose static parts meet CuTe's divisibility conditions".into(),
        "logical_product" | "zipped_product" | "tiled_product" | "flat_product" => format!(
            "a product is typed by a layout such as `(2,2):(1,2)` or a by-mode tiler such as `<2,4>`: `{function}(…, <2,4>)`"
        ),
        "blocked_product" | "raked_product" => format!(
            "`{function}` is typed by a layout, not a tiler: `{function}(…, (2,2):(1,2))`"
        ),
        "complement" => "`complement` is typed of a `SHAPE:STRIDE` with static strides (or one mode of dynamic stride)".into(),
        "make_layout_like" | "make_fragment_like" | "filter_zeros" | "left_inverse" => {
            format!("`{function}` is typed of a `SHAPE:STRIDE` with static strides")
        }
        "right_inverse" => "`right_inverse` is typed of a `SHAPE:STRIDE` with no negative static stride".into(),
        "make_ordered_layout" => "`make_ordered_layout` is typed with a static order".into(),
        "tile_to_shape" => "`tile_to_shape` is typed as `tile_to_shape(SHAPE:STRIDE, SHAPE)`: its target is a shape".into(),
        "coalesce" => "`coalesce` is typed of a `SHAPE:STRIDE`, `coalesce(SHAPE:STRIDE[, PROFILE])`".into(),
        "flatten" => "`flatten` is typed of a written-out `SHAPE:STRIDE` or of a named typed layout, `flatten(#a)`".into(),
        _ => return None,
    })
}

/// Why `type` refuses `e`, a layout computed at run time: the typed
/// spelling nearest to its function first, then (one note, as rustc
/// prints a continuation line) the fix without `type` and where every
/// typed form is listed (the list itself, 1,500 characters, buried the
/// fix).
pub fn run_time_refusal(e: &Expr) -> String {
    let lead = "`type` puts a layout's numbers in its type, but this one is computed at run time (dynamic leaves)";
    let near = match &e.kind {
        ExprKind::Call { name, .. } => nearest(name),
        _ => None,
    };
    let note = "note: without `type`, `layout!` computes it at run time (a `Result`); the calls `type` types are listed per function in docs/typed/algebra.md";
    match near {
        Some(near) => format!("{lead}; {near}\n{note}"),
        None => format!("{lead}\n{note}"),
    }
}

/// The operand a refusal of `e` ([`run_time_refusal`]) is said at, where
/// its nearest spelling names one: a divide's tiler that is not a by-mode
/// tiler of static extents, `blocked_product`'s or `raked_product`'s
/// by-mode tiler, `tile_to_shape`'s target written as a layout.
pub fn refused_operand(e: &Expr) -> Option<&Expr> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let second = args.get(1)?;
    let static_tiler = |t: &Expr| match &t.kind {
        ExprKind::Tiler(entries) => entries.iter().all(|x| !has_dynamic(x)),
        _ => false,
    };
    let blamed = match name.as_str() {
        "logical_divide" | "zipped_divide" | "tiled_divide" | "flat_divide" => {
            !static_tiler(second)
        }
        "blocked_product" | "raked_product" => matches!(second.kind, ExprKind::Tiler(_)),
        "tile_to_shape" => matches!(second.kind, ExprKind::Layout(..)),
        _ => false,
    };
    blamed.then_some(second)
}
