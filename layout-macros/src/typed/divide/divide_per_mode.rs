//! After `type`, `composition(X, D(A, <T0,…>))`: a divide `D` by a by-mode
//! tiler of static entries, of a written-out `A` with a dynamic leaf, as
//! a composition's `B`, divided mode by mode as CuTe divides it. Tried
//! first by divide_by_mode.rs's reader, whose `A ∘ B` composes `A` whole:
//! there one dynamic extent makes the strides of every later mode's part
//! of `B` run-time (they are scaled by where the mode starts in `A`'s
//! index), so the composition splits them into leaves CuTe does not have.
//!
//! CuTe's `logical_divide(A, tiler)` is `transform_layout(A, tiler,
//! logical_divide)`: mode `i` is `composition(A_i, (Ti, complement(Ti,
//! shape(A_i))))`, a composition by a tuple composing each of its modes
//! alone; the modes past the tiler stay. So `D(A, <T0,…>)` is rewritten
//! to the `make_layout` of `composition(A_i, Ti)` and `composition(A_i,
//! Ti*)` (the rest compose_divide.rs's `rest`: the holes, then CuTe's
//! `⌈shape(A_i) / span⌉` with its static first extent where exact, the
//! run-time one a computed leaf), grouped as the divide groups them
//! (compose_divide.rs's `by_mode_b`), each part CuTe's layout, and the
//! call is typed as nested.rs types it. The core divides mode by mode too,
//! so nothing has to hold across modes (divide_by_mode.rs's run-time
//! check is not needed); the compositions' own checks refuse, naming the
//! values, where the core's refuse. A tile of extent 1 is CuTe's `_1:_0`,
//! its rest over a leaf mode the mode itself, both written out.
//!
//! `make_layout` reads its last operand mode by mode (nested.rs's
//! `by_modes`) unless it ends exact (`ends_exact`: a `make_layout` whose
//! last operand has no dynamic leaf, zipped_divide's group of rests) or
//! is read only on its domain (`on_domain`): as the `B` of a composition
//! that is the whole input it is, so a last part that is a call with a
//! dynamic leaf (a logical divide's last pair) is nested too (a group of written-out
//! parts is one written-out layout, not a `make_layout` call;
//! tests/typed_divide_last_pair.rs). Each of
//! `A`'s dynamic leaves is read in more than one part, so only an
//! expression with no call (compose_divide.rs's `no_call`) is. Checked
//! against the core at many run-time values (tests/typed_divide_per_mode.rs).

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;

use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::compose::compose_divide::{self, no_call, size_parts};
use crate::typed::divide::divide_rest::{int, leaves as leaves_of, static_tile};
use crate::typed::nested;

/// A composition whose `B` is a divide by a by-mode tiler of a written-out
/// `A` of two modes or more, each a shape and a stride (the form both
/// per-mode rewrites take, this file's and divide_per_mode_tile.rs's).
pub struct ByModeDivide<'e> {
    /// The divide call, `B`.
    pub divide: &'e Expr,
    /// Which divide it is.
    pub form: Form,
    /// The divide's name, for the checks' errors.
    pub function: &'static str,
    /// `A`, the layout divided.
    pub a: &'e Expr,
    /// The tiler, `<T0,…>`.
    pub tiler: &'e Expr,
    /// `A`'s modes' shapes and strides, and the tiler's entries.
    pub modes: &'e [Expr],
    pub strides: &'e [Expr],
    pub tiles: &'e [Expr],
}

/// `e` read as a [`ByModeDivide`], if it is one.
pub fn by_mode_divide(e: &Expr) -> Option<ByModeDivide<'_>> {
    let (TypedForm::Composition, _, [_, divide]) = typed_call(e)? else {
        return None;
    };
    let (TypedForm::Divide(form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&a.kind, &tiler.kind) else {
        return None;
    };
    let (ExprKind::Tuple(modes), ExprKind::Tuple(strides)) = (&shape.kind, &stride.kind) else {
        return None;
    };
    let plain = is_plain(shape) && is_plain(stride);
    if !plain || modes.len() != strides.len() || modes.len() < 2 || tiles.len() > modes.len() {
        return None;
    }
    Some(ByModeDivide {
        divide,
        form,
        function,
        a,
        tiler,
        modes,
        strides,
        tiles,
    })
}

/// `e` (a composition, the whole input where `root`) with its `B`, a
/// divide of the form the module doc names, replaced by the `make_layout`
/// of its per-mode compositions, with `leaves` (the input's) and the
/// rest's computed leaves after them.
pub fn rewrite(e: &Expr, leaves: &[TokenStream], root: bool) -> Option<(Expr, Vec<TokenStream>)> {
    let ByModeDivide {
        divide,
        form,
        a,
        tiler,
        modes,
        strides,
        tiles,
        ..
    } = by_mode_divide(e)?;
    if !has_dynamic(a) || has_dynamic(tiler) || !read_again(a, leaves) {
        return None;
    }
    let mut all = leaves.to_vec();
    let (mut tile_parts, mut rests, mut past) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (mode, d)) in modes.iter().zip(strides).enumerate() {
        let a_i = layout(mode.clone(), d.clone(), divide);
        let Some(t) = tiles.get(i) else {
            past.push(a_i);
            continue;
        };
        // CuTe's `_1:_0`, whatever the mode; over a leaf its rest is the mode.
        if matches!(t.kind, ExprKind::Int(1)) {
            tile_parts.push(layout(int(1, t), int(0, t), t));
            if !matches!(mode.kind, ExprKind::Tuple(_)) {
                rests.push(a_i);
                continue;
            }
        }
        let layout_t = static_tile(t)?;
        if layout_t.leaf_modes().any(|(s, d)| d < 0 || s == 0) {
            return None;
        }
        if !matches!(t.kind, ExprKind::Int(1)) {
            let t = match &t.kind {
                ExprKind::Int(_) => layout(t.clone(), int(1, t), t),
                _ => t.clone(),
            };
            tile_parts.push(call("composition", vec![a_i.clone(), t], divide));
        }
        let size = size_parts(mode, leaves)?;
        let rest = compose_divide::rest(mode, &layout_t, &[], &size)?;
        let rest = layout(
            compose_divide::written(&rest, true, &mut all, t),
            compose_divide::written(&rest, false, &mut all, t),
            t,
        );
        rests.push(call("composition", vec![a_i, rest], divide));
    }
    let grouped = grouped(form, tile_parts, rests, past, divide);
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[1] = grouped;
    }
    let typed = nested::types_at(&expr, root) || crate::typed::rules::layout_type(&expr).is_some();
    typed.then_some((expr, all))
}

/// Whether each of `a`'s dynamic leaves may be read more than once.
fn read_again(a: &Expr, leaves: &[TokenStream]) -> bool {
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return false;
    };
    (leaves_of(shape).into_iter().chain(leaves_of(stride))).all(|x| match x.kind {
        ExprKind::Dynamic(k) => leaves.get(k).is_some_and(no_call),
        _ => true,
    })
}

/// The parts in the nesting of the divide `form` (as compose_divide.rs's
/// `by_mode_b`): `((T0, C0), …, A2, …)`, `((T0, …), (C0, …, A2, …))`,
/// `((T0, …), C0, …, A2, …)` or, with more than one tile, `(T0, …, C0, …,
/// A2, …)` (one tile: as `tiled_divide`, the core's nesting).
pub(crate) fn grouped(
    form: Form,
    tiles: Vec<Expr>,
    rests: Vec<Expr>,
    past: Vec<Expr>,
    at: &Expr,
) -> Expr {
    let make = |items: Vec<Expr>| merged(items, at);
    match form {
        Form::Logical => {
            let pairs = tiles.into_iter().zip(rests).map(|(t, c)| make(vec![t, c]));
            make(pairs.chain(past).collect())
        }
        Form::Zipped => make(vec![
            make(tiles),
            make(rests.into_iter().chain(past).collect()),
        ]),
        Form::Flat if tiles.len() > 1 => make(tiles.into_iter().chain(rests).chain(past).collect()),
        Form::Tiled | Form::Flat => {
            let first = std::iter::once(make(tiles));
            make(first.chain(rests).chain(past).collect())
        }
    }
}

/// `make_layout(items)`, or where every item is written out (no call),
/// the one written-out layout of their shapes and strides (the same
/// layout, and no call for nested.rs to hold back as `make_layout`'s last
/// operand).
fn merged(items: Vec<Expr>, at: &Expr) -> Expr {
    let written = |e: &Expr| match &e.kind {
        ExprKind::Layout(s, d) => Some(((**s).clone(), (**d).clone())),
        _ => None,
    };
    match items.iter().map(written).collect::<Option<Vec<_>>>() {
        Some(parts) if !parts.is_empty() => {
            let (shapes, strides): (Vec<Expr>, Vec<Expr>) = parts.into_iter().unzip();
            let tuple = |items| Expr::new(ExprKind::Tuple(items), at.span);
            layout(tuple(shapes), tuple(strides), at)
        }
        _ => call("make_layout", items, at),
    }
}

/// `shape:stride` at `at`'s place.
pub(crate) fn layout(shape: Expr, stride: Expr, at: &Expr) -> Expr {
    Expr::new(ExprKind::Layout(Box::new(shape), Box::new(stride)), at.span)
}

/// The call `name(args)` at `at`'s place (its name's span for errors).
pub(crate) fn call(name: &str, args: Vec<Expr>, at: &Expr) -> Expr {
    let name_span = match &at.kind {
        ExprKind::Call { name_span, .. } => *name_span,
        _ => at.span,
    };
    let kind = ExprKind::Call {
        name: name.to_owned(),
        name_span,
        args,
    };
    Expr::new(kind, at.span)
}
