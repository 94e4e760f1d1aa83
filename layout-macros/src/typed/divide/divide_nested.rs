//! The divides of a written-out nested layout (a top-level mode a tuple)
//! after `type`, which divide.rs's flat rule does not take: typed through
//! the facade's `Divide` methods, as a named layout's divide is
//! (divide.rs's `emit_named`), by a tiler of at most the layout's rank (the
//! modes past it pass through, as CuTe's divides keep them).

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::emit;
use crate::tree::is_plain;
use crate::typed::divide::{door, facade_divide, tile_leaf};
use crate::typed::partition::partition_args::{leaves_of, spread_fits};

/// A divide the facade's `Divide` methods type for a written-out layout
/// [`rule`] does not take, a nested one (a mode a tuple):
/// `logical_divide(((2,4),m):((1,2),8), <4,8>)` or `zipped_divide`, the
/// tiler one entry per top-level mode, each a static positive extent or
/// (for a tuple mode) a tiler of at most the mode's rank, `<<2,4>,8>` or
/// `<<2>,8>`. The result
/// is the method's: each mode divided as the typed partitions divide it
/// (a nested mode's tile spread over its leaves, its divisibility checked,
/// static leaves kept static). Returns the divide's form, the layout's
/// trees and the tiler's tokens.
pub fn nested_call(e: &Expr) -> Option<(Form, &Expr, &Expr, TokenStream)> {
    let (form, layout, tiler) = facade_divide(e)?;
    let (ExprKind::Layout(shape, stride), ExprKind::Tiler(tiles)) = (&layout.kind, &tiler.kind)
    else {
        return None;
    };
    let ExprKind::Tuple(modes) = &shape.kind else {
        return None;
    };
    // A tuple mode, or a tuple of tiles over a leaf (divided as a rank-1
    // layout, CuTe's by-mode recursion), which divide.rs's flat rule does
    // not take.
    let nested = modes.iter().any(|m| matches!(m.kind, ExprKind::Tuple(_)))
        || tiles.iter().any(|t| matches!(t.kind, ExprKind::Tiler(_)));
    if !nested || !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    Some((form, shape, stride, by_mode_tiler(tiles, modes)?))
}

/// A by-mode tiler whose entries match the first of `modes` one for one
/// (the modes past it pass through, as CuTe's divides keep them): a static
/// positive extent for any mode, a tiler of at most its rank for a tuple
/// mode (again the first sub-modes), a tiler of one entry for a leaf.
/// An extent over a tuple mode must meet the conditions the facade asserts
/// while compiling ([`spread_fits`]: CuTe's `static_assert`s where the
/// leaves are static); one that does not (`(6,3):(2,12)` by 9, which only
/// merging the two leaves divides) goes through the core.
fn by_mode_tiler(tiles: &[Expr], modes: &[Expr]) -> Option<TokenStream> {
    if tiles.is_empty() || tiles.len() > modes.len() {
        return None;
    }
    let entries = tiles
        .iter()
        .zip(modes)
        .map(|(t, m)| match (&t.kind, &m.kind) {
            (ExprKind::Int(t), ExprKind::Tuple(_)) if *t > 0 => {
                let mut leaves = Vec::new();
                leaves_of(m, &mut leaves);
                spread_fits(&leaves, *t).then(|| tile_leaf(*t))
            }
            (ExprKind::Int(t), _) if *t > 0 => Some(tile_leaf(*t)),
            // A shorter tuple of tiles divides the first sub-modes, the
            // others pass through (CuTe's by-mode recursion, as at the
            // top level).
            (ExprKind::Tiler(inner), ExprKind::Tuple(sub)) => by_mode_tiler(inner, sub),
            // A leaf by a tuple of one tile: the leaf as a rank-1 layout
            // (CuTe: `(_8,_16):(_1,_8)` by `((_2),_4)` is
            // `(((_2,_4)),(_4,_4)):(((_1,_2)),(_8,_32))`).
            (ExprKind::Tiler(inner), _) => by_mode_tiler(inner, std::slice::from_ref(m)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()?;
    Some(emit::tuple(entries))
}

/// The type of a [`nested_call`]'s layout (inside its `Result`), for
/// `layout_type!`: `<LAYOUT as Divide<TILER>>::Logical` (or `Zipped`),
/// where the tiler's tokens (`C::<4>`) are read as its type (`C<4>`).
pub fn nested_type(form: Form, layout: TokenStream, tiler: TokenStream) -> TokenStream {
    let private = emit::private();
    let output = door(form).and_then(|d| d.output).expect("a facade divide");
    let output = format_ident!("{output}");
    quote!(<#layout as #private::Divide<#tiler>>::#output)
}
