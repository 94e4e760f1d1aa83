//! The typed algebra rules after `type` besides the divides (compose.rs,
//! shape.rs, coalesce_by.rs, product.rs), asked in one place by expand.rs and types.rs.

use layout_core::expr::Expr;
use proc_macro2::TokenStream;

use crate::sym::TypedRule;
use crate::{
    coalesce_by, compose, compose_basis, construct, inverse, left_inverse, product, shape, tile,
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
            "`type` types this call from CuTe's rule, but a static size of the block does not \
             divide the target's static size in its mode, or two modes of the copies share an \
             order (CuTe's `static_assert`s), or a product overflows; without `type`, the core \
             decides at run time",
        );
    }
    if construct::refused(e) {
        return Some(
            "`type` types this call from CuTe's rule, but two parts of the shape both above 1 \
             share an order, a fragment's first mode has a static extent 0, or a product \
             overflows; without `type`, the core decides at run time",
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
            "`type` types this call from CuTe's rule, but its static extents and strides break a \
         condition CuTe asserts (a stride and an extent that do not divide one another, an \
         extent that is not a multiple of a mode's part, leaves whose reaches carry, an extent \
         0, or a product that overflows), so no typed layout is right for every value of its \
         dynamic leaves; without `type`, the core decides at run time",
        )
}
