//! After `type`: `left_inverse(SHAPE:STRIDE)` of a written-out layout
//! whose strides are static and not negative, its extents static or
//! dynamic — CuTe's rule (`layout.hpp`, which `static_assert`s static
//! strides): coalesce (CuTe's, on these types), sort the modes by stride
//! (CuTe's exchange sort), and for each nonzero stride `dⱼ` a mode of
//! extent `dⱼ / dⱼ₋₁` whose stride is where the mode below starts (the
//! first's is 0), then the extent of the mode of largest stride; coalesce
//! that. The strides being static, CuTe's "divisibility condition" is
//! decided while compiling, and so is the core's overlap refusal where
//! the extent below is static (a compile error at the call); a dynamic
//! extent below makes it a run-time `LeftInverseOverlap`.
//!
//! The core drops a mode of extent 1 and merges modes that continue one
//! another; the merges keep the function (the modes merged are next to one
//! another in stride order too, or overlap), the drops do not: a mode of
//! dynamic extent and nonzero stride that is 1 at run time is an
//! `InverseMode` error, but where it is the one of largest stride and
//! starts where the mode below it ends (the core's result is then the
//! typed one). Of a layout whose strides are all 0, CuTe keeps the last
//! mode's extent (its coalesce merges a mode of stride 0 into the next
//! only while that one's extent is static): the modes before must be 1.
//!
//! A dynamic stride is a compile error at it ([`dynamic_stride`]).
//! Checked with CuTe C++ prints (`left_inverse((m,_4):(_4,_1))` is
//! `(_4,m):(m,_1)`; tests/typed_left_inverse.rs) and against the core at
//! every index.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::is_plain;
use crate::typed::compose::leaves;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};

/// Why a dynamic stride is not typed, said at it.
pub const DYNAMIC_STRIDE: &str = "`type left_inverse` needs static strides (CuTe: \"Left inverse requires static strides\"): write this stride as an integer, or drop `type` to invert at run time";

/// Why a call is refused after `type` ([`refused`]).
pub const REFUSED: &str = "`type` cannot invert these static strides: one is not a multiple of the next smaller (CuTe's \"Divisibility condition\"), lies in the mode below's span, is 0 before the last, or overflows; drop `type`";

/// A typed `left_inverse` call.
pub struct Rule<'a> {
    function: &'static str,
    a: Vec<(&'a Expr, &'a Expr)>,
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.walk(None).is_some())
}

/// Whether `e` has the form this module types but its static leaves break
/// a condition: `type` reports it at the call ([`REFUSED`]).
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.walk(None).is_none())
}

/// The first dynamic stride of a written-out layout `left_inverse` is
/// called on, in `e` or its operands: `type` reports it there.
pub fn dynamic_stride(e: &Expr) -> Option<&Expr> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    if let Some((TypedForm::LeftInverse, _, [a])) = typed_call(e) {
        if let ExprKind::Layout(_, stride) = &a.kind {
            return first_dynamic(stride);
        }
    }
    args.iter().find_map(dynamic_stride)
}

fn first_dynamic(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Dynamic(_) => Some(e),
        ExprKind::Tuple(items) => items.iter().find_map(first_dynamic),
        _ => None,
    }
}

fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let (TypedForm::LeftInverse, function, [a]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    let a = leaves(shape, stride)?;
    let static_stride = |(_, d): &(&Expr, &Expr)| matches!(d.kind, ExprKind::Int(d) if d >= 0);
    a.iter().all(static_stride).then_some(Rule { function, a })
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let mut code = Gen::new(self.function, leaf);
        // Its own check, joined to its comparisons.
        code.own_fits = true;
        let a = code.bind_leaves(&self.a);
        // A dynamic extent 0: the core refuses a mode of size 0.
        let (private, function) = (emit::private(), self.function);
        for (s, _) in &a {
            if let Sym::Dynamic(s) = s {
                code.check(quote!(#private::nonzero(#function, #s)));
            }
        }
        // The core refuses an `L` whose size or offsets pass `i64::MAX`,
        // or a mode whose extent·stride does (its construction's span),
        // which the typed result does not show (inverse.rs's `bound`).
        if a.iter().any(|(s, _)| matches!(s, Sym::Dynamic(_))) {
            let fits = crate::typed::inverse::bound(&a, true);
            let leaves = a.iter().map(|(s, d)| {
                let (s, d) = (value(s), value(d));
                quote!((#s, #d))
            });
            code.check(quote!(#private::left_operand_fits(
                #function, #fits, move || [#(#leaves),*]
            )));
        }
        let modes = coalesce(a, false)?;
        let strides: Vec<i64> = modes
            .iter()
            .map(|(_, d)| match d {
                Sym::Static(d) => Some(*d),
                Sym::Dynamic(_) => None,
            })
            .collect::<Option<_>>()?;
        let out = if strides.iter().all(|&d| d == 0) {
            vec![(zeros(&mut code, modes)?, Sym::Static(0))]
        } else {
            inverse(&mut code, &modes, &strides)?
        };
        let out = coalesce(out, false)?;
        let (shape, stride) = match out.as_slice() {
            [(s, d)] => (token(s), token(d)),
            _ => (
                emit::tuple(out.iter().map(|m| token(&m.0)).collect()),
                emit::tuple(out.iter().map(|m| token(&m.1)).collect()),
            ),
        };
        Some((code, shape, stride, false))
    }
}

/// CuTe's `detail::SortByKey`: an exchange sort of the indices by stride
/// (not stable: the order of ties is CuTe's).
fn exchange_sort(strides: &[i64]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..strides.len()).collect();
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if strides[order[j]] < strides[order[i]] {
                order.swap(i, j);
            }
        }
    }
    order
}

/// CuTe's fold over the sorted modes, with the checks that the core
/// answers the same: `(d₁, d₂/d₁, …, extent):(0, starts…)`.
fn inverse(code: &mut Gen<'_>, modes: &[(Sym, Sym)], strides: &[i64]) -> Option<Vec<(Sym, Sym)>> {
    let (private, function) = (emit::private(), code.function);
    // Where each mode starts: the product of the extents before it.
    let mut starts = Vec::with_capacity(modes.len());
    let mut product = Sym::Static(1);
    for (i, (s, _)) in modes.iter().enumerate() {
        starts.push(product.clone());
        if i + 1 < modes.len() {
            product = code.product(&product, s)?;
        }
    }
    let order = exchange_sort(strides);
    let last = *order.last()?;
    let (mut out, mut from) = (Vec::new(), Sym::Static(0));
    let mut below: Option<usize> = None;
    for &i in order.iter().filter(|&&i| strides[i] != 0) {
        let (d, size) = (strides[i], below.map_or(1, |b| strides[b]));
        // CuTe's static assertion; the core's `LeftInverseNotDivisible`.
        if d % size != 0 {
            return None;
        }
        let stride = emit::int(d);
        if let Sym::Dynamic(s) = &modes[i].0 {
            // Dropped by the core where it is 1: the same only as the mode
            // of largest stride starting where the one below ends. (Said
            // first: a mode the core drops overlaps nothing.)
            let below = match below.filter(|_| i == last) {
                Some(b) => {
                    let span = span(modes, b);
                    quote!(::core::option::Option::Some(#span))
                }
                None => quote!(::core::option::Option::None),
            };
            code.check(quote!(#private::left_unit(#function, #s, #stride, #below)));
        }
        if let Some(b) = below {
            match &modes[b].0 {
                // The core's `LeftInverseOverlap`, known while compiling.
                Sym::Static(bs) if d < bs.saturating_mul(strides[b]) => return None,
                Sym::Static(_) => {}
                Sym::Dynamic(_) => {
                    let span = span(modes, b);
                    code.check(quote!(#private::left_overlap(#function, #stride, #span)));
                }
            }
        }
        out.push((Sym::Static(d / size), from));
        from = starts[i].clone();
        below = Some(i);
    }
    out.push((modes[last].0.clone(), from));
    Some(out)
}

/// The span of mode `b` (`extent·stride`) as an operand of the run-time
/// checks.
fn span(modes: &[(Sym, Sym)], b: usize) -> TokenStream {
    let private = emit::private();
    let (s, d) = (value(&modes[b].0), value(&modes[b].1));
    quote!(#private::left_span(#s, #d))
}

/// A layout whose strides are all 0: CuTe's coalesce merges a mode into
/// the next while that one's extent is static (`m·_0` is `_0`), and the
/// result is the last mode's extent; the core's has them all, so each mode
/// before must be 1 (`None`: one has a static extent above 1).
fn zeros(code: &mut Gen<'_>, modes: Vec<(Sym, Sym)>) -> Option<Sym> {
    let mut modes = modes.into_iter().rev();
    let mut front = modes.next()?.0;
    let mut before = Vec::new();
    for (s, _) in modes {
        match front {
            Sym::Static(_) => front = code.product(&s, &front)?,
            Sym::Dynamic(_) => before.push(s),
        }
    }
    let (private, function) = (emit::private(), code.function);
    for s in before {
        match s {
            Sym::Static(s) if s > 1 => return None,
            Sym::Static(_) => {}
            Sym::Dynamic(s) => code.check(quote!(#private::inverse_stops(#function, 0, #s, 0))),
        }
    }
    Some(front)
}
