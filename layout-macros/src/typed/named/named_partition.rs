//! After `type`, the partitions with a named operand (`#L`, `#T`, …):
//! `local_tile(L, T, C[, STEP])`, `inner_partition(L, T, C)`,
//! `outer_partition(L, T, C)` and `local_partition(L, THR, I[, STEP])`
//! call the facade's typed partitions on the typed layout
//! (`src/private/partition/named_partition.rs`, the traits of `tensor::typed`), as
//! the written-out forms do (partition.rs): `Result<(typed layout, base),
//! Error>`. Each operand is named or written out: `L` a `SHAPE:STRIDE` of
//! plain leaves, `T` a tuple (or `<…>`) of static extents (nested for a
//! tuple mode; its tiles may be named, `(#t, 8)`, which is typed with or
//! without `type`, as a divide's), `THR` a static layout, `C`/`I` integers, dynamic leaves and
//! `_` (nested as the modes), `STEP` a tuple of `1` and `_`/`X`. A named
//! tiler, tile or thread layout must hold static extents
//! (`StaticOperand`, asked at its name); a named tile, or a whole named
//! tiler (with a step, the entries the step keeps), must nest as what it
//! tiles (`PrefixTilerFits`, `StepTilerFits`, at its name). Any other
//! operand is an error at it: under `type`, a named partition never falls
//! back to the core at run time. An all-written-out call whose tiler nests
//! a tile tuple partition.rs does not take (shorter than its tuple mode,
//! `((2),4)` over `((4,8),m)`, or one tile over a leaf) comes here too,
//! typed as the same tiler named.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{self, Partition, TypedForm};
use proc_macro2::TokenStream;
use quote::{format_ident, quote, quote_spanned};

use crate::emit::{self, Untypable};
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::tree::has_dynamic;
use crate::typed::named::named_tile_coordinate::Bound;
use crate::typed::named::{contains, is_layout_operand, name, with_named_modes};
use crate::typed::operands::Fitted;
use crate::typed::partition::partition_args::{entry, entry_type, is_underscore};

/// The facade's names for a partition with a named operand
/// (`src/private/partition/named_partition.rs`, `tensor::typed`), keyed by the
/// registry's form and whether a step is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Door {
    /// The `__private` function the expansion calls.
    function: &'static str,
    /// The trait of `tensor::typed` whose `Output` `layout_type!` names.
    trait_name: &'static str,
}

/// The door for `partition` (with a step or not); `None` for a partition
/// the facade has no typed door for.
fn door(partition: Partition, step: bool) -> Option<Door> {
    let (function, trait_name) = match (partition, step) {
        (Partition::Tile, false) => ("named_local_tile", "Tiler"),
        (Partition::Tile, true) => ("named_local_tile_step", "TilerStep"),
        (Partition::Outer, false) => ("named_outer_partition", "OuterTiler"),
        (Partition::Threads, false) => ("named_local_partition", "ThreadsOf"),
        (Partition::Threads, true) => ("named_local_partition_step", "ThreadsStep"),
        _ => return None,
    };
    Some(Door {
        function,
        trait_name,
    })
}

/// A partition with a named operand, its operands as written.
pub struct Call<'a> {
    /// Which partition (the registry's form).
    pub form: Partition,
    /// The function's name, the registry's.
    pub function: &'static str,
    /// The facade's names for it.
    door: Door,
    /// The layout partitioned.
    pub layout: &'a Expr,
    /// The tiler, or the thread layout.
    pub by: &'a Expr,
    /// The tile coordinate, or the thread index (or coordinate).
    pub at: &'a Expr,
    /// CuTe's `Step` projection.
    pub step: Option<&'a Expr>,
}

/// The partition call `e` with a named operand: `None` if `e` is not one,
/// an operand and what it should be if one is written in a form the
/// typed partitions cannot take. Also an all-written-out call whose tiler
/// nests a tile tuple partition.rs does not take (`short_nested`).
pub fn call(e: &Expr) -> Option<Result<Call<'_>, (&Expr, String)>> {
    if !contains(e) {
        // All written out: partition.rs types it, except a tiler with a
        // tile tuple shorter than its mode or over a leaf, which the named
        // doors fit to the mode (`FitTile`), as a named `#t` is.
        return short_nested(e)
            .then(|| call_of(e))
            .flatten()
            .filter(Result::is_ok);
    }
    call_of(e)
}

/// An all-written-out partition partition.rs does not type, whose tiler
/// nests a tile tuple and whose coordinate is not one integer (CuTe's
/// `local_tile(t, tiler, k)` with a nested tiler has no typed door): the
/// named doors take it as they take the same tiler named.
fn short_nested(e: &Expr) -> bool {
    let Some((TypedForm::Partition(form), _, args)) = typed_call(e) else {
        return false;
    };
    let [_, by, at, ..] = args else {
        return false;
    };
    let nested = match &by.kind {
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter().any(|i| matches!(i.kind, ExprKind::Tuple(_)))
        }
        _ => false,
    };
    form != Partition::Threads
        && nested
        && static_tiler(by)
        && matches!(at.kind, ExprKind::Tuple(_))
        && crate::typed::partition::rule(e).is_none()
}

/// `call` once `e` is known to be a partition with an operand the named
/// doors take.
fn call_of(e: &Expr) -> Option<Result<Call<'_>, (&Expr, String)>> {
    let (TypedForm::Partition(form), function, args) = typed_call(e)? else {
        return None;
    };
    // The registry's arity says whether a fourth operand (a step) is
    // taken; another arity is the core's error, already reported (valid.rs).
    if !registry::function(function)?.arity.contains(&args.len()) {
        return None;
    }
    let (layout, by, at, step) = match args {
        [l, b, a] => (l, b, a, None),
        [l, b, a, s] => (l, b, a, Some(s)),
        _ => return None,
    };
    let door = door(form, step.is_some())?;
    let threads = form == Partition::Threads;
    if !is_layout_operand(layout) {
        return refuse(
            layout,
            "a named typed layout or a written-out `SHAPE:STRIDE`",
        );
    }
    let by_fits = match threads {
        true => name(by).is_some() || (matches!(by.kind, ExprKind::Layout(..)) && !has_dynamic(by)),
        // CuTe's `make_shape(t, Int<8>{})` as the tiler: a tuple nesting
        // named tiles (`(#t, 8)`), each asked for static extents at its name.
        false => name(by).is_some() || static_tiler(by) || with_named_modes(by, true),
    };
    if !by_fits {
        let what = match threads {
            true => {
                "a named static thread layout (`layout!(type (4,8):(8,1))`) or a static `SHAPE:STRIDE`"
            }
            false => "a named tiler (`(C<4>, C<8>)`) or a tuple of static extents (`(4, 8)`)",
        };
        return refuse(by, what);
    }
    if name(at).is_none() && !coordinate(at) {
        return refuse(
            at,
            "a named coordinate, or one written out of integers, dynamic leaves and `_`",
        );
    }
    if let Some(s) = step.filter(|s| name(s).is_none() && !static_step(s)) {
        return refuse(s, "a named step or a tuple of `1` and `_`");
    }
    Some(Ok(Call {
        form,
        function,
        door,
        layout,
        by,
        at,
        step,
    }))
}

/// The error at an operand the typed partitions cannot take.
fn refuse<'e>(at: &'e Expr, what: &str) -> Option<Result<Call<'e>, (&'e Expr, String)>> {
    let message = format!(
        "a `type` partition with a named operand takes {what} here: write it so, or drop `type` to partition through the core at run time"
    );
    Some(Err((at, message)))
}

/// A tuple (or `<…>`) of static extents of 1 or more, nested for tuple modes.
fn static_tiler(t: &Expr) -> bool {
    match &t.kind {
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            !items.is_empty() && items.iter().all(extents)
        }
        _ => false,
    }
}

fn extents(t: &Expr) -> bool {
    match &t.kind {
        ExprKind::Int(n) => *n >= 1,
        ExprKind::Tuple(items) => !items.is_empty() && items.iter().all(extents),
        _ => false,
    }
}

/// Integers (not negative), dynamic leaves and `_`, nested: a
/// coordinate the typed doors take (a partition's, a slice's).
pub(crate) fn coordinate(c: &Expr) -> bool {
    match &c.kind {
        ExprKind::Int(n) => *n >= 0,
        ExprKind::Dynamic(_) => true,
        ExprKind::Tuple(items) => items.iter().all(coordinate),
        _ => is_underscore(c),
    }
}

/// A flat tuple of `1` (keep) and `_`/`X` (drop).
fn static_step(s: &Expr) -> bool {
    match &s.kind {
        ExprKind::Tuple(items) => items
            .iter()
            .all(|i| matches!(i.kind, ExprKind::Int(1)) || is_underscore(i)),
        _ => false,
    }
}

impl Expander<'_> {
    /// The call of the facade's typed partition (`__private::named_*`).
    pub fn named_partition(&self, call: &Call) -> syn::Result<TokenStream> {
        let private = emit::private();
        let layout = self.layout_operand(call.layout)?;
        let step = call.step.map(|s| match name(s) {
            // A step, asked at the name (`StepOperand`): a typed layout
            // or a shape there is one error at the name.
            Some(_) => {
                let (value, span) = (self.named(s), self.ast.spans[s.span.end - 1]);
                quote_spanned!(span=> ::layout_dsl::__private::StepOperand::step_operand(#value))
            }
            None => statics(s),
        });
        let by = match name(call.by) {
            // Static extents, asked at the name (`StaticOperand`; a tiler
            // is also not a layout, `NotALayout`), each by the trait's own
            // function (no note into the library): a run-time extent is one
            // error there, and none at the call.
            Some(_) => {
                let (value, span) = (self.named(call.by), self.ast.spans[call.by.span.end - 1]);
                if call.threads() {
                    // A thread layout is a typed layout (CuTe's
                    // `local_partition(tensor, Layout, index)`): a shape
                    // there is one error at the name (`LayoutOperand`).
                    let private = quote_spanned!(span=> ::layout_dsl::__private);
                    quote_spanned!(span=> #private::StaticOperand::static_extents(
                        *#private::LayoutOperand::layout_operand(&#value)
                    ))
                } else {
                    // Then nested as the layout (`PrefixTilerFits`, as a
                    // divide's whole named tiler; with a step, the entries
                    // it keeps): one error there.
                    let private = quote_spanned!(span=> ::layout_dsl::__private);
                    let value = quote_spanned!(span=>
                        #private::StaticOperand::static_tiler(#private::NotALayout::not_a_layout(#value))
                    );
                    let what = match &step {
                        Some(step) => Fitted::TilerStep(step.clone()),
                        None => Fitted::TilerPrefix,
                    };
                    self.fit(call.by, value, what, call.function)
                }
            }
            None if call.threads() => self.value(call.by)?,
            None => self.tiler_tree(call.by, call.function),
        };
        let at = match name(call.at) {
            // A coordinate or index, asked at the name (`CoordOperand`):
            // a typed layout there is one error at the name.
            Some(_) => {
                let (value, span) = (self.named(call.at), self.ast.spans[call.at.span.end - 1]);
                quote_spanned!(span=> ::layout_dsl::__private::CoordOperand::coord_operand(#value))
            }
            // A written-out coordinate's parentheses at the user's `(`: a
            // coordinate longer than the layout or the tiler is reported
            // there, not over the whole macro call.
            None => emit::at_paren(
                entry(call.at, &|k| self.leaf(k)),
                self.ast.spans[call.at.span.start],
            ),
        };
        // A nested coordinate: each tuple entry asked at its `(` against
        // the mode the divide leaves there (`named_tile_coordinate.rs`).
        let bound = Bound::new();
        let checked = self.checked_tile_coordinate(call.door.function, call.at, &at, &bound);
        let (lets, at) = checked.unwrap_or((Vec::new(), at));
        // `local_tile`'s (and `inner_partition`'s) coordinate no longer
        // than the layout's modes, `outer_partition`'s than its tiler:
        // asked by the checks' own functions (no "required by a bound"
        // note into the library), at the coordinate.
        let at = match call.door.function {
            "named_local_tile" => quote!(#private::TileCoordFits::<_>::fit_coord(#at)),
            "named_outer_partition" => {
                quote!(#private::OuterCoordFits::<_>::fit_outer_coord(#at))
            }
            _ => at,
        };
        let function = format_ident!("{}", call.door.function);
        let by = match call.threads() {
            true => quote!(&#by),
            false => by,
        };
        let call = quote!(#private::#function);
        Ok(bound.call(call, (&layout, &by, step.as_ref()), at, lets))
    }
}

impl Expander<'_> {
    /// A written-out tiler, its named modes (`(#t, 8)`) asked for static
    /// extents at their names as a whole named tiler is, each mode's tile
    /// (named or a written-out tuple) whether it nests as the mode it tiles
    /// (`FitsMode`, as a divide's): `C::<N>` per extent, nested tuples.
    fn tiler_tree(&self, e: &Expr, function: &str) -> TokenStream {
        let value = |e: &Expr| {
            let (value, span) = (self.named(e), self.ast.spans[e.span.end - 1]);
            let private = quote_spanned!(span=> ::layout_dsl::__private);
            quote_spanned!(span=>
                #private::StaticOperand::static_tiler(#private::NotALayout::not_a_layout(#value))
            )
        };
        self.mode_tiles(e, function, emit::static_leaf, &value)
    }
}

/// Whether `e` is a partition whose written-out tiler nests named tiles.
pub fn of_named_modes(e: &Expr) -> bool {
    matches!(call(e), Some(Ok(c)) if name(c.by).is_none() && with_named_modes(c.by, true))
}

impl Call<'_> {
    /// Whether `by` is a thread layout (`local_partition`), not a tiler.
    fn threads(&self) -> bool {
        self.form == Partition::Threads
    }
}

/// A written-out static tiler or step (`call` checked it) as a value that
/// is also its type: `C::<N>` per extent (`C::<1>` per kept mode), `X`
/// per dropped mode, nested tuples.
pub fn statics(e: &Expr) -> TokenStream {
    match &e.kind {
        ExprKind::Int(n) => emit::static_leaf(*n),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            emit::tuple(items.iter().map(statics).collect())
        }
        _ => {
            let private = emit::private();
            quote!(#private::X)
        }
    }
}

/// The type of the layout inside the `Result` the call gives, for
/// `layout_type!`: a projection through the facade's traits. `operand`
/// types a named operand (`#T` names a type there) or a written-out layout;
/// `threads` a written-out static thread layout.
pub fn layout_type(
    call: &Call,
    operand: &dyn Fn(&Expr) -> Result<TokenStream, Untypable>,
    threads: &dyn Fn(&Expr) -> Result<TokenStream, Untypable>,
) -> Result<TokenStream, Untypable> {
    let layout = operand(call.layout)?;
    let by = match name(call.by) {
        Some(_) => operand(call.by)?,
        None if call.threads() => threads(call.by)?,
        None => tiler_type(call.by, operand)?,
    };
    let at = match name(call.at) {
        Some(_) => operand(call.at)?,
        None => entry_type(call.at),
    };
    // A thread index is not a parameter of the threads' traits.
    let at = (!call.threads()).then_some(at);
    let step = match call.step {
        Some(s) if name(s).is_some() => Some(operand(s)?),
        Some(s) => Some(statics(s)),
        None => None,
    };
    let typed = quote!(::layout_dsl::tensor::typed);
    let trait_name = format_ident!("{}", call.door.trait_name);
    let params = [Some(layout), at, step].into_iter().flatten();
    Ok(quote!(<#by as #typed::#trait_name<#(#params),*>>::Output))
}

/// The type of a written-out tiler for `layout_type!`: a named mode's is
/// what `StaticOperand::static_tiler` gives for it (`StaticExtents::Tiler`).
fn tiler_type(
    e: &Expr,
    operand: &dyn Fn(&Expr) -> Result<TokenStream, Untypable>,
) -> Result<TokenStream, Untypable> {
    match &e.kind {
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            let items = items.iter().map(|i| tiler_type(i, operand));
            Ok(emit::tuple(items.collect::<Result<_, _>>()?))
        }
        _ if name(e).is_some() => {
            let t = operand(e)?;
            Ok(quote!(<#t as ::layout_dsl::__private::StaticExtents>::Tiler))
        }
        _ => Ok(statics(e)),
    }
}
