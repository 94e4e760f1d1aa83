//! After `type`, a divide by a by-mode tiler of static entries, of a
//! written-out `A` with a dynamic extent in a mode the tiler tiles (not
//! `A`'s last), read as a function: a composition's `B`, or the operand of
//! `flatten`, `coalesce`, `complement` or an inverse. inner.rs's third
//! hook, beside divide_rewrite.rs's `reader` and compose_reader.rs.
//!
//! The fact is divide_rest.rs's: mode `i` of `A` divided by `Ti` is `A ∘ B`
//! with `B`'s part for the mode `(Ti, Ti*)`, strides scaled by where the
//! mode starts in `A`'s index, where each tiled mode but the last holds its
//! tile and rest (`Ti*`'s span divides the mode's size; past it `B` reads
//! into the next mode of `A` where the core's divide extends the mode).
//! fold.rs's rewrite takes only modes of static size that hold
//! (compose_divide.rs's `holds`); here a mode of dynamic size holds while
//! compiling where the product of its static extents is a multiple of the
//! span, else a prelude checks it at run time (`__private::mode_holds`, a
//! `Carry` error naming the coordinate reached and the mode's size). `B` is
//! compose_divide.rs's, its extents and strides past a dynamic mode new
//! leaves computed from `A`'s; the call is then typed as nested.rs types
//! the same call of `composition(A, B)`. Checked against the core at many
//! run-time values (tests/typed_divide_by_mode_b.rs).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Ast;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_per_mode;
use crate::typed::divide::divide_rest::{self, leaves as leaves_of};
use crate::typed::divide::divide_rewrite::{function_operand, with_composition};
use crate::{emit, typed::compose::compose_divide, typed::nested};

/// A call rewritten over `composition(A, B)`, with the run-time checks of
/// the modes that do not hold while compiling.
pub struct Checked {
    /// The call, its operand divide replaced by the composition.
    expr: Expr,
    /// The input's leaves, then `B`'s computed ones.
    leaves: Vec<TokenStream>,
    /// Per mode checked at run time: its extents (tokens) and the span.
    checks: Vec<(Vec<TokenStream>, i64)>,
    /// The divide's name, for the errors.
    function: &'static str,
    /// Whether `expr` is the whole input, typed as such (nested.rs's
    /// `on_domain`): expanded as its expander's root.
    root: bool,
}

/// The rewrite of `e` (over `leaves`, the input's; the whole input where
/// `root`), if it reads a divide of the form the module doc names as a
/// function and the rules then type it.
pub fn reader(e: &Expr, leaves: &[TokenStream], root: bool) -> Option<Checked> {
    let (at, divide) = function_operand(e)?;
    let (TypedForm::Divide(divide_form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    // A composition's `B` divided mode by mode, as CuTe divides it.
    if let Some((expr, leaves)) = divide_per_mode::rewrite(e, leaves, root) {
        return Some(Checked {
            expr,
            leaves,
            checks: Vec::new(),
            function,
            root,
        });
    }
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&a.kind, &tiler.kind) else {
        return None;
    };
    let ExprKind::Tuple(modes) = &shape.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || !has_dynamic(shape) || has_dynamic(tiler) {
        return None;
    }
    if tiles.len() > modes.len() {
        return None;
    }
    let mut checks = Vec::new();
    for (mode, tile) in modes.iter().zip(tiles).take(modes.len() - 1) {
        let t = divide_rest::static_tile(tile)?;
        if t.leaf_modes().any(|(s, d)| d < 0 || s == 0) {
            return None;
        }
        let span = divide_rest::span(&t)?;
        let extents = leaves_of(mode);
        let fixed = extents.iter().try_fold(1i64, |p, x| match x.kind {
            ExprKind::Int(n) => p.checked_mul(n),
            _ => Some(p),
        })?;
        if fixed % span == 0 {
            continue;
        }
        // A static size that does not hold: fold.rs's case, not answered.
        if !extents.iter().copied().any(has_dynamic) {
            return None;
        }
        let tokens = extents.iter().map(|x| match x.kind {
            ExprKind::Int(n) => Some(emit::int(n)),
            ExprKind::Dynamic(k) => {
                let leaf = leaves.get(k)?;
                Some(quote!({ let leaf: usize = #leaf; leaf }))
            }
            _ => None,
        });
        checks.push((tokens.collect::<Option<Vec<_>>>()?, span));
    }
    // Nothing to check at run time and every size static: fold.rs's.
    if checks.is_empty() && compose_divide::holds(shape, tiler) {
        return None;
    }
    let mut all = leaves.to_vec();
    let b = compose_divide::operand(divide_form, shape, tiler, &mut all, divide)?;
    let expr = with_composition(e, at, divide, a, b)?;
    nested::types(&expr).then_some(Checked {
        expr,
        leaves: all,
        checks,
        function,
        root: false,
    })
}

impl Expander<'_> {
    /// The code of a call rewritten by [`reader`]: its checks, then the
    /// call typed over the rewritten operand.
    pub(crate) fn by_mode_checked(&self, c: Checked) -> syn::Result<TokenStream> {
        let ast = Ast {
            expr: c.expr.clone(),
            spans: self.ast.spans.clone(),
            leaves: c.leaves,
            zero_sized: self.ast.zero_sized,
        };
        // The whole input is its expander's root (`is_root`).
        let expr = if c.root { &ast.expr } else { &c.expr };
        let mut body = Expander {
            ast: &ast,
            value: None,
        }
        .expr(expr)?;
        let private = emit::private();
        let error = format_ident!("error", span = proc_macro2::Span::mixed_site());
        let function = c.function;
        for (extents, span) in c.checks.into_iter().rev() {
            let span = Literal::i64_unsuffixed(span);
            body = quote! {
                match #private::mode_holds(#function, [#(#extents),*], #span) {
                    ::core::result::Result::Ok(()) => #body,
                    ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
                }
            };
        }
        Ok(body)
    }
}
