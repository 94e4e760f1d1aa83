//! Typed partitions on dynamic leaves: `layout!(type local_tile(L, T, C[,
//! STEP]))`, `inner_partition`, `outer_partition` and `local_partition(L,
//! THR, I[, STEP])`, where `L` is `SHAPE:STRIDE` written out, flat or
//! nested (a top-level mode a tuple of leaves, at any depth: its tile spreads
//! over its leaves in order, as the facade's `DivMode`), with no negative
//! static stride, the tiler a tuple (or `<…>`) of static extents above 1,
//! the thread layout static and flat, and, after the step's projection,
//! one tiler extent, coordinate entry (an integer, a dynamic leaf or `_`;
//! an integer for a nested mode is its colexicographic index; or one
//! integer for the whole coordinate, partition_index.rs) or thread
//! mode per top-level mode of `L`; the static parts meeting the conditions
//! CuTe asserts (a static extent a multiple of its tile; in a nested mode,
//! each static leaf's part of the tile dividing it and what is left). A
//! step is static: `1` keeps a mode, `X` (`_`) drops it. `layout_type!`
//! names the view's layout type (a projection through the same traits).
//!
//! The expansion calls the facade's typed partitions (`TileBy`, `OuterBy`,
//! `Threads`, `src/private/partition.rs`: CuTe's per-mode rules, static
//! leaves static): `Result<(typed layout, usize), Error>`, the layout and
//! the offset its first element moves the base by, as the core's view; a
//! coordinate or thread index past its extent, or a stride product that
//! overflows, is an `Err`. Any other partition call goes to the core at
//! run time (runtime.rs).

use layout_core::expr::{Expr, ExprKind};
use layout_core::{Layout, Value};
use proc_macro2::TokenStream;
use quote::quote;

use crate::{emit, partition_index};

/// Which typed partition a call is.
enum Form<'a> {
    /// `local_tile`/`inner_partition`: the tiler's extents and one
    /// coordinate entry (`Int`, `Dynamic` or `_`) per mode.
    Tile(Vec<i64>, Vec<&'a Expr>),
    /// `outer_partition`: the tiler's extents, one integer entry per mode.
    Outer(Vec<i64>, Vec<&'a Expr>),
    /// `local_tile`/`inner_partition` at one integer: the tile-grid index
    /// (partition_index.rs).
    TileIndex(Vec<i64>, &'a Expr),
    /// `outer_partition` at one integer: the element index in the tile.
    OuterIndex(Vec<i64>, &'a Expr),
    /// `local_partition`: the thread layout, the index, the step's marks.
    Threads(Layout, &'a Expr, Option<Vec<bool>>),
}

/// A call this module types.
pub struct Rule<'a> {
    shape: &'a Expr,
    stride: &'a Expr,
    form: Form<'a>,
}

/// The rule for `e`, if it is a partition this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let (layout, rest) = args.split_first()?;
    let ExprKind::Layout(shape, stride) = &layout.kind else {
        return None;
    };
    let (ExprKind::Tuple(s), ExprKind::Tuple(d)) = (&shape.kind, &stride.kind) else {
        return None;
    };
    // Each top-level mode a leaf or a tuple of them (any depth), nested
    // alike in shape and stride, no negative static leaf.
    if s.len() != d.len() || s.is_empty() || !s.iter().zip(d).all(|(s, d)| congruent(s, d)) {
        return None;
    }
    let form = match (name.as_str(), rest) {
        ("local_tile" | "inner_partition", [t, c]) if is_index(c) => {
            Form::TileIndex(extents(t)?, c)
        }
        ("outer_partition", [t, c]) if is_index(c) => {
            let tiles = extents(t)?;
            // The strides of the split, `t0·…·ti`, fit an `i64`.
            tiles.iter().try_fold(1i64, |p, t| p.checked_mul(*t))?;
            Form::OuterIndex(tiles, c)
        }
        ("local_tile", [t, c, step]) => tile(t, c, Some(marks(step)?))?,
        ("local_tile" | "inner_partition", [t, c]) => tile(t, c, None)?,
        ("outer_partition", [t, c]) => {
            let (tiles, coord) = (extents(t)?, entries(c)?);
            let integers = coord.iter().all(|c| !is_underscore(c));
            integers.then_some(Form::Outer(tiles, coord))?
        }
        ("local_partition", [thr, index, step @ ..]) => {
            let step = match step {
                [step] => Some(marks(step)?),
                _ => None,
            };
            threads(thr, index, step)?
        }
        _ => return None,
    };
    let rule = Rule {
        shape,
        stride,
        form,
    };
    rule.fits(s).then_some(rule)
}

impl Rule<'_> {
    /// `L`'s written-out shape and stride, which the caller types.
    pub fn operand(&self) -> (&Expr, &Expr) {
        (self.shape, self.stride)
    }

    /// One tile per mode, each static extent a multiple of its tile.
    fn fits(&self, shape: &[Expr]) -> bool {
        let tiles = match &self.form {
            Form::Tile(t, _) | Form::Outer(t, _) => t.clone(),
            Form::TileIndex(t, _) | Form::OuterIndex(t, _) => t.clone(),
            Form::Threads(thr, _, step) => {
                let sizes = thr.leaf_modes().map(|(s, _)| s);
                let marks = step.clone().unwrap_or_else(|| vec![true; thr.rank()]);
                sizes
                    .zip(marks)
                    .filter(|(_, m)| *m)
                    .map(|(s, _)| s)
                    .collect()
            }
        };
        tiles.len() == shape.len()
            && shape.iter().zip(&tiles).all(|(s, t)| {
                let mut leaves = Vec::new();
                leaves_of(s, &mut leaves);
                spread_fits(&leaves, *t)
            })
    }

    /// The type of the view's layout (the first of the pair `emit`'s `Ok`
    /// holds), for `layout_type!`: a projection through the same traits
    /// `emit` calls, `layout` the type of the typed `L`.
    pub fn layout_type(&self, layout: TokenStream) -> TokenStream {
        let private = emit::private();
        let list = |items: Vec<TokenStream>| {
            let tuple = emit::tuple(items);
            quote!(<#tuple as #private::IntoList>::List)
        };
        let entry = |c: &&Expr| match c.kind {
            ExprKind::Int(_) | ExprKind::Dynamic(_) => quote!(usize),
            _ => quote!(#private::X),
        };
        let statics = |tiles: &[i64]| list(tiles.iter().map(|t| emit::static_leaf(*t)).collect());
        match &self.form {
            Form::Tile(tiles, coord) => {
                let (tiler, coord) = (statics(tiles), list(coord.iter().map(entry).collect()));
                quote!(<#layout as #private::TileBy<#tiler, #coord>>::Output)
            }
            Form::Outer(tiles, coord) => {
                let (tiler, coord) = (statics(tiles), list(coord.iter().map(entry).collect()));
                quote!(<#layout as #private::OuterBy<#tiler, #coord>>::Output)
            }
            Form::TileIndex(tiles, _) => {
                partition_index::tile_type(layout, statics(tiles), tiles.len())
            }
            Form::OuterIndex(tiles, _) => {
                let (tiler, coord) = (statics(tiles), list(vec![quote!(usize); tiles.len()]));
                quote!(<#layout as #private::OuterBy<#tiler, #coord>>::Output)
            }
            Form::Threads(thr, _, step) => {
                let threads = emit::layout_type(thr, true).unwrap_or_else(|_| unreachable!("flat"));
                let tiler = quote!(<#threads as #private::Threads>::Tiler);
                let coord = quote!(<#threads as #private::Threads>::Coord);
                let (tiler, coord) = match step {
                    None => (tiler, coord),
                    Some(marks) => {
                        let kinds = marks.iter().map(|keep| match keep {
                            true => quote!(#private::C<1>),
                            false => quote!(#private::X),
                        });
                        let step = quote!(<(#(#kinds,)*) as #private::IntoList>::List);
                        (
                            quote!(<#step as #private::Dice<#tiler>>::Out),
                            quote!(<#step as #private::Dice<#coord>>::Out),
                        )
                    }
                };
                quote!(<#layout as #private::OuterBy<#tiler, #coord>>::Output)
            }
        }
    }

    /// The call of the typed partition; `layout` is the typed `L`, `leaf`
    /// gives a dynamic leaf's expression.
    pub fn emit(&self, layout: TokenStream, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
        let private = emit::private();
        let entry = |c: &Expr| match c.kind {
            ExprKind::Int(n) => usize_literal(n),
            ExprKind::Dynamic(k) => leaf(k),
            _ => quote!(#private::X),
        };
        let list = |items: Vec<TokenStream>| {
            let tuple = emit::tuple(items);
            quote!(#private::IntoList::into_list(#tuple))
        };
        let statics = |tiles: &[i64]| list(tiles.iter().map(|t| emit::static_leaf(*t)).collect());
        match &self.form {
            Form::Tile(tiles, coord) => {
                let (tiler, coord) = (
                    statics(tiles),
                    list(coord.iter().map(|c| entry(c)).collect()),
                );
                quote!({
                    let layout = #layout;
                    #private::TileBy::tile_by(&layout, #tiler, #coord)
                })
            }
            Form::Outer(tiles, coord) => {
                let (tiler, coord) = (
                    statics(tiles),
                    list(coord.iter().map(|c| entry(c)).collect()),
                );
                quote!({
                    let layout = #layout;
                    #private::OuterBy::outer_by(&layout, #tiler, #coord)
                })
            }
            Form::TileIndex(tiles, index) => {
                partition_index::tile(layout, statics(tiles), entry(index), tiles.len())
            }
            Form::OuterIndex(tiles, index) => {
                partition_index::outer(layout, statics(tiles), entry(index), tiles)
            }
            Form::Threads(thr, index, step) => {
                let threads = emit::layout(thr, true).unwrap_or_else(|_| unreachable!("flat"));
                let index = entry(index);
                let (tiler, coord) = (quote!(#private::Threads::tiler(&threads).0), quote!(coord));
                let (tiler, coord) = match step {
                    None => (tiler, coord),
                    Some(marks) => {
                        let kinds = marks.iter().map(|keep| match keep {
                            true => quote!(#private::C<1>),
                            false => quote!(#private::X),
                        });
                        let step = quote!(<(#(#kinds,)*) as #private::IntoList>::List);
                        (
                            quote!(<#step as #private::Dice<_>>::dice(#tiler)),
                            quote!(<#step as #private::Dice<_>>::dice(#coord)),
                        )
                    }
                };
                quote! {{
                    let layout = #layout;
                    let threads = #threads;
                    match #private::Threads::flat_coord(&threads, #index) {
                        ::core::result::Result::Ok(coord) => #private::OuterBy::outer_by(&layout, #tiler, #coord),
                        ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                    }
                }}
            }
        }
    }
}

/// A shape mode and its stride mode nested alike: a leaf each (a static
/// extent or stride not negative), or tuples of such pairs.
fn congruent(s: &Expr, d: &Expr) -> bool {
    let leaf = |e: &Expr| match e.kind {
        ExprKind::Int(n) => n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => false,
    };
    match (&s.kind, &d.kind) {
        (ExprKind::Tuple(s), ExprKind::Tuple(d)) => {
            !s.is_empty() && s.len() == d.len() && s.iter().zip(d).all(|(s, d)| congruent(s, d))
        }
        _ => leaf(s) && leaf(d),
    }
}

/// The leaves of a written-out tree, in order.
fn leaves_of<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| leaves_of(i, out)),
        _ => out.push(e),
    }
}

/// Whether a static tile `t` spread over a mode's leaves (the facade's
/// `DivMode`: leaf `j` takes `min(sj, r)` of the `r` left, the last leaf
/// the rest) meets the conditions the facade asserts while compiling where
/// both numbers are static: each leaf's part divides the leaf and `r`,
/// and the last static leaf is a multiple of what is left (CuTe's
/// `static_assert`s). A dynamic leaf, and every leaf after one, is checked
/// when the code runs. For a single leaf: `s % t == 0`.
fn spread_fits(leaves: &[&Expr], t: i64) -> bool {
    let mut left = Some(t);
    for (j, leaf) in leaves.iter().enumerate() {
        let (ExprKind::Int(s), Some(r)) = (&leaf.kind, left) else {
            left = None;
            continue;
        };
        if j + 1 == leaves.len() {
            return s % r == 0;
        }
        let take = (*s).min(r);
        if take == 0 || r % take != 0 || s % take != 0 {
            return false;
        }
        left = Some(r / take);
    }
    true
}

/// `local_tile`'s tiler and coordinate, projected by the step's marks.
fn tile<'a>(t: &'a Expr, c: &'a Expr, step: Option<Vec<bool>>) -> Option<Form<'a>> {
    let (mut tiles, mut coord) = (extents(t)?, entries(c)?);
    if let Some(marks) = step {
        if marks.len() != tiles.len() || marks.len() != coord.len() {
            return None;
        }
        let kept = |i: &usize| marks[*i];
        tiles = (0..tiles.len()).filter(kept).map(|i| tiles[i]).collect();
        coord = (0..coord.len()).filter(kept).map(|i| coord[i]).collect();
    }
    Some(Form::Tile(tiles, coord))
}

/// `local_partition`'s thread layout: static, flat, its extent-1 modes
/// at coordinate 0 and its other strides positive (CuTe's idx2crd).
fn threads<'a>(thr: &Expr, index: &'a Expr, step: Option<Vec<bool>>) -> Option<Form<'a>> {
    if crate::tree::has_dynamic(thr) || !matches!(thr.kind, ExprKind::Layout(..)) {
        return None;
    }
    let Ok(Value::Layout(thr)) = layout_core::eval(thr) else {
        return None;
    };
    let flat = thr.leaf_modes().count() == thr.rank() && thr.shape().rank() == thr.rank();
    let positive = thr.leaf_modes().all(|(s, d)| s == 1 || d > 0);
    let index_ok = match index.kind {
        ExprKind::Int(n) => n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => false,
    };
    let step_ok = step.as_ref().is_none_or(|m| m.len() == thr.rank());
    (flat
        && positive
        && index_ok
        && step_ok
        && matches!(thr.shape(), layout_core::IntTuple::Tuple(_)))
    .then_some(Form::Threads(thr, index, step))
}

/// A tuple or `<…>` of static extents above 1 (an extent 1 is `1:0` to
/// CuTe, a stride the typed tile does not keep).
fn extents(t: &Expr) -> Option<Vec<i64>> {
    let (ExprKind::Tuple(items) | ExprKind::Tiler(items)) = &t.kind else {
        return None;
    };
    items
        .iter()
        .map(|t| match t.kind {
            ExprKind::Int(n) if n > 1 => Some(n),
            _ => None,
        })
        .collect()
}

/// A flat tuple coordinate of non-negative integers, dynamic leaves and `_`.
fn entries(c: &Expr) -> Option<Vec<&Expr>> {
    let ExprKind::Tuple(items) = &c.kind else {
        return None;
    };
    let ok = |c: &Expr| match c.kind {
        ExprKind::Int(n) => n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => is_underscore(c),
    };
    items.iter().all(ok).then(|| items.iter().collect())
}

/// One integer coordinate (not a tuple): a non-negative literal or a
/// dynamic leaf.
fn is_index(c: &Expr) -> bool {
    match c.kind {
        ExprKind::Int(n) => n >= 0,
        ExprKind::Dynamic(_) => true,
        _ => false,
    }
}

/// A static step: `true` for an integer (keep), `false` for `X`/`_`.
fn marks(step: &Expr) -> Option<Vec<bool>> {
    let ExprKind::Tuple(items) = &step.kind else {
        return None;
    };
    items
        .iter()
        .map(|s| match s.kind {
            ExprKind::Int(_) => Some(true),
            _ if is_underscore(s) => Some(false),
            _ => None,
        })
        .collect()
}

/// `_`, or CuTe's alias `X`.
fn is_underscore(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Underscore => true,
        ExprKind::Name(n) => n == "X",
        _ => false,
    }
}

fn usize_literal(n: i64) -> TokenStream {
    let literal = proc_macro2::Literal::usize_suffixed(n as usize);
    quote!(#literal)
}
