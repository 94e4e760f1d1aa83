//! A divide is a composition; this module builds the layout it composes
//! with. Where a rewrite is allowed, and the two hook points, is
//! divide_rewrite.rs; `B` with leaves computed from `A`'s dynamic extents
//! as new input leaves is compose_divide.rs; what runs is the facade's
//! `__private` `divide_rest.rs`.
//!
//! The fact, stated once: for every divide `D` of the core, `D(A, T)` is
//! `A ∘ B` with `B` built from `T` and `shape(A)` alone. By a layout `T`
//! (an extent `n` is `n:1`), `B = (T, T*)`, `T* = complement(T, size A)`
//! (the core's `divide_steps`), and `logical_`, `zipped_`, `tiled_` and
//! `flat_divide` only regroup its two modes: the same leaves in the same
//! order, the same function. By a by-mode tiler, mode `i` of `A` is divided
//! by `Ti` so, reached through `A`'s index as `Q_i · j` (`Q_i` the product
//! of the sizes of the modes before it), so its part of `B` is `(Ti, Ti*)`
//! with every stride times `Q_i`, a mode past the tiler `size(A_k) : Q_k`;
//! the forms regroup `((T0, T1, …), (T0*, T1*, …, A2, …))`. Each mode but
//! `A`'s last must hold its tile and rest exactly (a static size the rest
//! ends at), else `A ∘ B` carries into the next mode where the core's
//! divide of the mode alone extends it.
//!
//! The core's `complement(T, M)` is the holes between `T`'s modes sorted by
//! stride, then `⌈M / span⌉ : span` ([`span`]: the reach of `T`'s mode of
//! largest stride), coalesced. Only that last extent depends on `M`: with
//! `T` static the holes are the core's value while compiling and, where an
//! extent of `A` is dynamic, `⌈size A / span⌉` is computed at run time (the
//! coalesce may merge or drop that mode; the composition is the same
//! function). As a function a layout is its leaves in order, so `B`'s
//! nesting, and so the result's, can differ from the core's `D(A, T)`:
//! only a call that reads the divide as a function is rewritten.

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::{IntTuple, Layout, Value, complement, eval};

use crate::tree::{has_dynamic, is_plain};
use crate::typed::divide::divide_rest_cute::static_part;

/// The rest's dynamic parts: its last extent `⌈size A / span⌉`, the leaf
/// numbered as `divide_rewrite::reader` was asked, and for a dynamic tiler its span,
/// the next leaf.
pub struct Rest {
    /// `A`'s extents (integers and dynamic leaves), whose product is `size A`.
    pub extents: Vec<Expr>,
    /// Where the rest's last mode starts.
    pub span: Span,
    /// The divide's name, for the errors.
    pub function: &'static str,
}

/// Where the rest's last mode starts.
pub enum Span {
    /// A static span (a static tiler's reach) and the rest's static
    /// first extent (1 for none, [`static_part`]): the rest is
    /// `(S, ⌈size A / span⌉ / S) : (span, span · S)`.
    Static(i64, i64),
    /// `extent · stride` of a one-mode tiler with a dynamic leaf, checked
    /// at run time (`__private::tile_rest`).
    Tile(Expr, Expr),
    /// A one-mode tiler of this extent (dynamic) whose static extent 1 or
    /// static stride 0 makes the rest `size A : 1`; the extent checked
    /// not 0, which the core refuses.
    Whole(Expr),
}

/// `B` for the divide `form` of the written-out `a` (plain) by `tiler`,
/// read by a call whose prelude computes the rest's run-time parts
/// ([`Rest`], its leaves numbered from `leaf`): by a layout tiler, static
/// or one mode with a dynamic leaf, `(T, T*)`; by a by-mode tiler of
/// static entries covering every mode, [`by_mode`]. `None` for any other
/// form, or a negative static extent of `a`.
pub fn operand(
    form: Form,
    a: &Expr,
    tiler: &Expr,
    leaf: usize,
    function: &'static str,
) -> Option<(Expr, Option<Rest>)> {
    let ExprKind::Layout(shape, _) = &a.kind else {
        return None;
    };
    let extents = leaves(shape);
    if extents
        .iter()
        .any(|x| matches!(x.kind, ExprKind::Int(n) if n < 0))
    {
        return None;
    }
    let extents: Vec<Expr> = extents.into_iter().cloned().collect();
    if let ExprKind::Tiler(tiles) = &tiler.kind {
        return by_mode(a, tiles, form, leaf, function);
    }
    let (t_shape, t_stride, rest_shape, rest_stride, rest) = if has_dynamic(tiler) {
        let (s, d) = dynamic_tile(tiler)?;
        let (shape, stride, span) = dynamic_rest(&s, &d, leaf, a);
        let rest = Rest {
            extents,
            span,
            function,
        };
        (s, d, shape, stride, Some(rest))
    } else {
        let t = static_tiler(tiler)?;
        let (shape, stride, rest) = static_rest(&t, extents, leaf, a, function)?;
        (
            tree(t.shape(), tiler),
            tree(t.stride(), tiler),
            shape,
            stride,
            rest,
        )
    };
    let b_shape = tuple(vec![t_shape, rest_shape], tiler);
    let b_stride = tuple(vec![t_stride, rest_stride], tiler);
    let b = Expr::new(
        ExprKind::Layout(Box::new(b_shape), Box::new(b_stride)),
        tiler.span,
    );
    Some((b, rest))
}

/// The layout `L` over `A`'s index whose composition `A ∘ L` is the divide
/// of `a` by the by-mode tiler `tiles` (one static layout or extent per
/// top-level mode of `a`, all of them) as a function: each mode's
/// `(Ti, Ti*)`, its strides scaled by the size of the modes before it
/// (where mode `i` starts in `A`'s index), the leaves in the divide's
/// order (`logical_divide`: `((T0,T0*),(T1,T1*),…)`; the others: the tiles,
/// then the rests). Only where each mode but the last is covered exactly
/// by its `(Ti, Ti*)` (else `A ∘ L` would carry into the next mode where
/// the divide extends the mode's last leaf), known while compiling: every
/// size but the last static. The last mode's size may be dynamic (its rest
/// `⌈size / span⌉` the extra leaf).
fn by_mode(
    a: &Expr,
    tiles: &[Expr],
    form: Form,
    leaf: usize,
    function: &'static str,
) -> Option<(Expr, Option<Rest>)> {
    let (ExprKind::Layout(shape, _), false) = (&a.kind, tiles.iter().any(has_dynamic)) else {
        return None;
    };
    let ExprKind::Tuple(modes) = &shape.kind else {
        return None;
    };
    if modes.len() != tiles.len() || modes.is_empty() {
        return None;
    }
    let (mut parts, mut before, mut rest) = (Vec::new(), 1i64, None);
    for (i, (mode, tile)) in modes.iter().zip(tiles).enumerate() {
        let t = static_tiler(tile)?;
        let extents = leaves(mode);
        let last = i + 1 == modes.len();
        let (r_shape, r_stride, r) = static_rest(
            &t,
            extents.into_iter().cloned().collect(),
            leaf,
            a,
            function,
        )?;
        if r.is_some() && !last {
            return None;
        }
        let size = size_of(mode);
        if !last {
            let covered = t.size().checked_mul(size_of(&r_shape)?)?;
            if Some(covered) != size {
                return None;
            }
        }
        let t_stride = scaled(&tree(t.stride(), tile), before)?;
        let r_stride = scaled(&r_stride, before)?;
        parts.push((tree(t.shape(), tile), t_stride, r_shape, r_stride));
        rest = r;
        if !last {
            before = before.checked_mul(size?)?;
        }
    }
    let (shape, stride) = match form {
        Form::Logical => {
            let shape = parts
                .iter()
                .map(|p| tuple(vec![p.0.clone(), p.2.clone()], a));
            let stride = parts
                .iter()
                .map(|p| tuple(vec![p.1.clone(), p.3.clone()], a));
            (tuple(shape.collect(), a), tuple(stride.collect(), a))
        }
        _ => {
            let tiles_shape = tuple(parts.iter().map(|p| p.0.clone()).collect(), a);
            let tiles_stride = tuple(parts.iter().map(|p| p.1.clone()).collect(), a);
            let rests_shape = tuple(parts.iter().map(|p| p.2.clone()).collect(), a);
            let rests_stride = tuple(parts.iter().map(|p| p.3.clone()).collect(), a);
            (
                tuple(vec![tiles_shape, rests_shape], a),
                tuple(vec![tiles_stride, rests_stride], a),
            )
        }
    };
    let b = Expr::new(ExprKind::Layout(Box::new(shape), Box::new(stride)), a.span);
    Some((b, rest))
}

/// The product of a tree's integers, `None` with a dynamic leaf.
pub fn size_of(e: &Expr) -> Option<i64> {
    leaves(e).iter().try_fold(1i64, |p, x| match x.kind {
        ExprKind::Int(n) => p.checked_mul(n),
        _ => None,
    })
}

/// A static stride tree times `by`; `None` with a dynamic leaf or overflow.
fn scaled(e: &Expr, by: i64) -> Option<Expr> {
    let kind = match &e.kind {
        ExprKind::Int(n) => ExprKind::Int(n.checked_mul(by)?),
        ExprKind::Tuple(items) => {
            ExprKind::Tuple(items.iter().map(|i| scaled(i, by)).collect::<Option<_>>()?)
        }
        _ => return None,
    };
    Some(Expr::new(kind, e.span))
}

/// `T*` of a static tiler `t`: the core's complement where `size A` is
/// static; else its holes (none: left out) then `leaf : span`.
fn static_rest(
    t: &Layout,
    extents: Vec<Expr>,
    leaf: usize,
    a: &Expr,
    function: &'static str,
) -> Option<(Expr, Expr, Option<Rest>)> {
    if extents.iter().any(has_dynamic) {
        let holes = complement(t, 1).ok()?;
        let span = span(t)?;
        // CuTe's rest is `⌈shape(A) / span⌉` mode by mode: a static
        // first extent `S` over `A`'s static leaves, where exact.
        let s = static_part(&extents, span);
        let (mut shape, mut stride) = (Vec::new(), Vec::new());
        if s > 1 {
            shape.push(int(s, a));
            stride.push(int(span, a));
        }
        shape.push(dynamic(leaf, a));
        stride.push(int(span.checked_mul(s)?, a));
        // No hole (the core's `1:0`): the rest is its last modes alone,
        // as CuTe's complement coalesces it (no extra mode of extent 1).
        if holes.size() != 1 {
            shape.insert(0, tree(holes.shape(), a));
            stride.insert(0, tree(holes.stride(), a));
        }
        let one = |mut v: Vec<Expr>| match v.len() {
            1 => v.remove(0),
            _ => tuple(v, a),
        };
        let (shape, stride) = (one(shape), one(stride));
        let rest = Rest {
            extents,
            span: Span::Static(span, s),
            function,
        };
        return Some((shape, stride, Some(rest)));
    }
    let size = extents.iter().try_fold(1i64, |p, x| match x.kind {
        ExprKind::Int(n) => p.checked_mul(n),
        _ => None,
    })?;
    let r = complement(t, size).ok()?;
    Some((tree(r.shape(), a), tree(r.stride(), a), None))
}

/// A tiler with a dynamic leaf that is one mode `s:d` of leaves (`{4}` is
/// `{4}:1`): its extent and stride.
fn dynamic_tile(tiler: &Expr) -> Option<(Expr, Expr)> {
    let leaf = |e: &Expr| matches!(e.kind, ExprKind::Int(n) if n >= 0) || has_dynamic(e);
    let (s, d) = match &tiler.kind {
        ExprKind::Dynamic(_) => (tiler.clone(), int(1, tiler)),
        ExprKind::Layout(s, d) => ((**s).clone(), (**d).clone()),
        _ => return None,
    };
    let single = |e: &Expr| matches!(e.kind, ExprKind::Int(_) | ExprKind::Dynamic(_));
    (single(&s) && single(&d) && leaf(&s) && leaf(&d)).then_some((s, d))
}

/// `T*` of a one-mode tiler `s:d` with a dynamic leaf: `size A : 1` where
/// `s` is a static 1 or `d` a static 0 (the core's complement at any
/// value), else `(d, rest):(1, span)` (the hole `d:1` left out where `d`
/// is a static 1), `rest` leaf `leaf` and `span` leaf `leaf + 1`. Where
/// `size A` is static, so is that `size A : 1` (CuTe's complement of a
/// filtered-out tile is its static cotarget); the prelude still checks the
/// tile.
fn dynamic_rest(s: &Expr, d: &Expr, leaf: usize, at: &Expr) -> (Expr, Expr, Span) {
    let is = |e: &Expr, n: i64| matches!(e.kind, ExprKind::Int(m) if m == n);
    if is(s, 1) || is(d, 0) {
        let size = match &at.kind {
            ExprKind::Layout(shape, _) => {
                leaves(shape).iter().try_fold(1i64, |p, x| match x.kind {
                    ExprKind::Int(n) if n >= 0 => p.checked_mul(n),
                    _ => None,
                })
            }
            _ => None,
        };
        let rest = size.map_or_else(|| dynamic(leaf, at), |n| int(n, at));
        return (rest, int(1, at), Span::Whole(s.clone()));
    }
    let last = (dynamic(leaf, at), dynamic(leaf + 1, at));
    let span = Span::Tile(s.clone(), d.clone());
    if is(d, 1) {
        return (last.0, last.1, span);
    }
    let shape = tuple(vec![d.clone(), last.0], at);
    let stride = tuple(vec![int(1, at), last.1], at);
    (shape, stride, span)
}

/// The tiler as one static layout whose shape and stride are plain trees:
/// see [`static_tile`].
fn static_tiler(tiler: &Expr) -> Option<Layout> {
    match &tiler.kind {
        ExprKind::Layout(shape, stride) if !is_plain(shape) || !is_plain(stride) => None,
        _ => static_tile(tiler),
    }
}

/// A static tiler (or a by-mode tiler's entry) as one layout: an extent
/// `n` is `n:1`; `None` for a by-mode tiler, a tuple, or a layout the core
/// refuses.
pub fn static_tile(t: &Expr) -> Option<Layout> {
    let layout = match &t.kind {
        ExprKind::Int(n) if *n > 0 => Expr::new(
            ExprKind::Layout(Box::new(t.clone()), Box::new(int(1, t))),
            t.span,
        ),
        ExprKind::Layout(..) => t.clone(),
        _ => return None,
    };
    match eval(&layout).ok()? {
        Value::Layout(l) => Some(l),
        _ => None,
    }
}

/// The reach of `t`'s mode of largest stride (ties: the last, as the
/// core's complement sorts by stride then index), 1 for none: where the
/// complement's last mode starts. Modes of extent 1 or stride 0 do not
/// count, as in the core.
pub fn span(t: &Layout) -> Option<i64> {
    let modes = t.leaf_modes().filter(|&(s, d)| s != 1 && d != 0);
    match modes.max_by_key(|&(_, d)| d) {
        Some((s, d)) => s.checked_mul(d),
        None => Some(1),
    }
}

/// The leaves of a plain tree, in order.
pub fn leaves(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().flat_map(leaves).collect(),
        _ => vec![e],
    }
}

/// A static integer tree written out at `at`.
pub fn tree(t: &IntTuple, at: &Expr) -> Expr {
    match t {
        IntTuple::Int(n) => int(*n, at),
        IntTuple::Tuple(items) => tuple(items.iter().map(|i| tree(i, at)).collect(), at),
    }
}

/// A tuple of `items` at `at`.
pub fn tuple(items: Vec<Expr>, at: &Expr) -> Expr {
    Expr::new(ExprKind::Tuple(items), at.span)
}

/// The integer `n` at `at`.
pub fn int(n: i64, at: &Expr) -> Expr {
    Expr::new(ExprKind::Int(n), at.span)
}

/// Dynamic leaf `k` at `at`.
pub fn dynamic(k: usize, at: &Expr) -> Expr {
    Expr::new(ExprKind::Dynamic(k), at.span)
}
