//! divide_per_mode.rs's rewrite where the by-mode tiler has an entry with
//! a dynamic leaf (`composition(X, tiled_divide(A, <{4}, 2:1>))`): tried
//! first by divide_tile_dynamic.rs's reader, whose `A ∘ B` composes `A`
//! whole (its later modes' strides scaled by a run-time start, so split
//! into leaves CuTe does not have). Here, as CuTe's `logical_divide` by a
//! tuple, mode `i` is `composition(A_i, Ti)` and `composition(A_i, Ti*)`,
//! grouped by the divide's form in a `make_layout`. The rests are
//! divide_tile_dynamic.rs's with no scaling: a dynamic one-mode entry
//! `s:d`'s the hole `d:1` (none for a static 1) and `⌈M / span⌉ : span`,
//! computed and checked by `__private::tile_rest` (an error naming the
//! values where that form is not the core's complement), `M:1` where `s`
//! is a static 1 or `d` a static 0; a two-leaf entry's CuTe's complement
//! (divide_tile_two.rs's `cute_rest`: its static extents 1 dropped, the
//! dynamic ones kept, checked against the core's by `tile2_rest_cute`); a
//! static entry's compose_divide.rs's `rest` (CuTe's
//! static first extent where exact). Each mode is divided alone, as the
//! core divides it, so no mode has to hold its tile and rest
//! (`mode_holds` is not asked). Every dynamic leaf of `A` and the tiler is
//! bound once. Checked against the core at many run-time values
//! (tests/typed_divide_per_mode.rs).

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::quote;

use crate::tree::has_dynamic;
use crate::typed::compose::compose_divide::{self, Leaf, Node, product, written};
use crate::typed::divide::divide_per_mode::{ByModeDivide, by_mode_divide, call, grouped, layout};
use crate::typed::divide::divide_rest::{int, leaves as leaves_of, static_tile};
use crate::typed::divide::divide_tile_dynamic::{
    Checked, dynamic_leaves, dynamic_tile, ident, static_node, tokens, value,
};
use crate::typed::divide::divide_tile_two::{cute_rest, two_leaf};
use crate::{emit, typed::nested};

/// The rewrite of `e` (over `leaves`, the input's), if it is a
/// composition whose `B` is a divide of the module doc's form and the
/// rules then type it.
pub fn rewrite(e: &Expr, leaves: &[TokenStream], root: bool) -> Option<Checked> {
    let ByModeDivide {
        divide,
        function,
        a,
        modes,
        strides,
        tiles,
        tiler,
        form,
    } = by_mode_divide(e)?;
    if !has_dynamic(tiler) {
        return None;
    }
    let private = emit::private();
    let (mut all, mut checks) = (leaves.to_vec(), Vec::new());
    let (mut tile_parts, mut rests, mut past) = (Vec::new(), Vec::new(), Vec::new());
    for (i, (mode, d)) in modes.iter().zip(strides).enumerate() {
        let a_i = layout(mode.clone(), d.clone(), divide);
        let Some(t) = tiles.get(i) else {
            past.push(a_i);
            continue;
        };
        let extents: Vec<Leaf> = (leaves_of(mode).into_iter().map(value)).collect::<Option<_>>()?;
        let size = product(&extents, 1)?;
        let unit = matches!(t.kind, ExprKind::Int(1));
        // A tile of extent 1 is CuTe's `_1:_0`; over a leaf its rest is the mode.
        let tile = match &t.kind {
            ExprKind::Int(1) => layout(int(1, t), int(0, t), t),
            ExprKind::Int(_) | ExprKind::Dynamic(_) => layout(t.clone(), int(1, t), t),
            _ => t.clone(),
        };
        tile_parts.push(match unit {
            true => tile,
            false => call("composition", vec![a_i.clone(), tile], divide),
        });
        if unit && !matches!(mode.kind, ExprKind::Tuple(_)) {
            rests.push(a_i);
            continue;
        }
        let rest = if two_leaf(t).is_some() {
            cute_rest(t, i, mode, &extents, &size, function, &mut checks)?
        } else if let Some((s, d)) = dynamic_tile(t) {
            let (s, d) = (value(s)?, d.map_or(Some(Leaf::Static(1)), value)?);
            let (st, dt, mt) = (tokens(&s), tokens(&d), tokens(&size));
            if matches!(s, Leaf::Static(1)) || matches!(d, Leaf::Static(0)) {
                // `tile_rest` only for its check of the extent.
                let check = quote!(#private::tile_rest(#function, #mt, #st, 1));
                checks.push((check, quote!((_, _))));
                Node::Leaf(size, Leaf::Static(1))
            } else {
                let (span, rest) = (ident(&format!("span{i}")), ident(&format!("rest{i}")));
                let check = quote!(#private::tile_rest(#function, #mt, #st, #dt));
                checks.push((check, quote!((#span, #rest))));
                let last = Node::Leaf(Leaf::Computed(rest), Leaf::Computed(span));
                match d {
                    Leaf::Static(1) => last,
                    d => Node::Tuple(vec![Node::Leaf(d, Leaf::Static(1)), last]),
                }
            }
        } else {
            let t = static_tile(t)?;
            if t.leaf_modes().any(|(s, d)| d < 0 || s == 0) {
                return None;
            }
            compose_divide::rest(mode, &t, &[], &extents)?
        };
        // Over a leaf `s:d`, the parts written out as CuTe's (and the
        // core's) `composition(s:d, N)`: `N` with every stride times `d`,
        // checked. A call with a dynamic leaf as `make_layout`'s last
        // operand is held back by nested.rs; a written-out layout is not.
        let leaf = |e: &Expr| !matches!(e.kind, ExprKind::Tuple(_));
        let by_hand = leaf(mode) && leaf(d);
        if by_hand {
            let d = value(d)?;
            if !unit {
                let t_node = tile_node(t)?;
                let t_node = scaled(&t_node, &d, function, &mut checks)?;
                let t_written = write(&t_node, &mut all, divide);
                *tile_parts.last_mut()? = t_written;
            }
            let rest = scaled(&rest, &d, function, &mut checks)?;
            rests.push(write(&rest, &mut all, divide));
            continue;
        }
        let rest = write(&rest, &mut all, divide);
        rests.push(call("composition", vec![a_i, rest], divide));
    }
    let grouped = grouped(form, tile_parts, rests, past, divide);
    let mut expr = e.clone();
    if let ExprKind::Call { args, .. } = &mut expr.kind {
        args[1] = grouped;
    }
    // Every dynamic leaf of `A` and the tiler, bound once: `A`'s modes
    // are read in more than one part.
    let mut ks = Vec::new();
    dynamic_leaves(a, &mut ks);
    dynamic_leaves(tiler, &mut ks);
    ks.sort_unstable();
    ks.dedup();
    let binds = (ks.into_iter()).map(|k| (k, ident(&format!("leaf{k}"))));
    let typed = nested::types_at(&expr, root) || crate::typed::rules::layout_type(&expr).is_some();
    typed.then(|| Checked {
        expr,
        leaves: all,
        binds: binds.collect(),
        checks,
        root,
    })
}

/// `node` written out as a layout, its computed leaves new leaves.
fn write(node: &Node, all: &mut Vec<TokenStream>, at: &Expr) -> Expr {
    layout(
        written(node, true, all, at),
        written(node, false, all, at),
        at,
    )
}

/// A tiler entry's tile as a [`Node`] (an extent `n` is `n:1`).
fn tile_node(t: &Expr) -> Option<Node> {
    if let Some((s, d)) = dynamic_tile(t) {
        return Some(Node::Leaf(
            value(s)?,
            d.map_or(Some(Leaf::Static(1)), value)?,
        ));
    }
    if let Some(([s0, s1], [d0, d1])) = two_leaf(t) {
        let leaf = |s: &Expr, d: i64| Some(Node::Leaf(value(s)?, Leaf::Static(d)));
        return Some(Node::Tuple(vec![leaf(s0, d0)?, leaf(s1, d1)?]));
    }
    let t = static_tile(t)?;
    static_node(t.shape(), t.stride(), &Leaf::Static(1))
}

/// `node` with every stride times `d`: static where both are, else a
/// checked product (`__private::scale`, an error naming both) bound by a
/// check.
fn scaled(
    node: &Node,
    d: &Leaf,
    function: &'static str,
    checks: &mut Vec<(TokenStream, TokenStream)>,
) -> Option<Node> {
    Some(match node {
        Node::Tuple(items) => Node::Tuple(
            (items.iter().map(|n| scaled(n, d, function, checks))).collect::<Option<_>>()?,
        ),
        Node::Leaf(s, e) => {
            let stride = match (e, d) {
                (Leaf::Static(e), Leaf::Static(d)) => Leaf::Static(e.checked_mul(*d)?),
                (Leaf::Static(0), _) | (_, Leaf::Static(0)) => Leaf::Static(0),
                (e, Leaf::Static(1)) | (Leaf::Static(1), e) => e.clone(),
                (e, d) => {
                    let private = emit::private();
                    let name = ident(&format!("scaled{}", checks.len()));
                    let (e, d) = (tokens(e), tokens(d));
                    checks.push((quote!(#private::scale(#function, #e, #d)), name.clone()));
                    Leaf::Computed(name)
                }
            };
            Node::Leaf(s.clone(), stride)
        }
    })
}
