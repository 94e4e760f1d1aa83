//! divide_tile_dynamic.rs's part of `B` for a by-mode tiler entry that is
//! a two-leaf tile `(s0, s1):(d0, d1)` with a dynamic extent and static
//! strides `0 < d0 < d1` (`<({4},8):(1,4), 1>`), read as a function (a
//! composition's `B`, the module's premise): the tile, strides times `Q`
//! (where the mode starts in `A`'s index), then its complement in one form
//! whatever the extents, `(h0, h1, rest):(Q, hs·Q, span·Q)`, computed and
//! checked by `__private::tile2_rest` (which states the core's complement
//! for each case: an extent 1 is no mode to it). Extra extents 1 change
//! no function on the domain. A mode before `A`'s last must hold its tile
//! and rest (`__private::mode_holds`). Checked against the core at many
//! run-time values (tests/typed_divide_tile_dynamic.rs).

use layout_core::expr::{Expr, ExprKind};
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::tree::has_dynamic;
use crate::typed::compose::compose_divide::{self, Leaf, Node, product};
use crate::typed::divide::divide_rest::{int, static_tile};
use crate::typed::divide::divide_tile_dynamic::{ident, tokens, value};

/// The extents and static strides of a two-leaf tile entry with a
/// dynamic extent (module doc).
pub fn two_leaf(t: &Expr) -> Option<([&Expr; 2], [i64; 2])> {
    let ExprKind::Layout(s, d) = &t.kind else {
        return None;
    };
    let (ExprKind::Tuple(s), ExprKind::Tuple(d)) = (&s.kind, &d.kind) else {
        return None;
    };
    let ([s0, s1], [d0, d1]) = (s.as_slice(), d.as_slice()) else {
        return None;
    };
    let (ExprKind::Int(d0), ExprKind::Int(d1)) = (&d0.kind, &d1.kind) else {
        return None;
    };
    let natural = |e: &Expr| matches!(e.kind, ExprKind::Dynamic(_) | ExprKind::Int(1..));
    let fits = natural(s0) && natural(s1) && (has_dynamic(s0) || has_dynamic(s1));
    (fits && 0 < *d0 && d0 < d1).then_some(([s0, s1], [*d0, *d1]))
}

/// The part of `B` (tile, rest) for mode `i` of `A` (its extents, its
/// `size`, starting at `q`) tiled by the entry `t`, its checks pushed to
/// `checks`; `None` where `t` is not [`two_leaf`]'s form.
#[allow(clippy::too_many_arguments)]
pub fn part(
    t: &Expr,
    i: usize,
    extents: &[Leaf],
    size: &Leaf,
    q: &Leaf,
    last: bool,
    function: &str,
    checks: &mut Vec<(TokenStream, TokenStream)>,
) -> Option<(Node, Node)> {
    let ([s0, s1], [d0, d1]) = two_leaf(t)?;
    let (s0, s1) = (value(s0)?, value(s1)?);
    let scaled = |d: Leaf| product(&[d, q.clone()], 1);
    let tile = Node::Tuple(vec![
        Node::Leaf(s0.clone(), scaled(Leaf::Static(d0))?),
        Node::Leaf(s1.clone(), scaled(Leaf::Static(d1))?),
    ]);
    let name = |n: &str| ident(&format!("{n}{i}"));
    let (h0, h1, hs, span, rest) = (
        name("hole"),
        name("gap"),
        name("gap_stride"),
        name("span"),
        name("rest"),
    );
    let private = emit::private();
    let (s0t, s1t, mt) = (tokens(&s0), tokens(&s1), tokens(size));
    let (d0t, d1t) = (emit::int(d0), emit::int(d1));
    let check = quote!(#private::tile2_rest(#function, #mt, [#s0t, #s1t], [#d0t, #d1t]));
    checks.push((check, quote!((#h0, #h1, #hs, #span, #rest))));
    if !last {
        let extents = extents.iter().map(tokens);
        let hold = quote!(#private::mode_holds(#function, [#(#extents),*], #span));
        checks.push((hold, quote!(())));
    }
    let rest = Node::Tuple(vec![
        Node::Leaf(Leaf::Computed(h0), q.clone()),
        Node::Leaf(Leaf::Computed(h1), scaled(Leaf::Computed(hs))?),
        Node::Leaf(Leaf::Computed(rest), scaled(Leaf::Computed(span))?),
    ]);
    Some((tile, rest))
}

/// The rest of mode `mode` of `A` (its extents, its `size`) divided alone
/// by the two-leaf entry `t` (divide_per_mode_tile.rs): CuTe's
/// `complement(t, shape(A_i))`, its static leaves CuTe's. CuTe's `filter`
/// drops an extent that is a static 1 (the tile is then one leaf), and its
/// `coalesce` the static extents 1, keeping the dynamic ones: the modes
/// `d0:1` (`d1:1` after a static `s0` of 1), the hole `d1 / (s0·d0) :
/// s0·d0` and the rest `⌈size / span⌉ : span`, each static where its
/// values are (a static span's rest compose_divide.rs's `rest`, CuTe's
/// static first extent where exact). `__private::tile2_rest_cute` computes
/// the dynamic ones and checks the form against the core's complement (an
/// error naming the values where a dynamic extent 1 makes them differ).
pub fn cute_rest(
    t: &Expr,
    i: usize,
    mode: &Expr,
    extents: &[Leaf],
    size: &Leaf,
    function: &str,
    checks: &mut Vec<(TokenStream, TokenStream)>,
) -> Option<Node> {
    let ([s0, s1], [d0, d1]) = two_leaf(t)?;
    let unit = |e: &Expr| matches!(e.kind, ExprKind::Int(1));
    let (u0, u1) = (unit(s0), unit(s1));
    let (s0, s1) = (value(s0)?, value(s1)?);
    let mut modes = Vec::new();
    let first = if u0 { d1 } else { d0 };
    if first != 1 {
        modes.push(Node::Leaf(Leaf::Static(first), Leaf::Static(1)));
    }
    let name = |n: &str| ident(&format!("{n}{i}"));
    let (mut b, mut c) = (quote!(_), quote!(_));
    let hole = !u0 && !u1;
    match (&s0, hole) {
        (_, false) => {}
        (Leaf::Static(s0), true) => {
            let r0 = s0.checked_mul(d0)?;
            // CuTe's static assertion (a non-injective layout) at 0.
            match d1 / r0 {
                0 => return None,
                1 => {}
                h => modes.push(Node::Leaf(Leaf::Static(h), Leaf::Static(r0))),
            }
        }
        (Leaf::Computed(_), true) => {
            let (h, hs) = (name("hole"), name("hole_stride"));
            b = quote!(#h, #hs);
            modes.push(Node::Leaf(Leaf::Computed(h), Leaf::Computed(hs)));
        }
    }
    match (&s1, hole) {
        (Leaf::Static(s1), true) => {
            let span = static_tile(&int(s1.checked_mul(d1)?, t))?;
            match compose_divide::rest(mode, &span, &[], extents)? {
                Node::Leaf(Leaf::Static(1), _) => {}
                Node::Tuple(items) => modes.extend(items),
                leaf => modes.push(leaf),
            }
        }
        _ => {
            let (rest, span) = (name("rest"), name("span"));
            c = quote!(#rest, #span);
            modes.push(Node::Leaf(Leaf::Computed(rest), Leaf::Computed(span)));
        }
    }
    let private = emit::private();
    let (s0t, s1t, mt) = (tokens(&s0), tokens(&s1), tokens(size));
    let (d0t, d1t) = (emit::int(d0), emit::int(d1));
    let (b, c) = (pair(b), pair(c));
    let check = quote!(#private::tile2_rest_cute(
        #function, #mt, [#s0t, #s1t], [#d0t, #d1t], [#u0, #u1]
    ));
    checks.push((check, quote!((#b, #c))));
    Some(match modes.len() {
        0 => Node::Leaf(Leaf::Static(1), Leaf::Static(0)),
        1 => modes.remove(0),
        _ => Node::Tuple(modes),
    })
}

/// A pattern binding two values, or none (`_, _`) for `_`.
fn pair(names: TokenStream) -> TokenStream {
    match names.to_string().as_str() {
        "_" => quote!(_, _),
        _ => names,
    }
}
