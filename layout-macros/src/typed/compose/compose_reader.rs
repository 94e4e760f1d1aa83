//! `composition(X, D(A, T))` after `type`, where the divide `D` of a
//! written-out `A` has a dynamic leaf and a tiler that divide_rest.rs
//! builds `B` for with a run-time prelude (a one-mode tiler with a dynamic
//! leaf, or a static tiler over an `A` of dynamic size): inner.rs's second
//! reader hook, beside divide_rewrite.rs's [`reader`], which takes a call
//! reading a divide's leaves as its first operand.
//!
//! A composition reads its `B` only on its domain, as a function
//! (`(X ∘ Y)(i) = X(Y(i))`, `i < size(Y)`; the result's nesting follows
//! `Y`'s, so it may differ from the core's, as for fold.rs's rewrite of a
//! composition's `B`). By a layout tiler the core's divide is exactly
//! `A ∘ (T, complement(T, size A))` regrouped (its own `divide_steps`), so
//! `D(A, T)` is replaced by `composition(A, B)` and the call typed as
//! nested.rs types `composition(X, composition(A, B))`; the prelude
//! (`Expander::divide_rewritten`) computes `size A` and the rest's span and
//! extent, and refuses, naming the values, where the rest's form is not
//! the core's complement (`__private::tile_rest`). Checked against the
//! core at many run-time values (tests/typed_compose_divide_b.rs).
//!
//! [`past_reader`] takes the divide as the composition's `A`, read past
//! its size (divide_past.rs's case, there by a static tiler while
//! compiling), by a one-mode tiler with a dynamic leaf: `D(A, T)` is
//! replaced by `make_layout(composition(A, B), 1:c)`, `c` the core's
//! continuation of its last leaf computed after the rest's checks
//! (`__private::tile_continuation`), so the appended mode, read only past
//! the divide's size, gives the core's reading at every index. Checked
//! against the core at many run-time values (tests/typed_divide_past.rs).
//!
//! [`inside_reader`], tried before it, takes the same divide where `X`
//! reads it below `size A` while compiling (`X`'s leaves and `A`'s extents
//! static, `A` of two modes or more): a divide is at least `size A` long
//! (its rest `⌈size A / span⌉` spans), so `X` reads it on its domain,
//! where `composition(A, B)` is its function, and nothing is appended. The
//! result then nests as CuTe's (`composition_impl` folds over the divide's
//! flattened modes with a static rank, one mode each where a value is
//! dynamic, the rest in the last), where the appended `1:c` would add a
//! mode CuTe does not have (and past 12 modes, more than a typed layout
//! holds: `tiled_divide(A, 8:{d})` of a four-mode `A`). Checked against
//! the core at every small value and random large ones
//! (tests/typed_divide_inside.rs). Where `size A` or `X` is known only at
//! run time, `past_reader`'s appended mode is dropped again by nested.rs's
//! `Guard` (`__private::continues`): CuTe's nesting too, with an error
//! naming the values where `X` reads past a divide whose last mode does
//! not continue as the core's (tests/typed_divide_last_pair.rs, G1–G9).
//!
//! [`reader`]: crate::typed::divide::divide_rewrite::reader

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;

use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_rest::{Span, int, leaves as leaves_of};
use crate::typed::divide::divide_rewrite::{Past, Rewrite, with_composition};
use crate::{typed::divide::divide_past, typed::divide::divide_rest};

/// The rewrite of `composition(X, D(A, T))` over
/// `composition(X, composition(A, B))`, its extra leaves numbered from
/// `leaf`, if `D` is a divide of a written-out plain `A` with a dynamic
/// leaf (in `A` or `T`) whose `B` needs a prelude (divide_rest.rs's
/// [`Rest`]); a `B` built while compiling is fold.rs's (divide_rewrite.rs).
///
/// [`Rest`]: divide_rest::Rest
pub fn reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (TypedForm::Composition, _, [_, divide]) = typed_call(e)? else {
        return None;
    };
    let (form, function, a, tiler) = plain_divide(divide)?;
    if !has_dynamic(divide) {
        return None;
    }
    let (b, rest) = divide_rest::operand(form, a, tiler, leaf, function)?;
    let rest = Some(rest?);
    let expr = with_composition(e, 1, divide, a, b)?;
    Some(Rewrite {
        expr,
        rest,
        past: None,
    })
}

/// `D(A, T)`, a divide of a written-out plain `A` by a layout tiler, as
/// its form, name, `A` and `T`: what every reader here starts from. A
/// by-mode tiler reads `A` mode by mode: only a layout tiler is exactly
/// one composition.
fn plain_divide(divide: &Expr) -> Option<(layout_core::algebra::Form, &'static str, &Expr, &Expr)> {
    let (TypedForm::Divide(form), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    let layout_tiler = !matches!(tiler.kind, ExprKind::Tiler(_) | ExprKind::Tuple(_));
    (layout_tiler && is_plain(shape) && is_plain(stride)).then_some((form, function, a, tiler))
}

/// A composition `composition(D(A, T), X)` whose `A` is a divide of a
/// written-out plain `A` (no negative static leaf) by a one-mode tiler
/// with a dynamic leaf: what [`past_reader`] and [`inside_reader`] read.
struct PastCall<'a> {
    divide: &'a Expr,
    form: layout_core::algebra::Form,
    function: &'static str,
    a: &'a Expr,
    tiler: &'a Expr,
    /// `A`'s flat extents and strides.
    extents: Vec<&'a Expr>,
    strides: Vec<&'a Expr>,
    /// The composition's `B`.
    x: &'a Expr,
}

/// `e` as a [`PastCall`], if it is one.
fn past_call(e: &Expr) -> Option<PastCall<'_>> {
    let (TypedForm::Composition, _, [divide, x]) = typed_call(e)? else {
        return None;
    };
    let (form, function, a, tiler) = plain_divide(divide)?;
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !has_dynamic(tiler) {
        return None;
    }
    let (extents, strides) = (leaves_of(shape), leaves_of(stride));
    let natural = |x: &&Expr| matches!(x.kind, ExprKind::Int(n) if n >= 0) || has_dynamic(x);
    if extents.len() != strides.len() || !extents.iter().chain(&strides).all(natural) {
        return None;
    }
    Some(PastCall {
        divide,
        form,
        function,
        a,
        tiler,
        extents,
        strides,
        x,
    })
}

/// The rewrite of `composition(D(A, T), X)` over
/// `composition(composition(A, B), X)`, the rest's leaves numbered from
/// `leaf`, where `D` is a [`PastCall`]'s divide of an `A` of two modes or
/// more and `X` reads `D` only below `size A` while compiling (`X` of
/// static leaves, `A` of static extents): `size D ≥ size A` (`B`'s tile and
/// holes cover its span, and its rest `⌈size A / span⌉` spans reach
/// `size A`), so `X` reads `D` on its domain, where `A ∘ B` is its function
/// whatever its nesting, and nothing is appended. Tried before
/// [`past_reader`]: the result nests as CuTe's, whose composition walks
/// the divide's modes alone (no mode `1:c`), and no run-time value reads
/// past the divide.
pub fn inside_reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let call = past_call(e)?;
    let size = (call.extents.iter()).try_fold(1i64, |p, x| match x.kind {
        ExprKind::Int(n) => p.checked_mul(n),
        _ => None,
    })?;
    if call.extents.len() < 2 || reach(call.x)? >= size {
        return None;
    }
    let (b, rest) = divide_rest::operand(call.form, call.a, call.tiler, leaf, call.function)?;
    let expr = with_composition(e, 0, call.divide, call.a, b)?;
    Some(Rewrite {
        expr,
        rest: Some(rest?),
        past: None,
    })
}

/// The largest offset a written-out `X` of static leaves (an extent `n`
/// is `n:1`) reads, -1 where it reads none (an extent 0); `None` for
/// another form, a negative stride or an overflow.
fn reach(x: &Expr) -> Option<i64> {
    let (extents, strides) = match &x.kind {
        ExprKind::Int(n) => (vec![*n], vec![1]),
        ExprKind::Layout(s, d) if is_plain(s) && is_plain(d) => {
            let int = |e: &&Expr| match e.kind {
                ExprKind::Int(n) => Some(n),
                _ => None,
            };
            let (s, d) = (leaves_of(s), leaves_of(d));
            let s: Vec<i64> = s.iter().map(int).collect::<Option<_>>()?;
            let d: Vec<i64> = d.iter().map(int).collect::<Option<_>>()?;
            (s, d)
        }
        _ => return None,
    };
    if extents.len() != strides.len() || extents.iter().chain(&strides).any(|&n| n < 0) {
        return None;
    }
    if extents.contains(&0) {
        return Some(-1);
    }
    (extents.iter().zip(&strides)).try_fold(0i64, |sum, (s, d)| {
        sum.checked_add((s - 1).checked_mul(*d)?)
    })
}

/// The rewrite of `composition(D(A, T), X)` over
/// `composition(make_layout(composition(A, B), 1:c), X)`, its extra
/// leaves (the rest's, then `c`) numbered from `leaf`, if `e` is a
/// [`PastCall`] (module doc).
pub fn past_reader(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let PastCall {
        divide,
        form,
        function,
        a,
        tiler,
        extents,
        strides,
        ..
    } = past_call(e)?;
    let (b, rest) = divide_rest::operand(form, a, tiler, leaf, function)?;
    let rest = rest?;
    let (s, d) = match &tiler.kind {
        ExprKind::Layout(s, d) => ((**s).clone(), (**d).clone()),
        _ => (tiler.clone(), int(1, tiler)),
    };
    // The rest's leaves come first: `rest` and `span` for a tile, `size A`
    // for a tile of span 1.
    let c = match rest.span {
        Span::Tile(..) => leaf + 2,
        Span::Whole(_) => leaf + 1,
        Span::Static(..) => return None,
    };
    let ExprKind::Call { name_span, .. } = &divide.kind else {
        return None;
    };
    let call = |name: &str, args: Vec<Expr>| {
        let kind = ExprKind::Call {
            name: name.to_owned(),
            name_span: *name_span,
            args,
        };
        Expr::new(kind, divide.span)
    };
    // One mode of `A` by a tile `s:d`: the walk scales `B`'s leaves by
    // `A`'s stride, so the rest's stride alone sets the continuation.
    let one_mode = extents.len() == 1 && matches!(rest.span, Span::Tile(..));
    let composed = call("composition", vec![a.clone(), b]);
    let extended = match one_mode {
        true => composed,
        false => divide_past::appended(composed, c, divide.span),
    };
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[0] = extended;
    }
    let past = Past {
        tile: (s, d),
        extents: extents.into_iter().cloned().collect(),
        strides: strides.into_iter().cloned().collect(),
        one_mode,
    };
    Some(Rewrite {
        expr,
        rest: Some(rest),
        past: Some(past),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parsed(text: &str) -> Expr {
        let (ast, errors) = crate::ast::parse(text.parse().unwrap());
        assert!(errors.is_empty(), "{text}");
        ast.expr
    }

    /// [`inside_reader`]'s fact: a divide by a one-mode tile is at least
    /// `size A` long, wherever the core answers it.
    #[test]
    fn a_divide_by_one_mode_is_at_least_size_a_long() {
        let mut answered = 0;
        for (s, d, m) in
            (0..=9).flat_map(|s| (0..=9).flat_map(move |d| (1..=40).map(move |m| (s, d, m))))
        {
            let a = [
                (format!("{m}:1"), m),
                (format!("(2,{m}):(1,2)"), 2 * m),
                (format!("({m},3):(3,1)"), 3 * m),
            ];
            for (a, size_a) in a {
                let text = format!("logical_divide({a}, {s}:{d})");
                if let Ok(layout_core::Value::Layout(l)) = layout_core::evaluate(&text) {
                    assert!(l.size() >= size_a, "{text}: {l}");
                    answered += 1;
                }
            }
        }
        assert!(answered > 1_000, "{answered}");
    }

    #[test]
    fn only_a_read_below_a_static_size_a_is_inside() {
        for (text, inside) in [
            (
                "composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{d}),8:32)",
                true,
            ),
            // 7·32 + 1·256 = 480 ≥ 256: past, appended (past_reader).
            (
                "composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{d}),(8,2):(32,256))",
                false,
            ),
            ("composition(logical_divide((1,8):(8,1), t), 4:1)", true),
            ("composition(logical_divide((1,8):(8,1), t), 8:1)", true),
            ("composition(logical_divide((1,8):(8,1), t), 9:1)", false),
            // An extent 0 reads nothing.
            (
                "composition(logical_divide((1,8):(8,1), t), (0,9):(1,9))",
                true,
            ),
            // `A` of one mode: past_reader keeps the rest its last mode.
            ("composition(logical_divide(8:1, t), 4:1)", false),
            // A dynamic extent of `A` or leaf of `X`: not known while compiling.
            ("composition(logical_divide((m,8):(8,1), 2:t), 4:1)", false),
            ("composition(logical_divide((1,8):(8,1), t), 4:{k})", false),
            // A static tile: fold.rs's rewrite, not this reader.
            ("composition(logical_divide((1,8):(8,1), 2), 4:1)", false),
            // A by-mode tiler `X` reads the divide mode by mode.
            ("composition(logical_divide((1,8):(8,1), t), <2>)", false),
        ] {
            let e = parsed(text);
            assert_eq!(inside_reader(&e, 100).is_some(), inside, "{text}");
        }
    }
}
