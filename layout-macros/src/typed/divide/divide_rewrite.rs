//! Where a divide is rewritten as the composition it is (the fact, and
//! how `B` is built: divide_rest.rs), from two hook points; a divide is
//! only replaced where what reads it reads it as a function, since its
//! nesting (and so a mode-by-mode reading) can differ from the core's:
//!
//! - fold.rs ([`rewrite`], after static calls are written out, inner calls
//!   first; nested.rs then types the result as any composition): an
//!   operand call that the calls around it, up to the input, read only on
//!   its domain ([`walk`]: a composition's `B`, a complement's layout; a
//!   composition's `A` only where a static `B` stays below the rewritten
//!   divide's static size, since past its domain a layout is read through
//!   its last mode; elsewhere, by a static layout tiler, divide_past.rs
//!   appends the core's last leaf as a mode `1:c`). A divide of a written-out `A` with a dynamic leaf by
//!   a static tiler divide.rs does not type (a layout, an integer, a
//!   by-mode tiler with layout entries) becomes
//!   `composition(A, D(make_layout(shape(A)), T))`, the second operand the
//!   core's value while compiling where `A`'s shape is static
//!   (`D(id, T) = id ∘ B` is `B` as a function, `id` continuing past its
//!   domain as composition reads a last mode), else built with leaves
//!   computed from `A`'s extents (compose_divide.rs). Also
//!   `composition(Sw<0,M,S>, X)` is `X`: a swizzle of no bits is the
//!   identity, and CuTe's `composition` returns `X` for it.
//! - inner.rs ([`reader`], after `type`): `flatten`, `coalesce`,
//!   `complement`, `right_inverse` or `left_inverse` (calls that read
//!   their operand as a function of its leaves) of a divide of a
//!   written-out `SHAPE:STRIDE` with a dynamic leaf by one layout tiler
//!   (static, or one mode with a dynamic leaf) or by a by-mode tiler of
//!   static entries covering every mode: the same call of
//!   `composition(A, B)`, `B` built by `divide_rest::operand`, typed by
//!   compose.rs and nested.rs; where `size A` or the tile is dynamic a
//!   prelude computes and checks the rest (`Expander::divide_rewritten`,
//!   `__private::extents_size`, `tile_rest`).
//!
//! In both, compose.rs types the composition with its run-time checks, so
//! the result is the core's or an `AlgebraError` naming the values.
//! Checked against the core at many run-time values
//! (tests/typed_compose_rewrite.rs, tests/typed_divide_layout.rs).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{Value, eval};

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Ast;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_rest::{self, tree};
use crate::{
    emit, typed::compose::compose_divide, typed::divide, typed::divide::divide_past, typed::named,
};

/// `e` with every operand call that this module can replace by the same
/// function so replaced (inner calls first): fold.rs's hook.
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
            if let Some(same) = as_composition(&args[0], &mut scratch) {
                if reads_inside(&same, &args[1]) {
                    args[0] = same;
                } else if let Some(past) = divide_past::extended(&args[0], same, &mut scratch) {
                    // Read past its size: the core's last leaf appended.
                    args[0] = past;
                    *leaves = scratch;
                }
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

/// A call rewritten over `composition(A, B)` ([`reader`]).
pub struct Rewrite {
    /// The call, its operand divide replaced by the composition.
    pub expr: Expr,
    /// Where `size A` or `T` is dynamic: how the rewritten call's extra
    /// leaves are computed.
    pub rest: Option<divide_rest::Rest>,
    /// A divide read past its size (compose_reader.rs's `past_reader`):
    /// its tile `s:d` and `A`'s flat extents and strides, from which the
    /// core's continuation is computed as the leaf after the rest's.
    pub past: Option<Past>,
}

/// What the core's continuation of a divide by a one-mode tiler is
/// computed from (`__private::tile_continuation`).
pub struct Past {
    /// The tile's extent and stride.
    pub tile: (Expr, Expr),
    /// `A`'s leaves, in order.
    pub extents: Vec<Expr>,
    /// `A`'s strides, in order.
    pub strides: Vec<Expr>,
    /// `A` is one mode and the tile's rest two leaves: nothing appended,
    /// the rest's stride made to continue as the core's last leaf
    /// (`__private::tile_rest_stride`), so the rest stays `A ∘ B`'s last
    /// mode (CuTe's composition reads a last mode with no divisibility
    /// condition).
    pub one_mode: bool,
}

/// The rewrite of `e` over `composition(A, B)`, its extra leaves (if
/// `size A` or the tiler is dynamic) numbered from `leaf`, if `e` is a
/// call that reads a divide's leaves of a form divide_rest.rs builds:
/// inner.rs's hook.
pub fn reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (0, divide) = function_operand(e)? else {
        return None;
    };
    let (TypedForm::Divide(divide_form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || !has_dynamic(divide) {
        return None;
    }
    let (b, rest) = divide_rest::operand(divide_form, a, tiler, leaf, function)?;
    Some(Rewrite {
        expr: with_composition(e, 0, divide, a, b)?,
        rest,
        past: None,
    })
}

/// The operand `e` reads as a function, and its place: a composition's
/// `B` (1), or the one layout of `flatten`, `coalesce`, the inverses and
/// `complement` (0). The readers' one list of such calls.
pub(crate) fn function_operand(e: &Expr) -> Option<(usize, &Expr)> {
    let (form, _, args) = typed_call(e)?;
    let at = match form {
        TypedForm::Composition if args.len() == 2 => 1,
        TypedForm::Flatten
        | TypedForm::Coalesce
        | TypedForm::RightInverse
        | TypedForm::LeftInverse
            if args.len() == 1 =>
        {
            0
        }
        TypedForm::Complement if !args.is_empty() => 0,
        _ => return None,
    };
    Some((at, &args[at]))
}

/// `e` with its operand `divide` (argument `at`) replaced by
/// `composition(a, b)`: the one place a divide becomes its composition.
pub(crate) fn with_composition(
    e: &Expr,
    at: usize,
    divide: &Expr,
    a: &Expr,
    b: Expr,
) -> Option<Expr> {
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
        args[at] = Expr::new(composition, divide.span);
    }
    Some(expr)
}

impl Expander<'_> {
    /// The code of a call rewritten over a composition: where `T*` has
    /// dynamic parts, the dynamic leaves they read (`A`'s extents, the
    /// tiler's) bound once, `size A` and the rest's span and extent
    /// computed and checked, and read as the rewritten call's extra leaves.
    pub(crate) fn divide_rewritten(&self, r: Rewrite) -> syn::Result<TokenStream> {
        let Some(rest) = r.rest else {
            return self.expr(&r.expr);
        };
        let private = emit::private();
        let mixed = proc_macro2::Span::mixed_site();
        let mut leaves = self.ast.leaves.clone();
        let mut binds = Vec::new();
        // A dynamic leaf read here and by the composition: evaluated once.
        let mut read = |x: &Expr| match x.kind {
            ExprKind::Int(n) => {
                let n = Literal::i64_unsuffixed(n);
                quote!(#n)
            }
            ExprKind::Dynamic(k) => {
                let bound = format_ident!("leaf{k}", span = mixed);
                if !binds.iter().any(|(j, _)| *j == k) {
                    let value = self.leaf(k);
                    binds.push((k, quote!(let #bound: usize = #value;)));
                    leaves[k] = quote!(#bound);
                }
                quote!(#bound)
            }
            _ => unreachable!("a plain shape's leaves"),
        };
        let factors: Vec<TokenStream> = rest.extents.iter().map(&mut read).collect();
        let (size, span, extent) = (
            format_ident!("size", span = mixed),
            format_ident!("span", span = mixed),
            format_ident!("rest", span = mixed),
        );
        let function = rest.function;
        let error = format_ident!("error", span = mixed);
        let (rest_leaves, tile) = match &rest.span {
            // `S · (size A / P)` is `⌈size A / span⌉` (`static_part`): the
            // division exact.
            divide_rest::Span::Static(s, 1) => {
                let s = Literal::i64_unsuffixed(*s);
                (vec![quote!(#private::ceil_div(#size, #s))], None)
            }
            divide_rest::Span::Static(s, part) => {
                let (s, part) = (Literal::i64_unsuffixed(*s), Literal::i64_unsuffixed(*part));
                (vec![quote!(#private::ceil_div(#size, #s) / #part)], None)
            }
            divide_rest::Span::Tile(s, d) => {
                let (s, d) = (read(s), read(d));
                let tile = quote!(#private::tile_rest(#function, #size, #s, #d));
                // Over one mode read past its size, the rest continues as
                // the core's last leaf (compose_reader.rs's `past_reader`).
                let stride = match &r.past {
                    Some(past) if past.one_mode => {
                        quote!(#private::tile_rest_stride(#extent, #span, #s, #d, #size))
                    }
                    _ => quote!(#span),
                };
                (vec![quote!(#extent), stride], Some(tile))
            }
            // `tile_rest` only for its check of the extent (stride 1
            // refuses nothing else).
            divide_rest::Span::Whole(s) => {
                let s = read(s);
                let tile = quote!(#private::tile_rest(#function, #size, #s, 1));
                (vec![quote!(#size)], Some(tile))
            }
        };
        // The core's continuation, the leaf after the rest's (a leaf of
        // `A` or the tile read here is the one bound above).
        let past = r.past.as_ref().filter(|p| !p.one_mode).map(|past| {
            let (s, d) = (read(&past.tile.0), read(&past.tile.1));
            let extents: Vec<TokenStream> = past.extents.iter().map(&mut read).collect();
            let strides: Vec<TokenStream> = past.strides.iter().map(&mut read).collect();
            quote!(#private::tile_continuation(#s, #d, &[#(#extents),*], &[#(#strides),*]))
        });
        leaves.extend(rest_leaves);
        leaves.extend(past);
        let ast = Ast {
            expr: r.expr.clone(),
            spans: self.ast.spans.clone(),
            leaves,
            zero_sized: self.ast.zero_sized,
        };
        let body = Expander {
            ast: &ast,
            value: None,
        }
        .expr(&r.expr)?;
        let body = match tile {
            None => body,
            Some(tile) => quote! {
                match #tile {
                    ::core::result::Result::Ok((#span, #extent)) => #body,
                    ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
                }
            },
        };
        let binds = binds.into_iter().map(|(_, b)| b);
        Ok(quote!({
            #(#binds)*
            match #private::extents_size(#function, [#(#factors),*]) {
                ::core::result::Result::Ok(#size) => #body,
                ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
            }
        }))
    }
}
