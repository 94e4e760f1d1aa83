//! Typed composition on dynamic leaves (ARCHITECTURE.md, "Typed algebra on
//! dynamic leaves: the plan"): `layout!(type composition(A, B))` where `A`
//! and `B` are written out `SHAPE:STRIDE` (any nesting, no negative static
//! stride), evaluated over `Static(n) | Dynamic(expr)` as CuTe's
//! `composition_impl` instantiates for those types:
//!
//! - `A` is flattened and its static modes merged as CuTe's `coalesce`
//!   merges them (a static mode of extent 1 dropped, two static modes that
//!   continue one another joined; dynamic modes stay, the last always);
//! - `B` distributes over its leaves; a leaf `s:d` with `d` a static 0 is
//!   `s:0`, and over a one-mode `A` it is `s:(d*e)`;
//! - otherwise the leaf walks `A`'s modes but the last: each step
//!   `min(ceil(a/r), n)` elements of mode `a:e` at stride `r*e`, the rest
//!   `n / that` at stride `ceil(r/a)`; a step whose extent is statically 1
//!   gives no mode (CuTe's static skip); the rest lands in the last mode.
//!
//! CuTe assumes two divisibility conditions on that walk and does not check
//! dynamic values; here each step with a dynamic operand calls
//! `__private::compose_step`, which checks them, and where two leaves of
//! `B` reach one mode of `A` their reaches must add up below its extent (no
//! carry), so the typed result equals the core's exact composition at every
//! coordinate or is an `AlgebraError` naming the values. A step whose
//! operands are all static and break a condition is not typed (CuTe's
//! `static_assert`): `type` then reports it at compile time.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::ast::is_plain;
use crate::emit::{self, MAX_DEPTH, MAX_RANK};

/// One integer of the computation: known now, or a Rust expression.
#[derive(Clone)]
enum Sym {
    Static(i64),
    Dynamic(TokenStream),
}

const FUNCTION: &str = "composition";

/// A composition this module types.
pub struct Rule<'a> {
    /// `A`'s leaves, `(extent, stride)`, flattened.
    a: Vec<(&'a Expr, &'a Expr)>,
    /// `B`'s shape (its nesting is the result's) and its leaves.
    b_shape: &'a Expr,
    b: Vec<(&'a Expr, &'a Expr)>,
}

/// The rule for `e`, if it is a composition this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let [a, b] = args.as_slice() else {
        return None;
    };
    let (ExprKind::Layout(a_shape, a_stride), ExprKind::Layout(b_shape, b_stride)) =
        (&a.kind, &b.kind)
    else {
        return None;
    };
    let plain = [a_shape, a_stride, b_shape, b_stride];
    if name != FUNCTION || !plain.iter().all(|t| is_plain(t)) {
        return None;
    }
    if emit::deeper_than(b_shape, MAX_DEPTH - 1).is_some() {
        return None;
    }
    let rule = Rule {
        a: leaves(a_shape, a_stride)?,
        b_shape,
        b: leaves(b_shape, b_stride)?,
    };
    let negative = |(_, d): &(&Expr, &Expr)| matches!(d.kind, ExprKind::Int(d) if d < 0);
    if rule.a.iter().chain(&rule.b).any(negative) {
        return None;
    }
    // Every static decision is made here once: the rule holds if they pass.
    rule.build(None).map(|_| rule)
}

/// The `(shape, stride)` leaf pairs of congruent trees, in order.
fn leaves<'a>(shape: &'a Expr, stride: &'a Expr) -> Option<Vec<(&'a Expr, &'a Expr)>> {
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

/// The straight-line code being written: its `let`s, and whether one of
/// them can fail. Without a `leaf` (for `layout_type!`) every dynamic value
/// is the type `usize` and nothing is written.
struct Gen<'l> {
    leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    lets: Vec<TokenStream>,
    checked: bool,
    next: usize,
    label: syn::Lifetime,
}

/// What one step of the walk gives: a mode (extent, reach) unless
/// skipped, and the leaf's rest.
struct StepSym {
    mode: Option<(Sym, Sym)>,
    rest_shape: Sym,
    rest_stride: Sym,
}

impl Gen<'_> {
    fn ident(&mut self, stem: &str) -> proc_macro2::Ident {
        self.next += 1;
        format_ident!("{stem}{}", self.next, span = Span::mixed_site())
    }

    fn dynamic(&self, code: TokenStream) -> Sym {
        Sym::Dynamic(if self.leaf.is_some() {
            code
        } else {
            quote!(usize)
        })
    }

    /// A leaf of the input, `let`-bound if dynamic.
    fn bind(&mut self, e: &Expr, stem: &str) -> Sym {
        match (&e.kind, self.leaf) {
            (ExprKind::Int(n), _) => Sym::Static(*n),
            (ExprKind::Dynamic(k), Some(leaf)) => {
                let (ident, value) = (self.ident(stem), leaf(*k));
                self.lets.push(quote!(let #ident: usize = #value;));
                Sym::Dynamic(quote!(#ident))
            }
            (ExprKind::Dynamic(_), None) => Sym::Dynamic(quote!(usize)),
            _ => unreachable!("rule() takes plain trees only"),
        }
    }

    /// `let x = call?;` (leaving the block with the error), and `x`.
    fn checked_let(&mut self, stem: &str, call: TokenStream) -> TokenStream {
        let ident = self.ident(stem);
        if self.leaf.is_some() {
            self.checked = true;
            let label = &self.label;
            self.lets.push(quote! {
                let #ident = match #call {
                    ::core::result::Result::Ok(value) => value,
                    ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                };
            });
        }
        quote!(#ident)
    }

    /// `if let Err(e) = call { break Err(e) }`: a check with no value.
    fn check(&mut self, call: TokenStream) {
        if self.leaf.is_some() {
            self.checked = true;
            let label = &self.label;
            self.lets.push(quote! {
                if let ::core::result::Result::Err(e) = #call {
                    break #label ::core::result::Result::Err(e);
                }
            });
        }
    }

    /// `x * y`: folded when both are static (`None` if it overflows),
    /// else a checked product.
    fn product(&mut self, x: &Sym, y: &Sym) -> Option<Sym> {
        match (x, y) {
            (Sym::Static(x), Sym::Static(y)) => return x.checked_mul(*y).map(Sym::Static),
            // Nothing to multiply, nothing to check.
            (Sym::Static(1), other) | (other, Sym::Static(1)) => return Some(other.clone()),
            (Sym::Static(0), _) | (_, Sym::Static(0)) => return Some(Sym::Static(0)),
            _ => {}
        }
        let private = emit::private();
        let (x, y) = (value(x), value(y));
        let product = self.checked_let("stride", quote!(#private::product(#FUNCTION, #x, #y)));
        Some(self.dynamic(product))
    }

    /// One step of the walk of a leaf with `n` elements at stride `r`
    /// over a mode of extent `a`; `None` where static operands break a
    /// condition CuTe asserts statically.
    fn step(&mut self, n: &Sym, r: &Sym, a: &Sym) -> Option<StepSym> {
        if let (Sym::Static(n), Sym::Static(r), Sym::Static(a)) = (n, r, a) {
            return fold_step(*n, *r, *a);
        }
        let stays = StepSym {
            mode: None,
            rest_shape: n.clone(),
            rest_stride: Sym::Static(0),
        };
        if let (Sym::Static(r), Sym::Static(a)) = (r, a) {
            if *r == 0 {
                return Some(stays);
            }
            if *a == 0 {
                return None;
            }
            // The stride skips whole copies of this mode: CuTe's static skip.
            if ceil(*a, *r) == 1 {
                let rest_stride = Sym::Static(r / a);
                return (r % a == 0).then_some(StepSym {
                    rest_stride,
                    ..stays
                });
            }
        }
        let private = emit::private();
        let (tn, tr, ta) = (value(n), value(r), value(a));
        let step = self.checked_let(
            "step",
            quote!(#private::compose_step(#FUNCTION, #tn, #tr, #ta)),
        );
        let rest_stride = match (r, a) {
            (Sym::Static(r), Sym::Static(a)) => Sym::Static(ceil(*r, *a)),
            _ => self.dynamic(quote!(#step.rest_stride)),
        };
        let mode = (
            self.dynamic(quote!(#step.shape)),
            self.dynamic(quote!(#step.reach)),
        );
        Some(StepSym {
            // A leaf of one element gives no mode (CuTe's static skip).
            mode: (!matches!(n, Sym::Static(1))).then_some(mode),
            rest_shape: self.dynamic(quote!(#step.rest_shape)),
            rest_stride,
        })
    }
}

/// [`Gen::step`] on static operands: `__private::compose_step`'s rule,
/// with CuTe's static skips, or `None` where it would refuse.
fn fold_step(n: i64, r: i64, a: i64) -> Option<StepSym> {
    let stays = |rest_stride| StepSym {
        mode: None,
        rest_shape: Sym::Static(n),
        rest_stride: Sym::Static(rest_stride),
    };
    if n == 0 || r == 0 {
        return Some(stays(0));
    }
    if a == 0 {
        return None;
    }
    let (next_shape, next_stride) = (ceil(a, r), ceil(r, a));
    if n == 1 {
        return Some(stays(next_stride));
    }
    if next_shape == 1 {
        return (r % a == 0).then_some(stays(next_stride));
    }
    let shape = next_shape.min(n);
    if (n > next_shape && a % r != 0) || n % shape != 0 {
        return None;
    }
    Some(StepSym {
        mode: Some((Sym::Static(shape), Sym::Static((shape - 1) * r))),
        rest_shape: Sym::Static(n / shape),
        rest_stride: Sym::Static(next_stride),
    })
}

/// The result of [`Rule::build`].
struct Built {
    lets: Vec<TokenStream>,
    checked: bool,
    shape: TokenStream,
    stride: TokenStream,
}

/// One leaf of `B` composed: a single mode or a tuple of modes.
type Composed = Vec<(Sym, Sym)>;

impl Rule<'_> {
    /// The straight-line code: `Result<Layout<…>, AlgebraError>`. `leaf`
    /// gives a dynamic leaf's expression by its number.
    pub fn emit(&self, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
        let private = emit::private();
        let built = self.build(Some(&leaf)).expect("rule() built it once");
        let (lets, label) = (built.lets, label());
        let layout = emit::typed_layout(built.shape, built.stride, false);
        let body = quote! {
            #(#lets)*
            ::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)
        };
        if built.checked {
            quote!(#label: { #body })
        } else {
            quote!({ #body })
        }
    }

    /// The type of the layout [`Rule::emit`] gives (inside its `Ok`).
    pub fn layout_type(&self) -> TokenStream {
        let built = self.build(None).expect("rule() built it once");
        emit::typed_layout_type(built.shape, built.stride, false)
    }

    fn build(&self, leaf: Option<&dyn Fn(usize) -> TokenStream>) -> Option<Built> {
        let mut code = Gen {
            leaf,
            lets: Vec::new(),
            checked: false,
            next: 0,
            label: label(),
        };
        let a: Vec<(Sym, Sym)> = (self.a.iter())
            .map(|(s, d)| (code.bind(s, "a_shape"), code.bind(d, "a_stride")))
            .collect();
        let b: Vec<(Sym, Sym)> = (self.b.iter())
            .map(|(s, d)| (code.bind(s, "b_shape"), code.bind(d, "b_stride")))
            .collect();
        let a = coalesce(a)?;
        let (init, last) = a.split_at(a.len() - 1);
        let last_stride = &last[0].1;
        // Each bounded mode of A: the reaches of the leaves that enter it.
        let mut reaches: Vec<Vec<Sym>> = vec![Vec::new(); init.len()];
        let mut composed: Vec<Composed> = Vec::new();
        for (s, d) in &b {
            if matches!(d, Sym::Static(0)) || init.is_empty() {
                let stride = code.product(d, last_stride)?;
                composed.push(vec![(s.clone(), stride)]);
                continue;
            }
            let (mut n, mut r, mut modes) = (s.clone(), d.clone(), Vec::new());
            for (i, (extent, stride)) in init.iter().enumerate() {
                let step = code.step(&n, &r, extent)?;
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
        for (reach, (extent, _)) in reaches.iter().zip(init) {
            no_carry(&mut code, reach, extent)?;
        }
        let mut next = 0;
        let (shape, stride) = nest(self.b_shape, &composed, &mut next);
        Some(Built {
            lets: code.lets,
            checked: code.checked,
            shape,
            stride,
        })
    }
}

fn label() -> syn::Lifetime {
    syn::Lifetime::new("'typed", Span::mixed_site())
}

/// Flatten-and-merge as CuTe's `coalesce` on these types: a static extent 1
/// (not the last mode) is dropped; a static mode followed by one whose
/// extent and stride are static and whose stride continues it is merged
/// into it. The last mode stays (it reads indices past `A`'s size).
/// `None` if a merged extent overflows.
fn coalesce(a: Vec<(Sym, Sym)>) -> Option<Vec<(Sym, Sym)>> {
    let mut out: Vec<(Sym, Sym)> = Vec::new();
    for (s, d) in a.into_iter().rev() {
        let front = match out.first() {
            None => None,
            Some((Sym::Static(fs), Sym::Static(fd))) => Some(Some((*fs, *fd))),
            Some(_) => Some(None),
        };
        match (front, &s, &d) {
            (None, ..) => out.push((s, d)),
            (Some(_), Sym::Static(1), _) => {}
            (Some(Some((fs, fd))), Sym::Static(s), Sym::Static(d))
                if s.checked_mul(*d) == Some(fd) =>
            {
                out[0] = (Sym::Static(s.checked_mul(fs)?), Sym::Static(*d));
            }
            _ => out.insert(0, (s, d)),
        }
    }
    Some(out)
}

/// Checks that the leaves entering one mode of `A` reach less than its
/// extent together (folded when static: `None` if they do not).
fn no_carry(code: &mut Gen<'_>, reaches: &[Sym], extent: &Sym) -> Option<()> {
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
        return (known < *extent).then_some(());
    }
    let private = emit::private();
    let known = proc_macro2::Literal::usize_suffixed(known as usize);
    let extent = value(extent);
    let sum = quote!(#known #(.saturating_add(#dynamic))*);
    code.check(quote!(#private::no_carry(#FUNCTION, #sum, #extent)));
    Some(())
}

/// The result's shape and stride: `B`'s nesting, each leaf replaced by
/// its composed modes (one mode stays a leaf).
fn nest(shape: &Expr, composed: &[Composed], next: &mut usize) -> (TokenStream, TokenStream) {
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

fn token(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::static_leaf(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}

/// An operand of the run-time helpers: a literal, or the expression.
fn value(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::int(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}

/// `ceil(x / y)` for `x ≥ 0`, `y > 0`.
fn ceil(x: i64, y: i64) -> i64 {
    x / y + i64::from(x % y != 0)
}
