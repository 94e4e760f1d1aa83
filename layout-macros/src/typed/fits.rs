//! The check that a typed call's operands and result fit the core's
//! integers (src/private/fits.rs): the core holds every integer as an
//! `i64` and refuses a layout whose size or largest offset
//! (`Σ (extent-1)·stride`) passes `i64::MAX`, an operand as a result.
//! Written once for every rule after `type` ([`Gen`]'s `finish`, the
//! divides' `emit`): one comparison, every run-time leaf of the operands
//! and of the result OR-ed (but a result's `ceil_div(x, N)` beside `x`,
//! which it cannot exceed), below the largest power of two under which
//! each of them fits whatever the run-time leaves ([`fits_below`], from
//! the static leaves); the exact check cold
//! (`__private::operands_fit`). tests/typed_algebra_overflow.rs.
//!
//! [`Gen`]: crate::typed::sym::Gen

use proc_macro2::{Delimiter, TokenStream, TokenTree};
use quote::quote;

use crate::emit;
use crate::typed::fits_covers;
use crate::typed::sym::{Gen, Sym};

/// The check of the operands `layouts` and the `result` (each a list of
/// flat `(extent, stride)` leaves; an integer the core reads is a layout
/// `m:0`): `if quick { Ok(()) } else { __private::operands_fit(…) }`, a
/// `Result<(), AlgebraError>`, or `None` where no leaf is dynamic (the
/// core checked the static ones).
pub fn check(
    function: &'static str,
    layouts: &[Vec<(Sym, Sym)>],
    result: Option<(&[(Sym, Sym)], bool)>,
    covers: &[(String, String)],
) -> Option<TokenStream> {
    let has_dynamic = |l: &&[(Sym, Sym)]| l.iter().any(|(s, d)| is_dynamic(s) || is_dynamic(d));
    let mut dynamic: Vec<&[(Sym, Sym)]> = layouts
        .iter()
        .map(Vec::as_slice)
        .filter(has_dynamic)
        .collect();
    let results = dynamic.len();
    // A result whose size is an operand's (`sized`) is bound by its
    // offsets alone: a composition's four run-time extents would bound
    // each below 2^15 for the size, 2^30 for the offsets.
    let (result, sized) = result.map_or((None, false), |(r, sized)| (Some(r), sized));
    dynamic.extend(result.filter(has_dynamic));
    if dynamic.is_empty() {
        return None;
    }
    // Every run-time leaf once (a leaf bound once is one name).
    let mut runtime: Vec<TokenStream> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (s, d) in dynamic.iter().copied().flatten() {
        for x in [s, d] {
            if let Sym::Dynamic(t) = x {
                let text = t.to_string();
                // `ceil_div(x, N)` is at most `x`: below the bound when `x` is.
                let within_seen = divided_leaf(t).is_some_and(|x| seen.contains(&x));
                if !seen.contains(&text) && !within_seen {
                    seen.push(text);
                    runtime.push(t.clone());
                }
            }
        }
    }
    // Likewise a leaf at most another that stays compared (fits_covers.rs).
    for k in fits_covers::left_out(&seen, covers).into_iter().rev() {
        runtime.remove(k);
    }
    let bound = (dynamic.iter().enumerate())
        .map(|(i, l)| fits_below(l, false, i >= results && sized))
        .min()
        .flatten();
    let quick = match bound {
        Some(k) => {
            let bound = 1usize << k;
            quote!((#(#runtime)|*) < #bound)
        }
        None => quote!(false),
    };
    let (mut leaves, mut ends) = (Vec::new(), Vec::new());
    for l in &dynamic {
        leaves.extend(l.iter().map(|(s, d)| {
            let (s, d) = (value(s), value(d));
            quote!((#s, #d))
        }));
        ends.push(leaves.len());
    }
    let private = emit::private();
    // The array only past the comparison: built in the branch, so the hot
    // path stores nothing (an argument of an inlined call was stored on
    // the stack before its test: 14 stores in a `logical_divide`).
    Some(quote!(if #quick {
        ::core::result::Result::<(), #private::AlgebraError>::Ok(())
    } else {
        #private::operands_fit(#function, [#(#leaves),*], [#(#ends),*], #results)
    }))
}

/// The text of `x` where `leaf` is `…ceil_div(x, N)` with a literal
/// `N` (a result's count of tiles, which the comparison need not test
/// beside `x`), else `None`.
fn divided_leaf(leaf: &TokenStream) -> Option<String> {
    let tokens: Vec<TokenTree> = leaf.clone().into_iter().collect();
    let [.., TokenTree::Ident(name), TokenTree::Group(args)] = tokens.as_slice() else {
        return None;
    };
    if name != "ceil_div" || args.delimiter() != Delimiter::Parenthesis {
        return None;
    }
    let parts = split_commas(args.stream());
    match parts.as_slice() {
        [x, n]
            if matches!(n.as_slice(), [TokenTree::Literal(n)]
            if n.to_string().trim_end_matches("usize").parse::<u128>().is_ok_and(|n| n >= 1)) =>
        {
            Some(x.iter().cloned().collect::<TokenStream>().to_string())
        }
        _ => None,
    }
}

fn is_dynamic(x: &Sym) -> bool {
    matches!(x, Sym::Dynamic(_))
}

/// A leaf as the check reads it: a static stride by its magnitude, as
/// the core's offsets read it.
fn value(x: &Sym) -> TokenStream {
    match x {
        Sym::Static(n) => {
            let n = proc_macro2::Literal::u64_unsuffixed(n.unsigned_abs());
            quote!(#n)
        }
        Sym::Dynamic(t) => quote!((#t)),
    }
}

/// The largest `k` (at most 62) such that every run-time leaf below `2^k`
/// keeps the size and offsets (`Σ (extent - 1)·stride`) of a layout with
/// these `leaves` within `i64::MAX`, the core's bound, and with `spans`
/// each leaf's `extent·stride` too (`left_inverse`); with `sized` the
/// size is not bound (known to fit otherwise); `None` where no bound
/// does (the static leaves alone pass it).
pub fn fits_below(leaves: &[(Sym, Sym)], spans: bool, sized: bool) -> Option<u32> {
    let at = |x: &Sym, v: u128| match x {
        Sym::Static(n) => u128::from(n.unsigned_abs()),
        Sym::Dynamic(_) => v,
    };
    (1..=62u32).rev().find(|&k| {
        let v = (1u128 << k) - 1;
        let (mut size, mut span) = (1u128, 0u128);
        leaves.iter().all(|(s, d)| {
            let (s, d) = (at(s, v), at(d, v));
            size = size.saturating_mul(s);
            span = span.saturating_add(s.saturating_sub(1).saturating_mul(d));
            let own = if spans { s.saturating_mul(d) } else { 0 };
            (sized || size <= i64::MAX as u128)
                && span <= i64::MAX as u128
                && own <= i64::MAX as u128
        })
    })
}

/// The flat `(extent, stride)` leaves of a typed result from the trees
/// the rule wrote (`emit::tuple` of leaves; a static leaf `…C::<N>`, a
/// dynamic one an expression), or `None` where they do not pair up or a
/// static leaf is negative (a signed result: not checked here).
pub fn result_leaves(shape: &TokenStream, stride: &TokenStream) -> Option<Vec<(Sym, Sym)>> {
    let (mut s, mut d) = (Vec::new(), Vec::new());
    flat(shape.clone(), &mut s)?;
    flat(stride.clone(), &mut d)?;
    (s.len() == d.len()).then(|| s.into_iter().zip(d).collect())
}

/// The leaves of one tree, in order.
fn flat(tree: TokenStream, out: &mut Vec<Sym>) -> Option<()> {
    let tokens: Vec<TokenTree> = tree.into_iter().collect();
    if let [TokenTree::Group(g)] = tokens.as_slice()
        && g.delimiter() == Delimiter::Parenthesis
    {
        let items = split_commas(g.stream());
        // `(x)` is a parenthesised leaf; a tuple has a comma (a 1-tuple
        // keeps its own).
        if items.len() > 1 {
            for item in items.into_iter().filter(|i| !i.is_empty()) {
                flat(item.into_iter().collect(), out)?;
            }
            return Some(());
        }
    }
    out.push(leaf(&tokens)?);
    Some(())
}

/// The items of a tuple's contents, split at its top-level commas.
fn split_commas(stream: TokenStream) -> Vec<Vec<TokenTree>> {
    let mut items = vec![Vec::new()];
    for t in stream {
        match &t {
            TokenTree::Punct(p) if p.as_char() == ',' => items.push(Vec::new()),
            _ => items.last_mut().expect("one").push(t),
        }
    }
    items
}

/// A static leaf `…C::<N>` (`None` for a negative one, `C::<{ -N }>`),
/// else the expression of a dynamic one.
fn leaf(tokens: &[TokenTree]) -> Option<Sym> {
    let n = tokens.len();
    if n >= 6
        && matches!(&tokens[n - 6], TokenTree::Ident(i) if i == "C")
        && matches!(&tokens[n - 2..], [_, TokenTree::Punct(p)] if p.as_char() == '>')
    {
        return match &tokens[n - 2] {
            TokenTree::Literal(l) => l.to_string().parse().ok().map(Sym::Static),
            _ => None,
        };
    }
    Some(Sym::Dynamic(tokens.iter().cloned().collect()))
}

/// What a rule's result is known to share with its operands, which the
/// check that it fits the core's `i64` then skips (fits.rs).
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Known {
    /// Nothing: the result's size and offsets are checked.
    Nothing,
    /// Its size is an operand's: only its offsets are checked.
    Size,
    /// Its size and offsets are an operand's: not checked.
    All,
}

/// The check's bookkeeping in the code writer: the operands a rule binds
/// and the check `finish` writes.
impl Gen<'_> {
    /// Records `leaves`, an operand's flat leaves, for the check that it
    /// fits the core's `i64` (fits.rs; `bind_leaves` records its own).
    pub fn operand(&mut self, leaves: Vec<(Sym, Sym)>) {
        // Its check bounds each of its leaves too: the integers recorded
        // by `bind` for them are dropped.
        let text = |x: &Sym| match x {
            Sym::Dynamic(t) => Some(t.to_string()),
            Sym::Static(_) => None,
        };
        let mine: Vec<String> = leaves
            .iter()
            .flat_map(|(s, d)| [text(s), text(d)])
            .flatten()
            .collect();
        self.operands.retain(|o| match o.as_slice() {
            [(x, Sym::Static(0))] => text(x).is_none_or(|t| !mine.contains(&t)),
            _ => true,
        });
        self.operands.push(leaves);
    }

    /// Before the result: the check that the operands and the result
    /// (`shape`, `stride`) fit the core's `i64`, where a leaf is dynamic
    /// (fits.rs). A signed result's are not read (its operands are).
    pub(crate) fn check_fits(&mut self, shape: &TokenStream, stride: &TokenStream, signed: bool) {
        if self.own_fits || !self.writes() {
            return;
        }
        let layouts = core::mem::take(&mut self.operands);
        let result = (!signed && self.result_known != Known::All)
            .then(|| result_leaves(shape, stride))
            .flatten();
        let sized = self.result_known == Known::Size;
        let result = result.as_deref().map(|r| (r, sized));
        if let Some(call) = check(self.function, &layouts, result, &self.covers) {
            self.check(call);
        }
        // Once (`finish_once` may end in `finish`).
        self.own_fits = true;
    }
}
