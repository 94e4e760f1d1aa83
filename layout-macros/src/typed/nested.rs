//! After `type`, a call whose operand is itself a call the typed rules
//! answer (`type logical_divide(composition(A, B), <4>)`,
//! `type logical_product(coalesce((m,2):(1,m)), 4:1)`): the inner call is
//! typed first, and the outer call is typed by the same rules as if the
//! inner result were written out, its static leaves as integers and its
//! dynamic leaves read from the inner value. So the outer rule sees the
//! inner result's static parts while compiling (CuTe's templates see the
//! inner type), and no trait has to accept a layout type the macro cannot
//! see: either the rules type the whole call, or `type` refuses it as
//! before.
//!
//! The result is the outer rule's `Result<Layout, AlgebraError>`; an inner
//! result with a dynamic leaf is a `Result` too, matched (no closure, no
//! `?`: BENCHMARKS.md's compile-cost notes), its error passed on:
//! `match INNER { Ok(nested0) => OUTER, Err(e) => Err(e) }`. An inner call
//! with no dynamic leaf never gets here: fold.rs has written it out (the
//! core's value), so the outer call is typed as written out, its result
//! kind included. An outer `flatten` (fold.rs) is the inner result's
//! leaves written out at one level.
//!
//! Only where the outer call reads its operand as a function (not mode by
//! mode: [`by_modes`]) is an inner result with dynamic leaves nested, so
//! the result is the core's function wherever it answers.
//!
//! The outer call decides what the inner call's run-time check shows
//! (read.rs): the whole layout, or (under a one-argument `complement`)
//! only the part the outer call reads, so that the whole expression
//! answers wherever the core's whole answer is the typed one.
//!
//! The inner result's tree is read from the type the rule gives it
//! (nested_tree.rs: `C::<N>` a static leaf, `usize` a dynamic one); a
//! signed result (a negative static stride, an `isize` offset) is not
//! nested.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::{Literal, Span, TokenStream};
use quote::{format_ident, quote};

use crate::expand::Expander;
use crate::kind::{Kind, kind, typed_call};
use crate::tree::{has_dynamic, is_plain};
pub(crate) use crate::typed::nested_held::{PAST_SIZE_DIVIDE, by_modes, refused, refused_divide};
use crate::typed::nested_held::{held, on_domain};
use crate::typed::nested_tree::{Place, Tree, parse_layout, written};
use crate::{
    emit, typed::compose::compose_divide, typed::divide, typed::divide::divide_past,
    typed::divide::divide_rest, typed::fold, typed::named, typed::read, typed::read::Read,
    typed::rules,
};

/// The dynamic leaves of the inner results written out at nesting depth
/// `d` are numbered from `BLOCK · (d + 1)`: past any input's own leaves.
const BLOCK: usize = 1 << 20;

/// A call with one operand (a call) replaced by its result written out.
struct Nested<'a> {
    /// The operand replaced.
    inner: &'a Expr,
    /// The call with the operand written out.
    outer: Expr,
    /// Where each dynamic leaf of the written-out operand is in its value
    /// (`shape` or `stride`, then tuple fields), in leaf order.
    paths: Vec<Place>,
    /// A divide read past its size, composed as its rewrite alone.
    guard: Option<Guard<'a>>,
    /// What the outer call reads of the operand (read.rs).
    read: Read,
    /// Whether the operand replaced is read only on its domain
    /// ([`on_domain`]).
    domain: bool,
}

/// `composition(make_layout(D, 1:c), B)` (divide_past.rs's `appended`)
/// composed as `composition(D, B)`, CuTe's nesting (CuTe's divide has no
/// such mode), where the run-time values let `D` stand for the core's
/// divide: `B` reads it only inside its size, or `D`'s last mode
/// continues past it at the core's `c` (`__private::continues`), else an
/// error naming the values.
struct Guard<'a> {
    /// The input's leaf holding the core's continuation `c`.
    c: usize,
    /// `B`, whose largest offset is `D`'s largest index read.
    b: &'a Expr,
}

/// Whether the `type` rules answer `e` through a nested operand.
pub fn types(e: &Expr) -> bool {
    types_at(e, false)
}

/// [`types`] of `e`, the whole input where `root` (its value is read only
/// on its domain: [`on_domain`]).
pub fn types_at(e: &Expr, root: bool) -> bool {
    nested(e, 0, root).is_some()
}

impl Expander<'_> {
    /// The code for `e`, if the rules answer it through a nested operand.
    pub(crate) fn nested(&self, e: &Expr) -> Option<TokenStream> {
        let leaf = |k: usize| self.leaf(k);
        let root = self.is_root(e);
        nested(e, 0, root).and_then(|_| emit(e, &leaf, 0, Read::Layout, root))
    }

    /// Whether `e` is the whole input (its value read only on its domain,
    /// [`on_domain`]): the expression expanded at the top, not an operand
    /// of it or a rewrite expanded apart (those are other allocations).
    pub(crate) fn is_root(&self, e: &Expr) -> bool {
        std::ptr::eq(e, &self.ast.expr)
    }
}

/// The rules' code for `e` at nesting depth `depth`, of which the call
/// around it reads `read`, read only on its domain where `domain`
/// ([`on_domain`]).
fn emit(
    e: &Expr,
    leaf: &dyn Fn(usize) -> TokenStream,
    depth: usize,
    read: Read,
    domain: bool,
) -> Option<TokenStream> {
    // An outer `flatten` (fold.rs): the inner result's leaves, written out.
    if let Some((shape, stride)) = written_out(e) {
        let tree = |t: &Expr| leaf_tree(t, &|k| leaf(k));
        let layout = emit::typed_layout(tree(shape), tree(stride), emit::negative_leaf(stride));
        let private = emit::private();
        return Some(quote!(::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)));
    }
    if let Some(rule) = divide::rule(e) {
        return Some(rule.emit(leaf));
    }
    if let Some(tokens) = rules::emit_reading(e, leaf, read) {
        return Some(tokens);
    }
    let n = nested(e, depth, domain)?;
    let (base, value) = (
        BLOCK * (depth + 1),
        format_ident!("nested{depth}", span = Span::mixed_site()),
    );
    let paths = &n.paths;
    let outer_leaf = |k: usize| match k.checked_sub(base).filter(|&j| j < BLOCK) {
        // `((value.shape()).1).0`: a field of a field, never a float token.
        Some(j) => {
            let (tree, fields) = &paths[j];
            let tree = format_ident!("{tree}");
            let mut at = quote!(#value.#tree());
            for &i in fields {
                let i = Literal::usize_unsuffixed(i);
                at = quote!((#at).#i);
            }
            at
        }
        None => leaf(k),
    };
    let outer = emit(&n.outer, &outer_leaf, depth + 1, read, domain)?;
    let outer = match &n.guard {
        Some(guard) => guarded(guard, &n.outer, outer, &outer_leaf),
        None => outer,
    };
    let inner = emit(n.inner, leaf, depth + 1, n.read, n.domain)?;
    let error = format_ident!("error", span = Span::mixed_site());
    let bound = match paths.is_empty() {
        true => quote!(_),
        false => quote!(#value),
    };
    Some(quote! {
        match #inner {
            ::core::result::Result::Ok(#bound) => #outer,
            ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
        }
    })
}

/// `outer` (the composition's code over `D` written out) run where
/// `__private::continues` lets `D` stand for the core's divide ([`Guard`]).
fn guarded(
    guard: &Guard,
    outer_expr: &Expr,
    outer: TokenStream,
    leaf: &dyn Fn(usize) -> TokenStream,
) -> TokenStream {
    let token = |x: &Expr| match x.kind {
        ExprKind::Int(n) => emit::int(n),
        ExprKind::Dynamic(k) => leaf(k),
        _ => unreachable!("only plain trees are written out"),
    };
    let Some((ExprKind::Layout(shape, stride), _)) = outer_args(outer_expr) else {
        unreachable!("the divide written out");
    };
    let extents: Vec<&Expr> = divide_rest::leaves(shape);
    let strides: Vec<&Expr> = divide_rest::leaves(stride);
    let (extent, stride) = (
        token(extents[extents.len() - 1]),
        token(strides[strides.len() - 1]),
    );
    let extents = extents.into_iter().map(token);
    let private = emit::private();
    // `B`'s largest offset, where it is written out with no negative
    // static stride and its dynamic leaves call nothing (read here and
    // again by the composition); else unknown: `D` must continue as the
    // core's.
    let reach = match &guard.b.kind {
        ExprKind::Layout(s, d) if is_plain(s) && is_plain(d) => {
            let (s, d) = (divide_rest::leaves(s), divide_rest::leaves(d));
            let negative = d
                .iter()
                .any(|d| matches!(d.kind, ExprKind::Int(n) if n < 0));
            let calls = s.iter().chain(&d).any(|x| match x.kind {
                ExprKind::Dynamic(k) => !compose_divide::no_call(&leaf(k)),
                _ => false,
            });
            match negative || calls || s.len() != d.len() {
                true => quote!(::core::primitive::usize::MAX),
                false => {
                    let (s, d) = (s.into_iter().map(token), d.into_iter().map(token));
                    quote!(#private::reach(&[#(#s),*], &[#(#d),*]))
                }
            }
        }
        _ => quote!(::core::primitive::usize::MAX),
    };
    let core = leaf(guard.c);
    let error = format_ident!("error", span = Span::mixed_site());
    quote! {
        match #private::continues("composition", #core, #extent, #stride, &[#(#extents),*], #reach) {
            ::core::result::Result::Ok(()) => #outer,
            ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
        }
    }
}

/// The first operand of the call `e` and the rest.
fn outer_args(e: &Expr) -> Option<(&ExprKind, &[Expr])> {
    match &e.kind {
        ExprKind::Call { args, .. } => args.split_first().map(|(a, rest)| (&a.kind, rest)),
        _ => None,
    }
}

/// `composition(make_layout(D, 1:c), B)` with `D` written out alone
/// ([`Guard`]), if the rules then type it.
fn continued(e: &Expr, depth: usize, domain: bool) -> Option<Nested<'_>> {
    let (TypedForm::Composition, _, [a, b]) = typed_call(e)? else {
        return None;
    };
    if matches!(b.kind, ExprKind::Tiler(_) | ExprKind::Tuple(_)) {
        return None;
    }
    let (same, c) = divide_past::continued(a)?;
    let (shape, stride) = result(same, depth + 1, false)?;
    let (base, mut paths) = (BLOCK * (depth + 1), Vec::new());
    let shape = written(&shape, ("shape", Vec::new()), same, base, &mut paths);
    let stride = written(&stride, ("stride", Vec::new()), same, base, &mut paths);
    let mut outer = e.clone();
    if let ExprKind::Call { args, .. } = &mut outer.kind {
        args[0] = Expr::new(ExprKind::Layout(Box::new(shape), Box::new(stride)), a.span);
    }
    let typed = divide::rule(&outer).is_some()
        || rules::layout_type(&outer).is_some()
        || nested(&outer, depth + 1, domain).is_some();
    typed.then_some(Nested {
        inner: same,
        outer,
        paths,
        guard: Some(Guard { c, b }),
        read: Read::Layout,
        domain: false,
    })
}

/// `e` with its first operand that is a typed call written out, if the
/// rules then type `e` (read only on its domain where `domain`).
fn nested(e: &Expr, depth: usize, domain: bool) -> Option<Nested<'_>> {
    if let Some(n) = continued(e, depth, domain) {
        return Some(n);
    }
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    for (i, arg) in args.iter().enumerate() {
        let call = matches!(arg.kind, ExprKind::Call { .. });
        if !call || kind(arg) != Kind::Layout || named::contains(arg) {
            continue;
        }
        if has_dynamic(arg) && held(e, i, domain) {
            continue;
        }
        let inner_domain = on_domain(e, i, domain);
        let Some((shape, stride)) = result(arg, depth + 1, inner_domain) else {
            continue;
        };
        let (base, mut paths) = (BLOCK * (depth + 1), Vec::new());
        let shape = written(&shape, ("shape", Vec::new()), arg, base, &mut paths);
        let stride = written(&stride, ("stride", Vec::new()), arg, base, &mut paths);
        let mut outer = e.clone();
        if let ExprKind::Call { args, .. } = &mut outer.kind {
            args[i] = Expr::new(
                ExprKind::Layout(Box::new(shape), Box::new(stride)),
                arg.span,
            );
        }
        let outer = fold::flat(&outer).unwrap_or(outer);
        // A flattened result wider than a typed layout holds is not typed.
        let typed = (written_out(&outer).is_some()
            && emit::wider_than(&outer, emit::MAX_RANK).is_none())
            || divide::rule(&outer).is_some()
            || rules::layout_type(&outer).is_some()
            || nested(&outer, depth + 1, domain).is_some();
        if typed {
            return Some(Nested {
                inner: arg,
                outer,
                paths,
                guard: None,
                read: read::of(e, i),
                domain: inner_domain,
            });
        }
    }
    None
}

/// The shape and stride trees of what the rules give for the call `e`.
pub(crate) fn result(e: &Expr, depth: usize, domain: bool) -> Option<(Tree, Tree)> {
    parse_layout(typed(e, depth, domain)?)
}

/// The type of the layout the rules give for `e` (inside the `Result` of
/// [`Expander::nested`]), if they type it through a nested operand:
/// `layout_type!`'s answer.
pub fn layout_type(e: &Expr) -> Option<TokenStream> {
    nested(e, 0, true).and_then(|n| typed(&n.outer, 1, true))
}

/// The type of the layout the rules give for `e` at nesting depth `depth`
/// (a written-out layout's own), read only on its domain where `domain`.
fn typed(e: &Expr, depth: usize, domain: bool) -> Option<TokenStream> {
    if let Some((shape, stride)) = written_out(e) {
        let tree = |t: &Expr| leaf_tree(t, &|_| quote!(usize));
        let signed = emit::negative_leaf(stride);
        return Some(emit::typed_layout_type(tree(shape), tree(stride), signed));
    }
    match divide::rule(e) {
        Some(rule) => Some(rule.layout_type()),
        None => match rules::layout_type(e) {
            Some(t) => Some(t),
            None => typed(&nested(e, depth, domain)?.outer, depth + 1, domain),
        },
    }
}

/// The shape and stride of a written-out layout.
fn written_out(e: &Expr) -> Option<(&Expr, &Expr)> {
    match &e.kind {
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => {
            Some((shape, stride))
        }
        _ => None,
    }
}

/// A written-out tree's tokens: `C::<N>` for a static leaf, `dynamic(k)`
/// for the `k`th dynamic one (its value, or the type `usize`).
fn leaf_tree(e: &Expr, dynamic: &dyn Fn(usize) -> TokenStream) -> TokenStream {
    match &e.kind {
        ExprKind::Int(n) => emit::static_leaf(*n),
        ExprKind::Dynamic(k) => dynamic(*k),
        ExprKind::Tuple(items) => {
            emit::tuple(items.iter().map(|i| leaf_tree(i, dynamic)).collect())
        }
        _ => unreachable!("only plain trees are written out"),
    }
}
