//! Swizzles and composed layouts: the tokens of a typed `Swizzle<B,M,S>`
//! (zero-sized) and of a typed `Composed<Sw, O, L>` (`SW o OFFSET o
//! INNER`), and their types for `layout_type!`.
//!
//! A composed layout with a static swizzle and a written-out inner layout
//! whose leaves are dynamic (`Sw<3,4,3> o 0 o (m,64):(64,1)`) is typed too:
//! the core checks the swizzle (valid.rs), the expansion writes the inner
//! layout as it writes any `SHAPE:STRIDE`.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{ComposedLayout, Swizzle};
use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;

use crate::emit::{self, Untypable};
use crate::kind::typed_call;
use crate::tree::has_dynamic;
use crate::valid;

/// Why a composed layout with a layout outside has no typed form.
pub const LAYOUT_OUTER: &str = "`layout!` types a composed layout only with a swizzle outside; \
     with a layout as the outer function it is run-time only: use it as an argument";

/// `Swizzle::<B, M, S>`, a unit value.
pub fn swizzle(sw: Swizzle) -> TokenStream {
    let ty = swizzle_type(sw);
    quote!(#ty)
}

/// [`swizzle`] as the whole value of `layout!`, spanned at the user's
/// tokens: its first token at `first` (the input's `Sw`), its closing `>`
/// at `last` (the input's `>`). rustc then reports an error about the
/// value's type (`let _: u8 = layout!(Sw<3,4,3>)`) at those tokens, with
/// no note that it originates in the macro. The tokens are a path with
/// const arguments: no parentheses or braces a lint could blame on the
/// user's code (a negative `S`'s braces, which a const argument needs,
/// keep the call site's span).
pub fn swizzle_at(sw: Swizzle, first: Span, last: Span) -> TokenStream {
    let mut tokens: Vec<TokenTree> = swizzle(sw).into_iter().collect();
    let end = tokens.len() - 1;
    for (i, token) in tokens.iter_mut().enumerate() {
        token.set_span(if i == end { last } else { first });
    }
    tokens.into_iter().collect()
}

/// `Swizzle<B, M, S>` (a negative `S` braced, as a const argument must be).
pub fn swizzle_type(sw: Swizzle) -> TokenStream {
    let private = emit::private();
    let [b, m, s] = [sw.bits(), sw.base(), sw.shift()].map(|n| {
        let v = emit::int(n);
        if n < 0 { quote!({ #v }) } else { v }
    });
    quote!(#private::Swizzle::<#b, #m, #s>)
}

/// A static composed layout: its swizzle and offset in its type, its inner
/// layout folded as any layout (numbers in the type after `type`).
pub fn composed(c: &ComposedLayout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    let outer = c.swizzle().ok_or(Untypable::LayoutOuter)?;
    let inner = emit::layout(c.inner(), zero_sized)?;
    Ok(new(swizzle(outer), emit::static_leaf(c.offset()), inner))
}

/// The type of [`composed`]'s tokens.
pub fn composed_type(c: &ComposedLayout, zero_sized: bool) -> Result<TokenStream, Untypable> {
    let inner = emit::layout_type(c.inner(), zero_sized)?;
    let private = emit::private();
    let outer = c.swizzle().ok_or(Untypable::LayoutOuter)?;
    let (sw, offset) = (swizzle_type(outer), emit::static_leaf(c.offset()));
    Ok(quote!(#private::Composed<#sw, #offset, #inner>))
}

/// `Composed::new(swizzle, offset, inner)`.
pub fn new(swizzle: TokenStream, offset: TokenStream, inner: TokenStream) -> TokenStream {
    let private = emit::private();
    quote!(#private::Composed::new(#swizzle, #offset, #inner))
}

/// The parts of `SW o OFFSET o INNER` the expansion types when some leaf is
/// dynamic: a static swizzle, an offset that is an integer or a dynamic
/// leaf, and an inner layout written out (`valid::typed_layout`).
pub fn typed_parts(e: &Expr) -> Option<(Swizzle, &Expr, &Expr)> {
    let Some((TypedForm::Composed, _, [sw, offset, inner])) = typed_call(e) else {
        return None;
    };
    if has_dynamic(sw) || !valid::typed_layout(inner) {
        return None;
    }
    if !matches!(offset.kind, ExprKind::Int(_) | ExprKind::Dynamic(_)) {
        return None;
    }
    let ExprKind::Layout(..) = inner.kind else {
        return None;
    };
    match layout_core::eval(sw) {
        Ok(layout_core::Value::Swizzle(sw)) => Some((sw, offset, inner)),
        _ => None,
    }
}

/// The offset of a typed composed layout: `C::<N>`, or a dynamic leaf.
pub fn offset(e: &Expr, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
    match e.kind {
        ExprKind::Int(n) => emit::static_leaf(n),
        ExprKind::Dynamic(k) => leaf(k),
        _ => unreachable!("typed_parts accepts integers and dynamic leaves"),
    }
}
