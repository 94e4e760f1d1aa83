//! Named tiles and tilers checked at their names: whether a named tile or
//! a whole named tiler fits the layout it tiles (the facade's `FitsMode`,
//! `PrefixTilerFits`, `StepTilerFits`), so a tile nesting otherwise is one
//! error at the name; the tilers of divides and products written from
//! named and written-out entries. Split from operands.rs, which writes the
//! other operands.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote_spanned};

use crate::emit;
use crate::expand::Expander;
use crate::typed::named;

/// What a named value checked by [`Expander::fit`] is.
pub enum Fitted {
    /// A tile of one mode (`(#t, 2)`).
    Mode,
    /// A whole tiler (`#t`) of a divide or a tiling partition: at most one
    /// tile per mode, the modes past it kept whole (CuTe's `zipped_divide`).
    TilerPrefix,
    /// A whole tiler with a step, the step's tokens.
    TilerStep(TokenStream),
}

impl Expander<'_> {
    /// A named tile or whole tiler, or a written-out tuple tile (`what`),
    /// `value` the tokens of `e`'s value, asked at its first token (a
    /// name's identifier) whether it fits what it tiles in the call of
    /// `function` (the facade's `FitsMode`, `PrefixTilerFits`, `StepTilerFits`), so that a tile nesting
    /// otherwise is one error there, naming the call.
    pub fn fit(&self, e: &Expr, value: TokenStream, what: Fitted, function: &str) -> TokenStream {
        // Every token of the call at the name, the facade's path too, so
        // that rustc's error has no second label over the whole macro.
        let at = match named::name(e) {
            Some(_) => e.span.end - 1,
            None => e.span.start,
        };
        let span = self.ast.spans[at];
        let private = quote_spanned!(span=> ::layout_dsl::__private);
        let function = format_ident!("{function}", span = span);
        let tilers = quote_spanned!(span=> #private::tilers::#function);
        // A mode's tile and a partition's tiler are asked by the checks'
        // own functions (`Trait::f(value)`): rustc adds no "required by a
        // bound" note into the library for a trait's own `Self` bound.
        match what {
            // A written-out tuple tile keeps the call site on its tokens
            // (a lint would see their parentheses as the user's), and rustc
            // spans a failed bound of a trait's own function at the argument
            // it names: a binding spanned at the tuple's `(` is that argument.
            Fitted::Mode if named::name(e).is_none() => {
                let tile = format_ident!("tile", span = span);
                quote_spanned!(span=> {
                    let #tile = #value;
                    #private::FitsMode::<_, #tilers>::fit_mode(#tile)
                })
            }
            Fitted::Mode => {
                quote_spanned!(span=> #private::FitsMode::<_, #tilers>::fit_mode(#value))
            }
            Fitted::TilerPrefix => quote_spanned!(span=>
                #private::PrefixTilerFits::<_, #tilers>::fit_tiler_prefix(#value)
            ),
            // With a step, its rank first (`StepMarks`, the tiler's type
            // known before the step's), then the diced tiler
            // (`StepTilerFits`), each by its trait's own function on
            // bindings spanned at the name (one tuple `let`, so that the
            // user's own names in the operands are theirs), so that either
            // is one error there; a step of another rank leaves the second
            // no type.
            Fitted::TilerStep(step) => {
                let (tiler, marks) = (
                    format_ident!("tiler", span = span),
                    format_ident!("step", span = span),
                );
                quote_spanned!(span=> {
                    let (#tiler, #marks) = (#value, #step);
                    let #marks = #private::StepMarks::step_marks(&#tiler, &#marks);
                    #private::StepTilerFits::<_, _, #tilers>::fit_tiler_step(#tiler, #marks)
                })
            }
        }
    }

    /// A written-out tiler with named parts (`(#t, 2)`, `((#t, 2), 4)`) in
    /// the call of `function`, one tile per mode: each named tile and each
    /// written-out tuple tile, at every level, asked at its token whether it
    /// fits the mode it divides ([`Self::fit`]), so that a tuple tile deeper
    /// than its mode is one error at its `(` and a named tile inside a tuple
    /// tile that fits is one error at its name. Integers as `int` writes
    /// them, names as `value`.
    pub fn mode_tiles(
        &self,
        t: &Expr,
        function: &str,
        int: fn(i64) -> TokenStream,
        value: &dyn Fn(&Expr) -> TokenStream,
    ) -> TokenStream {
        fn tile(
            this: &Expander<'_>,
            e: &Expr,
            function: &str,
            int: fn(i64) -> TokenStream,
            value: &dyn Fn(&Expr) -> TokenStream,
        ) -> TokenStream {
            match &e.kind {
                ExprKind::Int(n) => int(*n),
                ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
                    let parts = items.iter().map(|i| tile(this, i, function, int, value));
                    this.fit(e, emit::tuple(parts.collect()), Fitted::Mode, function)
                }
                _ => this.fit(e, value(e), Fitted::Mode, function),
            }
        }
        match &t.kind {
            ExprKind::Tuple(items) | ExprKind::Tiler(items) => emit::tuple(
                (items.iter())
                    .map(|i| tile(self, i, function, int, value))
                    .collect(),
            ),
            _ => tile(self, t, function, int, value),
        }
    }

    /// A divide's tiler with named parts (`#t`, or `(#t, 2)`) in the call
    /// of `function`: a whole named tiler asked at its name whether it
    /// fits the layout's shape, else each mode's tile whether it fits the
    /// mode ([`Self::mode_tiles`]).
    pub fn named_tiler(&self, t: &Expr, function: &str) -> TokenStream {
        match named::name(t) {
            // At most one tile per mode: the modes past it pass through,
            // as CuTe's divides keep them (`divide_prefix.rs`).
            Some(_) => self.fit(t, self.named(t), Fitted::TilerPrefix, function),
            // A named mode tile is first asked at its name not to be a
            // typed layout (`DivideTile`), so that one is a single error
            // there, not the mode's fit with a `help` line.
            None => self.mode_tiles(t, function, crate::typed::divide::tile_leaf, &|e| {
                let (value, span) = (self.named(e), self.ast.spans[e.span.end - 1]);
                let private = quote_spanned!(span=> ::layout_dsl::__private);
                let tilers = format_ident!("{function}", span = span);
                quote_spanned!(span=>
                    #private::DivideTile::<#private::tilers::#tilers>::divide_tile(#value)
                )
            }),
        }
    }

    /// A product's by-mode tiler naming some entries
    /// (`named::product_tiler_with_names`): each named entry asked at its
    /// name to be a product's tiler entry (the facade's `ProductEntry`: a
    /// typed layout, an extent, or a tuple of entries, a shape multiplying
    /// the mode's sub-modes) that nests no deeper than the mode it
    /// multiplies (`FitsEntry::fit_entry`, the mode inferred by the
    /// product), so that another value is one error there.
    pub fn product_tiler(&self, t: &Expr) -> syn::Result<TokenStream> {
        let (ExprKind::Tiler(items) | ExprKind::Tuple(items)) = &t.kind else {
            return self.operand(t);
        };
        let entries = items.iter().map(|e| match named::name(e) {
            Some(_) => {
                let (value, span) = (self.named(e), self.ast.spans[e.span.end - 1]);
                // The check's own function (`FitsEntry::fit_entry`, the
                // mode `Self`): no "required by a bound" note into the library.
                let private = quote_spanned!(span=> ::layout_dsl::__private);
                Ok(quote_spanned!(span=> #private::FitsEntry::<_>::fit_entry(#value)))
            }
            None => self.operand(e),
        });
        Ok(emit::tuple(entries.collect::<syn::Result<_>>()?))
    }
}
