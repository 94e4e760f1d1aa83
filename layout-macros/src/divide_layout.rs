//! After `type`: a call that reads its operand only as a function of its
//! leaves (`flatten`, `coalesce`, `complement`, `right_inverse`,
//! `left_inverse`) of a divide of a written-out `SHAPE:STRIDE` by one
//! static layout tiler `T` (`6:1`, or an extent `4`, CuTe's `4:1`), the
//! layout with dynamic leaves: `type flatten(zipped_divide((3,{4}):(1,3), 6:1))`,
//! `type coalesce(tiled_divide({4}:1, 2))`.
//!
//! No typed rule divides by a layout tiler, but the core's divide by one is
//! `A ∘ (T, T*)` with `T* = complement(T, size A)` (`divide_steps`), and
//! `logical_`, `zipped_`, `tiled_` and `flat_divide` by one layout only
//! regroup that result's two modes: the same leaves in the same order,
//! the same function. So the call is rewritten as the same outer call of
//! `composition(A, (T, T*))`, written out, which the typed composition
//! (compose.rs, the core's exact composition or a run-time error naming
//! the values) and nested.rs (the outer call on the composition's typed
//! result) type, or `type` refuses it as before. An outer call that reads
//! modes (a divide of the result, `coalesce` by a profile, a product, a
//! composition whose result takes its operand's nesting) is not rewritten:
//! there the grouping matters.
//!
//! `T*` is the core's own complement where `size A` is static. Where an
//! extent of `A` is dynamic, `T*` is `complement(T, 1)`'s holes (they
//! depend on `T` alone) then `⌈size A / span⌉ : span`, `span` the reach of
//! `T`'s mode of largest stride: the core's complement as a function (its
//! `coalesce` may merge that last mode into the hole below it, or drop it
//! where it is 1; the composition is the same function). `size A` is
//! computed at run time from `A`'s extents, checked for overflow
//! (`__private::extents_size`, an `AlgebraError` naming the factors), and
//! read as one more dynamic leaf of the rewritten call.
//!
//! A divide by a by-mode tiler (`<2:1, 2>`) is not rewritten: `zipped_`,
//! `tiled_` and `flat_divide` then interleave the modes' tiles and rests,
//! an order the composition's result does not have. Nor is a divide by a
//! tiler with a dynamic leaf: `T*`'s holes would be values.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use layout_core::{IntTuple, Layout, complement};

use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};

/// A call rewritten over `composition(A, (T, T*))`.
pub struct Rewrite {
    /// The call, its operand divide replaced by the composition.
    pub expr: Expr,
    /// Where `size A` is dynamic: how the rewritten call's extra leaf is
    /// computed.
    pub rest: Option<Rest>,
}

/// The rest's dynamic extent `⌈size A / span⌉`, the leaf numbered as
/// [`rewrite`] was asked.
pub struct Rest {
    /// `A`'s extents (integers and dynamic leaves), whose product is `size A`.
    pub extents: Vec<Expr>,
    /// The stride of the rest, `T*`'s last mode.
    pub span: i64,
    /// The divide's name, for the overflow error.
    pub function: &'static str,
}

/// The rewrite of `e`, its extra leaf (if `size A` is dynamic) numbered
/// `leaf`, if `e` is a call this module rewrites.
pub fn rewrite(e: &Expr, leaf: usize) -> Option<Rewrite> {
    let (form, _, args) = typed_call(e)?;
    let reads_leaves = match form {
        TypedForm::Flatten
        | TypedForm::Coalesce
        | TypedForm::RightInverse
        | TypedForm::LeftInverse => args.len() == 1,
        TypedForm::Complement => !args.is_empty(),
        _ => false,
    };
    let divide = args.first().filter(|_| reads_leaves)?;
    let (TypedForm::Divide(_), function, [a, tiler]) = typed_call(divide)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || has_dynamic(tiler) || !has_dynamic(divide) {
        return None;
    }
    let t = static_tiler(tiler)?;
    let mut extents = Vec::new();
    leaves(shape, &mut extents);
    let (rest_shape, rest_stride, rest) = if has_dynamic(shape) {
        let holes = complement(&t, 1).ok()?;
        let span = span(&t)?;
        let shape = tuple(vec![tree(holes.shape(), a), dynamic(leaf, a)], a);
        let stride = tuple(vec![tree(holes.stride(), a), int(span, a)], a);
        let rest = Rest {
            extents: extents.into_iter().cloned().collect(),
            span,
            function,
        };
        (shape, stride, Some(rest))
    } else {
        let size = extents.iter().try_fold(1i64, |p, x| match x.kind {
            ExprKind::Int(n) => p.checked_mul(n),
            _ => None,
        })?;
        let r = complement(&t, size).ok()?;
        (tree(r.shape(), a), tree(r.stride(), a), None)
    };
    let b_shape = tuple(vec![tree(t.shape(), tiler), rest_shape], tiler);
    let b_stride = tuple(vec![tree(t.stride(), tiler), rest_stride], tiler);
    let b = Expr::new(
        ExprKind::Layout(Box::new(b_shape), Box::new(b_stride)),
        tiler.span,
    );
    let ExprKind::Call { name_span, .. } = &divide.kind else {
        return None;
    };
    let composition = ExprKind::Call {
        name: "composition".to_owned(),
        name_span: *name_span,
        args: vec![a.clone(), b],
    };
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[0] = Expr::new(composition, divide.span);
    }
    Some(Rewrite { expr, rest })
}

/// The tiler as one static layout: `n` is `n:1`; `None` for a by-mode
/// tiler, a tuple, or a layout the core refuses.
fn static_tiler(tiler: &Expr) -> Option<Layout> {
    let layout = match &tiler.kind {
        ExprKind::Int(n) if *n > 0 => Expr::new(
            ExprKind::Layout(Box::new(tiler.clone()), Box::new(int(1, tiler))),
            tiler.span,
        ),
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => tiler.clone(),
        _ => return None,
    };
    match layout_core::eval(&layout).ok()? {
        layout_core::Value::Layout(l) => Some(l),
        _ => None,
    }
}

/// The reach of `t`'s mode of largest stride (ties: the last, as the
/// core's complement sorts by stride then index), 1 for none: where the
/// complement's last mode starts. Modes of extent 1 or stride 0 do not
/// count, as in the core.
fn span(t: &Layout) -> Option<i64> {
    let modes = t.leaf_modes().filter(|&(s, d)| s != 1 && d != 0);
    match modes.max_by_key(|&(_, d)| d) {
        Some((s, d)) => s.checked_mul(d),
        None => Some(1),
    }
}

fn leaves<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
        _ => out.push(e),
    }
}

fn tree(t: &IntTuple, at: &Expr) -> Expr {
    match t {
        IntTuple::Int(n) => int(*n, at),
        IntTuple::Tuple(items) => tuple(items.iter().map(|i| tree(i, at)).collect(), at),
    }
}

fn tuple(items: Vec<Expr>, at: &Expr) -> Expr {
    Expr::new(ExprKind::Tuple(items), at.span)
}

fn int(n: i64, at: &Expr) -> Expr {
    Expr::new(ExprKind::Int(n), at.span)
}

fn dynamic(k: usize, at: &Expr) -> Expr {
    Expr::new(ExprKind::Dynamic(k), at.span)
}
