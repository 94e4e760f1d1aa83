//! The typed `right_inverse`'s quick comparisons (inverse.rs): with a
//! dynamic leaf, the core's construction run on the values may take other
//! modes than CuTe's chain, which the typed result's modes follow. Where
//! the static leaves fix the order the core's exchange sort gives the modes
//! the chain meets, a few comparisons (most folded away while compiling)
//! show it takes the typed modes; only where one fails does the
//! construction run (`__private::right_inverse_is_cores`, a cold call).
//! Two cases have such comparisons: no two positive static strides equal
//! ([`distinct`]), and a tie with at most two run-time strides
//! (inverse_tied.rs: the core's coalesce and sort are run while compiling
//! on the list it keeps when no run-time extent is 1, at each class of
//! the run-time strides). A tie with three run-time strides has none: the
//! construction always runs.

use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::typed::inverse_tied;
use crate::typed::sym::{Sym, value};

/// The comparisons for the typed chain `path` (indices of `modes`, whose
/// `strides` are `None` where dynamic) ending at `end` (its run-time or
/// unmet reach): all true means the core takes the typed modes; `[false]`
/// where no such comparisons exist; empty where the static leaves alone
/// show it. `None` where the static leaves show the core never does.
pub fn checks(
    modes: &[(Sym, Sym)],
    strides: &[Option<i64>],
    path: &[usize],
    end: Option<Sym>,
) -> Option<Vec<TokenStream>> {
    if !static_ties(strides) {
        distinct(modes, strides, path, end)
    } else {
        Some(inverse_tied::tied(modes, strides, path).unwrap_or_else(|| vec![quote!(false)]))
    }
}

/// Whether two positive static strides are equal: a tie the core's
/// exchange sort, on the values, may order otherwise than CuTe's (a mode
/// its coalesce drops or merges moves the ties). Ties at stride 0 never
/// meet the reach, and a dynamic stride equal to another is checked at
/// run time ([`distinct`]).
fn static_ties(strides: &[Option<i64>]) -> bool {
    strides.iter().enumerate().any(|(i, d)| match d {
        None | Some(0) => false,
        Some(d) => strides[..i].contains(&Some(*d)),
    })
}

/// With no two positive static strides equal, the core's chain is the
/// typed one unless a run-time leaf changes what it meets: a mode left
/// out meeting the chain's run-time end, a mode of run-time stride equal
/// to a stride the chain met, or two modes its coalesce merges across
/// extents that are 1. The comparisons (`bool`
/// expressions) that show neither happens; where one is false the values
/// may still agree (a mode meeting the end that the core merged into
/// another), so it is not an error but the cue for the exact check.
/// `None` where the static leaves say the core never takes these modes.
fn distinct(
    modes: &[(Sym, Sym)],
    strides: &[Option<i64>],
    path: &[usize],
    end: Option<Sym>,
) -> Option<Vec<TokenStream>> {
    let mut quick = Vec::new();
    for (x, (s, d)) in modes.iter().enumerate() {
        if path.contains(&x) || strides[x] == Some(0) {
            continue;
        }
        // Met by the chain's end, or (a run-time stride) by a reach the
        // chain met, where the core's sort may put it first (static
        // strides are distinct: no reach the chain met is theirs).
        let met = path.iter().filter(|_| strides[x].is_none());
        for r in met.map(|&t| &modes[t].1).chain(&end) {
            quick.extend(meets_reach(r, s, d)?);
        }
    }
    for pair in path.windows(2) {
        let (prev, x) = (pair[0], pair[1]);
        for p in (0..x).rev() {
            if p != prev && strides[p] != Some(0) {
                quick.extend(merges(modes, p, x)?);
            }
            // A static extent (above 1: coalesce dropped the 1s) keeps
            // the modes before it apart from `x`.
            if let Sym::Static(_) = modes[p].0 {
                break;
            }
        }
    }
    // A mode left out that the core's coalesce merges into a chain mode
    // before it: the core's chain goes on from their span. (After the
    // last chain mode, the checks at the chain's end say it.)
    let last = match end {
        Some(_) => path.len().saturating_sub(1),
        None => path.len(),
    };
    for &t in &path[..last] {
        for y in t + 1..modes.len() {
            if !path.contains(&y) && strides[y] != Some(0) {
                quick.extend(merges(modes, t, y)?);
            }
            if let Sym::Static(_) = modes[y].0 {
                break;
            }
        }
    }
    Some(quick)
}

/// The comparison that the mode `s:d` left out does not meet the reach
/// `r` (`Some(None)`: the static leaves say it never does; `None`: they
/// say it always does, and the core's chain is not CuTe's).
fn meets_reach(r: &Sym, s: &Sym, d: &Sym) -> Option<Option<TokenStream>> {
    match (r, s, d) {
        (Sym::Static(r), Sym::Static(s), Sym::Static(d)) => {
            return (r != d || *s <= 1).then_some(None);
        }
        (Sym::Static(r), _, Sym::Static(d)) if r != d => return Some(None),
        (_, Sym::Static(s), _) if *s <= 1 => return Some(None),
        _ => {}
    }
    let (r, d) = (value(r), value(d));
    Some(Some(match s {
        Sym::Static(_) => quote!(#r != #d),
        Sym::Dynamic(_) => {
            let s = value(s);
            quote!((#r != #d || #s <= 1))
        }
    }))
}

/// The comparison that the core's coalesce does not merge the mode `p`
/// with the mode `x` after it (the modes between, all of dynamic extent,
/// being 1), as [`meets_reach`] answers.
fn merges(modes: &[(Sym, Sym)], p: usize, x: usize) -> Option<Option<TokenStream>> {
    let ((ps, pd), (xs, xd)) = (&modes[p], &modes[x]);
    let between: Vec<TokenStream> = modes[p + 1..x].iter().map(|(s, _)| value(s)).collect();
    if let (Sym::Static(ps), Sym::Static(pd), Sym::Static(xs), Sym::Static(xd), true) =
        (ps, pd, xs, xd, between.is_empty())
    {
        let merged = ps.checked_mul(*pd) == Some(*xd) && *ps > 1 && *xs > 1;
        return (!merged).then_some(None);
    }
    if let (Sym::Static(ps), Sym::Static(pd), Sym::Static(xd)) = (ps, pd, xd) {
        if ps.checked_mul(*pd) != Some(*xd) {
            return Some(None);
        }
    }
    let private = emit::private();
    let ones = match between.as_slice() {
        [] => quote!(true),
        _ => quote!(#(#between == 1)&&*),
    };
    let (ps, pd, xs, xd) = (value(ps), value(pd), value(xs), value(xd));
    Some(Some(
        quote!(!#private::inverse_merges(#ps, #pd, #ones, #xs, #xd)),
    ))
}
