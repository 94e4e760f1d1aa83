//! Typed partitions on dynamic leaves: `layout!(type local_tile(L, T, C[,
//! STEP]))`, `inner_partition`, `outer_partition` and `local_partition(L,
//! THR, I[, STEP])`, where `L` is `SHAPE:STRIDE` written out, flat or
//! nested (a top-level mode a tuple of leaves, at any depth: its tile spreads
//! over its leaves in order, as the facade's `DivMode`), its static strides
//! of either sign (a negative one makes the layout signed and the base an
//! `isize`), the tiler a tuple (or `<…>`) of static extents of 1 or more,
//! or of tuples of them for tuple modes of that rank (CuTe's by-mode tiler
//! inside a mode, partition_args.rs), the thread layout static (any
//! nesting, positive strides where an extent is above 1), and, after the
//! step's projection, one tiler entry, coordinate entry (an integer, a
//! dynamic leaf or `_`; a tuple of them for a mode tiled by a tuple; an
//! integer for a nested mode is its colexicographic index; or one integer
//! for the whole coordinate, partition_index.rs) or thread mode per
//! top-level mode of `L`; the thread an index, or its coordinate in the
//! thread layout (one entry per top-level mode, each an integer or a
//! tuple nested like the mode: the facade's `ThreadIndex`; a coordinate of
//! another rank is the core's error at its tokens, valid.rs); the static parts meeting the conditions CuTe
//! asserts (a static extent a multiple of its tile; in a nested mode, each
//! static leaf's part of the tile dividing it and what is left). A mode of
//! static leaves is coalesced first, as CuTe's composition does
//! (`coalesce_mode`), so the result nests as CuTe's. A step is
//! static: `1` keeps a mode, `X` (`_`) drops it. `layout_type!` names the
//! view's layout type (a projection through the same traits).
//!
//! The expansion calls the facade's typed partitions (`TileBy`, `OuterBy`,
//! `Threads`, `src/private/partition.rs`: CuTe's per-mode rules, static
//! leaves static): `Result<(typed layout, base), Error>`, the layout and
//! the offset its first element moves the base by (a `usize`, or an
//! `isize` for a signed layout), as the core's view; a coordinate or
//! thread index past its extent, or a stride product that overflows, is an
//! `Err`. Any other partition call goes to the core at run time
//! (runtime.rs).

pub(crate) mod partition_args;
pub(crate) mod partition_forms;
pub(crate) mod partition_index;
pub(crate) mod partition_split;

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Partition, TypedForm};
use proc_macro2::{Ident, Span, TokenStream};
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::typed::partition::partition_args::{
    Tile, coalesce_mode, congruent, entry, entry_type, has_underscore, is_index, is_underscore,
    marks, nested_entries, step_list, tiles,
};
use crate::typed::partition::partition_forms::{Form, slices_whole, threads, tile};
use crate::typed::partition::partition_split::Split;

/// A call this module types.
pub struct Rule<'a> {
    /// `L`'s shape and stride, each mode a tile divides as CuTe's
    /// composition takes it (`partition_args::coalesce_mode`).
    shape: Expr,
    stride: Expr,
    form: Form<'a>,
    /// The number of top-level modes of `L`.
    rank: usize,
    /// The modes split where the tile is used up by their first leaves
    /// (`local_tile`/`inner_partition`, partition_split.rs).
    split: Vec<Split>,
}

/// The rule for `e`, if it is a partition this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::Partition(partition), _, args)) = typed_call(e) else {
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
    // alike in shape and stride, no negative static extent.
    if s.len() != d.len() || s.is_empty() || !s.iter().zip(d).all(|(s, d)| congruent(s, d)) {
        return None;
    }
    // The registry's arities say which partition takes a step.
    let form = match (partition, rest) {
        (Partition::Tile, [t, c]) if is_index(c) => Form::TileIndex(tiles(t)?, c),
        (Partition::Outer, [t, c]) if is_index(c) => {
            let tiles = tiles(t)?;
            // The strides of the split, `t0·…·ti`, fit an `i64`.
            tiles
                .iter()
                .try_fold(1i64, |p, t| p.checked_mul(t.size()?))?;
            Form::OuterIndex(tiles, c)
        }
        (Partition::Tile, [t, c, step]) => tile(t, c, Some(marks(step)?))?,
        (Partition::Tile, [t, c]) => tile(t, c, None)?,
        (Partition::Outer, [t, c]) => {
            // One integer per mode, or a coordinate nested like its tile.
            let (tiles, coord) = (tiles(t)?, nested_entries(c)?);
            let integers = coord.iter().all(|c| !has_underscore(c));
            // `_` only for a whole tile mode, not inside a nested entry.
            let kept = coord.iter().all(|c| is_underscore(c) || !has_underscore(c));
            let takes =
                tiles.len() >= coord.len() && tiles.iter().zip(&coord).all(|(t, c)| t.takes(c));
            let sizes = tiles.iter().all(|t| t.size().is_some());
            match (
                integers && tiles.len() == coord.len(),
                kept && takes && sizes,
            ) {
                (true, true) => Form::Outer(tiles, coord),
                (false, true) => Form::OuterX(tiles, coord),
                _ => return None,
            }
        }
        (Partition::Threads, [thr, index, step @ ..]) => {
            let step = match step {
                [step] => Some(marks(step)?),
                _ => None,
            };
            threads(thr, index, step)?
        }
        _ => return None,
    };
    let mut rule = Rule {
        shape: (**shape).clone(),
        stride: (**stride).clone(),
        form,
        rank: s.len(),
        split: Vec::new(),
    };
    if !rule.fits(s) {
        return None;
    }
    // CuTe coalesces the static leaves of each mode it divides (coalesce_x).
    let (s, d): (Vec<_>, Vec<_>) = s
        .iter()
        .zip(d)
        .enumerate()
        .map(|(i, (s, d))| match rule.tiles().get(i) {
            Some(t) => coalesce_mode(s, d, t),
            None => (s.clone(), d.clone()),
        })
        .unzip();
    rule.shape.kind = ExprKind::Tuple(s);
    rule.stride.kind = ExprKind::Tuple(d);
    if let Form::Tile(tiles, coord) = &rule.form {
        if let Some((s, d, split)) = partition_split::split(&rule.shape, &rule.stride, tiles, coord)
        {
            (rule.shape, rule.stride, rule.split) = (s, d, split);
        }
    }
    Some(rule)
}

impl Rule<'_> {
    /// `L`'s written-out shape and stride, which the caller types.
    pub fn operand(&self) -> (&Expr, &Expr) {
        (&self.shape, &self.stride)
    }

    /// The tiles dividing `L`'s first modes: the tiler's (after the
    /// step's projection), or `local_partition`'s thread modes' sizes.
    fn tiles(&self) -> Vec<Tile> {
        match &self.form {
            Form::Tile(t, _) | Form::Outer(t, _) | Form::OuterX(t, _) => t.clone(),
            Form::TileIndex(t, _) | Form::OuterIndex(t, _) => t.clone(),
            Form::Threads(thr, _, step) => {
                let marks = step.clone().unwrap_or_else(|| vec![true; thr.rank()]);
                let sizes = thr.modes().into_iter().map(|m| Tile::Extent(m.size()));
                let kept = sizes.zip(marks).filter(|(_, m)| *m).map(|(s, _)| s);
                kept.collect()
            }
        }
    }

    /// One tile per mode, each dividing its mode as the facade does; a
    /// tiler (after the step's projection) or a thread layout with fewer
    /// modes than `L` divides the first ones, the others kept whole
    /// (CuTe's `zipped_divide`, and `append<R>(coord, _)` in
    /// `inner_partition`/`outer_partition`); under one integer for the
    /// whole coordinate too (`local_tile`'s integer then indexes the modes
    /// kept whole as well, partition_index.rs).
    fn fits(&self, shape: &[Expr]) -> bool {
        let tiles = self.tiles();
        // A tile coordinate has at most one entry per mode; past the tiler
        // its entries slice the modes kept whole (CuTe's `inner_partition`
        // slices the rest mode, one mode per mode of `L`).
        let coord = match &self.form {
            Form::Tile(tiles, coord) => {
                coord.len() <= shape.len()
                    && coord
                        .iter()
                        .zip(shape)
                        .skip(tiles.len())
                        .all(|(c, s)| slices_whole(c, s))
            }
            _ => true,
        };
        coord && tiles.len() <= shape.len() && shape.iter().zip(&tiles).all(|(s, t)| t.fits(s))
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
        let statics = |tiles: &[Tile]| list(tiles.iter().map(Tile::tokens).collect());
        match &self.form {
            Form::Tile(tiles, coord) => {
                let coord = list(partition_split::coord_types(coord, &self.split));
                let tiler = statics(tiles);
                quote!(<#layout as #private::TileBy<#tiler, #coord>>::Output)
            }
            Form::Outer(tiles, coord) => {
                let coord = list(coord.iter().map(|c| entry_type(c)).collect());
                let tiler = statics(tiles);
                quote!(<#layout as #private::OuterBy<#tiler, #coord>>::Output)
            }
            Form::OuterX(tiles, coord) => {
                let coord = emit::tuple(coord.iter().map(|c| entry_type(c)).collect());
                let tiler = emit::tuple(tiles.iter().map(Tile::tokens).collect());
                let door = quote!(::layout_dsl::tensor::typed::OuterTiler);
                quote!(<#tiler as #door<#layout, #coord>>::Output)
            }
            Form::TileIndex(tiles, _) => {
                partition_index::tile_type(layout, statics(tiles), tiles.len(), self.rank)
            }
            Form::OuterIndex(tiles, _) => {
                let (tiler, coord) = (statics(tiles), list(vec![quote!(usize); tiles.len()]));
                quote!(<#layout as #private::OuterBy<#tiler, #coord>>::Output)
            }
            Form::Threads(thr, _, step) => {
                let threads =
                    emit::layout_type(thr, true).unwrap_or_else(|_| unreachable!("checked"));
                let tiler = quote!(<#threads as #private::Threads>::Tiler);
                let coord = quote!(<#threads as #private::Threads>::Coord);
                let (tiler, coord) = match step {
                    None => (tiler, coord),
                    Some(marks) => {
                        let step = step_list(marks);
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
    /// gives a dynamic leaf's expression. The base is `L`'s offset type, a
    /// `usize`, or an `isize` for a signed `L`, checked
    /// (`__private::partition_base`: an `Err` where `L` has offsets that
    /// type cannot hold).
    pub fn emit(&self, layout: TokenStream, leaf: impl Fn(usize) -> TokenStream) -> TokenStream {
        let private = emit::private();
        // Bound once, read by the partition (a copy: a typed layout of
        // `usize` and `C<N>` leaves is `Copy`) and by the base's check.
        let l = Ident::new("partitioned", Span::mixed_site());
        let (written, layout) = (layout, quote!(#l));
        let leaf: &dyn Fn(usize) -> TokenStream = &leaf;
        let list = |items: Vec<TokenStream>| {
            let tuple = emit::tuple(items);
            quote!(#private::IntoList::into_list(#tuple))
        };
        let statics = |tiles: &[Tile]| list(tiles.iter().map(Tile::tokens).collect());
        let call = match &self.form {
            Form::Tile(tiles, coord) => {
                let (binds, coord) = partition_split::coord_entries(coord, &self.split, leaf);
                let (coord, tiler) = (list(coord), statics(tiles));
                quote!({
                    let layout = #layout;
                    #(#binds)*
                    #private::TileBy::tile_by(&layout, #tiler, #coord)
                })
            }
            Form::Outer(tiles, coord) => {
                let coord = list(coord.iter().map(|c| entry(c, leaf)).collect());
                let tiler = statics(tiles);
                quote!({
                    let layout = #layout;
                    #private::OuterBy::outer_by(&layout, #tiler, #coord)
                })
            }
            Form::TileIndex(tiles, index) => partition_index::tile(
                layout,
                statics(tiles),
                entry(index, leaf),
                tiles.len(),
                self.rank,
            ),
            Form::OuterX(tiles, coord) => {
                let coord = emit::tuple(coord.iter().map(|c| entry(c, leaf)).collect());
                let tiler = emit::tuple(tiles.iter().map(Tile::tokens).collect());
                let door = quote!(::layout_dsl::tensor::typed::OuterTiler);
                quote!({
                    let layout = #layout;
                    match #door::outer_of(#tiler, &layout, #coord) {
                        ::core::result::Result::Ok((layout, base, _)) => ::core::result::Result::Ok((layout, base)),
                        ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                    }
                })
            }
            Form::OuterIndex(tiles, index) => {
                let sizes: Vec<i64> = tiles.iter().filter_map(Tile::size).collect();
                partition_index::outer(layout, statics(tiles), entry(index, leaf), &sizes)
            }
            Form::Threads(thr, index, step) => {
                let threads = emit::layout(thr, true).unwrap_or_else(|_| unreachable!("checked"));
                let index_tokens = entry(index, leaf);
                let (tiler, coord) = (quote!(#private::Threads::tiler(&threads).0), quote!(coord));
                let (tiler, coord) = match step {
                    None => (tiler, coord),
                    Some(marks) => {
                        let step = step_list(marks);
                        (
                            quote!(<#step as #private::Dice<_>>::dice(#tiler)),
                            quote!(<#step as #private::Dice<_>>::dice(#coord)),
                        )
                    }
                };
                // An index is decomposed by the strides; a coordinate
                // flattened per mode (`ThreadIndex`, `src/private/partition/threads.rs`).
                let coord_of = match is_index(index) {
                    true => quote!(#private::Threads::flat_coord(&threads, #index_tokens)),
                    false => quote!(#private::ThreadIndex::thread_coord(#index_tokens, &threads)),
                };
                quote! {{
                    let layout = #layout;
                    let threads = #threads;
                    match #coord_of {
                        ::core::result::Result::Ok(coord) => #private::OuterBy::outer_by(&layout, #tiler, #coord),
                        ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                    }
                }}
            }
        };
        // The base checked and in the layout's offset type (`isize` for a
        // signed layout), as a named layout's partition and a slice give
        // it: never a wrapped value (`__private::partition_base`).
        quote!({
            let #l = #written;
            #private::partition_base(&#l, #call)
        })
    }
}
