//! After `type`, a call whose operand is a call the macro types only
//! through the facade's traits (`type coalesce(logical_divide(#a, <4>))`,
//! `type composition(zipped_divide(#a, (2,2)), 4:1)`, an operand that is a
//! divide of a nested written-out layout): the macro cannot see the inner
//! result's type (it is a trait's associated type), so it cannot write the
//! result out as nested.rs does. Instead the inner call's value is bound to
//! a fresh name and the outer call is typed as if its user had written that
//! name (`#A` in an operand's place): the facade's trait for the outer call
//! takes the inner type, as it takes any named layout, and rustc checks it.
//!
//! `match INNER { Ok(inner) => OUTER(inner), Err(e) => Err(e) }`: every
//! facade algebra call is a `Result<_, AlgebraError>`, so the nested call
//! is one too (no closure, no `?`: BENCHMARKS.md's compile-cost notes).
//!
//! Only an operand the outer call reads as a function is nested so: where
//! it reads it mode by mode (nested.rs's `by_modes`: a divide's layout, a
//! by-mode tiler's layout, `blocked_product`…), CuTe's typed modes of a
//! result with dynamic leaves can differ from the core's, which the same
//! call without `type` uses (the facade's `coalesce` of `(m,2):(1,m)` keeps
//! two modes, the core's one), so the two forms could tile other modes.
//! The macro cannot see whether a named layout has dynamic leaves, so that
//! operand is refused at its call ([`refused`], one error), as nested.rs
//! refuses a written-out one with dynamic leaves.
//!
//! A typed `flatten(#A)` (the layout's own `flatten`, a value, not a
//! `Result`) is bound with `let` instead, and an outer `flatten` takes it
//! (`type flatten(flatten(#a))`, a value as `type flatten(#a)` is), but no
//! other inner call (its `Result` would make the whole one).
//!
//! An input with no named layout binds only `coalesce` of a nested
//! written-out divide of at most 6 leaves ([`unnamed_fits`]): every other
//! result type there is one the facade's traits could refuse past their
//! limits (12 leaves, static strides for a complement) where the macro
//! cannot see it, and such an input must compile wherever the macro types
//! it (the golden sweep's promise; nested.rs types the rest, seeing their
//! types). With a named layout, a limit the macro cannot see is rustc's
//! error at the call, as for any call of a named layout.
//!
//! A call of these that reads its operand as a function (`flatten`,
//! `coalesce`, `complement`, the inverses) of a divide by a layout tiler,
//! which no typed form takes, is rewritten instead (divide_rewrite.rs: the
//! divide as the composition it is) and typed through nested.rs; this
//! module only asks it ([`types`], [`Expander::inner`]). So are a
//! composition's `B` that is a divide by a one-mode tiler with a dynamic
//! leaf (compose_reader.rs), and a divide by a by-mode tiler read by any
//! of these with a dynamic extent in a mode before the last
//! (divide_by_mode.rs) or a dynamic one-mode entry
//! (divide_tile_dynamic.rs), each with a prelude of run-time checks.

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

use crate::expand::Expander;
use crate::kind::{Kind, kind};
use crate::{
    typed::compose::compose_reader, typed::divide, typed::divide::divide_by_mode,
    typed::divide::divide_rewrite, typed::divide::divide_tile_dynamic, typed::named,
    typed::named::named_product, typed::nested, typed::rules,
};

/// The text of an inner call's bound name after `#`: a space no token can
/// spell, so it never meets a user's name.
const PREFIX: &str = "nested ";

/// The identifier a bound inner result is read by, if `name` (after `#`)
/// is one: mixed-site, so user code around the call cannot see it.
pub fn ident(name: &str) -> Option<Ident> {
    let at = name.strip_prefix(PREFIX)?;
    Some(format_ident!("inner_{at}", span = Span::mixed_site()))
}

/// Whether the macro types `e` (a call giving a layout `Result`) through a
/// facade trait or a rule: a divide, coalesce, complement, composition or
/// product of a named layout, a divide of a nested written-out layout, a
/// call the rules type, or a call nested as this module nests.
fn typed(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Call { .. })
        && kind(e) == Kind::Layout
        && (facade_typed(e)
            || divide::rule(e).is_some()
            || rules::layout_type(e).is_some()
            || nested::types(e))
}

/// Whether the macro types `e` through a facade trait (or by binding).
fn facade_typed(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Call { .. })
        && kind(e) == Kind::Layout
        && (divide::named_call(e).is_some()
            || named::value_method(e).is_some()
            || named::flatten(e).is_some()
            || named::composition(e).is_some()
            || named_product::call(e).is_some()
            || divide::nested_call(e).is_some()
            || call(e).is_some())
}

/// Without a named layout, every type is one the macro could check, and a
/// call it types must compile (the sweep's promise): the facade's traits
/// have limits the macro cannot see in a result's type (`coalesce` flattens
/// at most 12 leaves; a product's complement needs static strides), so
/// only what always holds is bound: `coalesce` of a divide of a nested
/// written-out layout of at most 6 leaves (each leaf gives at most a tile
/// and a rest, so at most 12). Calls the rules type are nested.rs's, which
/// sees their types.
fn unnamed_fits(e: &Expr, i: usize) -> bool {
    let ExprKind::Call { args, .. } = &e.kind else {
        return false;
    };
    let Some((_, shape, _, _)) = args.get(i).and_then(divide::nested_call) else {
        return false;
    };
    let coalesce = matches!(
        crate::kind::typed_call(e),
        Some((layout_core::registry::TypedForm::Coalesce, _, [_]))
    );
    let mut leaves = Vec::new();
    crate::typed::partition::partition_args::leaves_of(shape, &mut leaves);
    coalesce && leaves.len() <= 6
}

/// Whether the facade's traits take the outer call with its operand
/// bound to a name (or a further operand nested as here).
/// An outer `flatten` takes only an inner `flatten(#A)` (a value, so the
/// whole stays one, as `type flatten(#A)` is): `arg`, the operand bound.
fn outer_typed(e: &Expr, arg: &Expr) -> bool {
    divide::named_call(e).is_some()
        || named::value_method(e).is_some()
        || named::flatten(e).is_some() && named::flatten(arg).is_some()
        || named::composition(e).is_some()
        || named_product::call(e).is_some()
        || call(e).is_some()
}

/// `e` with its first operand that is a facade-typed call read as a
/// function replaced by a bound name, if the outer call is then typed;
/// with the index of that operand.
fn call(e: &Expr) -> Option<(usize, Expr)> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    // A call nested.rs types needs no binding: its inner result is seen.
    if nested::types(e) {
        return None;
    }
    let named = named::contains(e);
    args.iter().enumerate().find_map(|(i, arg)| {
        if !typed(arg) || nested::by_modes(e, i) || !named && !unnamed_fits(e, i) {
            return None;
        }
        let outer = bound(e, i);
        outer_typed(&outer, arg).then_some((i, outer))
    })
}

/// `e` with operand `i` replaced by its bound name (at the operand's span,
/// where an error the outer trait reports about it points).
fn bound(e: &Expr, i: usize) -> Expr {
    let mut outer = e.clone();
    if let ExprKind::Call { args, .. } = &mut outer.kind {
        let at = args[i].span;
        let name = format!("#{PREFIX}{}", at.start);
        args[i] = Expr::new(ExprKind::Name(name), at);
    }
    outer
}

/// Whether `type` answers `e` by binding an operand call's result, or by
/// rewriting an operand divide read as a function (divide_rewrite.rs,
/// compose_reader.rs, divide_by_mode.rs, divide_tile_dynamic.rs).
/// `e` is the whole input (zero_sized.rs), `leaves` its leaves (a rewrite
/// that reads one again needs its tokens to call nothing).
pub fn types(e: &Expr, leaves: &[TokenStream]) -> bool {
    call(e).is_some()
        || rewritten(e, 0).is_some()
        || divide_by_mode::reader(e, leaves, true).is_some()
        || divide_tile_dynamic::reader(e, leaves, true).is_some()
        || past(e, 0).is_some()
}

/// `e` rewritten by compose_reader.rs's `inside_reader` (a divide by a
/// dynamic one-mode tiler read below `size A`, nothing appended) or else
/// its `past_reader` (read past its size), if the rules then type it:
/// tried last, so that it never replaces a form typed otherwise.
fn past(e: &Expr, leaf: usize) -> Option<divide_rewrite::Rewrite> {
    let types = |r: &divide_rewrite::Rewrite| nested::types(&r.expr);
    (compose_reader::inside_reader(e, leaf).filter(types))
        .or_else(|| compose_reader::past_reader(e, leaf).filter(types))
}

/// `e` rewritten over a composition (divide_rewrite.rs), its extra leaf
/// numbered `leaf`, if the rules then type it (through nested.rs).
fn rewritten(e: &Expr, leaf: usize) -> Option<divide_rewrite::Rewrite> {
    divide_rewrite::reader(e, leaf)
        .or_else(|| compose_reader::reader(e, leaf))
        .filter(|r| nested::types(&r.expr))
}

/// The operand call this module holds back from nesting in `e` (or in a
/// call inside it) because the outer call reads it mode by mode: where
/// `type` reports its refusal.
pub fn refused(e: &Expr) -> Option<&Expr> {
    let ExprKind::Call { args, .. } = &e.kind else {
        return None;
    };
    let held = args.iter().enumerate().find(|&(i, arg)| {
        named::contains(arg)
            && typed(arg)
            && nested::by_modes(e, i)
            && outer_typed(&bound(e, i), arg)
    });
    held.map(|(_, arg)| arg)
        .or_else(|| args.iter().find_map(refused))
}

/// Why [`refused`] holds an operand call back.
pub const REFUSED: &str = "`type` cannot nest this call here: the call around reads it by mode, and its typed result may group dynamic leaves unlike the core; name it first (`let t = layout!(type …)?;`, `#t`) or drop `type`";

/// An operand call of `e` (or of a call inside it) typed through the
/// facade's traits alone (it has a named layout) that no typed form of the
/// call around it takes, with that call's function: where `type` reports
/// that it cannot nest it. (A partition around it says so itself.)
pub fn unnested(e: &Expr) -> Option<(&Expr, &str)> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let held = args.iter().enumerate().find(|&(i, arg)| {
        named::contains(arg)
            && typed(arg)
            && !nested::by_modes(e, i)
            && !outer_typed(&bound(e, i), arg)
    });
    match held {
        Some((_, arg)) => Some((arg, name.as_str())),
        None => args.iter().find_map(unnested),
    }
}

/// Why [`unnested`] cannot nest an operand call in `function`.
pub fn unnested_message(function: &str) -> String {
    // `flatten(#t)` is typed of a name; the inverses are not (they read
    // written-out strides).
    let bind = if function == "flatten" {
        "name it first (`let t = layout!(type …)?;`, then `flatten(#t)`) or "
    } else {
        ""
    };
    format!(
        "`type` cannot nest this call in `{function}`, which has no typed form for a result the macro cannot see: {bind}drop `type` (all at run time)"
    )
}

impl Expander<'_> {
    /// The code for `e`, if an operand call's result is bound and the
    /// outer call typed on it.
    pub(crate) fn inner(&self, e: &Expr) -> Option<syn::Result<TokenStream>> {
        if let Some(r) = rewritten(e, self.ast.leaves.len()) {
            return Some(self.divide_rewritten(r));
        }
        let root = self.is_root(e);
        if let Some(c) = divide_by_mode::reader(e, &self.ast.leaves, root) {
            return Some(self.by_mode_checked(c));
        }
        if let Some(c) = divide_tile_dynamic::reader(e, &self.ast.leaves, root) {
            return Some(self.tile_dynamic(c));
        }
        let Some((i, outer)) = call(e) else {
            let r = past(e, self.ast.leaves.len())?;
            return Some(self.divide_rewritten(r));
        };
        let ExprKind::Call { args, .. } = &e.kind else {
            return None;
        };
        Some(self.bind(&args[i], &outer))
    }

    /// `outer` with the inner call `arg`'s value bound to its name. A
    /// typed `flatten(#A)` is the layout's own `flatten`, a value, not a
    /// `Result` (so an outer `flatten` of it is a value too): it is bound
    /// with `let`.
    fn bind(&self, arg: &Expr, outer: &Expr) -> syn::Result<TokenStream> {
        let inner = self.expr(arg)?;
        let outer_tokens = self.expr(outer)?;
        let name = format!("{PREFIX}{}", arg.span.start);
        let value = ident(&name).expect("a bound name");
        let error = format_ident!("error", span = Span::mixed_site());
        if named::flatten(arg).is_some() {
            return Ok(quote!({
                let #value = #inner;
                #outer_tokens
            }));
        }
        Ok(quote! {
            match #inner {
                ::core::result::Result::Ok(#value) => #outer_tokens,
                ::core::result::Result::Err(#error) => ::core::result::Result::Err(#error),
            }
        })
    }
}
