//! Typed algebra on dynamic leaves, first rules (ARCHITECTURE.md, "Typed
//! algebra on dynamic leaves: the plan"): `layout!(type logical_divide(L, T))`,
//! and `zipped_divide`, `tiled_divide`, `flat_divide`, where `L` is written
//! out with every top-level mode a single leaf `s:d`, and `T` is a by-mode
//! tiler `<T0,…>` of static positive extents, no longer than `L`'s rank.
//! Each tiled mode divides as
//!
//! ```text
//! logical_divide(s:d, T) = (T, ceil(s/T)) : (d, T*d)
//! ```
//!
//! (the complement of `T:1` in `s` is `ceil(s/T):T`, and composing with a
//! single-mode layout assumes nothing); modes past the tiler pass through.
//! As CuTe prints them, a tile of 1 has stride 0 (`_1:_0`) and so has a
//! rest of static extent 1 (CuTe's complement is then `_1:_0`).
//! The other divides gather the same parts differently (as the core does):
//!
//! ```text
//! logical_divide ((T0,r0),(T1,r1),x) : ((d0,e0),(d1,e1),y)
//! zipped_divide  ((T0,T1),(r0,r1,x)) : ((d0,d1),(e0,e1,y))
//! tiled_divide   ((T0,T1),r0,r1,x)   : ((d0,d1),e0,e1,y)
//! flat_divide    (T0,T1,r0,r1,x)     : (d0,d1,e0,e1,y)
//! ```
//!
//! With one tile mode, `flat_divide` nests as `tiled_divide` (`((T0),r0,x)`),
//! and neither is typed for a layout of one mode (the core keeps its rest a
//! tuple there): the core's nestings, checked by `tests/typed_divide.rs`.
//!
//! The macro evaluates it over `Static(n) | Dynamic(leaf)`: static parts
//! fold to `C<N>` leaves, dynamic ones become a `ceil_div` or a checked
//! multiply over `let`-bound leaves (each evaluated once, in source order),
//! and the only run-time failure, a stride product that overflows, is an
//! `Err` naming the values.

pub(crate) mod divide_by_mode;
pub(crate) mod divide_nested;
pub(crate) mod divide_past;
pub(crate) mod divide_per_mode;
pub(crate) mod divide_per_mode_tile;
pub(crate) mod divide_rest;
pub(crate) mod divide_rest_cute;
pub(crate) mod divide_rewrite;
pub(crate) mod divide_tile_dynamic;
pub(crate) mod divide_tile_two;

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::{Span, TokenStream};
use quote::{format_ident, quote};

use crate::emit;
use crate::kind::{Door, typed_call};
use crate::tree::is_plain;
pub use crate::typed::divide::divide_nested::{nested_call, nested_type};
use crate::typed::sym::Sym as FitSym;
use crate::typed::{fits, fits_covers};

/// One integer of the computation: known now, or a Rust expression.
#[derive(Clone)]
enum Sym {
    Static(i64),
    Dynamic(TokenStream),
}

/// A call this module types.
pub struct Rule<'a> {
    /// The function's name, for messages.
    function: &'static str,
    /// How the result is grouped (the registry's typed form).
    form: Form,
    /// Every mode's `(s, d)` leaves.
    modes: Vec<(&'a Expr, &'a Expr)>,
    /// The tile extents of the first modes.
    tiles: Vec<i64>,
}

/// A divide the facade's `Divide` methods type, for a part the macro cannot
/// see: `logical_divide(#A, <T0,…>)` (a named typed layout, static tile
/// extents) or `logical_divide(SHAPE:STRIDE, #T)` (a written-out layout,
/// a named tiler such as `(C<4>, C<8>)`) or `logical_divide(#A, #T)`
/// (both named); `zipped_divide` alike. The result keeps the tiles' and
/// strides' types; the products are `usize`.
pub enum Named<'a> {
    /// A named layout by a by-mode tiler of static extents, nested for a
    /// tuple mode (`<<2>,4>`): the tiler's tokens, whose ranks the facade
    /// checks against the layout's type.
    Layout(&'a Expr, TokenStream),
    Tiler(&'a Expr, &'a Expr, &'a Expr),
    Both(&'a Expr, &'a Expr),
}

/// The form of a divide the facade's `Divide` methods take, with its
/// two operands, if `e` is a call of one.
pub(crate) fn facade_divide(e: &Expr) -> Option<(Form, &Expr, &Expr)> {
    match typed_call(e)? {
        (TypedForm::Divide(form), _, [layout, tiler]) if door(form).is_some() => {
            Some((form, layout, tiler))
        }
        _ => None,
    }
}

/// The facade's `Divide` door for a divide grouped in `form` (all four).
pub(crate) fn door(form: Form) -> Option<Door> {
    crate::kind::door(TypedForm::Divide(form), false)
}

/// The divide's form, its function's name (the registry's) and the
/// [`Named`] form of `e`, if it is one.
pub fn named_call(e: &Expr) -> Option<(Form, &'static str, Named<'_>)> {
    let (form, layout, tiler) = facade_divide(e)?;
    let (_, function, _) = typed_call(e)?;
    // A named tiler, or a tuple of named tiles and extents (`(#t, 2)`).
    let named_tiler = crate::typed::named::name(tiler).is_some()
        || crate::typed::named::with_named_modes(tiler, true);
    if let (ExprKind::Layout(shape, stride), true) = (&layout.kind, named_tiler) {
        return (is_plain(shape) && is_plain(stride)).then_some((
            form,
            function,
            Named::Tiler(shape, stride, tiler),
        ));
    }
    crate::typed::named::name(layout)?;
    if named_tiler {
        return Some((form, function, Named::Both(layout, tiler)));
    }
    let tiler = nested_static_tiler(tiler)?;
    Some((form, function, Named::Layout(layout, tiler)))
}

/// A by-mode tiler `<…>` of static positive extents, an entry a tiler of
/// them for a tuple mode (`<<2>,4>`, CuTe's `make_tile(make_shape(_2{}),
/// _4{})`), as the `Divide` methods take it. A tuple of extents is the
/// same tiler (CuTe's divides read a shape `(2,2)` by mode, as the core
/// does).
fn nested_static_tiler(t: &Expr) -> Option<TokenStream> {
    let (ExprKind::Tiler(tiles) | ExprKind::Tuple(tiles)) = &t.kind else {
        return None;
    };
    let entries = tiles.iter().map(|t| match t.kind {
        ExprKind::Int(n) if n > 0 => Some(tile_leaf(n)),
        _ => nested_static_tiler(t),
    });
    let entries = entries.collect::<Option<Vec<_>>>()?;
    (!entries.is_empty()).then(|| emit::tuple(entries))
}

/// The call of a [`named_call`]: `Divide::logical_divide(&LAYOUT, TILER)`.
pub fn emit_named(form: Form, layout: TokenStream, tiler: TokenStream) -> TokenStream {
    let private = emit::private();
    let function = door(form).expect("a facade divide").method;
    let method = format_ident!("{function}");
    // The trait checks `A` and the result against the core's `i64`
    // (src/private/fits_value.rs).
    quote!(#private::Divide::#method(&#layout, #tiler))
}

/// One static tile extent as the `Divide` methods take it: `C::<N>`, or
/// for 1 the facade's `UnitTile`, CuTe's `_1:_0` over any mode (`C<1>`
/// over a tuple mode spreads one `1:0` per leaf).
pub fn tile_leaf(t: i64) -> TokenStream {
    if t == 1 {
        let private = emit::private();
        quote!(#private::UnitTile)
    } else {
        emit::static_leaf(t)
    }
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::Divide(form), function, [layout, tiler])) = typed_call(e) else {
        return None;
    };
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&layout.kind, &tiler.kind)
    else {
        return None;
    };
    let (ExprKind::Tuple(shape), ExprKind::Tuple(stride)) = (&shape.kind, &stride.kind) else {
        return None;
    };
    if shape.len() != stride.len() || tiles.len() > shape.len() || tiles.is_empty() {
        return None;
    }
    // With one mode, the core keeps the rest of these two a tuple: not typed here.
    if matches!(form, Form::Tiled | Form::Flat) && shape.len() < 2 {
        return None;
    }
    let leaf = |e: &Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Dynamic(_));
    if !shape.iter().chain(stride).all(leaf) {
        return None;
    }
    let tiles = tiles
        .iter()
        .zip(stride)
        .map(|(t, d)| match (&t.kind, &d.kind) {
            // A static stride product that overflows is the core's error.
            (ExprKind::Int(t), ExprKind::Int(d)) if *t > 0 => d.checked_mul(*t).map(|_| *t),
            (ExprKind::Int(t), _) if *t > 0 => Some(*t),
            _ => None,
        })
        .collect::<Option<Vec<i64>>>()?;
    Some(Rule {
        function,
        form,
        modes: shape.iter().zip(stride).collect(),
        tiles,
    })
}

/// The result of [`Rule::build`]: the `let`s to run first, whether one
/// of them can fail, and the result's trees.
struct Built {
    lets: Vec<TokenStream>,
    checked: bool,
    shape: TokenStream,
    stride: TokenStream,
    signed: bool,
}

impl Rule<'_> {
    /// The straight-line code: `Result<Layout<…>, AlgebraError>`. `leaf`
    /// gives a dynamic leaf's expression by its number.
    pub fn emit(&self, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
        let private = emit::private();
        let label = syn::Lifetime::new("'typed", Span::mixed_site());
        let Built {
            lets,
            checked,
            shape,
            stride,
            signed,
        } = self.build(Some(&leaf), &label);
        let layout = emit::typed_layout(shape, stride, signed);
        let body = quote! {
            #(#lets)*
            ::core::result::Result::<_, #private::AlgebraError>::Ok(#layout)
        };
        // The label only where a check can break out (else it is unused).
        if checked {
            quote!(#label: { #body })
        } else {
            quote!({ #body })
        }
    }

    /// The type of the layout [`Rule::emit`] gives (inside its `Ok`), for
    /// `layout_type!`.
    pub fn layout_type(&self) -> TokenStream {
        let label = syn::Lifetime::new("'typed", Span::mixed_site());
        let built = self.build(None, &label);
        emit::typed_layout_type(built.shape, built.stride, built.signed)
    }

    /// The computation over `Static | Dynamic`: with `leaf`, as code over
    /// `let`-bound leaves; without, every dynamic part is the type `usize`.
    fn build(&self, leaf: Option<&dyn Fn(usize) -> TokenStream>, label: &syn::Lifetime) -> Built {
        let private = emit::private();
        let function = self.function;
        let mut lets = Vec::new();
        let mut checked = false;
        // Each dynamic leaf is evaluated once, in source order; one reading
        // an earlier one's variable (`(m,n):(1,m)`) is its name (fits_covers.rs).
        let mut reads: Vec<(String, Sym)> = Vec::new();
        let mut bind = |e: &Expr, name: String, lets: &mut Vec<TokenStream>| match (&e.kind, leaf) {
            (ExprKind::Int(n), _) => Sym::Static(*n),
            (ExprKind::Dynamic(k), Some(leaf)) => {
                let value = leaf(*k);
                let read = fits_covers::variable_read(&value);
                if let Some((_, earlier)) = reads.iter().find(|(r, _)| Some(r) == read.as_ref()) {
                    return earlier.clone();
                }
                let ident = format_ident!("{name}", span = Span::mixed_site());
                lets.push(quote!(let #ident: usize = #value;));
                let sym = Sym::Dynamic(quote!(#ident));
                reads.extend(read.map(|r| (r, sym.clone())));
                sym
            }
            (ExprKind::Dynamic(_), None) => Sym::Dynamic(quote!(usize)),
            _ => unreachable!("rule() takes leaves only"),
        };
        let shapes: Vec<Sym> = (self.modes.iter().enumerate())
            .map(|(i, (s, _))| bind(s, format!("shape{i}"), &mut lets))
            .collect();
        let strides: Vec<Sym> = (self.modes.iter().enumerate())
            .map(|(i, (_, d))| bind(d, format!("stride{i}"), &mut lets))
            .collect();
        let k = self.tiles.len();
        let mut rests = Vec::new();
        let mut rest_strides = Vec::new();
        let mut covers = Vec::new(); // a stride below its multiple by a tile
        for (i, t) in self.tiles.iter().enumerate() {
            let tile = emit::int(*t);
            rests.push(match (&shapes[i], leaf) {
                // A static extent is not negative (the core checked the layout).
                (Sym::Static(s), _) => Sym::Static((*s as u64).div_ceil(*t as u64) as i64),
                (Sym::Dynamic(s), Some(_)) => Sym::Dynamic(quote!(#private::ceil_div(#s, #tile))),
                (Sym::Dynamic(_), None) => Sym::Dynamic(quote!(usize)),
            });
            rest_strides.push(match (&strides[i], leaf) {
                // A rest of static extent 1 is CuTe's `_1:_0`.
                _ if matches!(rests[i], Sym::Static(1)) => Sym::Static(0),
                (Sym::Static(d), _) => Sym::Static(d * t),
                (Sym::Dynamic(d), Some(_)) => {
                    checked = true;
                    let ident = format_ident!("rest_stride{i}", span = Span::mixed_site());
                    lets.push(quote! {
                        let #ident = match #private::scale(#function, #d, #tile) {
                            ::core::result::Result::Ok(product) => product,
                            ::core::result::Result::Err(e) => break #label ::core::result::Result::Err(e),
                        };
                    });
                    if *t > 1 {
                        covers.push((d.to_string(), ident.to_string()));
                    }
                    Sym::Dynamic(quote!(#ident))
                }
                (Sym::Dynamic(_), None) => Sym::Dynamic(quote!(usize)),
            });
        }
        let tiles: Vec<Sym> = self.tiles.iter().map(|t| Sym::Static(*t)).collect();
        // A tile of 1 is CuTe's `_1:_0`, whatever the mode's stride.
        let tile_strides: Vec<Sym> = (self.tiles.iter().zip(&strides))
            .map(|(t, d)| if *t == 1 { Sym::Static(0) } else { d.clone() })
            .collect();
        let signed =
            (strides.iter().chain(&rest_strides)).any(|x| matches!(x, Sym::Static(n) if *n < 0));
        // The operand and the result fit the core's `i64` (fits.rs; a
        // signed result's leaves are not read, its operand's are).
        let sym = |x: &Sym| match x {
            Sym::Static(n) => FitSym::Static(*n),
            Sym::Dynamic(t) => FitSym::Dynamic(t.clone()),
        };
        let pairs = |s: &[Sym], d: &[Sym]| -> Vec<(FitSym, FitSym)> {
            s.iter().map(sym).zip(d.iter().map(sym)).collect()
        };
        let layouts = [pairs(&shapes, &strides)];
        let result = (!signed).then(|| {
            let mut result = pairs(&tiles, &tile_strides);
            result.extend(pairs(&rests, &rest_strides));
            result.extend(pairs(&shapes[k..], &strides[k..]));
            result
        });
        if let (Some(_), Some(call)) = (
            leaf,
            fits::check(
                function,
                &layouts,
                result.as_deref().map(|r| (r, false)),
                &covers,
            ),
        ) {
            checked = true;
            lets.push(quote! {
                if let ::core::result::Result::Err(e) = #call {
                    break #label ::core::result::Result::Err(e);
                }
            });
        }
        Built {
            lets,
            checked,
            shape: self.gather(&tiles, &rests, &shapes[k..]),
            stride: self.gather(&tile_strides, &rest_strides, &strides[k..]),
            signed,
        }
    }

    /// The result's shape (or stride) tree from the tile parts, the rest
    /// parts and the untiled modes, nested as the function nests them.
    fn gather(&self, tile: &[Sym], rest: &[Sym], untiled: &[Sym]) -> TokenStream {
        let leaves = |parts: &[&[Sym]]| -> Vec<TokenStream> {
            parts.iter().flat_map(|p| p.iter().map(token)).collect()
        };
        match self.form {
            Form::Zipped => emit::tuple(vec![
                emit::tuple(leaves(&[tile])),
                emit::tuple(leaves(&[rest, untiled])),
            ]),
            // A single tile mode stays a tuple, as in `tiled_divide` (the core's nesting).
            Form::Flat if tile.len() > 1 => emit::tuple(leaves(&[tile, rest, untiled])),
            Form::Tiled | Form::Flat => {
                let mut items = vec![emit::tuple(leaves(&[tile]))];
                items.extend(leaves(&[rest, untiled]));
                emit::tuple(items)
            }
            Form::Logical => {
                let mut items: Vec<TokenStream> = (tile.iter().zip(rest))
                    .map(|(t, r)| emit::tuple(vec![token(t), token(r)]))
                    .collect();
                items.extend(leaves(&[untiled]));
                emit::tuple(items)
            }
        }
    }
}

fn token(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => emit::static_leaf(*n),
        Sym::Dynamic(tokens) => tokens.clone(),
    }
}
