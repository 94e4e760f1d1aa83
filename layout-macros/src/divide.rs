//! Typed algebra on dynamic leaves, first rules (ARCHITECTURE.md, "Typed
//! algebra on dynamic leaves: the plan"): `layout!(type logical_divide(L, T))`
//! and `zipped_divide`, where `L` is written out, each top-level mode a
//! single leaf `s:d`, and `T` is a by-mode tiler `<T0,…>` of static
//! positive extents, one per mode of `L`. Each mode divides as
//!
//! ```text
//! logical_divide(s:d, T) = (T, ceil(s/T)) : (d, T*d)
//! ```
//!
//! (the complement of `T:1` in `s` is `ceil(s/T):T`, and composing with a
//! single-mode layout assumes nothing), and `zipped_divide` gathers the
//! tiles first: `((T0,T1,…),(ceil(s0/T0),…)) : ((d0,d1,…),(T0*d0,…))`.
//! The macro evaluates it over `Static(n) | Dynamic(leaf)`: static parts fold
//! to `C<N>` leaves, dynamic ones become a `ceil_div` or a checked
//! multiply over `let`-bound leaves, and the only run-time failure, a stride
//! product that overflows, is an `Err` naming the values.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::emit;

/// One integer of the computation: known now, or a Rust expression.
#[derive(Clone)]
enum Sym {
    Static(i64),
    Dynamic(TokenStream),
}

/// A call this module types: the function, and per mode `(s, d, T)`.
pub struct Rule<'a> {
    function: &'a str,
    modes: Vec<(&'a Expr, &'a Expr, i64)>,
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    if !matches!(name.as_str(), "logical_divide" | "zipped_divide") {
        return None;
    }
    let [layout, tiler] = args.as_slice() else {
        return None;
    };
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&layout.kind, &tiler.kind)
    else {
        return None;
    };
    let (ExprKind::Tuple(shape), ExprKind::Tuple(stride)) = (&shape.kind, &stride.kind) else {
        return None;
    };
    if shape.len() != tiles.len() || stride.len() != tiles.len() || tiles.is_empty() {
        return None;
    }
    let leaf = |e: &Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Dynamic(_));
    let mut modes = Vec::new();
    for ((s, d), t) in shape.iter().zip(stride).zip(tiles) {
        let ExprKind::Int(t) = t.kind else {
            return None;
        };
        if !leaf(s) || !leaf(d) || t <= 0 {
            return None;
        }
        // A static stride product that overflows is the core's error.
        if let ExprKind::Int(d) = d.kind {
            d.checked_mul(t)?;
        }
        modes.push((s, d, t));
    }
    Some(Rule {
        function: name,
        modes,
    })
}

impl Rule<'_> {
    /// The straight-line code: `Result<Layout<…>, AlgebraError>`. `leaf`
    /// gives a dynamic leaf's expression by its number.
    pub fn emit(&self, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
        let private = emit::private();
        let function = self.function;
        let label = syn::Lifetime::new("'typed", Span::mixed_site());
        let mut lets = Vec::new();
        let mut checked = false;
        // Each dynamic leaf is evaluated once, in source order.
        let bind = |e: &Expr, name: String, lets: &mut Vec<TokenStream>| match e.kind {
            ExprKind::Int(n) => Sym::Static(n),
            ExprKind::Dynamic(k) => {
                let ident = format_ident!("{name}", span = Span::mixed_site());
                let value = leaf(k);
                lets.push(quote!(let #ident: usize = #value;));
                Sym::Dynamic(quote!(#ident))
            }
            _ => unreachable!("rule() takes leaves only"),
        };
        // (tile shape, tile stride, rest shape, rest stride) per mode.
        let mut parts = Vec::new();
        let shapes: Vec<Sym> = (self.modes.iter().enumerate())
            .map(|(i, (s, _, _))| bind(s, format!("shape{i}"), &mut lets))
            .collect();
        let strides: Vec<Sym> = (self.modes.iter().enumerate())
            .map(|(i, (_, d, _))| bind(d, format!("stride{i}"), &mut lets))
            .collect();
        for (i, ((s, d), (_, _, t))) in shapes.into_iter().zip(strides).zip(&self.modes).enumerate()
        {
            let tile = emit::int(*t);
            let rest_shape = match &s {
                Sym::Static(s) => Sym::Static((s + t - 1) / t),
                Sym::Dynamic(s) => Sym::Dynamic(quote!(#private::ceil_div(#s, #tile))),
            };
            let rest_stride = match &d {
                Sym::Static(d) => Sym::Static(d * t),
                Sym::Dynamic(d) => {
                    checked = true;
                    let ident = format_ident!("rest_stride{i}", span = Span::mixed_site());
                    lets.push(quote! {
                        let #ident = match #private::scale(#function, #d, #tile) {
                            ::core::result::Result::Ok(product) => product,
                            ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                        };
                    });
                    Sym::Dynamic(quote!(#ident))
                }
            };
            parts.push((Sym::Static(*t), d, rest_shape, rest_stride));
        }
        let signed = parts
            .iter()
            .any(|(_, d, _, e)| [d, e].iter().any(|x| matches!(x, Sym::Static(n) if *n < 0)));
        let tree = |items: Vec<&Sym>| emit::tuple(items.into_iter().map(token).collect());
        let (shape, stride) = if function == "zipped_divide" {
            let shape = emit::tuple(vec![
                tree(parts.iter().map(|p| &p.0).collect()),
                tree(parts.iter().map(|p| &p.2).collect()),
            ]);
            let stride = emit::tuple(vec![
                tree(parts.iter().map(|p| &p.1).collect()),
                tree(parts.iter().map(|p| &p.3).collect()),
            ]);
            (shape, stride)
        } else {
            let shape = emit::tuple(parts.iter().map(|p| tree(vec![&p.0, &p.2])).collect());
            let stride = emit::tuple(parts.iter().map(|p| tree(vec![&p.1, &p.3])).collect());
            (shape, stride)
        };
        let layout = emit::typed_layout(shape, stride, signed);
        let body = quote! {
            #(#lets)*
            ::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)
        };
        // The label only where a check can break out (else it is unused).
        if checked {
            quote!(#label: { #body })
        } else {
            quote!({ #body })
        }
    }
}

fn token(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::static_leaf(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}
