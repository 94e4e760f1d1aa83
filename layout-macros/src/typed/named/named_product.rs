//! After `type`, the products with a named layout (`#A`) on either side
//! call the facade's traits on typed values (`src/private/product_*.rs`):
//! `logical_product`, `zipped_product`, `tiled_product`, `flat_product`
//! (`Product`) with the other operand named, a written-out `SHAPE:STRIDE`,
//! or on the right a by-mode tiler `<…>` of written-out layouts and
//! integers; `blocked_product`, `raked_product` (`RankedProduct`) of two
//! layouts; `tile_to_shape(#A, SHAPE[, ORDER])` (`TileToShape`) with a
//! written-out target (and `LayoutLeft`, `LayoutRight` or static places),
//! and `tile_to_shape(A, #S)` with a named target (`A` named or written out).
//! Written-out operands alone are `product.rs`'s and `tile.rs`'s, but for
//! a written-out `A` with a dynamic stride leaf that `product.rs` does
//! not type (a complement of more than one mode with a dynamic stride,
//! which CuTe's does not sort: it static_asserts): that `A` takes
//! the same methods, which sort its holes at run time, as a named one does
//! (by a by-mode tiler, or a flat tuple of extents, CuTe's shape tiler,
//! read as that tiler: [`shape_tiler`]).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::emit;
use crate::expand::Expander;
use crate::kind::{Door, door, form_of};
use crate::tree::{has_dynamic, is_plain};
use crate::typed::named::named_tile_order::ordered_tile;
pub use crate::typed::named::named_tile_order::{
    ORDER_KIND, misplaced_order, named_target, order, permutation, sorted_block,
};
use crate::typed::named::{
    binary_call, contains, is_layout_operand, is_tiler_operand, name, product_tiler_with_names,
};

/// How an operand of the call is written in the expansion.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Operand {
    /// A layout, a named one or a by-mode tiler (`expand.rs`'s `operand`).
    Layout,
    /// A written-out shape (static leaves `C<N>`).
    Shape,
}

/// The facade's door for a product of typed values with a named operand
/// (or a written-out left operand with a dynamic stride), how its second
/// operand is written, and the operands. `tile_to_shape(#A, SHAPE,
/// ORDER)` is `TileToShape::tile_to_shape_ordered` (its order: [`order`]).
pub fn call(e: &Expr) -> Option<(Door, Operand, &Expr, &Expr)> {
    any_call(e)
}

/// The written-out left operand of a [`call`] the facade cannot take, and
/// its leaves: past `MAX_RANK - 1` leaves (a product's complement has one
/// mode more than the layout has leaves, and a typed tuple at most
/// `MAX_RANK` modes). `type` refuses it at the operand (zero_sized.rs),
/// and expand.rs then writes the run-time call, not the facade's.
pub fn too_wide(e: &Expr) -> Option<(&Expr, usize)> {
    let (_, _, a, _) = any_call(e)?;
    wide_block(a).map(|n| (a, n))
}

fn wide_block(a: &Expr) -> Option<usize> {
    fn leaves(shape: &Expr) -> usize {
        match &shape.kind {
            ExprKind::Tuple(modes) => modes.iter().map(leaves).sum(),
            _ => 1,
        }
    }
    match &a.kind {
        ExprKind::Layout(shape, _) => Some(leaves(shape)).filter(|&n| n >= crate::emit::MAX_RANK),
        _ => None,
    }
}

fn any_call(e: &Expr) -> Option<(Door, Operand, &Expr, &Expr)> {
    if let Some((a, b, _)) = ordered_tile(e) {
        let fits = if name(b).is_some() {
            is_layout_operand(a)
        } else {
            is_plain(b) && name(a).is_some() && contains(e)
        };
        let door = door(TypedForm::TileToShape, true)?;
        return fits.then_some((door, Operand::Shape, a, b));
    }
    let (f, a, b) = binary_call(e)?;
    let form = form_of(f);
    let operand = match form {
        TypedForm::Product(_) | TypedForm::ZipProduct { .. } => Operand::Layout,
        TypedForm::TileToShape => Operand::Shape,
        _ => return None,
    };
    let door = door(form, false)?;
    let fits = match operand {
        // A named target (`#s`, a tuple of `usize`/`C<N>`): the macro
        // cannot see it, so a written-out block takes the trait too.
        Operand::Shape if name(b).is_some() => is_layout_operand(a),
        Operand::Shape => {
            let a_fits = name(a).is_some() || dynamic_stride(a);
            matches!(b.kind, ExprKind::Tuple(_)) && is_plain(b) && a_fits
        }
        // CuTe's by-mode tiler may name its entries (`<#t, 2>`, `(#t, 2)`).
        Operand::Layout if matches!(form, TypedForm::Product(_)) => {
            let tiler = is_tiler_operand(b, 0) || product_tiler_with_names(b);
            is_layout_operand(a) && (tiler || (dynamic_stride(a) && shape_tiler(b).is_some()))
        }
        Operand::Layout => is_layout_operand(a) && is_layout_operand(b),
    };
    // A written-out `A` with a dynamic stride that product.rs types (each
    // complement it takes of rank 1, as CuTe's) is product.rs's, with
    // CuTe's nesting and static leaves.
    let written = !contains(e) && dynamic_stride(a) && crate::typed::product::rule(e).is_none();
    (fits && (contains(e) || written)).then_some((door, operand, a, b))
}

/// Whether `e` is a product whose by-mode tiler names some of its entries
/// (`logical_product(A, <#t, 2>)`): the core cannot see them, so it is
/// typed, `type` or not.
pub fn of_named_tiles(e: &Expr) -> bool {
    matches!(call(e), Some((_, Operand::Layout, _, b)) if product_tiler_with_names(b))
}

/// A flat tuple of extents `(2,1)` as the by-mode tiler `<2,1>` it is to
/// CuTe (a `tuple` of integers: `transform_layout`, mode `i` by
/// `make_layout(n)`) and to the core (`Tiler::try_from` of a tuple): the
/// products of a written-out `A` with a dynamic stride take it so. Nested
/// tuples are not taken (no `<…>` spelling of them is typed).
pub fn shape_tiler(b: &Expr) -> Option<Expr> {
    let ExprKind::Tuple(extents) = &b.kind else {
        return None;
    };
    let extent = |t: &Expr| {
        matches!(t.kind, ExprKind::Int(n) if n >= 0) || matches!(t.kind, ExprKind::Dynamic(_))
    };
    let flat = !extents.is_empty() && extents.iter().all(extent);
    flat.then(|| Expr::new(ExprKind::Tiler(extents.clone()), b.span))
}

/// A written-out `SHAPE:STRIDE` of plain leaves with a dynamic stride leaf.
fn dynamic_stride(a: &Expr) -> bool {
    match &a.kind {
        ExprKind::Layout(shape, stride) => {
            is_plain(shape) && is_plain(stride) && has_dynamic(stride)
        }
        _ => false,
    }
}

impl Expander<'_> {
    /// The call of the facade's product trait for a product with a named
    /// operand (`call` chose `door` and how `b` is written).
    pub fn named_product(
        &self,
        e: &Expr,
        door: Door,
        operand: Operand,
        (a, b): (&Expr, &Expr),
    ) -> syn::Result<TokenStream> {
        let private = emit::private();
        let trait_name = format_ident!("{}", door.trait_name);
        let method = format_ident!("{}", door.method);
        // CuTe's shape tiler `(2,1)` is the by-mode tiler `<2,1>`.
        let tiler = matches!(operand, Operand::Layout)
            .then(|| shape_tiler(b))
            .flatten();
        let (b, b_expr, a_expr) = (tiler.as_ref().unwrap_or(b), b, a);
        let a = self.layout_operand(a)?;
        let b = match operand {
            Operand::Layout if of_named_tiles(e) => self.product_tiler(b)?,
            // `blocked_product`'s and `raked_product`'s arrangement is a
            // layout (CuTe's `Layout` tiler), asked at its name
            // (`LayoutOperand`): a shape or an extent there is one error.
            Operand::Layout if door.trait_name == "RankedProduct" => self.layout_operand(b)?,
            Operand::Layout => self.operand(b)?,
            // A named target asked at its name to be a shape
            // (`NamedTuple::named_shape`): a typed layout there is one
            // error at the name, standing in as its shape after it.
            Operand::Shape if name(b).is_some() => self.shape_tree(b),
            Operand::Shape => self.tree(b)?,
        };
        // The order `order` admits: a major or places.
        let order = match order(e) {
            None => None,
            Some(Expr {
                kind: ExprKind::Name(n),
                ..
            }) => {
                let major = format_ident!("{n}");
                Some(quote!(#private::#major))
            }
            Some(places) => Some(self.tree(places)?),
        };
        // The call at the function's name, its operands bound first to
        // names spanned there (rustc blames an argument): a product
        // rustc refuses (its bound) is reported at the name, not over
        // the whole macro call with a note that it originates in the
        // macro.
        let span = match &e.kind {
            ExprKind::Call { name_span, .. } => self.ast.spans.get(name_span.start).copied(),
            _ => None,
        };
        let span = span.unwrap_or_else(proc_macro2::Span::call_site);
        // A named target is asked at its name whether the block tiles to
        // it (the trait's own function, which tiles): a target of another
        // kind is one error there, and no `TileToShape` bound of the call
        // is left to fail at the function's name.
        if let Some((trait_name, method)) = named_target(e, a_expr, b_expr) {
            let at = self.ast.spans[b_expr.span.end - 1];
            let private = quote_spanned!(at=> ::layout_dsl::__private);
            let va = proc_macro2::Ident::new("__layout_dsl_a", span);
            let trait_name = proc_macro2::Ident::new(trait_name, at);
            let method = proc_macro2::Ident::new(method, at);
            // An integer target is one error at the name, its sentence
            // naming the integer and the block's rank (`ShapeTarget`, asked first: a
            // sentence naming the block too would be a `help` line).
            let checked = |block: TokenStream| quote_spanned!(at=> #private::ShapeTarget::shape_target(#b, #block));
            // `TileTargetOrdered` takes the order last; `TileCompactOrdered`
            // too, with the block's modes sorted by place and the
            // permutations (`sorted_block`).
            let (a, call) = match order {
                Some(o) if method == "tile_compact_ordered" => {
                    let places = self::order(e).expect("an order");
                    let (block, p, q) = sorted_block(a_expr, places).expect("named_target");
                    let (p, q) = (permutation(&p, true), permutation(&q, true));
                    let block = self.layout_operand(&block)?;
                    // Asked of the block as written: the sorted block is no `Layout`;
                    // then of the places (`TargetPlaces`, one mode per place: a
                    // sentence short enough for the label, where
                    // `TileCompactOrdered`'s names the sorted block).
                    let b = checked(quote!(&#a));
                    let b = quote_spanned!(at=> #private::TargetPlaces::target_places(
                        #b,
                        ::layout_dsl::tensor::typed::ModeShape::of(&#o),
                    ).0);
                    let call = quote_spanned!(at=> #private::#trait_name::#method(#b, #va));
                    let private = emit::private();
                    (
                        quote!(#private::SortedBlock::new(#block, (#p, #q), #o)),
                        call,
                    )
                }
                Some(o) if method == "tile_target_ordered" => {
                    let b = checked(quote!(#va));
                    (
                        a,
                        quote_spanned!(at=> #private::#trait_name::#method(#b, #va, #o)),
                    )
                }
                _ => {
                    let b = checked(quote!(#va));
                    (
                        a,
                        quote_spanned!(at=> #private::#trait_name::#method(#b, #va)),
                    )
                }
            };
            // `TileTarget` checks the block and the result against the
            // core's `i64` (the facade's `TileToShape`); a static compact
            // block's own path (`TileCompact…`) is checked here
            // (src/private/fits_value.rs).
            let call = match trait_name.to_string().starts_with("TileCompact") {
                true => {
                    let fits = emit::private();
                    quote!(#fits::value_fits("tile_to_shape", #call))
                }
                false => call,
            };
            return Ok(quote_spanned!(at=> {
                let #va = &#a;
                #call
            }));
        }
        let order = order.map(|o| quote!(, #o));
        let private = quote_spanned!(span=> ::layout_dsl::__private);
        let trait_name = proc_macro2::Ident::new(&trait_name.to_string(), span);
        let method = proc_macro2::Ident::new(&method.to_string(), span);
        // Spanned as the name, so that the arguments rustc blames are
        // there too; named so that no user variable (`#a`) is shadowed.
        let (va, vb) = (
            proc_macro2::Ident::new("__layout_dsl_a", span),
            proc_macro2::Ident::new("__layout_dsl_b", span),
        );
        // The trait checks `A` (its modes' `extent·stride` too) and the
        // result against the core's `i64` (src/private/fits_value.rs).
        let call = quote_spanned!(span=> #private::#trait_name::#method(#va, #vb #order));
        Ok(quote_spanned!(span=> {
            let #va = &#a;
            let #vb = #b;
            #call
        }))
    }
}
