//! A `type` partition's nested tile coordinate (`layout!(type
//! local_tile(#h, #t, ((1,2),(3,4))))`, `outer_partition`,
//! `inner_partition`, and `local_tile` with a step), each tuple entry
//! asked at its `(` against the mode the typed divide leaves there
//! (`TileEntryIn`): one error at the entry that does not nest, the
//! partition's bounds then silent (`slice.rs`'s recipe).

use layout_core::expr::Expr;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::expand::Expander;
use crate::typed::named::name;
use crate::typed::slice::{Nesting, nested};

/// The bindings a checked coordinate's expansion makes: the layout, the
/// tiler and the step evaluated before the coordinate's entries, which
/// the checks bind (so that those capture no name of the user's).
pub(crate) struct Bound {
    /// `&layout`.
    pub layout: TokenStream,
    /// The tiler.
    pub tiler: TokenStream,
    /// The step.
    pub step: TokenStream,
}

impl Bound {
    /// The names, with the call site's hygiene and a prefix no user writes.
    pub fn new() -> Self {
        Bound {
            layout: quote!(__layout_dsl_named),
            tiler: quote!(__layout_dsl_tiler),
            step: quote!(__layout_dsl_step),
        }
    }

    /// The call `function(&layout, by, at, step)` (`operands`: the layout,
    /// the tiler or threads, the step), with the coordinate's checks `lets`
    /// first, the operands bound before them.
    pub fn call(
        self,
        function: TokenStream,
        operands: (&TokenStream, &TokenStream, Option<&TokenStream>),
        at: TokenStream,
        lets: Vec<TokenStream>,
    ) -> TokenStream {
        let (layout, by, step) = operands;
        if lets.is_empty() {
            let step = step.map(|s| quote!(, #s));
            return quote!(#function(&#layout, #by, #at #step));
        }
        let Bound {
            layout: named,
            tiler,
            step: stepped,
        } = self;
        let (bind, value, step) = match step {
            Some(s) => (
                quote!((#named, #tiler, #stepped)),
                quote!((&#layout, #by, #s)),
                quote!(, #stepped),
            ),
            None => (quote!((#named, #tiler)), quote!((&#layout, #by)), quote!()),
        };
        quote!({
            let #bind = #value;
            #(#lets)*
            #function(#named, #tiler, #at #step)
        })
    }
}

impl Expander<'_> {
    /// The `let`s checking the coordinate `c` (its value `at`) of the
    /// partition `function` one tuple at a time, and the coordinate rebuilt
    /// from them at the user's `(`; `None` where it is not a written-out
    /// nested coordinate of a tiling partition.
    pub(crate) fn checked_tile_coordinate(
        &self,
        function: &str,
        c: &Expr,
        at: &TokenStream,
        bound: &Bound,
    ) -> Option<(Vec<TokenStream>, TokenStream)> {
        let Bound {
            layout,
            tiler,
            step,
        } = bound;
        let (nesting, of) = match function {
            "named_local_tile" => (Nesting::Tile, quote!(#layout, &#tiler)),
            "named_outer_partition" => (Nesting::Outer, quote!(#layout, &#tiler)),
            "named_local_tile_step" => (Nesting::TileStep, quote!(#layout, &#tiler, &#step)),
            _ => return None,
        };
        if name(c).is_some() || !nested(c) {
            return None;
        }
        let (lets, at) = self.nested_coordinate(nesting, c, at.clone(), &of);
        Some((lets, emit::at_paren(at, self.ast.spans[c.span.start])))
    }
}
