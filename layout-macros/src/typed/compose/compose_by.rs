//! `B` a by-mode tiler in `layout!(type composition(A, B))` (compose.rs
//! types the walk): `<B0,…>`, or a tuple of extents `(n0,…)`, CuTe's shape
//! tiler, the by-mode tiler of `n:1`s as the core reads it. CuTe's
//! `composition(layout, tiler)` with a tuple tiler composes mode `i` of
//! `A` with `Bi` and nests the result as the tiler (`composition({6}:1,
//! (3))` is `(_3):(_1)`, a one-mode tuple), the modes past the tiler
//! dropped.
//!
//! `A` a leaf `s:d` (not a tuple) is a layout of rank 1: CuTe's `layout<0>`
//! of it is itself, so a one-entry tiler composes it whole and nests the
//! result in a one-mode tuple (`composition(8:{4}, <1>)` is `(_1):(4)`);
//! a longer tiler has more entries than `A` has modes, which CuTe's
//! `static_assert` refuses and this does not type either.

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;

use crate::typed::compose::{Part, leaves, part};

/// Whether `a`, an operand call of a composition by a by-mode tiler,
/// has top-level modes that are the core's whenever its typed result is
/// the core's function: a `logical_product` or `zipped_product` is `(A',
/// B')` by definition (CuTe's and the core's), of sizes `size(A)` and
/// `size(B)`, so the typed and the core's results have the same mode
/// sizes, and a layout `(M0, M1)` of mode sizes `s0, s1` is `M0(i mod s0)
/// + M1(i / s0)`: equal functions with equal `s0` have equal modes. So
/// the tiler composes the same modes as the core's (nested.rs's
/// `by_modes` then lets the typed result be nested).
pub fn modes_fixed(a: &Expr) -> bool {
    matches!(
        crate::kind::typed_call(a),
        Some((TypedForm::Product(Form::Logical | Form::Zipped), ..))
    )
}

/// The parts of `A ∘ B` for a by-mode tiler `B` of entries `tiles`: mode
/// `i` of `A` (a range of its flattened leaves) with entry `i`; `None`
/// where `A`'s shape and stride are not congruent, the tiler is empty or
/// longer than `A`'s rank, or an entry is not a layout written out or an
/// extent.
pub fn parts<'a>(
    a_shape: &'a Expr,
    a_stride: &'a Expr,
    tiles: &'a [Expr],
) -> Option<Vec<Part<'a>>> {
    let modes: Vec<(&Expr, &Expr)> = match (&a_shape.kind, &a_stride.kind) {
        (ExprKind::Tuple(shapes), ExprKind::Tuple(strides)) if shapes.len() == strides.len() => {
            shapes.iter().zip(strides).collect()
        }
        (ExprKind::Tuple(_), _) | (_, ExprKind::Tuple(_)) => return None,
        // A leaf is its own only mode.
        _ => vec![(a_shape, a_stride)],
    };
    if tiles.is_empty() || tiles.len() > modes.len() {
        return None;
    }
    let mut start = 0;
    let mut parts = Vec::new();
    for ((s, d), tile) in modes.into_iter().zip(tiles) {
        let end = start + leaves(s, d)?.len();
        parts.push(part(start..end, tile)?);
        start = end;
    }
    Some(parts)
}
