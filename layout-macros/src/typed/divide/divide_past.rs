//! A divide read past its size as a composition's `A` (divide_rewrite.rs
//! rewrites it elsewhere only where it is read inside its domain).
//!
//! Past its size `N`, the core reads a layout through its last leaf: the
//! integer index `i` is split over the modes with the last coordinate
//! unbounded (ARCHITECTURE.md, "Exact composition"), so
//! `ext(i) = L(i mod N) + ⌊i / N⌋ · c`, `c = e·d` of `L`'s last leaf `e:d`
//! (its *continuation*). Two layouts with one function on `[0, N)` are read
//! alike past it exactly where their continuations agree. The rewritten
//! divide `A ∘ B` (divide_rest.rs) is the core's `D(A, T)` on its domain,
//! but its last leaf is its own nesting's: where the core's complement of
//! the tile drops its rest (one element: `1:0`, or only its holes) or the
//! core's walk stops before a mode the typed walk reaches with an extent 1
//! at run time, the continuations differ (`logical_divide((4,m):(4,1), 8)`
//! read by `4:16` at `m = 2`: the core's `4:0`).
//!
//! Where `A`'s shape is static, `B` is the core's own `D(id, T)` and the
//! rewrite's last leaf is the core's ([`static_shape`]): it is kept as it
//! is. Where `A` is one dynamic mode and the tile has no hole, the rest's
//! stride in `B` is 0 where the rest has one element, the core's `1:0`
//! ([`one_mode`]), and nothing is appended. Else the divide is written `make_layout(A ∘ B, 1:c)`, `c` the core's
//! continuation computed at run time from `A`'s leaves: the appended mode
//! is read only past `N`, where it gives `⌊i / N⌋ · c`, the core's reading
//! at every index ([`continuation`], the facade's `divide_continuation`).
//! The core's `c`: its divide's last leaf is the walk of the last leaf of
//! `complement(T, size A)` over `A` (the tile's, where the complement is
//! `1:0`: then `c = 0`); that leaf, `x = e·d` its continuation, is
//! `r:span` with `r = ⌈size A / span⌉ ≥ 2` (`x = r·span`; a merge with the
//! last hole keeps `x`), or with `r ≤ 1` the last hole (static), or none.
//! The core's walk of a leaf ending at `x` ends in the first mode `m` of
//! `A` whose prefix size `Q_{m+1}` reaches `x` (`A`'s last mode if none),
//! its last piece continuing at `⌊x / Q_m⌋ · a_m`.
//!
//! The composition around it is not of that form (nested.rs's `Guard`):
//! it composes with `A ∘ B` alone, CuTe's nesting, and checks at run time
//! that its `B` reads only inside `N` or that `A ∘ B`'s last mode continues
//! at `c` (`__private::continues`), else an error naming the values (there
//! CuTe C++ answers another layout than the core's). [`continued`] finds
//! the form [`appended`] writes.
//!
//! Only by a static layout tiler (an integer or a `SHAPE:STRIDE`, not by
//! mode), with no negative static stride in `A`; `A`'s dynamic leaves read
//! again where `c` is computed (an expression that calls nothing, as
//! compose_divide.rs reads them). Checked over many run-time values
//! against the core (`tests/typed_divide_past.rs`).

use layout_core::Span;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_rest::{leaves as leaves_of, span, static_tile};
use crate::{emit, typed::compose::compose_divide};

/// `make_layout(composition(A, B), 1:c)` for the divide `e` that
/// `same` (its rewrite, `composition(A, B)`) replaces, `c` a new leaf
/// computed from `A`'s (pushed to `leaves`); `None` where [`continuation`]
/// does not apply.
pub fn extended(e: &Expr, same: Expr, leaves: &mut Vec<TokenStream>) -> Option<Expr> {
    if static_shape(e) {
        return Some(same);
    }
    if let Some(same) = one_mode(e, &same, leaves) {
        return Some(same);
    }
    let c = continuation(e, leaves)?;
    leaves.push(c);
    Some(appended(same, leaves.len() - 1, e.span))
}

/// `make_layout(same, 1:c)`, `c` the input's leaf `k`, as this module
/// writes it: its name's span is the whole call's, which no parsed call's
/// is (a name is one token of its call), so [`continued`] tells it from a
/// `make_layout` the user wrote.
pub fn appended(same: Expr, k: usize, span: Span) -> Expr {
    let c = Expr::new(ExprKind::Dynamic(k), span);
    let unit = Expr::new(
        ExprKind::Layout(Box::new(int_at(1, span)), Box::new(c)),
        span,
    );
    let kind = ExprKind::Call {
        name: "make_layout".to_owned(),
        name_span: span,
        args: vec![same, unit],
    };
    Expr::new(kind, span)
}

/// The rewritten divide and its continuation's leaf, if `e` is what
/// [`appended`] writes: nested.rs then composes with the rewrite alone,
/// CuTe's nesting, checking at run time that it stands for the core's
/// divide where read (`__private::continues`).
pub fn continued(e: &Expr) -> Option<(&Expr, usize)> {
    let ExprKind::Call {
        name,
        name_span,
        args,
    } = &e.kind
    else {
        return None;
    };
    let [same, unit] = args.as_slice() else {
        return None;
    };
    let ExprKind::Layout(one, c) = &unit.kind else {
        return None;
    };
    match (&one.kind, &c.kind, &same.kind) {
        (ExprKind::Int(1), ExprKind::Dynamic(k), ExprKind::Call { .. })
            if name == "make_layout" && *name_span == e.span && unit.span == e.span =>
        {
            Some((same, *k))
        }
        _ => None,
    }
}

fn int_at(n: i64, span: Span) -> Expr {
    Expr::new(ExprKind::Int(n), span)
}

/// The rewrite `same` of the divide `e` of a one-mode `A` (`m:a`, `m`
/// dynamic) by a static layout tiler with no hole, with the rest's stride
/// in `B` a new leaf: 0 where the rest `⌈m / span⌉` has one element (the
/// core's rest `1:0`), else `span` (`__private::divide_rest_stride`). Over one mode the typed walk
/// scales each leaf of `B` by `a`, so the rewrite's last leaf continues at
/// the core's `x·a` (or 0) and nothing is appended: the dynamic mode stays
/// `A`'s last, with no divisibility condition on it.
fn one_mode(e: &Expr, same: &Expr, leaves: &mut Vec<TokenStream>) -> Option<Expr> {
    let (TypedForm::Divide(_), _, [a, tiler]) = typed_call(e)? else {
        return None;
    };
    let (ExprKind::Layout(shape, _), false) = (&a.kind, has_dynamic(tiler)) else {
        return None;
    };
    let extent = match leaves_of(shape).as_slice() {
        [x] => match x.kind {
            ExprKind::Dynamic(k) => leaves
                .get(k)
                .filter(|l| compose_divide::no_call(l))?
                .clone(),
            _ => return None,
        },
        _ => return None,
    };
    if matches!(tiler.kind, ExprKind::Tiler(_)) {
        return None;
    }
    let t = static_tile(tiler)?;
    let span = span(&t)?;
    let no_hole = matches!(layout_core::complement(&t, span), Ok(h) if h.size() == 1);
    let ExprKind::Call {
        name,
        name_span,
        args,
    } = &same.kind
    else {
        return None;
    };
    let [a, b] = args.as_slice() else {
        return None;
    };
    let ExprKind::Layout(b_shape, b_stride) = &b.kind else {
        return None;
    };
    // `B`'s last leaf is the rest `⌈m / span⌉ : span` (compose_divide.rs).
    let last = match &b_stride.kind {
        ExprKind::Tuple(items) => items.last()?,
        _ => return None,
    };
    if !no_hole || !matches!(last.kind, ExprKind::Int(d) if d == span) {
        return None;
    }
    let (private, span) = (emit::private(), emit::int(span));
    leaves.push(quote!(#private::divide_rest_stride({ let leaf: usize = #extent; leaf }, #span)));
    let mut stride = (**b_stride).clone();
    if let ExprKind::Tuple(items) = &mut stride.kind {
        let at = items.len() - 1;
        items[at] = Expr::new(ExprKind::Dynamic(leaves.len() - 1), last.span);
    }
    let b = Expr::new(ExprKind::Layout(b_shape.clone(), Box::new(stride)), b.span);
    let kind = ExprKind::Call {
        name: name.clone(),
        name_span: *name_span,
        args: vec![a.clone(), b],
    };
    Some(Expr::new(kind, same.span))
}

/// Whether the divide `e` (by a static layout tiler) is of an `A` whose
/// shape is static: then `B` is the core's `D(make_layout(shape A), T)`,
/// whose last leaf is the core's complement's (or `1:0`), and the typed
/// walk of it over `A`'s static extents stops where the core's does (a
/// step of static extent 1 gives no mode), so the rewrite's last leaf
/// already continues as the core's: nothing to append (CuTe's static
/// leaves kept).
fn static_shape(e: &Expr) -> bool {
    let Some((TypedForm::Divide(_), _, [a, tiler])) = typed_call(e) else {
        return false;
    };
    let static_tiler = !has_dynamic(tiler) && !matches!(tiler.kind, ExprKind::Tiler(_));
    matches!(&a.kind, ExprKind::Layout(shape, _) if !has_dynamic(shape)) && static_tiler
}

/// The tokens of the core's continuation of the divide `e` (module doc).
fn continuation(e: &Expr, leaves: &[TokenStream]) -> Option<TokenStream> {
    let (TypedForm::Divide(_), _, [a, tiler]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if has_dynamic(tiler) || matches!(tiler.kind, ExprKind::Tiler(_)) {
        return None;
    }
    if !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    let t = static_tile(tiler)?;
    if t.leaf_modes().any(|(s, d)| d < 0 || s < 1) {
        return None;
    }
    let span = span(&t)?;
    // The last hole's continuation: `complement(T, span)` is the holes
    // alone (its `1:span` dropped by the core's coalesce), `1:0` for none.
    let holes = layout_core::complement(&t, span).ok()?;
    let last_hole = match holes.leaf_modes().last() {
        Some((e, d)) if e > 1 => e.checked_mul(d)?,
        _ => 0,
    };
    let read = |x: &Expr| match x.kind {
        ExprKind::Int(n) if n >= 0 => Some(emit::int(n)),
        ExprKind::Dynamic(k) => {
            let leaf = leaves.get(k).filter(|l| compose_divide::no_call(l))?;
            Some(quote!({ let leaf: usize = #leaf; leaf }))
        }
        _ => None,
    };
    let extents: Vec<TokenStream> = leaves_of(shape)
        .into_iter()
        .map(read)
        .collect::<Option<_>>()?;
    let strides: Vec<TokenStream> = leaves_of(stride)
        .into_iter()
        .map(read)
        .collect::<Option<_>>()?;
    if extents.len() != strides.len() || extents.is_empty() {
        return None;
    }
    let private = emit::private();
    let (span, last_hole) = (emit::int(span), emit::int(last_hole));
    Some(quote!(#private::divide_continuation(
        #span, #last_hole, &[#(#extents),*], &[#(#strides),*]
    )))
}
