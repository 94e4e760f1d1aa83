//! `slice(C, L)` and `dice(C, L)` with a dynamic leaf, a dynamic
//! coordinate or a named layout (the registry's `TypedForm::Slice`): typed
//! straight-line code, `type` or not, never the core's call by name.
//!
//! | input | output |
//! |---|---|
//! | `slice(C, SHAPE:STRIDE)` | `__private::slice_base(&layout, typed::slice_and_offset(C, &layout))` (`SliceOf::slice_of`, the rank checked first): `Result<(Layout<…, I>, I), Error>`, CuTe's `slice_and_offset` (the kept modes, static ones `C<N>`, and the base), `I` the layout's offset type: `usize`, or `isize` with a negative static stride (CuTe's `int` offset) |
//! | `slice(C, #A)` | the same on the value `A`: the base in `A`'s offset type, so the same type and value as `A` written out; `C` asked first to nest in `A`, one tuple at a time at its `(` (`SliceCoordIn`, then `SliceEntryIn` per tuple entry) |
//! | `dice(C, SHAPE:STRIDE)` | the kept modes as a typed layout (CuTe's `dice` reads only where `C` has `_`, so it cannot fail) |
//! | `dice(C, #A)` | `typed::dice(C, &A)` (`DiceOf::dice_of`), `C` asked first as the slice's: the kept modes of the value `A`, a typed layout |
//!
//! `C` is a tuple of integers, dynamic leaves, `_` (emitted as the
//! facade's `X`) and tuples of them. A static slice of a static layout
//! never comes here: the core folds it to `(Layout, base)` (expand.rs).
//! A dynamic coordinate past its extent is the typed slice's run-time
//! `Err` (as `typed::slice` of a tensor), never an offset outside `L`
//! (the core refuses it too, with the same message; CuTe's arithmetic reads
//! on past the extent). The base is never a wrapped value: a layout with
//! offsets its offset type cannot hold makes the slice an `Err`
//! (`slice_base.rs`). The macro cannot see a named layout's strides, but
//! its type carries them (a negative stride is static, in a `Layout<…,
//! isize>`), so the base's type follows the type, as the written path's.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{quote, quote_spanned};

use layout_core::{DomainError, ErrorKind, eval};

use crate::emit;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::probe::{placeholders, placeholders_with};
use crate::tree::{has_dynamic, is_plain};
use crate::typed::named;
use crate::typed::named::named_partition::coordinate;
use crate::typed::partition::partition_args::{entry, is_underscore};

/// The layout a typed slice or dice reads.
pub enum Operand<'a> {
    /// `SHAPE:STRIDE` written out.
    Written(&'a Expr, &'a Expr),
    /// `#A`, a typed layout value.
    Named(&'a Expr),
}

/// A `slice`/`dice` call this module types.
pub struct Rule<'a> {
    /// The call.
    pub call: &'a Expr,
    /// CuTe's `dice` (else `slice`).
    pub dice: bool,
    /// The coordinate, a tuple.
    pub coord: &'a Expr,
    /// The layout.
    pub layout: Operand<'a>,
}

/// `e` as a typed slice or dice, if it is one this module writes.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let (TypedForm::Slice { dice }, _, [coord, layout]) = typed_call(e)? else {
        return None;
    };
    if !has_dynamic(e) || !matches!(coord.kind, ExprKind::Tuple(_)) || !coordinate(coord) {
        return None;
    }
    let layout = match &layout.kind {
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => {
            Operand::Written(shape, stride)
        }
        _ if named::name(layout).is_some() => Operand::Named(layout),
        _ => return None,
    };
    Some(Rule {
        call: e,
        dice,
        coord,
        layout,
    })
}

/// CuTe's `lift_dice`: the modes of `shape:stride` where `coord` has an
/// integer (a dynamic leaf is one), pushed at one level; `None` where
/// `coord` is a tuple and the mode is not a tuple of its rank.
fn kept<'a>(
    coord: &Expr,
    shape: &'a Expr,
    stride: &'a Expr,
    out: &mut Vec<(&'a Expr, &'a Expr)>,
) -> Option<()> {
    match (&coord.kind, &shape.kind, &stride.kind) {
        (ExprKind::Tuple(cs), ExprKind::Tuple(ss), ExprKind::Tuple(ds)) => {
            if cs.len() != ss.len() || ss.len() != ds.len() {
                return None;
            }
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                kept(c, s, d, out)?;
            }
            Some(())
        }
        (ExprKind::Tuple(_), ..) => None,
        _ if is_underscore(coord) => Some(()),
        _ => {
            out.push((shape, stride));
            Some(())
        }
    }
}

impl Expander<'_> {
    /// A [`rule`]'s code.
    pub fn slice(&self, rule: &Rule<'_>) -> syn::Result<TokenStream> {
        // A coordinate not nested like a written-out layout, or past a
        // static extent: the core's error, at the coordinate, while
        // compiling (the placeholders, as valid.rs's, cannot make the
        // ranks differ). A dynamic extent stands as 1 in the first probe,
        // so a range error is asked again with every dynamic extent one
        // past the largest coordinate (`(3,_)` of `(m,8):(8,1)` is no
        // error for any `m`); a dynamic extent's range is the typed
        // slice's run-time check (its `Err`).
        if let Operand::Written(..) = rule.layout {
            if let Err(error) = eval(&placeholders(rule.call, 0)) {
                let past = |e: &layout_core::Error| {
                    matches!(
                        e.kind(),
                        ErrorKind::Domain(DomainError::IndexOutOfRange { .. })
                    )
                };
                let error = match past(&error) {
                    false => Some(error),
                    true => {
                        let extent = largest_int(rule.coord).saturating_add(1).max(2);
                        eval(&placeholders_with(rule.call, 0, extent))
                            .err()
                            .filter(past)
                    }
                };
                if let Some(error) = error {
                    return Err(self.ast.error(error.span(), error));
                }
            }
        }
        let coord = entry(rule.coord, &|k| self.leaf(k));
        match (&rule.layout, rule.dice) {
            (Operand::Written(shape, stride), true) => {
                let mut modes = Vec::new();
                kept(rule.coord, shape, stride, &mut modes).ok_or_else(|| {
                    let message = "the coordinate is not nested like the layout";
                    self.ast.error(Some(rule.coord.span), message)
                })?;
                let (shapes, strides): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
                let signed = strides.iter().any(|d| emit::negative_leaf(d));
                let shapes = shapes.into_iter().map(|s| self.tree(s));
                let strides = strides.into_iter().map(|d| self.tree(d));
                let layout = emit::typed_layout(
                    emit::tuple(shapes.collect::<syn::Result<_>>()?),
                    emit::tuple(strides.collect::<syn::Result<_>>()?),
                    signed,
                );
                // The coordinate's leaves are still read (and typed
                // `usize`), though dice needs only where its `_` are.
                Ok(quote!({ let _ = #coord; #layout }))
            }
            (Operand::Named(l), true) => {
                let layout = self.named_layout(l);
                // At the coordinate, as the slice's door below.
                let span = self.ast.spans[rule.coord.span.start];
                let coord = emit::at_paren(coord, span);
                let door = quote_spanned!(span=> ::layout_dsl::tensor::typed::dice);
                let l = Ident::new("layout", Span::mixed_site());
                let call = self.slice_coord_in(&door, rule.coord, coord, &l);
                Ok(quote!({
                    let #l = &#layout;
                    #call
                }))
            }
            (operand, _) => {
                // At the coordinate: a rank rustc refuses is reported
                // there (the door checks the rank first, as `typed::slice`).
                let span = self.ast.spans[rule.coord.span.start];
                let coord = emit::at_paren(coord, span);
                let door = quote_spanned!(span=> ::layout_dsl::tensor::typed::slice_and_offset);
                // The base in the layout's own offset type (`isize` for a
                // signed layout, one with a negative static stride), named
                // or written out alike, checked: never a wrapped value
                // (`__private::slice_base`).
                let private = emit::private();
                Ok(match operand {
                    Operand::Written(shape, stride) => {
                        let layout = self.typed_layout(shape, stride)?;
                        let l = Ident::new("layout", Span::mixed_site());
                        quote!({
                            let #l = #layout;
                            #private::slice_base(&#l, #door(#coord, &#l))
                        })
                    }
                    Operand::Named(l) => {
                        let layout = self.named_layout(l);
                        let l = Ident::new("layout", Span::mixed_site());
                        let call = self.slice_coord_in(&door, rule.coord, coord, &l);
                        quote!({
                            let #l = &#layout;
                            #private::slice_base(#l, #call)
                        })
                    }
                })
            }
        }
    }
}

/// The largest integer written in a coordinate (0 where there is none).
fn largest_int(e: &Expr) -> i64 {
    match &e.kind {
        ExprKind::Int(n) => *n,
        ExprKind::Tuple(items) => items.iter().map(largest_int).max().unwrap_or(0),
        _ => 0,
    }
}

impl Expander<'_> {
    /// The call of `door` (`slice_and_offset` or `dice`) on a named layout,
    /// its coordinate `c` (emitted as `coord`) asked first to nest in the
    /// layout, one tuple at a time, each at its own `(`
    /// ([`Expander::nested_coordinate`]).
    fn slice_coord_in(
        &self,
        door: &TokenStream,
        c: &Expr,
        coord: TokenStream,
        layout: &Ident,
    ) -> TokenStream {
        let at = self.ast.spans[c.span.start];
        let (lets, rebuilt) = self.nested_coordinate(Nesting::Slice, c, coord, &quote!(#layout));
        quote_spanned!(at=> { #(#lets)* #door(#rebuilt, #layout) })
    }

    /// The `let`s that ask a written-out coordinate `c` (emitted as
    /// `coord`) to nest in a named `layout`, one tuple at a time, each at
    /// its own `(`, and the coordinate rebuilt from the checked entries:
    /// the rank by `SliceCoordIn::slice_coord_in(coord, layout)` (or
    /// `CoordRanksIn`), then each tuple entry against its mode by
    /// `SliceEntryIn::slice_entry_in(entry, mode)` (or `CoordEntryIn`), the
    /// mode's shape from the level above; the traits' own functions. A
    /// mismatch is one error at that tuple, with no note into the library:
    /// each trait has an impl per rank and no where-clause, so rustc blames
    /// the argument (asking the whole nesting at once, the door's bound
    /// blamed a nested mismatch on a where-clause of its impl, over the
    /// whole macro call, with the bound as a note; `crd2idx`'s `CoordIn`
    /// reported it, then the method's bound again). The rebuilt coordinate
    /// is a type rustc cannot name after a mismatch, so the call that takes
    /// it reports nothing more.
    pub(crate) fn nested_coordinate(
        &self,
        nesting: Nesting,
        c: &Expr,
        coord: TokenStream,
        layout: &TokenStream,
    ) -> (Vec<TokenStream>, TokenStream) {
        let at = self.ast.spans[c.span.start];
        let value = Ident::new("coord", Span::call_site());
        let modes = Ident::new("modes", Span::call_site());
        let modes_pattern = bind_modes(c, &modes);
        let top = nesting.top(at);
        let mut lets = vec![quote_spanned!(at=>
            let (#value, #modes_pattern) = #top(#coord, #layout);
        )];
        let mut names = 0;
        let rebuilt = self.checked_entries(nesting, c, value, modes, &mut lets, &mut names);
        (lets, rebuilt)
    }

    /// The coordinate tuple `c`, whose value (checked at its level) is
    /// bound to `value` and its modes' shapes to `modes`, rebuilt from its
    /// entries, each tuple entry checked against its mode first (the
    /// `let`s pushed to `lets`; `names` numbers the bindings). The entries
    /// are read as fields (`value.0`), not by a pattern: after a mismatch
    /// a field of `value` is a type rustc cannot name, as `value`, where a
    /// pattern's bindings would be new inference variables, which the
    /// door's bound would then refuse a second time.
    fn checked_entries(
        &self,
        nesting: Nesting,
        c: &Expr,
        value: Ident,
        modes: Ident,
        lets: &mut Vec<TokenStream>,
        names: &mut usize,
    ) -> TokenStream {
        let (ExprKind::Tuple(items), true) = (&c.kind, nested(c)) else {
            return quote!(#value);
        };
        let mut rebuilt = Vec::new();
        for (i, item) in items.iter().enumerate() {
            let mut i = proc_macro2::Literal::usize_unsuffixed(i);
            if !is_tuple(item) {
                rebuilt.push(quote!(#value.#i));
                continue;
            }
            // The entry (`value.i`) at its `(`, where rustc reports it: its
            // three tokens there, and the bindings the call site's, so that
            // they join into one span (a `mixed_site` name, or the index at
            // the call site, would make it the whole macro call).
            let at = self.ast.spans[item.span.start];
            let entry = Ident::new(&value.to_string(), at);
            i.set_span(at);
            let (checked, sub_modes) = (fresh("entry", names), fresh("modes", names));
            let sub_pattern = bind_modes(item, &sub_modes);
            let check = nesting.entry(at);
            lets.push(quote_spanned!(at=>
                let (#checked, #sub_pattern) = #check(#entry.#i, #modes.#i);
            ));
            rebuilt.push(self.checked_entries(nesting, item, checked, sub_modes, lets, names));
        }
        emit::tuple(rebuilt)
    }
}

/// Which coordinate [`Expander::nested_coordinate`] asks: a slice's (or a
/// dice's) or `crd2idx`'s; the two nest alike (an integer, or `_` for a
/// slice, fits any mode; a tuple needs a tuple mode of its rank), with
/// messages in their own words.
#[derive(Clone, Copy)]
pub(crate) enum Nesting {
    /// `slice(C, #A)`, `dice(C, #A)`.
    Slice,
    /// `crd2idx(C, #A)`.
    Crd2idx,
    /// `type local_tile(#A, #T, C)`: the divide's rest modes.
    Tile,
    /// `type outer_partition(#A, #T, C)`: the tile modes.
    Outer,
    /// `type local_tile(#A, #T, C, step)`: the diced tiler's rest modes.
    TileStep,
}

impl Nesting {
    /// The function asking the coordinate's rank, its tokens at `at`.
    fn top(self, at: Span) -> TokenStream {
        match self {
            Nesting::Slice => {
                quote_spanned!(at=> ::layout_dsl::tensor::typed::SliceCoordIn::slice_coord_in)
            }
            Nesting::Crd2idx => {
                quote_spanned!(at=> ::layout_dsl::__private::CoordRanksIn::coord_ranks_in)
            }
            Nesting::Tile => {
                quote_spanned!(at=> ::layout_dsl::__private::TileCoordIn::tile_coord_in)
            }
            Nesting::Outer => {
                quote_spanned!(at=> ::layout_dsl::__private::TileCoordIn::outer_coord_in)
            }
            Nesting::TileStep => {
                quote_spanned!(at=> ::layout_dsl::__private::TileStepCoordIn::tile_step_coord_in)
            }
        }
    }

    /// The function asking a tuple entry against its mode, at `at`.
    fn entry(self, at: Span) -> TokenStream {
        match self {
            Nesting::Slice => {
                quote_spanned!(at=> ::layout_dsl::tensor::typed::SliceEntryIn::slice_entry_in)
            }
            Nesting::Crd2idx => {
                quote_spanned!(at=> ::layout_dsl::__private::CoordEntryIn::coord_entry_in)
            }
            Nesting::Tile | Nesting::Outer | Nesting::TileStep => {
                quote_spanned!(at=> ::layout_dsl::__private::TileEntryIn::tile_entry_in)
            }
        }
    }
}

/// The pattern the modes' shapes of the tuple `c` are bound to: `modes`
/// where a tuple entry reads them, else `_` (no unused binding).
fn bind_modes(c: &Expr, modes: &Ident) -> TokenStream {
    match nested(c) {
        true => quote!(#modes),
        false => quote!(_),
    }
}

/// A tuple with a tuple entry: a coordinate [`Expander::nested_coordinate`]
/// asks one tuple at a time.
pub(crate) fn nested(c: &Expr) -> bool {
    matches!(&c.kind, ExprKind::Tuple(items) if items.iter().any(is_tuple))
}

/// A tuple (else a leaf or `_`).
fn is_tuple(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Tuple(_))
}

/// A binding of the expansion, numbered by `names`, with the call site's
/// hygiene (see [`Expander::checked_entries`]): it cannot capture a name
/// of the user's, since no user expression is read after the first `let`
/// (the coordinate's leaves are evaluated in it, the layout before it).
fn fresh(what: &str, names: &mut usize) -> Ident {
    *names += 1;
    Ident::new(&format!("{what}{names}"), Span::call_site())
}
