//! How the expansion writes an operand: a named value (`#NAME`), a
//! written-out layout, shape, stride or coordinate, a dynamic leaf, and the
//! errors for a layout too deep or too wide to type. expand.rs chooses the
//! output form; these methods write the pieces it is made of.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::Query;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::emit::{self, MAX_DEPTH, MAX_RANK};
use crate::expand::Expander;
use crate::kind::query;
use crate::tree::has_dynamic;
use crate::typed::named;
use crate::typed::slice::{Nesting, nested};

pub use crate::typed::named::named_fit::Fitted;

impl Expander<'_> {
    /// An input with a named layout, in a place named.rs accepted.
    pub fn named(&self, e: &Expr) -> TokenStream {
        let value = |l: &Expr| {
            let name = named::name(l).expect("checked");
            let ident = named::ident(name, self.ast.spans[l.span.end - 1]);
            quote!(#ident)
        };
        match &e.kind {
            ExprKind::Call { name, args, .. } => match args.as_slice() {
                // The coordinate asked at its token to be one of the
                // layout (`CoordIn`, the trait's own function: no note into
                // the library, as the method's bound would add), the layout
                // evaluated once.
                // A nested coordinate (a tuple entry) is asked one tuple
                // at a time instead (`CoordRanksIn`, `CoordEntryIn`): as
                // one check, a tuple entry that does not nest was `CoordIn`'s
                // error, then the method's bound's again.
                [c, l] => {
                    let (layout, coord) = (self.named_layout(l), self.coordinate(c));
                    let span = self.ast.spans[c.span.start];
                    let named = quote!(__layout_dsl_named);
                    let (lets, checked) = match nested(c) {
                        true => self.nested_coordinate(Nesting::Crd2idx, c, coord, &named),
                        false => (
                            Vec::new(),
                            quote_spanned!(span=>
                                ::layout_dsl::__private::CoordIn::coord_in(#coord, #named)
                            ),
                        ),
                    };
                    quote!({
                        let #named = &#layout;
                        #(#lets)*
                        #named.crd2idx(#checked)
                    })
                }
                // A named shape answers `size`, `rank`, `depth` through
                // `rt::ShapeQueries`, and `cosize` through `rt::ShapeCosize`
                // with an error at the name (CuTe has no cosize of a
                // shape); a layout's own methods come first.
                [l] => {
                    let span = self.ast.spans[l.span.end - 1];
                    // A written-out shape nesting names (`size((#s, 4))`):
                    // each name asked at its token to be a shape
                    // (`shape_tree`), so that a layout there is one error.
                    let layout = match named::name(l) {
                        Some(_) => self.named_tree(l, emit::static_leaf),
                        None => self.shape_tree(l),
                    };
                    let method = format_ident!("{name}", span = span);
                    let private = emit::private();
                    match query(e) {
                        // A shape's `cosize` is `rt::AShape`, which the
                        // check refuses at the name (no note: the check is
                        // the trait's own function, not a bound).
                        Some(Query::Cosize) => quote_spanned!(span=> {
                            #[allow(unused_imports)]
                            use #private::rt::ShapeCosize as _;
                            #private::rt::CosizeOfALayout::cosize_of_a_layout(#layout.#method())
                        }),
                        _ => quote_spanned!(span=> {
                            #[allow(unused_imports)]
                            use #private::rt::ShapeQueries as _;
                            #layout.#method()
                        }),
                    }
                }
                _ => unreachable!("named.rs accepts these calls only"),
            },
            _ => value(e),
        }
    }

    /// A named value, or a written-out tuple nesting named values as modes
    /// (`named::with_named_modes`): the Rust tuple of the values and the
    /// leaves, each integer written by `int` (a shape's `C::<4>`, a tile's).
    pub fn named_tree(&self, e: &Expr, int: fn(i64) -> TokenStream) -> TokenStream {
        match &e.kind {
            ExprKind::Int(n) => int(*n),
            ExprKind::Dynamic(k) => self.leaf(*k),
            ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
                emit::tuple(items.iter().map(|i| self.named_tree(i, int)).collect())
            }
            _ => self.named(e),
        }
    }

    /// `make_layout(SHAPE[, LayoutRight])` of a shape naming some of its
    /// modes, or named whole (`named::make_layout`): the facade's compact
    /// layout of the Rust tuple, each name asked at its token to be a shape
    /// (`NamedTuple::named_shape`), so that another value is one error there.
    pub fn named_make_layout(&self, shape: &Expr, right: bool) -> TokenStream {
        let private = emit::private();
        let tree = self.shape_tree(shape);
        match right {
            false => quote!(#private::CompactLayout::compact_layout(#tree)),
            true => quote!(#private::CompactLayoutRight::compact_layout_right(#tree)),
        }
    }

    /// `type make_layout(#a, #b, …)` (`named::concat`): the facade's
    /// `MakeLayoutOf` of the tuple of values (`MakeLayoutWith` of
    /// `MakeLayoutKinds::kinds_checked`, which chooses by their kinds, the
    /// traits' own functions), each at its name's token.
    pub fn named_concat(&self, operands: &[Expr]) -> TokenStream {
        let private = emit::private();
        let at = |l: &Expr| self.ast.spans[l.span.end - 1];
        let values = operands.iter().map(|l| {
            let name = named::name(l).expect("checked");
            named::ident(name, at(l))
        });
        // Operands of no form are one error at the first name.
        // (the path too, else rustc repeats the error over the whole call).
        let first = at(&operands[0]);
        let private: TokenStream = (private.into_iter())
            .map(|mut t| {
                t.set_span(first);
                t
            })
            .collect();
        quote_spanned!(first=>
            #private::MakeLayoutWith::make_layout_with(
                #private::MakeLayoutKinds::kinds_checked((#(#values,)*))
            )
        )
    }

    /// `make_ordered_layout(SHAPE, ORDER)` of a shape naming some of its
    /// modes, or named whole (`named::ordered_layout`): the facade's
    /// `make_ordered_layout` of the Rust tuple, the order a major or a
    /// tuple of `C<N>`.
    pub fn named_ordered_layout(&self, shape: &Expr, order: &Expr) -> syn::Result<TokenStream> {
        let private = emit::private();
        let tree = self.shape_tree(shape);
        let order = match &order.kind {
            ExprKind::Name(n) => {
                let major = format_ident!("{n}");
                quote!(#private::#major)
            }
            _ => self.tree(order)?,
        };
        Ok(quote!(#private::make_ordered_layout(#tree, #order)))
    }

    /// A written-out shape nesting named shapes, each name's value passed
    /// through `NamedTuple::named_shape` at its token (the trait's own
    /// function: a value that is no shape is one error there, no note).
    pub(crate) fn shape_tree(&self, e: &Expr) -> TokenStream {
        match &e.kind {
            ExprKind::Int(n) => emit::static_leaf(*n),
            ExprKind::Dynamic(k) => self.leaf(*k),
            ExprKind::Tuple(items) => {
                emit::tuple(items.iter().map(|i| self.shape_tree(i)).collect())
            }
            _ => {
                let (value, span) = (self.named(e), self.ast.spans[e.span.end - 1]);
                quote_spanned!(span=> ::layout_dsl::__private::rt::NamedTuple::named_shape(#value))
            }
        }
    }

    /// A named value where the call takes a typed layout, asked at its
    /// name to be one (`__private::LayoutOperand::layout_operand`, the
    /// trait's own function: a tuple, an integer or a shape there is one
    /// error at the name, with no note into the library, and the call
    /// around it reports nothing more); a place expression, so the value
    /// is borrowed or copied as the call needs, never moved.
    pub fn named_layout(&self, l: &Expr) -> TokenStream {
        let (value, span) = (self.named(l), self.ast.spans[l.span.end - 1]);
        quote_spanned!(span=> (*::layout_dsl::__private::LayoutOperand::layout_operand(&#value)))
    }

    /// A named integer (`complement`'s cotarget), asked at its name to be
    /// one (`__private::IntOperand::int_operand`, the trait's own
    /// function: a shape or a layout there is one error at the name).
    pub(crate) fn named_int(&self, m: &Expr) -> TokenStream {
        let (value, span) = (self.named(m), self.ast.spans[m.span.end - 1]);
        quote_spanned!(span=> ::layout_dsl::__private::IntOperand::int_operand(#value))
    }

    /// `type flatten(#A)` (`named::flatten`): the typed layout's own
    /// `flatten`, through `__private::FlattenOperand::flatten_operand` at
    /// the name (the trait's own function: a shape or an integer there is
    /// one error at the name, with no note into the library).
    pub(crate) fn named_flatten(&self, l: &Expr) -> TokenStream {
        let (value, span) = (self.named(l), self.ast.spans[l.span.end - 1]);
        quote_spanned!(span=> ::layout_dsl::__private::FlattenOperand::flatten_operand(&#value))
    }

    /// A layout operand: a named one asked at its name to be a typed
    /// layout ([`Self::named_layout`]), else as [`Self::operand`].
    pub(crate) fn layout_operand(&self, e: &Expr) -> syn::Result<TokenStream> {
        match named::name(e) {
            Some(_) => Ok(self.named_layout(e)),
            None => self.operand(e),
        }
    }

    /// `composition(A, B)` through the facade's `Compose` (`named::composition`).
    /// A named `B` is asked at its name whether `A` composes with it
    /// (`__private::ComposeOperand`, the trait's own function), so that a
    /// tiler of another rank, or a value of another kind, is one error
    /// there, not over the whole call (the trait composes: no `Compose`
    /// bound is left to fail a second time).
    pub(crate) fn composition(&self, a: &Expr, b: &Expr) -> syn::Result<TokenStream> {
        let (left, right) = (self.layout_operand(a)?, self.operand(b)?);
        let private = emit::private();
        let a = proc_macro2::Ident::new("__layout_dsl_a", proc_macro2::Span::mixed_site());
        let call = if named::name(b).is_none() {
            quote!(#private::Compose::composition(#a, #right))
        } else {
            let span = self.ast.spans[b.span.end - 1];
            let at = quote_spanned!(span=> ::layout_dsl::__private);
            quote_spanned!(span=> #at::ComposeOperand::compose_operand(#right, #a))
        };
        // The trait checks `A`, `B` and the result against the core's
        // `i64` (src/private/fits_value.rs).
        Ok(quote!({
            let #a = &#left;
            #call
        }))
    }

    /// An operand of `Compose` (`named::composition`): a named layout, a
    /// written-out one, or a by-mode tiler of those and integers (a tuple).
    pub(crate) fn operand(&self, e: &Expr) -> syn::Result<TokenStream> {
        match &e.kind {
            ExprKind::Layout(shape, stride) => self.typed_layout(shape, stride),
            ExprKind::Int(n) => Ok(emit::static_leaf(*n)),
            ExprKind::Dynamic(k) => Ok(self.leaf(*k)),
            ExprKind::Tiler(tiles) => {
                let tiles = tiles.iter().map(|t| self.operand(t));
                Ok(emit::tuple(tiles.collect::<syn::Result<_>>()?))
            }
            _ => Ok(self.named(e)),
        }
    }

    /// A layout the expansion types: folded, or written out.
    pub(crate) fn layout(&self, e: &Expr) -> syn::Result<TokenStream> {
        match &e.kind {
            ExprKind::Layout(shape, stride) if has_dynamic(e) => self.typed_layout(shape, stride),
            _ => self.value(e),
        }
    }

    pub(crate) fn typed_layout(&self, shape: &Expr, stride: &Expr) -> syn::Result<TokenStream> {
        if let Some(deep) = emit::deeper_than(shape, MAX_DEPTH) {
            return Err(self.too_deep(deep));
        }
        let signed = emit::negative_leaf(stride);
        Ok(emit::typed_layout(
            self.tree(shape)?,
            self.tree(stride)?,
            signed,
        ))
    }

    /// A written-out shape or stride: static leaves `C::<N>`, dynamic ones as given.
    pub(crate) fn tree(&self, e: &Expr) -> syn::Result<TokenStream> {
        match &e.kind {
            ExprKind::Int(n) => Ok(emit::static_leaf(*n)),
            ExprKind::Dynamic(k) => Ok(self.leaf(*k)),
            ExprKind::Tuple(items) if items.len() > MAX_RANK => Err(self.too_wide(e, items.len())),
            ExprKind::Tuple(items) => {
                let items = items
                    .iter()
                    .map(|i| self.tree(i))
                    .collect::<syn::Result<_>>()?;
                Ok(emit::tuple(items))
            }
            _ => unreachable!("only plain trees are typed"),
        }
    }

    /// A written-out coordinate: literals and dynamic leaves.
    pub(crate) fn coordinate(&self, e: &Expr) -> TokenStream {
        match &e.kind {
            ExprKind::Int(n) => emit::int(*n),
            ExprKind::Dynamic(k) => self.leaf(*k),
            ExprKind::Tuple(items) => {
                let tuple = emit::tuple(items.iter().map(|i| self.coordinate(i)).collect());
                emit::at_paren(tuple, self.ast.spans[e.span.start])
            }
            _ => unreachable!("only plain trees are coordinates"),
        }
    }

    /// A dynamic leaf, its type pinned to `usize` so that a mistake is
    /// reported at the leaf ("expected `usize`, found `i32`").
    // A typed `let`, not a call of a function taking a `usize` (which adds
    // rustc's "function defined here" note to the error, issue 12 §4); its
    // `usize` is spanned at the leaf so that rustc's "expected due to
    // this" label falls there too, the rest at the call site so that
    // clippy's `let_and_return` sees macro code, not the user's.
    pub(crate) fn leaf(&self, k: usize) -> TokenStream {
        let leaf = &self.ast.leaves[k];
        let span = leaf
            .clone()
            .into_iter()
            .next()
            .map_or_else(Span::call_site, |t| t.span());
        let usize = quote_spanned!(span=> usize);
        quote!({ let leaf: #usize = #leaf; leaf })
    }

    /// At the tuple where the input crosses the limit, if it does.
    pub(crate) fn too_deep(&self, e: &Expr) -> syn::Error {
        let at = emit::deeper_than(e, MAX_DEPTH).unwrap_or(e);
        let message = format!(
            "a layout nested more than {MAX_DEPTH} deep: typed layouts nest at most {MAX_DEPTH} levels"
        );
        self.ast.error(Some(at.span), message)
    }

    pub(crate) fn too_wide(&self, e: &Expr, rank: usize) -> syn::Error {
        let message = format!(
            "a tuple of rank {rank} in a layout: typed layouts have at most {MAX_RANK} modes per level"
        );
        let at = emit::wider_than(e, MAX_RANK).unwrap_or(e);
        self.ast.error(Some(at.span), message)
    }
}
