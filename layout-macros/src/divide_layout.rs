//! After `type`: a call that reads its operand only as a function of its
//! leaves (`flatten`, `coalesce`, `complement`, `right_inverse`,
//! `left_inverse`) of a divide of a written-out `SHAPE:STRIDE` by one
//! layout tiler `T` (`6:1`, or an extent `4`, CuTe's `4:1`), static or one
//! mode with dynamic leaves, with a dynamic leaf somewhere:
//! `type flatten(zipped_divide((3,{4}):(1,3), 6:1))`,
//! `type coalesce(tiled_divide(4:1, {2}))`.
//!
//! No typed rule divides by a layout tiler, but the core's divide by one is
//! `A ∘ (T, T*)` with `T* = complement(T, size A)` (`divide_steps`), and
//! `logical_`, `zipped_`, `tiled_` and `flat_divide` by one layout only
//! regroup that result's two modes: the same leaves in the same order,
//! the same function. So the call is rewritten as the same outer call of
//! `composition(A, (T, T*))`, written out, which the typed composition
//! (compose.rs, the core's exact composition or a run-time error naming
//! the values) and nested.rs (the outer call on the composition's typed
//! result) type, or `type` refuses it as before. An outer call that reads
//! modes (a divide of the result, `coalesce` by a profile, a product, a
//! composition whose result takes its operand's nesting) is not rewritten:
//! there the grouping matters.
//!
//! `T*` is the core's own complement where `size A` is static. Where an
//! extent of `A` is dynamic, `T*` is `complement(T, 1)`'s holes (they
//! depend on `T` alone) then `⌈size A / span⌉ : span`, `span` the reach of
//! `T`'s mode of largest stride: the core's complement as a function (its
//! `coalesce` may merge that last mode into the hole below it, or drop it
//! where it is 1; the composition is the same function). `size A` is
//! computed at run time from `A`'s extents, checked for overflow
//! (`__private::extents_size`, an `AlgebraError` naming the factors), and
//! read as one more dynamic leaf of the rewritten call.
//!
//! A one-mode tiler `s:d` with a dynamic leaf has the rest `(d, ⌈size A /
//! (s·d)⌉):(1, s·d)` (`size A : 1` where `s` is a static 1 or `d` a static
//! 0), its parts computed and checked at run time
//! (`__private::tile_rest`): where the core's complement is not that
//! function (a dynamic `s` of 0, or of 1 under a `d` that does not divide
//! `size A`; a dynamic `d` of 0), an error naming
//! the values. A tiler of more modes with a dynamic leaf is not rewritten
//! (its holes' order would be values).
//!
//! A divide by a by-mode tiler (`<2:1, 2>`) is not rewritten: `zipped_`,
//! `tiled_` and `flat_divide` then interleave the modes' tiles and rests,
//! an order the composition's result does not have.
//!
//! Checked at every value 0..=13 of the dynamic leaf against the core
//! (tests/typed_divide_layout.rs) and in the dynamic-leaf sweep
//! (typed_sweep.rs: none different).

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{IntTuple, Layout, complement};
use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::ast::Ast;
use crate::emit;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};

/// A call rewritten over `composition(A, (T, T*))`.
pub struct Rewrite {
    /// The call, its operand divide replaced by the composition.
    pub expr: Expr,
    /// Where `size A` or `T` is dynamic: how the rewritten call's extra
    /// leaves are computed.
    pub rest: Option<Rest>,
}

/// The rest's dynamic parts: its last extent `⌈size A / span⌉`, the leaf
/// numbered as [`rewrite`] was asked, and for a dynamic tiler its span,
/// the next leaf.
pub struct Rest {
    /// `A`'s extents (integers and dynamic leaves), whose product is `size A`.
    pub extents: Vec<Expr>,
    /// Where the rest's last mode starts.
    pub span: Span,
    /// The divide's name, for the errors.
    pub function: &'static str,
}

/// Where the rest's last mode starts.
pub enum Span {
    /// A static span (a static tiler's reach).
    Static(i64),
    /// `extent · stride` of a one-mode tiler with a dynamic leaf, checked
    /// at run time (`__private::tile_rest`).
    Tile(Expr, Expr),
    /// A one-mode tiler of this extent (dynamic) whose static extent 1 or
    /// static stride 0 makes the rest `size A : 1`; the extent checked
    /// not 0, which the core refuses.
    Whole(Expr),
}

/// The rewrite of `e`, its extra leaves (if `size A` or the tiler is
/// dynamic) numbered from `leaf`, if `e` is a call this module rewrites.
pub fn rewrite(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (form, _, args) = typed_call(e)?;
    let reads_leaves = match form {
        TypedForm::Flatten
        | TypedForm::Coalesce
        | TypedForm::RightInverse
        | TypedForm::LeftInverse => args.len() == 1,
        TypedForm::Complement => !args.is_empty(),
        _ => false,
    };
    let divide = args.first().filter(|_| reads_leaves)?;
    let (TypedForm::Divide(divide_form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || !has_dynamic(divide) {
        return None;
    }
    let mut extents = Vec::new();
    leaves(shape, &mut extents);
    if extents
        .iter()
        .any(|x| matches!(x.kind, ExprKind::Int(n) if n < 0))
    {
        return None;
    }
    let extents: Vec<Expr> = extents.into_iter().cloned().collect();
    if let ExprKind::Tiler(tiles) = &tiler.kind {
        let (b, rest) = by_mode(a, tiles, divide_form, leaf, function)?;
        return Some(Rewrite {
            expr: with_composition(e, divide, a, b)?,
            rest,
        });
    }
    let (t_shape, t_stride, rest_shape, rest_stride, rest) = if has_dynamic(tiler) {
        let (s, d) = dynamic_tile(tiler)?;
        let (shape, stride, span) = dynamic_rest(&s, &d, leaf, a);
        let rest = Rest {
            extents,
            span,
            function,
        };
        (s, d, shape, stride, Some(rest))
    } else {
        let t = static_tiler(tiler)?;
        let (shape, stride, rest) = static_rest(&t, extents, leaf, a, function)?;
        (
            tree(t.shape(), tiler),
            tree(t.stride(), tiler),
            shape,
            stride,
            rest,
        )
    };
    let b_shape = tuple(vec![t_shape, rest_shape], tiler);
    let b_stride = tuple(vec![t_stride, rest_stride], tiler);
    let b = Expr::new(
        ExprKind::Layout(Box::new(b_shape), Box::new(b_stride)),
        tiler.span,
    );
    Some(Rewrite {
        expr: with_composition(e, divide, a, b)?,
        rest,
    })
}

/// `e` with its operand `divide` replaced by `composition(a, b)`.
fn with_composition(e: &Expr, divide: &Expr, a: &Expr, b: Expr) -> Option<Expr> {
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
        args[0] = Expr::new(composition, divide.span);
    }
    Some(expr)
}

/// The layout `L` over `A`'s index whose composition `A ∘ L` is the divide
/// of `a` by the by-mode tiler `tiles` (one static layout or extent per
/// top-level mode of `a`, all of them) as a function: each mode's
/// `(Ti, Ti*)`, its strides scaled by the size of the modes before it
/// (where mode `i` starts in `A`'s index), the leaves in the divide's
/// order (`logical_divide`: `((T0,T0*),(T1,T1*),…)`; the others: the tiles,
/// then the rests). Only where each mode but the last is covered exactly
/// by its `(Ti, Ti*)` (else `A ∘ L` would carry into the next mode where
/// the divide extends the mode's last leaf), known while compiling: every
/// size but the last static. The last mode's size may be dynamic (its rest
/// `⌈size / span⌉` the extra leaf).
fn by_mode(
    a: &Expr,
    tiles: &[Expr],
    form: Form,
    leaf: usize,
    function: &'static str,
) -> Option<(Expr, Option<Rest>)> {
    let (ExprKind::Layout(shape, _), false) = (&a.kind, tiles.iter().any(has_dynamic)) else {
        return None;
    };
    let ExprKind::Tuple(modes) = &shape.kind else {
        return None;
    };
    if modes.len() != tiles.len() || modes.is_empty() {
        return None;
    }
    let (mut parts, mut before, mut rest) = (Vec::new(), 1i64, None);
    for (i, (mode, tile)) in modes.iter().zip(tiles).enumerate() {
        let t = static_tiler(tile)?;
        let mut extents = Vec::new();
        leaves(mode, &mut extents);
        let last = i + 1 == modes.len();
        let (r_shape, r_stride, r) = static_rest(
            &t,
            extents.into_iter().cloned().collect(),
            leaf,
            a,
            function,
        )?;
        if r.is_some() && !last {
            return None;
        }
        let size = size_of(mode);
        if !last {
            let covered = t.size().checked_mul(size_of(&r_shape)?)?;
            if Some(covered) != size {
                return None;
            }
        }
        let t_stride = scaled(&tree(t.stride(), tile), before)?;
        let r_stride = scaled(&r_stride, before)?;
        parts.push((tree(t.shape(), tile), t_stride, r_shape, r_stride));
        rest = r;
        if !last {
            before = before.checked_mul(size?)?;
        }
    }
    let (shape, stride) = match form {
        Form::Logical => {
            let shape = parts
                .iter()
                .map(|p| tuple(vec![p.0.clone(), p.2.clone()], a));
            let stride = parts
                .iter()
                .map(|p| tuple(vec![p.1.clone(), p.3.clone()], a));
            (tuple(shape.collect(), a), tuple(stride.collect(), a))
        }
        _ => {
            let tiles_shape = tuple(parts.iter().map(|p| p.0.clone()).collect(), a);
            let tiles_stride = tuple(parts.iter().map(|p| p.1.clone()).collect(), a);
            let rests_shape = tuple(parts.iter().map(|p| p.2.clone()).collect(), a);
            let rests_stride = tuple(parts.iter().map(|p| p.3.clone()).collect(), a);
            (
                tuple(vec![tiles_shape, rests_shape], a),
                tuple(vec![tiles_stride, rests_stride], a),
            )
        }
    };
    let b = Expr::new(ExprKind::Layout(Box::new(shape), Box::new(stride)), a.span);
    Some((b, rest))
}

/// The product of a tree's integers, `None` with a dynamic leaf.
fn size_of(e: &Expr) -> Option<i64> {
    let mut extents = Vec::new();
    leaves(e, &mut extents);
    extents.iter().try_fold(1i64, |p, x| match x.kind {
        ExprKind::Int(n) => p.checked_mul(n),
        _ => None,
    })
}

/// A static stride tree times `by`; `None` with a dynamic leaf or overflow.
fn scaled(e: &Expr, by: i64) -> Option<Expr> {
    let kind = match &e.kind {
        ExprKind::Int(n) => ExprKind::Int(n.checked_mul(by)?),
        ExprKind::Tuple(items) => {
            ExprKind::Tuple(items.iter().map(|i| scaled(i, by)).collect::<Option<_>>()?)
        }
        _ => return None,
    };
    Some(Expr::new(kind, e.span))
}

/// `T*` of a static tiler `t`: the core's complement where `size A` is
/// static; else its holes then `leaf : span`.
fn static_rest(
    t: &Layout,
    extents: Vec<Expr>,
    leaf: usize,
    a: &Expr,
    function: &'static str,
) -> Option<(Expr, Expr, Option<Rest>)> {
    if extents.iter().any(has_dynamic) {
        let holes = complement(t, 1).ok()?;
        let span = span(t)?;
        let shape = tuple(vec![tree(holes.shape(), a), dynamic(leaf, a)], a);
        let stride = tuple(vec![tree(holes.stride(), a), int(span, a)], a);
        let rest = Rest {
            extents,
            span: Span::Static(span),
            function,
        };
        return Some((shape, stride, Some(rest)));
    }
    let size = extents.iter().try_fold(1i64, |p, x| match x.kind {
        ExprKind::Int(n) => p.checked_mul(n),
        _ => None,
    })?;
    let r = complement(t, size).ok()?;
    Some((tree(r.shape(), a), tree(r.stride(), a), None))
}

/// A tiler with a dynamic leaf that is one mode `s:d` of leaves (`{4}` is
/// `{4}:1`): its extent and stride.
fn dynamic_tile(tiler: &Expr) -> Option<(Expr, Expr)> {
    let leaf = |e: &Expr| matches!(e.kind, ExprKind::Int(n) if n >= 0) || has_dynamic(e);
    let (s, d) = match &tiler.kind {
        ExprKind::Dynamic(_) => (tiler.clone(), int(1, tiler)),
        ExprKind::Layout(s, d) => ((**s).clone(), (**d).clone()),
        _ => return None,
    };
    let single = |e: &Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Dynamic(_));
    (single(&s) && single(&d) && leaf(&s) && leaf(&d)).then_some((s, d))
}

/// `T*` of a one-mode tiler `s:d` with a dynamic leaf: `size A : 1` where
/// `s` is a static 1 or `d` a static 0 (the core's complement at any
/// value), else `(d, rest):(1, span)` (the hole `d:1` left out where `d`
/// is a static 1), `rest` leaf `leaf` and `span` leaf `leaf + 1`.
fn dynamic_rest(s: &Expr, d: &Expr, leaf: usize, at: &Expr) -> (Expr, Expr, Span) {
    let is = |e: &Expr, n: i64| matches!(e.kind, ExprKind::Int(m) if m == n);
    if is(s, 1) || is(d, 0) {
        return (dynamic(leaf, at), int(1, at), Span::Whole(s.clone()));
    }
    let last = (dynamic(leaf, at), dynamic(leaf + 1, at));
    let span = Span::Tile(s.clone(), d.clone());
    if is(d, 1) {
        return (last.0, last.1, span);
    }
    let shape = tuple(vec![d.clone(), last.0], at);
    let stride = tuple(vec![int(1, at), last.1], at);
    (shape, stride, span)
}

/// The tiler as one static layout: `n` is `n:1`; `None` for a by-mode
/// tiler, a tuple, or a layout the core refuses.
fn static_tiler(tiler: &Expr) -> Option<Layout> {
    let layout = match &tiler.kind {
        ExprKind::Int(n) if *n > 0 => Expr::new(
            ExprKind::Layout(Box::new(tiler.clone()), Box::new(int(1, tiler))),
            tiler.span,
        ),
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => tiler.clone(),
        _ => return None,
    };
    match layout_core::eval(&layout).ok()? {
        layout_core::Value::Layout(l) => Some(l),
        _ => None,
    }
}

/// The reach of `t`'s mode of largest stride (ties: the last, as the
/// core's complement sorts by stride then index), 1 for none: where the
/// complement's last mode starts. Modes of extent 1 or stride 0 do not
/// count, as in the core.
fn span(t: &Layout) -> Option<i64> {
    let modes = t.leaf_modes().filter(|&(s, d)| s != 1 && d != 0);
    match modes.max_by_key(|&(_, d)| d) {
        Some((s, d)) => s.checked_mul(d),
        None => Some(1),
    }
}

fn leaves<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
        _ => out.push(e),
    }
}

fn tree(t: &IntTuple, at: &Expr) -> Expr {
    match t {
        IntTuple::Int(n) => int(*n, at),
        IntTuple::Tuple(items) => tuple(items.iter().map(|i| tree(i, at)).collect(), at),
    }
}

fn tuple(items: Vec<Expr>, at: &Expr) -> Expr {
    Expr::new(ExprKind::Tuple(items), at.span)
}

fn int(n: i64, at: &Expr) -> Expr {
    Expr::new(ExprKind::Int(n), at.span)
}

fn dynamic(k: usize, at: &Expr) -> Expr {
    Expr::new(ExprKind::Dynamic(k), at.span)
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
            Span::Static(s) => {
                let s = Literal::i64_unsuffixed(*s);
                (vec![quote!(#private::ceil_div(#size, #s))], None)
            }
            Span::Tile(s, d) => {
                let (s, d) = (read(s), read(d));
                let tile = quote!(#private::tile_rest(#function, #size, #s, #d));
                (vec![quote!(#extent), quote!(#span)], Some(tile))
            }
            // `tile_rest` only for its check of the extent (stride 1
            // refuses nothing else).
            Span::Whole(s) => {
                let s = read(s);
                let tile = quote!(#private::tile_rest(#function, #size, #s, 1));
                (vec![quote!(#size)], Some(tile))
            }
        };
        leaves.extend(rest_leaves);
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
