//! Typed composition on dynamic leaves (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan"): `layout!(type composition(A, B))` where `A`
//! and `B` are written out `SHAPE:STRIDE` (any nesting, no negative static
//! stride), or `B` a by-mode tiler `<B0,…>` of such layouts and integers
//! (`n` is `n:1`; mode `i` of `A` composed with `Bi`, the modes past the
//! tiler dropped, as CuTe and the core do; a leaf `A` is its own only
//! mode: compose_by.rs), evaluated over
//! `Static(n) | Dynamic(expr)` as CuTe's `composition_impl` instantiates
//! for those types:
//!
//! - `A` is flattened and its static modes merged as CuTe's `coalesce`
//!   merges them (a static mode of extent 1 dropped, two static modes that
//!   continue one another joined; dynamic modes stay, the last always);
//! - `B` distributes over its leaves; a leaf `s:d` with `d` a static 0 is
//!   `s:0`, and over a one-mode `A` it is `s:(d*e)`;
//! - otherwise the leaf walks `A`'s modes but the last: each step
//!   `min(ceil(a/r), n)` elements of mode `a:e` at stride `r*e`, the rest
//!   `n / that` at stride `ceil(r/a)`; a step whose extent is statically 1
//!   gives no mode (CuTe's static skip); the rest lands in the last mode,
//!   and where it is a static 1 (a leaf of one element) it stays so: no
//!   mode for the later steps and no last mode (CuTe's
//!   `is_constant<1, rest_shape>`), each step still run for its checks.
//!
//! CuTe assumes two divisibility conditions on that walk and does not check
//! dynamic values; here each step with a dynamic operand calls
//! `__private::compose_step`, which checks them, and where two leaves of
//! `B` reach one mode of `A` their reaches must add up below its extent (no
//! carry; into the last mode, a carry is harmless where the mode continues
//! it, `extent * stride == last`, for `A` is linear there:
//! `__private::no_carry_or_continues`), so the typed result equals the core's exact composition at every
//! coordinate or is an `AlgebraError` naming the values. Where a step
//! refuses, the walk runs again (written once, as a function of a flag:
//! `Gen::finish_once`; the second run cold) with the failed step retried
//! over the mode merged with the modes that continue it
//! (`__private::compose_step_or_merged`), as CuTe's static `coalesce`
//! would merge them. A step whose
//! operands are all static and break a condition is not typed (CuTe's
//! `static_assert`): `type` then reports it at compile time.

pub(crate) mod compose_basis;
pub(crate) mod compose_by;
pub(crate) mod compose_divide;
pub(crate) mod compose_reader;
pub(crate) mod compose_step;

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit::{self, MAX_DEPTH, MAX_RANK};
use crate::kind::typed_call;
use crate::tree::{is_plain, is_tiler};
use crate::typed::compose::compose_step::{Over, step};
use crate::typed::fits::Known;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};

/// A composition this module types.
pub struct Rule<'a> {
    /// The function's name, for messages.
    function: &'static str,
    /// `A`'s leaves, `(extent, stride)`, flattened.
    a: Vec<(&'a Expr, &'a Expr)>,
    /// What each part of `B` composes with: all of `A`, or (by-mode
    /// tiler) one mode of `A`, as a range of `a`.
    parts: Vec<Part<'a>>,
    /// `B` is a by-mode tiler `<B0,…>`: the result is a tuple of parts.
    by_mode: bool,
    /// The result's layout type, from the walk `rule` checks the static
    /// parts with (`TypedRule::layout_type` without walking again).
    ty: Option<TokenStream>,
}

/// `A`'s leaves `a[range]` composed with one layout `B`.
pub struct Part<'a> {
    range: core::ops::Range<usize>,
    /// `B`'s shape (its nesting is the part's) and its leaves; a missing
    /// stride is a static 1 (a tiler's integer `n` is `n:1`).
    b_shape: &'a Expr,
    b: Vec<(&'a Expr, Option<&'a Expr>)>,
}

/// The rule for `e`, if it is a composition this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    // Every static decision is made here once: the rule holds if they pass.
    let mut rule = candidate(e)?;
    let (_, shape, stride) = rule.build(None)?;
    rule.ty = Some(emit::typed_layout_type(shape, stride, false));
    Some(rule)
}

/// Whether `e` has the form this module types but a static part breaks a
/// condition (CuTe's `static_assert`s): `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.build(None).is_none())
}

/// The call `e` if it has the form this module types, before its static
/// parts are checked.
fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::Composition, function, [a, b])) = typed_call(e) else {
        return None;
    };
    let ExprKind::Layout(a_shape, a_stride) = &a.kind else {
        return None;
    };
    if !is_plain(a_shape) || !is_plain(a_stride) {
        return None;
    }
    let a = leaves(a_shape, a_stride)?;
    let (parts, by_mode) = match &b.kind {
        // A tuple of extents is CuTe's shape tiler: the by-mode tiler of
        // `n:1`s, as the core reads it.
        ExprKind::Tiler(tiles) | ExprKind::Tuple(tiles) if is_tiler(b) => (
            crate::typed::compose::compose_by::parts(a_shape, a_stride, tiles)?,
            true,
        ),
        _ => (vec![part(0..a.len(), b)?], false),
    };
    let negative = |d: &Expr| matches!(d.kind, ExprKind::Int(d) if d < 0);
    let b_strides = parts
        .iter()
        .flat_map(|p| p.b.iter().filter_map(|(_, d)| *d));
    if a.iter().map(|(_, d)| *d).chain(b_strides).any(negative) {
        return None;
    }
    Some(Rule {
        function,
        a,
        parts,
        by_mode,
        ty: None,
    })
}

/// A layout `B` written out, or a tiler's integer `n` (`n:1`).
pub fn part(range: core::ops::Range<usize>, b: &Expr) -> Option<Part<'_>> {
    match &b.kind {
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => {
            if emit::deeper_than(shape, MAX_DEPTH - 2).is_some() {
                return None;
            }
            let b = leaves(shape, stride)?;
            let b = b.into_iter().map(|(s, d)| (s, Some(d))).collect();
            Some(Part {
                range,
                b_shape: shape,
                b,
            })
        }
        ExprKind::Int(_) | ExprKind::Dynamic(_) => Some(Part {
            range,
            b_shape: b,
            b: vec![(b, None)],
        }),
        _ => None,
    }
}

/// The `(shape, stride)` leaf pairs of congruent trees, in order.
pub fn leaves<'a>(shape: &'a Expr, stride: &'a Expr) -> Option<Vec<(&'a Expr, &'a Expr)>> {
    match (&shape.kind, &stride.kind) {
        (ExprKind::Tuple(s), ExprKind::Tuple(d)) if s.len() == d.len() => {
            let mut out = Vec::new();
            for (s, d) in s.iter().zip(d) {
                out.extend(leaves(s, d)?);
            }
            Some(out)
        }
        (ExprKind::Tuple(_), _) | (_, ExprKind::Tuple(_)) => None,
        _ => Some(vec![(shape, stride)]),
    }
}

/// One leaf of `B` composed: a single mode or a tuple of modes.
pub type Composed = Vec<(Sym, Sym)>;

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let (code, shape, stride) = self.build(leaf)?;
        Some((code, shape, stride, false))
    }

    /// The walk, written once, run again with the merged steps where it
    /// refuses at run time (`Gen::finish_once`).
    fn emit(&self, leaf: &dyn Fn(usize) -> TokenStream) -> TokenStream {
        let (code, shape, stride) = self.build(Some(leaf)).expect("rule() built it once");
        code.finish_once(shape, stride, false, self.layout_type())
    }

    fn layout_type(&self) -> TokenStream {
        match &self.ty {
            Some(ty) => ty.clone(),
            // Not from `rule()` (never: `refused` asks for no type).
            None => {
                let (_, shape, stride) = self.build(None).expect("rule() built it once");
                emit::typed_layout_type(shape, stride, false)
            }
        }
    }
}

impl Rule<'_> {
    /// The code writer after the walk, and the result's shape and stride.
    fn build<'l>(
        &self,
        leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    ) -> Option<(Gen<'l>, TokenStream, TokenStream)> {
        let mut code = Gen::new(self.function, leaf);
        code.merges = true;
        // `size(A∘B)` is `size(B)`, which `B`'s check bounds.
        code.result_known = Known::Size;
        let a = code.bind_leaves(&self.a);
        let (mut shapes, mut strides) = (Vec::new(), Vec::new());
        for part in &self.parts {
            let b_shapes: Vec<Sym> = part.b.iter().map(|(s, _)| code.bind(s, "shape")).collect();
            let b_strides = (part.b.iter()).map(|(_, d)| match d {
                Some(d) => code.bind(d, "stride"),
                None => Sym::Static(1),
            });
            let b: Vec<(Sym, Sym)> = b_shapes
                .into_iter()
                .zip(b_strides.collect::<Vec<_>>())
                .collect();
            code.operand(b.clone());
            let composed = compose_modes(&mut code, a[part.range.clone()].to_vec(), &b)?;
            let mut next = 0;
            let (shape, stride) = nest(part.b_shape, &composed, &mut next);
            shapes.push(shape);
            strides.push(stride);
        }
        if !self.by_mode {
            let (shape, stride) = (shapes.pop()?, strides.pop()?);
            return Some((code, shape, stride));
        }
        Some((code, emit::tuple(shapes), emit::tuple(strides)))
    }
}

/// `A ∘ B` leaf by leaf of `B`, over `Sym`s: `A` coalesced (its last mode
/// kept), each leaf walked, the carries checked. `None` where a static
/// part breaks a condition.
pub fn compose_modes(
    code: &mut Gen<'_>,
    a: Vec<(Sym, Sym)>,
    b: &[(Sym, Sym)],
) -> Option<Vec<Composed>> {
    let a = coalesce(a, true)?;
    let (init, last) = a.split_at(a.len() - 1);
    let last_stride = &last[0].1;
    // Each bounded mode of A: the reaches of the leaves that enter it.
    let mut reaches: Vec<Vec<Sym>> = vec![Vec::new(); init.len()];
    let mut composed: Vec<Composed> = Vec::new();
    for (s, d) in b {
        if matches!(d, Sym::Static(0)) || init.is_empty() {
            let stride = code.product(d, last_stride)?;
            composed.push(vec![(s.clone(), stride)]);
            continue;
        }
        let (mut n, mut r, mut modes) = (s.clone(), d.clone(), Vec::new());
        let alone = b.len() == 1;
        for (i, mode) in init.iter().enumerate() {
            let stride = &mode.1;
            let over = Over {
                mode,
                after: &init[i + 1..],
                last: last_stride,
                alone,
            };
            let step = step(code, &n, &r, &over)?;
            if let Some((shape, reach)) = step.mode {
                modes.push((shape, code.product(&r, stride)?));
                reaches[i].push(reach);
            }
            (n, r) = (step.rest_shape, step.rest_stride);
        }
        if modes.is_empty() || !matches!(n, Sym::Static(1)) {
            let stride = code.product(&r, last_stride)?;
            modes.push((n, stride));
        }
        if modes.len() > MAX_RANK {
            return None;
        }
        composed.push(modes);
    }
    for (i, (reach, mode)) in reaches.iter().zip(init).enumerate() {
        // The mode before the last may carry into it where it continues it.
        let last = (i + 1 == init.len()).then_some(last_stride);
        no_carry(code, reach, mode, last)?;
    }
    Some(composed)
}

/// Checks that the leaves entering one mode of `A` (`extent`, `stride`)
/// reach less than its extent together, or, for the mode before the last
/// (`last` its stride), that it continues into the last
/// (`__private::no_carry_or_continues`): folded when static, `None` if
/// they do not.
fn no_carry(
    code: &mut Gen<'_>,
    reaches: &[Sym],
    (extent, stride): &(Sym, Sym),
    last: Option<&Sym>,
) -> Option<()> {
    if reaches.len() < 2 {
        return Some(());
    }
    let known: i64 = (reaches.iter())
        .map(|r| match r {
            Sym::Static(r) => *r,
            Sym::Dynamic(_) => 0,
        })
        .sum();
    let dynamic: Vec<TokenStream> = (reaches.iter())
        .filter(|r| matches!(r, Sym::Dynamic(_)))
        .map(value)
        .collect();
    if let (true, Sym::Static(extent)) = (dynamic.is_empty(), extent) {
        if known < *extent {
            return Some(());
        }
        match (stride, last) {
            (Sym::Static(stride), Some(Sym::Static(last))) => {
                return (extent.checked_mul(*stride) == Some(*last)).then_some(());
            }
            (_, None) => return None,
            // Whether it continues is known at run time only.
            _ => {}
        }
    }
    if !code.writes() {
        return Some(());
    }
    let (private, function) = (emit::private(), code.function);
    let extent = value(extent);
    // Saturating: a sum past usize::MAX is past the extent too.
    let sum = match (known, dynamic.split_first()) {
        (0, Some((first, rest))) => quote!(#first #(.saturating_add(#rest))*),
        _ => {
            let known = proc_macro2::Literal::usize_suffixed(known as usize);
            quote!(#known #(.saturating_add(#dynamic))*)
        }
    };
    code.check(match last {
        Some(last) => {
            let (stride, last) = (value(stride), value(last));
            quote!(#private::no_carry_or_continues(#function, #sum, #extent, #stride, #last))
        }
        None => quote!(#private::no_carry(#function, #sum, #extent)),
    });
    Some(())
}

/// The result's shape and stride: `B`'s nesting, each leaf replaced by
/// its composed modes (one mode stays a leaf).
pub fn nest(shape: &Expr, composed: &[Composed], next: &mut usize) -> (TokenStream, TokenStream) {
    match &shape.kind {
        ExprKind::Tuple(items) => {
            let (shapes, strides) = items.iter().map(|i| nest(i, composed, next)).unzip();
            (emit::tuple(shapes), emit::tuple(strides))
        }
        _ => {
            let modes = &composed[*next];
            *next += 1;
            match modes.as_slice() {
                [(s, d)] => (token(s), token(d)),
                _ => (
                    emit::tuple(modes.iter().map(|m| token(&m.0)).collect()),
                    emit::tuple(modes.iter().map(|m| token(&m.1)).collect()),
                ),
            }
        }
    }
}
