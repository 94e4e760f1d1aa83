//! `layout_type!(input)`: the type of `layout!(input)`, for a layout the
//! macro gives a type (a static one, or `SHAPE:STRIDE` written out with
//! dynamic leaves), and for typed algebra after `type` (rules.rs, divide.rs)
//! the layout inside its `Result` (partition.rs: a view's layout, as a
//! projection through the facade's traits); a swizzle `Sw<B,M,S>`, and a composed layout `SW o OFFSET
//! o INNER` (static, or with an inner `SHAPE:STRIDE` written out); a static
//! layout with scaled-basis strides (`make_identity_layout((4,8))`); after
//! `type`, a composition or product with a named operand, `#A` naming a
//! typed layout's type (the trait's associated type). A name
//! in the notation stands for a dynamic `usize` leaf, as in `layout!`; its
//! value is never read.

use layout_core::Value;
use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::ast::{self, Ast};
use crate::emit::negative_leaf;
use crate::emit::{self, MAX_DEPTH, MAX_RANK, Untypable};
use crate::tree::{has_dynamic, is_plain};
use crate::valid;
use crate::{
    typed::basis, typed::composed, typed::divide, typed::fold, typed::named,
    typed::named::named_partition, typed::named::named_product, typed::nested, typed::partition,
    typed::rules,
};

pub fn expand(input: TokenStream) -> TokenStream {
    let (ast, mut errors) = ast::parse(input);
    if errors.is_empty() {
        // `type` folds what `layout!(type …)` folds (fold.rs).
        let typed = |_| match ast.zero_sized {
            Some(_) => layout_type(&fold::folded(&ast)),
            None => layout_type(&ast),
        };
        match valid::check(&ast).and_then(typed) {
            Ok(tokens) => return tokens,
            Err(e) => errors.push(e),
        }
    }
    let errors = errors.iter().map(syn::Error::to_compile_error);
    let private = emit::private();
    // A type can hold no `compile_error!`: they go in an array length.
    quote!(#private::Layout<[(); { #(#errors)* 0 }], ()>)
}

fn layout_type(ast: &Ast) -> syn::Result<TokenStream> {
    let e = &ast.expr;
    let untypable = |why: Untypable| match why {
        Untypable::TooWide(rank) => ast.error(
            Some(e.span),
            format!(
                "a tuple of rank {rank}: typed layouts have at most {MAX_RANK} modes per level"
            ),
        ),
        Untypable::TooDeep => ast.error(
            Some(e.span),
            format!("typed layouts nest at most {MAX_DEPTH} levels"),
        ),
        Untypable::LayoutOuter => ast.error(Some(e.span), composed::LAYOUT_OUTER),
    };
    match &e.kind {
        ExprKind::Layout(shape, stride)
            if has_dynamic(e) && is_plain(shape) && is_plain(stride) =>
        {
            if emit::deeper_than(shape, MAX_DEPTH).is_some() {
                return Err(untypable(Untypable::TooDeep));
            }
            let shape = tree(shape).map_err(untypable)?;
            let signed = emit::negative_leaf(stride);
            let stride = tree(stride).map_err(untypable)?;
            Ok(emit::typed_layout_type(shape, stride, signed))
        }
        // A composed layout over `SHAPE:STRIDE` with dynamic leaves.
        _ if has_dynamic(e) && composed::typed_parts(e).is_some() => {
            let (sw, offset, inner) = composed::typed_parts(e).expect("checked");
            let offset = composed::offset(offset, |_| quote!(usize));
            let ExprKind::Layout(shape, stride) = &inner.kind else {
                unreachable!("typed_parts takes a written-out inner layout")
            };
            if emit::deeper_than(shape, MAX_DEPTH).is_some() {
                return Err(untypable(Untypable::TooDeep));
            }
            let signed = negative_leaf(stride);
            let (shape, stride) = (
                tree(shape).map_err(untypable)?,
                tree(stride).map_err(untypable)?,
            );
            let inner = emit::typed_layout_type(shape, stride, signed);
            let (sw, private) = (composed::swizzle_type(sw), emit::private());
            Ok(quote!(#private::Composed<#sw, #offset, #inner>))
        }
        // A typed divide's layout (inside the `Result` `layout!` gives).
        _ if ast.zero_sized.is_some() && divide::rule(e).is_some() => {
            Ok(divide::rule(e).expect("checked").layout_type())
        }
        // A composition through the facade's `Compose` trait: here `#A`
        // names a typed layout's *type* (a type alias, `layout_type!(…)`),
        // as in `layout!` it names a value of that type.
        _ if ast.zero_sized.is_some() && named::composition(e).is_some() => {
            let (a, b) = named::composition(e).expect("checked");
            let a = operand(ast, a).map_err(untypable)?;
            let b = operand(ast, b).map_err(untypable)?;
            let private = emit::private();
            let composed = quote!(<#a as #private::Compose<#b>>);
            Ok(quote!(#private::Layout<#composed::Shape, #composed::Stride>))
        }
        // A product with a named operand, through the facade's traits
        // (`named_product::call`): the layout inside the `Result`.
        _ if ast.zero_sized.is_some() && named_product::call(e).is_some() => {
            let (door, kind, a, b) = named_product::call(e).expect("checked");
            // A named target of a written-out compact block is
            // `TileCompact`'s or `TileCompactRight`'s (`named_product.rs`),
            // the layout CuTe nests.
            let compact = match named_product::named_target(e, a, b) {
                Some((name @ ("TileCompact" | "TileCompactRight"), _)) => Some(name),
                // Its block's modes sorted by place, and the permutations.
                Some(("TileCompactOrdered", _)) => {
                    let order = named_product::order(e).expect("an order");
                    let (block, p, q) = named_product::sorted_block(a, order).expect("checked");
                    let block = operand(ast, &block).map_err(untypable)?;
                    let (order, target) = (tree(order), operand(ast, b));
                    let (order, target) = (order.map_err(untypable)?, target.map_err(untypable)?);
                    let (p, q) = (
                        named_product::permutation(&p, false),
                        named_product::permutation(&q, false),
                    );
                    let private = emit::private();
                    return Ok(quote!(
                        <#target as #private::TileCompactOrdered<
                            #private::SortedBlock<#block, #p, #q, #order>,
                        >>::Out
                    ));
                }
                _ => None,
            };
            let a = operand(ast, a).map_err(untypable)?;
            let tiler = named_product::shape_tiler(b);
            let b = match kind {
                named_product::Operand::Layout => operand(ast, tiler.as_ref().unwrap_or(b)),
                named_product::Operand::Shape if named::name(b).is_some() => operand(ast, b),
                named_product::Operand::Shape => tree(b),
            }
            .map_err(untypable)?;
            let private = emit::private();
            if let Some(name) = compact {
                let name = format_ident!("{name}");
                return Ok(quote!(<#b as #private::#name<#a>>::Out));
            }
            let trait_name = format_ident!("{}", door.trait_name);
            let out = format_ident!("{}", door.output.expect("a product's result type"));
            Ok(quote!(<#a as #private::#trait_name<#b>>::#out))
        }
        // A partition with a named operand (`named_partition::call`).
        _ if ast.zero_sized.is_some() && matches!(named_partition::call(e), Some(Ok(_))) => {
            let Some(Ok(call)) = named_partition::call(e) else {
                unreachable!("checked")
            };
            let typed = |x: &Expr| operand(ast, x);
            let threads = |x: &Expr| match layout_core::eval(x) {
                Ok(Value::Layout(l)) => emit::layout_type(&l, true),
                _ => unreachable!("a static thread layout (named_partition::call)"),
            };
            named_partition::layout_type(&call, &typed, &threads).map_err(untypable)
        }
        _ if ast.zero_sized.is_some() && rules::layout_type(e).is_some() => {
            Ok(rules::layout_type(e).expect("checked"))
        }
        // A call of a typed call (nested.rs): the outer rule's layout.
        _ if ast.zero_sized.is_some() && nested::layout_type(e).is_some() => {
            Ok(nested::layout_type(e).expect("checked"))
        }
        // A typed partition's view layout, or a nested divide's layout: a
        // projection through the traits the expansion calls.
        _ if ast.zero_sized.is_some() && partition::rule(e).is_some() => {
            let rule = partition::rule(e).expect("checked");
            let (shape, stride) = rule.operand();
            let layout = written_out(shape, stride).map_err(untypable)?;
            Ok(rule.layout_type(layout))
        }
        _ if ast.zero_sized.is_some() && divide::nested_call(e).is_some() => {
            let (function, shape, stride, tiler) = divide::nested_call(e).expect("checked");
            let layout = written_out(shape, stride).map_err(untypable)?;
            Ok(divide::nested_type(function, layout, tiler))
        }
        _ if !has_dynamic(e) => match layout_core::eval(e) {
            Ok(Value::Layout(l)) => {
                emit::layout_type(&l, ast.zero_sized.is_some()).map_err(untypable)
            }
            Ok(Value::BasisLayout(l)) => {
                basis::layout_type(&l, ast.zero_sized.is_some()).map_err(untypable)
            }
            Ok(Value::Swizzle(sw)) => Ok(composed::swizzle_type(sw)),
            Ok(Value::Composed(c)) => {
                composed::composed_type(&c, ast.zero_sized.is_some()).map_err(untypable)
            }
            Ok(other) => Err(ast.error(
                Some(e.span),
                format!(
                    "`layout_type!` names the type of a layout, but this is {}",
                    other.describe()
                ),
            )),
            Err(error) => Err(ast.error(error.span(), error)),
        },
        _ => Err(ast.error(
            Some(e.span),
            "`layout_type!` names the type of a static layout or of `SHAPE:STRIDE` written out; \
             an algebra result with dynamic leaves is computed at run time and has no typed form",
        )),
    }
}

/// The type of the typed layout `SHAPE:STRIDE` written out.
fn written_out(shape: &Expr, stride: &Expr) -> Result<TokenStream, Untypable> {
    if emit::deeper_than(shape, MAX_DEPTH).is_some() {
        return Err(Untypable::TooDeep);
    }
    let signed = negative_leaf(stride);
    Ok(emit::typed_layout_type(tree(shape)?, tree(stride)?, signed))
}

/// The type of an operand of `Compose` (`named::composition`) or of a
/// product (`named_product::call`; `#A` names a type here): a named
/// layout type, a written-out layout, or a by-mode tiler of those and
/// integers (a tuple; `C<N>` or `usize` for an extent).
fn operand(ast: &Ast, e: &Expr) -> Result<TokenStream, Untypable> {
    match &e.kind {
        ExprKind::Layout(shape, stride) => written_out(shape, stride),
        ExprKind::Int(_) | ExprKind::Dynamic(_) => tree(e),
        ExprKind::Tiler(tiles) | ExprKind::Tuple(tiles) => Ok(emit::tuple(
            tiles
                .iter()
                .map(|t| operand(ast, t))
                .collect::<Result<_, _>>()?,
        )),
        _ => {
            let name = named::name(e).expect("a named composition or product takes these operands");
            let ident = named::ident(name, ast.spans[e.span.end - 1]);
            Ok(quote!(#ident))
        }
    }
}

/// A written-out tree's type: `C<N>` for a static leaf, `usize` for a dynamic one.
fn tree(e: &Expr) -> Result<TokenStream, Untypable> {
    match &e.kind {
        ExprKind::Int(n) => Ok(emit::static_leaf(*n)),
        ExprKind::Dynamic(_) => Ok(quote!(usize)),
        ExprKind::Tuple(items) if items.len() > MAX_RANK => Err(Untypable::TooWide(items.len())),
        ExprKind::Tuple(items) => Ok(emit::tuple(
            items.iter().map(tree).collect::<Result<_, _>>()?,
        )),
        _ => unreachable!("only plain trees are typed"),
    }
}
