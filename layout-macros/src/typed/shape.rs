//! Typed `coalesce(A)` and `complement(A[, M])` on dynamic leaves
//! (ARCHITECTURE.md, "Typed algebra on dynamic leaves: the plan"), for a
//! written-out `A = SHAPE:STRIDE`:
//!
//! - `coalesce(A)` is CuTe's `coalesce` on these types (sym.rs): static
//!   modes of extent 1 go, static modes that continue one another merge,
//!   dynamic modes stay. It never changes the function, so it has no check.
//! - `complement(A, M)` needs `A`'s strides static (CuTe's
//!   "dynamic-stride complement only for rank-1 layouts"; the sort by
//!   stride is then done while compiling), its extents static or dynamic,
//!   and `M` an integer, static or dynamic. Modes of static extent 1 or
//!   stride 0 are dropped; the others, sorted by stride, give the holes
//!   `stride / span` at stride `span` (`span` the extent times stride of
//!   the mode below), then `ceil(M / span)`; CuTe's `coalesce` of that.
//!   A stride that is not a multiple of the span below it has no
//!   complement: refused while compiling when both are static, else
//!   checked at run time (`AlgebraError::NotComplementable`), as is a
//!   dynamic extent 0 (the core refuses both); the products instead round
//!   that hole down as CuTe does, by the core's rule (`complement`'s
//!   `round`, below). A dynamic extent 1, whose
//!   mode the core drops, keeps CuTe's nesting (a hole at that mode): its
//!   holes then telescope into the core's answer exactly when the split
//!   they put at that mode divides the core's mode there (a stride above,
//!   or the cotarget rounded up); where it does not, no layout of CuTe's
//!   nesting is the core's answer (a static hole below the mode has a
//!   fixed extent, and the core's mode is not a multiple of it), and the
//!   result is `AlgebraError::UnitExtent` naming the two values.
//! - `complement(A)` is CuTe's: the cotarget is `cosize(A)` (computed
//!   from the leaves; dynamic where an extent is); `complement(A, SHAPE)`
//!   the core's integer cotarget for that shape (complement_shape.rs).
//! - One mode (after dropping those of static extent 1 or stride 0) may
//!   have a dynamic stride `d`, as CuTe's rank-1 dynamic-stride complement:
//!   the hole below it is `d` at stride 1, the rest at `extent · d`; `d = 0`
//!   is refused at run time (`ZeroDivisor`: CuTe divides by that span).
//!   The products take it too (no hole is rounded: the span below it is
//!   1), and at `d = 0` the hole the core's complement has there, the
//!   cotarget (CuTe faults). With more modes a dynamic stride is not typed
//!   (CuTe static_asserts).

use layout_core::algebra::ProductHoles;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::is_plain;
use crate::typed::compose::leaves;
use crate::typed::product::product_cosize;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};

/// A `coalesce` or `complement` this module types.
pub struct Rule<'a> {
    function: &'static str,
    /// `A`'s leaves, `(extent, stride)`, flattened.
    a: Vec<(&'a Expr, &'a Expr)>,
    cotarget: Cotarget<'a>,
}

/// What `complement`'s layout is complemented up to.
enum Cotarget<'a> {
    /// None: the rule is `coalesce`.
    Coalesce,
    /// The integer written, static or a dynamic leaf.
    Given(&'a Expr),
    /// CuTe's one-argument `complement(A)`: `A`'s own cosize.
    Cosize,
    /// A written-out tuple (complement_shape.rs).
    Shape(&'a Expr),
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    // Every static decision is made here once: the rule holds if they pass.
    candidate(e).filter(|rule| rule.build(None).is_some())
}

/// Whether `e` has the form this module types but a static part breaks a
/// condition (CuTe's `static_assert`s): `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.build(None).is_none())
}

/// The call `e` if it has the form this module types, before its static
/// parts are checked.
fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let (function, layout, cotarget) = match typed_call(e)? {
        (TypedForm::Coalesce, function, [a]) => (function, a, Cotarget::Coalesce),
        (TypedForm::Complement, function, [a, m]) if matches!(m.kind, ExprKind::Tuple(_)) => {
            (function, a, Cotarget::Shape(m))
        }
        (TypedForm::Complement, function, [a, m]) => (function, a, Cotarget::Given(m)),
        (TypedForm::Complement, function, [a]) => (function, a, Cotarget::Cosize),
        _ => return None,
    };
    let ExprKind::Layout(shape, stride) = &layout.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    let rule = Rule {
        function,
        a: leaves(shape, stride)?,
        cotarget,
    };
    // A dynamic stride is taken alone (`complement` below decides).
    let static_stride = |(_, d): &(&Expr, &Expr)| {
        matches!(d.kind, ExprKind::Int(d) if d >= 0) || matches!(d.kind, ExprKind::Dynamic(_))
    };
    let integer = |m: &Expr| {
        matches!(m.kind, ExprKind::Int(m) if m >= 0) || matches!(m.kind, ExprKind::Dynamic(_))
    };
    let fits = match rule.cotarget {
        Cotarget::Coalesce => true,
        Cotarget::Given(m) => integer(m) && rule.a.iter().all(static_stride),
        Cotarget::Cosize => rule.a.iter().all(static_stride),
        Cotarget::Shape(t) => is_plain(t) && rule.a.iter().all(static_stride),
    };
    if !fits {
        return None;
    }
    Some(rule)
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        self.build(leaf)
    }
}

impl Rule<'_> {
    fn build<'l>(
        &self,
        leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    ) -> Option<(Gen<'l>, TokenStream, TokenStream, bool)> {
        let mut code = Gen::new(self.function, leaf);
        let a = code.bind_leaves(&self.a);
        let modes = match self.cotarget {
            Cotarget::Coalesce => a,
            Cotarget::Given(m) => {
                let m = code.bind(m, "cotarget");
                complement(&mut code, a, m, true, false)?.0
            }
            Cotarget::Cosize => {
                let m = cosize(&mut code, &a)?;
                complement(&mut code, a, m, true, false)?.0
            }
            Cotarget::Shape(t) => {
                let mut extents = Vec::new();
                crate::typed::complement_shape::flat(t, &mut extents);
                let extents: Vec<Sym> = extents.iter().map(|m| code.bind(m, "extent")).collect();
                let m = crate::typed::complement_shape::cotarget(&mut code, &a, &extents)?;
                complement(&mut code, a, m, true, false)?.0
            }
        };
        let modes = coalesce(modes, false)?;
        let signed = modes
            .iter()
            .any(|(_, d)| matches!(d, Sym::Static(d) if *d < 0));
        let (shape, stride) = match modes.as_slice() {
            [(s, d)] => (token(s), token(d)),
            _ => (
                emit::tuple(modes.iter().map(|m| token(&m.0)).collect()),
                emit::tuple(modes.iter().map(|m| token(&m.1)).collect()),
            ),
        };
        Some((code, shape, stride, signed))
    }
}

/// `1 + Σ (extent - 1) · stride` of leaves with static strides `≥ 0`: the
/// cotarget of CuTe's `complement(A)`. `None` if the static part overflows
/// (refused while compiling). The dynamic terms saturate instead of
/// checking: where `A` has a complement its cosize is at most the span of
/// its top mode, which `complement` computes with checked products, so a
/// saturated sum only reaches a layout `complement` refuses anyway (and
/// an extent 0, saturated to a term 0 here, is refused there too).
fn cosize(code: &mut Gen<'_>, a: &[(Sym, Sym)]) -> Option<Sym> {
    let (known, terms) = product_cosize::terms(a)?;
    if terms.is_empty() {
        return Some(Sym::Static(known));
    }
    let known = proc_macro2::Literal::usize_suffixed(usize::try_from(known).ok()?);
    Some(code.bind_value("cosize", quote!(#known #(#terms)*)))
}

/// The complement's modes before coalescing, and what a product checks
/// its `B` against: the code naming its record of rounded holes (the
/// facade's `Holes`) once a hole is dynamic, else the static holes (the
/// core's `ProductHoles`, which may hold a hole rounded while compiling).
pub type Holes = (Vec<(Sym, Sym)>, Record);

/// A product's holes: static so far, or a run-time record from a point on.
pub enum Record {
    /// Every hole so far static: their product, and the one rounded down.
    Static(ProductHoles),
    /// Code naming the facade's `Holes` after the last hole.
    Dynamic(TokenStream),
}

impl Record {
    /// Code building the facade's `Holes` of this record.
    pub fn tokens(&self) -> TokenStream {
        let private = emit::private();
        match self {
            Record::Dynamic(record) => record.clone(),
            Record::Static(holes) => {
                let below = emit::int(holes.below().min(i64::MAX as u64) as i64);
                match holes.rounded() {
                    None => quote!(#private::Holes::new(#below)),
                    Some(r) => {
                        let [stride, span, limit] = [r.stride, r.span, r.limit]
                            .map(|n| emit::int(n.min(i64::MAX as u64) as i64));
                        quote!(#private::Holes::rounded(#below, #stride, #span, #limit))
                    }
                }
            }
        }
    }
}

/// The holes of `a` (static strides) up to `m`, before coalescing.
///
/// A dynamic extent may be 1 at run time, where the core drops its mode:
/// the holes are still CuTe's (a hole at each mode), and `exact`, the span
/// the core sees, is carried beside `span` so that the run-time helpers
/// answer exactly whenever those holes telescope to the core's answer
/// (and refuse with `UnitExtent`, naming the values, where they cannot).
/// Without `whole`, the caller reads the last mode's stride only (a
/// product composes into it), so its extent is neither checked nor written.
/// With `round` (the products), a hole whose span does not divide its
/// stride is rounded down, as CuTe divides, by the core's rule
/// (`layout_core::algebra::ProductHoles`; while compiling where the holes
/// so far are static, else `product_hole` in src/private/partial.rs): the
/// second value is then what the product checks `B` against
/// (`product_fits`).
pub fn complement(
    code: &mut Gen<'_>,
    a: Vec<(Sym, Sym)>,
    m: Sym,
    whole: bool,
    round: bool,
) -> Option<Holes> {
    let private = emit::private();
    let function = code.function;
    // Modes of static extent 1 or static stride 0 go (CuTe's `filter`).
    let mut modes: Vec<(usize, Sym, Sym)> = Vec::new();
    for (i, (s, d)) in a.into_iter().enumerate() {
        match (&s, &d) {
            (Sym::Static(0), _) => return None,
            (Sym::Static(1), _) => {}
            (Sym::Dynamic(_), _) => {
                let s = value(&s);
                code.check(quote!(#private::nonzero(#function, #s)));
                if !matches!(d, Sym::Static(0)) {
                    modes.push((i, Sym::Dynamic(s), d));
                }
            }
            (_, Sym::Static(0)) => {}
            _ => modes.push((i, s, d)),
        }
    }
    // CuTe's "dynamic-stride complement only for rank-1 layouts": the sort
    // by stride is done while compiling, so a dynamic stride is taken only
    // alone (the hole below it is the stride itself, at stride 1). Its
    // value 0 has no rank-1 complement (CuTe divides the cotarget by the
    // span 0): refused at run time.
    // A product rounds nothing there: the span below that one hole is 1.
    let dynamic_stride = modes.iter().any(|(_, _, d)| matches!(d, Sym::Dynamic(_)));
    if dynamic_stride && modes.len() > 1 {
        return None;
    }
    // A product takes a hole there instead (below).
    if let (false, [(_, _, Sym::Dynamic(d))]) = (round, modes.as_slice()) {
        let (d, m) = (d.clone(), value(&m));
        code.check(quote! {
            if #d == 0 {
                ::core::result::Result::Err(#private::AlgebraError::ZeroDivisor {
                    function: #function,
                    dividend: #m,
                })
            } else {
                ::core::result::Result::Ok(())
            }
        });
    }
    modes.sort_by_key(|(i, _, d)| (if let Sym::Static(d) = d { *d } else { 0 }, *i));
    let (mut span, mut exact, mut holes) = (Sym::Static(1), Sym::Static(1), Vec::new());
    let mut record = Record::Static(ProductHoles::new(1));
    let count = modes.len();
    for (k, (_, s, d)) in modes.into_iter().enumerate() {
        let d = match d {
            Sym::Static(d) => d,
            // Alone (above): the hole below it is the stride itself. A
            // product's stride 0 (CuTe divides by it; the core drops the
            // mode, its complement the cotarget `m` at stride 1) takes a
            // hole of `m` there: the core's function in CuTe's nesting (`B`'s
            // offsets, below `m`, all fall in it; the rest is not read).
            Sym::Dynamic(_) => {
                let hole = match round {
                    true => {
                        let dv = value(&d);
                        let mv = match &m {
                            Sym::Static(m) => emit::int((*m).max(1)),
                            Sym::Dynamic(m) => quote!(#m.max(1)),
                        };
                        code.bind_value("hole", quote!(if #dv == 0 { #mv } else { #dv }))
                    }
                    false => d.clone(),
                };
                holes.push((hole, span.clone()));
                let next = code.product(&s, &d)?;
                exact = match &s {
                    Sym::Static(_) => next.clone(),
                    Sym::Dynamic(extent) => {
                        let next = value(&next);
                        code.bind_value("exact", quote!(if #extent == 1 { 1 } else { #next }))
                    }
                };
                span = next;
                continue;
            }
        };
        let hole = match (&span, &record) {
            (Sym::Static(span), Record::Static(held)) if round => {
                let (hole, next) = held.next(d as u64, *span as u64).ok()?;
                record = Record::Static(next);
                Sym::Static(hole as i64)
            }
            (Sym::Static(span), _) if !round => match d % span {
                0 => Sym::Static(d / span),
                _ => return None,
            },
            _ if round => {
                // A static hole after a dynamic one still goes through the
                // record (it may be the one rounded down), valued statically.
                let known = match &span {
                    Sym::Static(span) => Some(d / span),
                    Sym::Dynamic(_) => None,
                };
                let (span, exact, d) = (value(&span), value(&exact), emit::int(d));
                let held = record.tokens();
                let step = code.checked_let(
                    "hole",
                    quote!(#private::product_hole(#function, #d, #span, #exact, #held)),
                );
                record = Record::Dynamic(quote!(#step.1));
                match known {
                    Some(hole) => Sym::Static(hole),
                    None => code.dynamic(quote!(#step.0)),
                }
            }
            _ => {
                let (span, exact, d) = (value(&span), value(&exact), emit::int(d));
                let hole = code.checked_let(
                    "hole",
                    quote!(#private::complement_hole(#function, #d, #span, #exact)),
                );
                code.dynamic(hole)
            }
        };
        holes.push((hole, span.clone()));
        let next = code.product(&s, &Sym::Static(d))?;
        exact = match &s {
            Sym::Static(_) => next.clone(),
            // Read by the holes above and by a whole last mode only.
            Sym::Dynamic(_) if k + 1 == count && !whole => next.clone(),
            Sym::Dynamic(extent) => {
                let (below, next) = (value(&exact), value(&next));
                code.bind_value("exact", quote!(if #extent == 1 { #below } else { #next }))
            }
        };
        span = next;
    }
    let rest = match (&m, &span) {
        (Sym::Static(m), Sym::Static(span)) => Sym::Static(m / span + i64::from(m % span != 0)),
        _ if !whole || matches!(span, Sym::Static(_)) => {
            let ceil = match span {
                Sym::Static(_) => quote!(#private::ceil_div),
                Sym::Dynamic(_) => quote!(#private::ceil_div_dynamic),
            };
            let (m, span) = (value(&m), value(&span));
            code.dynamic(quote!(#ceil(#m, #span)))
        }
        _ => {
            let cotarget = matches!(m, Sym::Dynamic(_)).then(|| value(&m).to_string());
            let (m, span, exact) = (value(&m), value(&span), value(&exact));
            let rest = code.checked_let(
                "rest",
                quote!(#private::complement_rest(#function, #m, #span, #exact)),
            );
            // The rest `⌈m / d⌉` is at most a run-time `m` (fits_covers.rs).
            if let Some(m) = cotarget {
                code.covers.push((rest.to_string(), m));
            }
            code.dynamic(rest)
        }
    };
    holes.push((rest, span));
    Some((holes, record))
}
