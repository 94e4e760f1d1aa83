//! The typed partitions at one integer coordinate (partition.rs):
//! `local_tile(L, T, k)` picks tile `k` of the grid, colexicographic over
//! the grid's modes (CuTe's `inner_partition` slices the rest mode by an
//! integer), and `outer_partition(L, T, k)` element `k` of every tile,
//! colexicographic over the tiler's static extents. Both reuse the
//! per-mode partitions: the integer is split into one entry per mode (over
//! the grid's run-time extents, or the tile's static ones) and the last
//! entry keeps what is left, which the partition checks against its
//! extent (past the end an `Err`, as the core's).

use proc_macro2::{Literal, TokenStream};
use quote::{format_ident, quote};

use crate::emit;

/// A tuple as the list the partition traits take.
fn list(items: Vec<TokenStream>) -> TokenStream {
    let private = emit::private();
    let tuple = emit::tuple(items);
    quote!(#private::IntoList::into_list(#tuple))
}

/// `local_tile(L, T, k)` by a tiler of `tiles` entries over `rank` modes:
/// the grid of every tile (`TileBy` with `X` everywhere: the tile's modes,
/// `tiles` of them (one tuple for a single tile), then one rest mode per
/// mode of `L`, the modes past the tiler whole), `k` split over the rest
/// modes, then the slice (`SliceBy`) keeping the tile's modes. With a
/// tiler shorter than `L` the integer indexes the modes past it too, as
/// CuTe's `inner_partition` slices its whole rest mode by it.
pub fn tile(
    layout: TokenStream,
    tiler: TokenStream,
    index: TokenStream,
    tiles: usize,
    rank: usize,
) -> TokenStream {
    let private = emit::private();
    let xs = list(vec![quote!(#private::X); tiles]);
    let names: Vec<_> = (0..rank).map(|i| format_ident!("c{i}")).collect();
    let binds = names.iter().enumerate().map(|(i, name)| {
        let mode = Literal::usize_unsuffixed(tiles + i);
        if i + 1 == rank {
            quote!(let #name = q;)
        } else {
            quote! {
                let extent = grid.mode::<#mode>().size();
                let (#name, rest) = if extent == 0 { (q, 0) } else { (q % extent, q / extent) };
                q = rest;
            }
        }
    });
    let entries = names.iter().map(|n| quote!(#n)).collect();
    let at = list([vec![quote!(#private::X); tiles], entries].concat());
    // The index is read first: a leaf named like a local below (`base`)
    // must not be read as it.
    quote! {{
        let layout_dsl_index: usize = #index;
        let layout = #layout;
        match #private::TileBy::tile_by(&layout, #tiler, #xs) {
            ::core::result::Result::Ok((grid, base)) => {
                #[allow(unused_mut, unused_assignments)]
                let mut q = layout_dsl_index;
                #(#binds)*
                match #private::SliceBy::slice_by(&grid, #at) {
                    ::core::result::Result::Ok((tile, offset)) => {
                        ::core::result::Result::Ok((tile, base.wrapping_add(offset)))
                    }
                    ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
                }
            }
            ::core::result::Result::Err(e) => ::core::result::Result::Err(e),
        }
    }}
}

/// The type of [`tile`]'s layout (`tiler` as its list's tokens: types and
/// values are spelled alike for static leaves).
pub fn tile_type(
    layout: TokenStream,
    tiler: TokenStream,
    tiles: usize,
    rank: usize,
) -> TokenStream {
    let private = emit::private();
    let as_list = |items: Vec<TokenStream>| {
        let tuple = emit::tuple(items);
        quote!(<#tuple as #private::IntoList>::List)
    };
    let xs = as_list(vec![quote!(#private::X); tiles]);
    let at = as_list([vec![quote!(#private::X); tiles], vec![quote!(usize); rank]].concat());
    quote!(<<#layout as #private::TileBy<#tiler, #xs>>::Output as #private::SliceBy<#at>>::Output)
}

/// `outer_partition(L, T, k)`: entry `i` is `k / (t0·…·t(i-1)) % ti`, the
/// last `k / (t0·…)` (the caller checked the products fit an `i64`).
pub fn outer(
    layout: TokenStream,
    tiler: TokenStream,
    index: TokenStream,
    tiles: &[i64],
) -> TokenStream {
    let private = emit::private();
    let literal = |n: i64| Literal::usize_suffixed(n as usize);
    let mut below = 1i64;
    let entries = tiles
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let (div, modulo) = (literal(below), literal(*t));
            below *= t;
            if i + 1 == tiles.len() {
                quote!(layout_dsl_index / #div)
            } else {
                quote!(layout_dsl_index / #div % #modulo)
            }
        })
        .collect();
    let coord = list(entries);
    // The index is read first, into a name no leaf has: a leaf named `k`
    // in the layout must be read as itself, not as the index.
    quote!({
        let layout_dsl_index: usize = #index;
        let layout = #layout;
        #private::OuterBy::outer_by(&layout, #tiler, #coord)
    })
}
