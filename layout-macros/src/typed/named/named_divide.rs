//! After `type`, a divide of a named layout by an integral tiler:
//! `logical_divide(#A, 4)` (and `zipped_divide`, `tiled_divide`,
//! `flat_divide`), or by the written-out layout `4:1` it stands for. CuTe
//! makes an integer tiler the layout `N:1` and divides the *whole* layout
//! by it (`composition(A, make_layout(N:1, complement(N:1, size(A))))`),
//! not its first mode as the by-mode tiler `<4>` does, so the call is the
//! facade's `Divide` by the extent `C<N>` (`src/private/divide/divide_integral.rs`):
//! `Divide::logical_divide(&A, C::<4>)`, its nesting the facade's
//! composition's (one sub-mode per leaf of `A` in each part: CuTe's for a
//! layout with dynamic leaves). A dynamic leaf `k` is CuTe's run-time
//! integral tiler (`Divide<usize>`, a tile of 0 an error value). A static
//! tile of 0 or a negative one is not taken here (the run-time path's
//! error); a layout tiler of another stride is refused at the tiler
//! ([`LAYOUT_TILER`]).

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote, quote_spanned};

use crate::emit;
use crate::typed::divide::{door, facade_divide};
use crate::typed::named::name;

/// The refusal of a named layout divided by a layout other than `N:1`.
pub const LAYOUT_TILER: &str = "after `type`, a named layout is divided by a by-mode tiler (`<4,8>`), a named tiler or an integer `N`, not a layout (its complement's nesting is unseen): divide by `N` and compose, or name its modes";

/// The divide's form, the named layout and the tiler, if `e` is
/// `logical_divide(#A, N)` (or `N:1`) with `N ≥ 1`, or `logical_divide(#A,
/// k)` of a dynamic leaf `k` (CuTe's run-time integral tiler; 0 is an
/// error value), or one of the other three divides alike.
pub fn integral(e: &Expr) -> Option<(Form, &Expr, &Expr)> {
    let (form, layout, tiler) = facade_divide(e)?;
    name(layout)?;
    let fits = match &tiler.kind {
        ExprKind::Int(n) => *n >= 1,
        ExprKind::Dynamic(_) => true,
        ExprKind::Layout(shape, stride) => matches!(
            (&shape.kind, &stride.kind),
            (ExprKind::Int(n), ExprKind::Int(1)) if *n >= 1
        ),
        _ => false,
    };
    fits.then_some((form, layout, tiler))
}

/// The tile of an [`integral`] tiler: `C::<N>`, or the dynamic leaf
/// (`leaf` writes it by its number).
pub fn tile(t: &Expr, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
    match &t.kind {
        ExprKind::Int(n) => emit::static_leaf(*n),
        ExprKind::Dynamic(k) => leaf(*k),
        ExprKind::Layout(shape, _) => tile(shape, leaf),
        _ => unreachable!("integral() takes these"),
    }
}

/// The tiler of `logical_divide(#A, S:D)` (any of the four divides) when it
/// is a written-out layout other than `N:1`: refused at it
/// ([`LAYOUT_TILER`]).
pub fn layout_tiler(e: &Expr) -> Option<&Expr> {
    let (_, layout, tiler) = facade_divide(e)?;
    name(layout)?;
    let other = matches!(tiler.kind, ExprKind::Layout(..)) && integral(e).is_none();
    other.then_some(tiler)
}

/// The call of an [`integral`] divide: `Divide::logical_divide(
/// IntegralOffsets::layout(&A), C::<N>)` (or the dynamic tile), the check
/// spanned at the name (`at`), so that a layout the divide does not take
/// (`isize` offsets) is one error there: the trait's own function, whose
/// failed `Self` bound has no "required by a bound" note into the library.
pub fn emit(form: Form, layout: TokenStream, tile: TokenStream, at: Span) -> TokenStream {
    let private = emit::private();
    let method = format_ident!("{}", door(form).expect("a facade divide").method);
    // A typed layout first (`LayoutOperand`, at the name): a shape or an
    // integer there is one error, whose projection the offsets' check
    // and the divide then take without a second.
    let private_at = quote_spanned!(at=> ::layout_dsl::__private);
    let layout = quote_spanned!(at=> (*#private_at::LayoutOperand::layout_operand(&#layout)));
    let checked = quote_spanned!(at=> #private::IntegralOffsets::layout(&#layout));
    // The trait checks `A` and the result against the core's `i64`
    // (src/private/fits_value.rs).
    quote!(#private::Divide::#method(#checked, #tile))
}
