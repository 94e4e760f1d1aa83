//! `layout!(type size(…))`: CuTe's `size` of a static shape is a static
//! integer (`Int<N>`), so after `type` the size is a static leaf.
//!
//! | input | expansion |
//! |---|---|
//! | `type size(L[, I…])`, the (selected) shape of `L` static | `C::<N>` (the macro sees the numbers) |
//! | `type size(#a)` | `SizeLeaf::size_leaf(&a)` (the shape's `SizeOf`, a `Prod` of its extents), asked at the name to be static (`SizeInTheType`) |
//! | `type size(#a, I, J…)` | the same of mode `(I, J…)` (CuTe's `size<I, J…>(a)`: `ModeAt::<I>::mode_at(&a)`, …) |
//! | `type size((#s, 4))` | the same of the Rust tuple `(s, C::<4>)`, each name asked at its token |
//!
//! Where the size has a run-time extent CuTe's `size` is a run-time
//! integer, which no type holds: one error, at the run-time leaf when it
//! is written out, at the name when the named value has it (rustc, through
//! `SizeInTheType`). `size(…)` without `type` gives the `usize`.

use layout_core::Value;
use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::quote_spanned;

use crate::emit;
use crate::expand::Expander;
use crate::tree::is_plain;
use crate::typed::named;

/// Why a written-out run-time extent has no size in a type.
pub const RUN_TIME_EXTENT: &str = "`type size(…)` puts the size in its type (CuTe's `size` of a static shape, `Int<N>`), but this extent is a run-time integer, so the size is one too: `size(…)` without `type` gives it";

/// Whether `size`'s (or `rank`'s, `depth`'s: the same operands) arguments
/// take `type`: the operand named (whole, or modes of a written-out tuple,
/// no mode indices), a written-out layout or shape of plain leaves, or
/// with no dynamic leaf in the call `e`; mode indices are integers.
pub fn fits(e: &Expr, args: &[Expr]) -> bool {
    match args {
        [l] if named::name(l).is_some() || named::with_named_modes(l, false) => true,
        // CuTe's `size<I, J…>(a)` of a named value.
        [l, indices @ ..] if named::name(l).is_some() => indices
            .iter()
            .all(|i| matches!(i.kind, ExprKind::Int(i) if i >= 0)),
        [l, ..] if named::contains(l) => false,
        [l, indices @ ..] => {
            let written = match &l.kind {
                ExprKind::Layout(shape, stride) => is_plain(shape) && is_plain(stride),
                _ => is_plain(l),
            };
            let index = |i: &Expr| matches!(i.kind, ExprKind::Int(_));
            (written || !crate::tree::has_dynamic(e)) && indices.iter().all(index)
        }
        [] => false,
    }
}

/// The (sub-)shape `size` counts: the shape of a written-out layout, the
/// shape itself, then mode `i` for each index (checked by `valid`).
pub(crate) fn selected<'a>(l: &'a Expr, indices: &[Expr]) -> &'a Expr {
    let mut shape = match &l.kind {
        ExprKind::Layout(shape, _) => shape,
        _ => l,
    };
    for i in indices {
        match (&shape.kind, &i.kind) {
            (ExprKind::Tuple(modes), ExprKind::Int(k)) => match modes.get(*k as usize) {
                Some(mode) => shape = mode,
                None => break,
            },
            _ => break,
        }
    }
    shape
}

/// The first dynamic leaf of `e`, in order.
pub(crate) fn first_dynamic(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Dynamic(_) => Some(e),
        ExprKind::Tuple(items) => items.iter().find_map(first_dynamic),
        _ => None,
    }
}

/// The product of a plain shape's static extents.
fn product(e: &Expr) -> Option<i64> {
    match &e.kind {
        ExprKind::Int(n) => Some(*n),
        ExprKind::Tuple(items) => items
            .iter()
            .try_fold(1i64, |p, i| p.checked_mul(product(i)?)),
        _ => None,
    }
}

impl Expander<'_> {
    /// `type size(…)` of the arguments [`fits`] took.
    pub fn type_size(&self, args: &[Expr]) -> syn::Result<TokenStream> {
        let (l, indices) = args.split_first().expect("a size has an operand");
        if named::contains(l) {
            return self.named_type_size(l, indices);
        }
        // No dynamic leaf: `valid` computed the size.
        if let Some(Value::IntTuple(layout_core::IntTuple::Int(n))) = &self.value {
            return Ok(emit::static_leaf(*n));
        }
        let shape = selected(l, indices);
        if let Some(leaf) = first_dynamic(shape) {
            return Err(self.ast.error(Some(leaf.span), RUN_TIME_EXTENT));
        }
        match product(shape) {
            Some(n) => Ok(emit::static_leaf(n)),
            None => Err(self.ast.error(
                Some(shape.span),
                "this size does not fit an `i64`, so no static integer holds it",
            )),
        }
    }

    /// `type size(#a)`, `type size((#s, 4))`: the size leaf of the value
    /// or of the Rust tuple, each name asked at its token to have a static
    /// size (`rt::SizeInTheType`, the trait's own function: no note).
    fn named_type_size(&self, l: &Expr, indices: &[Expr]) -> syn::Result<TokenStream> {
        let private = emit::private();
        let static_size = |name: &Expr, value: TokenStream| {
            let at = self.ast.spans[name.span.end - 1];
            // The path spanned there too, else rustc reports the whole call.
            quote_spanned!(at=> ::layout_dsl::__private::rt::SizeInTheType::size_in_the_type(
                ::layout_dsl::__private::rt::SizeLeaf::size_leaf(&#value)
            ))
        };
        if named::name(l).is_some() {
            return Ok(static_size(l, self.named_mode(l, indices)));
        }
        // A written-out tuple: a run-time extent written there is the
        // macro's error, at it; each
        // name is asked alone, so the error names the one with a run-time
        // extent, and the tuple's size is then static by construction.
        if let Some(leaf) = first_dynamic(l) {
            return Err(self.ast.error(Some(leaf.span), RUN_TIME_EXTENT));
        }
        let mut names = Vec::new();
        collect_names(l, &mut names);
        let checks = names.iter().map(|n| {
            let check = static_size(n, self.named(n));
            quote::quote!(let _ = #check;)
        });
        let tree = self.shape_tree(l);
        Ok(quote::quote!({
            #(#checks)*
            #private::rt::SizeLeaf::size_leaf(&#tree)
        }))
    }

    /// Mode `(I, J…)` of the named value `l` (CuTe's `get<I, J…>`): mode
    /// `I`, then its mode `J`, …, each asked at the name (`rt::ModeAt`).
    pub(crate) fn named_mode(&self, l: &Expr, indices: &[Expr]) -> TokenStream {
        let at = self.ast.spans[l.span.end - 1];
        indices.iter().fold(self.named(l), |value, i| {
            let ExprKind::Int(k) = i.kind else {
                unreachable!("`fits` takes integer indices")
            };
            let k = proc_macro2::Literal::usize_unsuffixed(k as usize);
            quote_spanned!(at=> ::layout_dsl::__private::rt::ModeAt::<#k>::mode_at(&#value))
        })
    }
}

/// The named values among a written-out tuple's modes, in order.
fn collect_names<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| collect_names(i, out)),
        _ if named::name(e).is_some() => out.push(e),
        _ => {}
    }
}
