//! Expand, the run-time path: an input with dynamic leaves that no typed
//! form covers becomes a call into `layout-core` at run time — the
//! expression rebuilt as `rt` nodes, its dynamic leaves passed in source
//! order, named values (typed layouts, shapes) passed in as core values.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Query;
use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::emit;
use crate::expand::Expander;
use crate::kind::{Kind, kind, query};
use crate::tree::{dynamic_leaves, has_basis, has_dynamic};
use crate::typed::named::named_place;

impl Expander<'_> {
    /// The expression rebuilt for `layout-core` to evaluate at run time,
    /// with its dynamic leaves passed in source order.
    pub fn runtime(&self, e: &Expr) -> syn::Result<TokenStream> {
        let mut leaves = Vec::new();
        dynamic_leaves(e, &mut leaves);
        let numbers: Vec<usize> = leaves.iter().map(|(k, _)| *k).collect();
        let node = self.runtime_node(e, &numbers)?;
        let eval = match kind(e) {
            // Scaled-basis strides make no integer layout, and `crd2idx`
            // through them a coordinate: the core's value.
            _ if basis_valued(e) => quote!(eval),
            Kind::Layout => quote!(eval_layout),
            Kind::Int => quote!(eval_int),
            Kind::IntTuple => quote!(eval_int_tuple),
            Kind::Table | Kind::View | Kind::Other => quote!(eval),
        };
        let values = numbers.iter().map(|k| &self.ast.leaves[*k]);
        let private = emit::private();
        // Each named value through the trait its place asks for, spanned
        // at its name: a value of the wrong kind is one error there. Under
        // a `type` the expansion refuses (zero_sized.rs: whatever the
        // names hold, as the macro cannot see them), that refusal is the
        // one error: the names are only borrowed, so none is unused, and
        // the stand-in never runs (the crate does not compile). A `type`
        // refused because the input is no layout (`type shape_div(#a, 2)`)
        // is a mistake of its own: the names are asked as without it.
        let refused = self
            .ast
            .zero_sized
            .is_some_and(|keyword| self.check_zero_sized(keyword).is_err())
            && !self.not_a_layout();
        let layouts: Vec<TokenStream> = named_place::occurrences(&self.ast.expr)
            .into_iter()
            .map(|(l, place)| {
                let value = self.named(l);
                let span = self.ast.spans[l.span.end - 1];
                if refused {
                    return quote_spanned!(span=> { let _ = &#value; #private::poisoned() });
                }
                let trait_name = proc_macro2::Ident::new(place.trait_name(), span);
                // The path spanned at the name too: the call is then the
                // name's alone, and rustc labels no whole `layout!(…)`.
                let private = quote_spanned!(span=> ::layout_dsl::__private);
                quote_spanned!(span=> #private::rt::#trait_name::core_value(&#value))
            })
            .collect();
        if layouts.is_empty() {
            return Ok(quote!(#private::rt::#eval(#node, &[#(#values),*])));
        }
        // Named layouts go in as core values (at run time, their numbers).
        Ok(quote!(
            match #private::rt::named(#node, [#(#layouts),*]) {
                ::core::result::Result::Ok(node) => #private::rt::#eval(node, &[#(#values),*]),
                ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
            }
        ))
    }

    fn runtime_node(&self, e: &Expr, numbers: &[usize]) -> syn::Result<TokenStream> {
        let rt = quote!(::layout_dsl::__private::rt);
        // A static tiler is rebuilt item by item: folded, its integer `1`
        // would print as `1:0`, which a composition keeps as written.
        if !has_dynamic(e) && !matches!(e.kind, ExprKind::Tiler(_)) {
            let text = self.eval(e)?.to_string();
            return Ok(quote!(#rt::value(#text)));
        }
        let nodes = |items: &[Expr]| {
            items
                .iter()
                .map(|i| self.runtime_node(i, numbers))
                .collect::<syn::Result<Vec<_>>>()
        };
        Ok(match &e.kind {
            ExprKind::Name(_) => {
                let at = named_place::occurrences(&self.ast.expr)
                    .iter()
                    .position(|(n, _)| n.span == e.span)
                    .expect("collected");
                let at = proc_macro2::Literal::usize_unsuffixed(at);
                quote!(#rt::named_layout(#at))
            }
            ExprKind::Dynamic(k) => {
                let local = numbers.iter().position(|n| n == k).expect("collected");
                let local = proc_macro2::Literal::usize_unsuffixed(local);
                quote!(#rt::leaf(#local))
            }
            ExprKind::Tuple(items) => {
                let items = nodes(items)?;
                quote!(#rt::tuple([#(#items),*]))
            }
            ExprKind::Tiler(items) => {
                let items = nodes(items)?;
                quote!(#rt::tiler([#(#items),*]))
            }
            ExprKind::Layout(shape, stride) => {
                let shape = self.runtime_node(shape, numbers)?;
                let stride = self.runtime_node(stride, numbers)?;
                quote!(#rt::layout(#shape, #stride))
            }
            ExprKind::Call { name, args, .. } => {
                let args = nodes(args)?;
                quote!(#rt::call(#name, [#(#args),*]))
            }
            _ => unreachable!("a node with a dynamic leaf below it"),
        })
    }
}

/// Whether an input holding a scaled basis gives one (a layout, or a
/// coordinate from `crd2idx`) rather than an integer (`size`, `rank`, …):
/// at run time, the core's `Value`.
pub fn basis_valued(e: &Expr) -> bool {
    let gives_basis = query(e) == Some(Query::Crd2idx) || kind(e) == Kind::Layout;
    gives_basis && has_basis(e)
}
