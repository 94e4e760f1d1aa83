//! `layout!(type …)`: whether the input is a layout the expansion can
//! type, else the one error saying why (split from expand.rs, whose
//! `top` asks it).

use layout_core::expr::ExprKind;
use layout_core::registry::TypedForm;

use crate::ast::spanning;
use crate::emit;
use crate::expand::Expander;
use crate::kind::{Kind, kind, typed_call};
use crate::tree::has_dynamic;
use crate::{
    typed::divide, typed::inner, typed::left_inverse, typed::named, typed::named::named_divide,
    typed::named::named_place, typed::named::named_product, typed::nested, typed::rules,
    typed::slice, valid,
};

impl Expander<'_> {
    /// `type` asks for a layout whose numbers are in its type: it needs a
    /// layout (or tiler) value, and one the expansion can type.
    pub(crate) fn check_zero_sized(&self, keyword: proc_macro2::Span) -> syn::Result<()> {
        let e = &self.ast.expr;
        // With no dynamic leaf the value is the core's, computed here and
        // typed as static leaves: a condition CuTe asserts binds only the
        // typed rules, which must hold for every value of a dynamic leaf
        // (README, "Where we differ": the core answers some calls CuTe
        // refuses).
        if let Some(stride) = left_inverse::dynamic_stride(e) {
            return Err(self
                .ast
                .error(Some(stride.span), left_inverse::DYNAMIC_STRIDE));
        }
        // A written-out block past the facade's product width: said at
        // it, in the macro, which sees its leaves (rustc's sentence would
        // name the layout's whole type, a `help` line, at the function).
        if let Some((a, n)) = named_product::too_wide(e) {
            let message = format!(
                "a `type` product takes a layout of at most {} leaves (its complement adds a mode, a typed tuple holds {}); this one has {n}: drop `type` to compute it at run time",
                emit::MAX_RANK - 1,
                emit::MAX_RANK,
            );
            return Err(self.ast.error(Some(a.span), message));
        }
        if let Some(message) = rules::refused(e).filter(|_| has_dynamic(e)) {
            return Err(self.ast.error(Some(e.span), message));
        }
        let what = match kind(e) {
            Kind::Int => "an integer",
            Kind::IntTuple => "an integer tuple",
            Kind::Table => "a table",
            Kind::Layout
                if has_dynamic(e)
                    && !valid::typed_layout(e)
                    && divide::rule(e).is_none()
                    && rules::layout_type(e).is_none()
                    && divide::named_call(e).is_none()
                    && named_divide::integral(e).is_none()
                    && named::value_method(e).is_none()
                    && named::flatten(e).is_none()
                    && named::composition(e).is_none()
                    && named::make_layout(e, true).is_none()
                    && named::concat(e, true).is_none()
                    && named::ordered_layout(e, true).is_none()
                    && named_product::call(e).is_none()
                    && divide::nested_call(e).is_none()
                    && !nested::types_at(e, true)
                    && !inner::types(e, &self.ast.leaves)
                    && slice::rule(e).is_none() =>
            {
                if let Some(tiler) = named_divide::layout_tiler(e) {
                    return Err(self.ast.error(Some(tiler.span), named_divide::LAYOUT_TILER));
                }
                // An operand call held back from nesting: said at it.
                if let Some((inner, why)) = nested::refused(e, true) {
                    return Err(self.ast.error(Some(inner.span), why));
                }
                // A divide divided mode by mode, its composition read past
                // its size: said at the divide.
                if let Some(divide) = nested::refused_divide(e, &self.ast.leaves, true) {
                    return Err(self.ast.error(Some(divide.span), nested::PAST_SIZE_DIVIDE));
                }
                if let Some(held) = inner::refused(e) {
                    return Err(self.ast.error(Some(held.span), inner::REFUSED));
                }
                // A named operand of an inverse: said at the name.
                if let Some((at, message)) = named_place::typed_inverse(e) {
                    return Err(self.ast.error(Some(at.span), &message));
                }
                // `tile_to_shape`'s order of the wrong kind: said at it.
                if let Some(order) = named_product::misplaced_order(e) {
                    return Err(self.ast.error(Some(order.span), named_product::ORDER_KIND));
                }
                if let Some((held, function)) = inner::unnested(e) {
                    let message = inner::unnested_message(function);
                    return Err(self.ast.error(Some(held.span), &message));
                }
                // Said at the operand the fix names (a divide's tiler), else
                // at `type` and the function's name together.
                let message = rules::run_time_refusal(e);
                if let Some(operand) = rules::refused_operand(e) {
                    return Err(self.ast.error(Some(operand.span), message));
                }
                return Err(match &e.kind {
                    ExprKind::Call { name_span, .. } => match self.ast.ends(*name_span) {
                        Some((_, last)) => spanning(keyword, last, message),
                        None => syn::Error::new(keyword, message),
                    },
                    _ => syn::Error::new(keyword, message),
                });
            }
            // A view with no typed form runs in the core: `type` would do nothing.
            Kind::View
                if has_dynamic(e)
                    && matches!(
                        typed_call(e),
                        Some((TypedForm::RunTime | TypedForm::Slice { .. }, ..))
                    )
                    && slice::rule(e).is_none() =>
            {
                "a view computed at run time (`view` with a dynamic leaf, and `slice` by a coordinate that is not a tuple, run in the core; the typed slice of a typed layout `l` is `SliceOf::slice_of((X, j), &l)`, from `layout_dsl::tensor::typed`)"
            }
            Kind::Layout | Kind::View | Kind::Other => return Ok(()),
        };
        // A call: said at `type` and the function's name together (the
        // mistake is the pair), naming what the function answers and the
        // fix; a name among its operands is asked its kind as without
        // `type` (`not_a_layout`).
        if let ExprKind::Call {
            name, name_span, ..
        } = &e.kind
            && let Some((_, last)) = self.ast.ends(*name_span)
        {
            let message = format!(
                "`type` makes a layout whose numbers are in its type, but `{name}` answers {what}, not a layout: remove `type` (`layout!({name}(…))` gives the value)"
            );
            return Err(spanning(keyword, last, message));
        }
        let message =
            format!("`type` puts a layout's numbers in its type, but this input is {what}");
        Err(syn::Error::new(keyword, message))
    }

    /// Whether `type` is refused because the input is no layout at all
    /// (an integer, a tuple, a table): the names among its operands are
    /// then asked their kinds as without `type`, each a mistake of its
    /// own at its name.
    pub(crate) fn not_a_layout(&self) -> bool {
        self.ast.zero_sized.is_some()
            && matches!(
                kind(&self.ast.expr),
                Kind::Int | Kind::IntTuple | Kind::Table
            )
    }
}
