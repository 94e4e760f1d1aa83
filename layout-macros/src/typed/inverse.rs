//! After `type`: `right_inverse(SHAPE:STRIDE)` of a written-out layout
//! whose static strides are not negative, its extents and strides static
//! or dynamic — CuTe's rule with dynamic ints (`layout.hpp`), whose modes
//! follow from the static strides alone: coalesce (CuTe's, on these
//! types: a static extent 1 dropped whatever its stride), leave out the
//! modes of dynamic stride, sort the rest by stride (`SortByKey`, an
//! exchange sort), then follow the chain of static strides `1, s·d, …`
//! while the next stride to meet is static, taking at each the first
//! sorted mode of that stride; each mode met gives `(its extent, the
//! product of the extents before it)`; coalesce that. The core, knowing the values, may take other
//! modes; where it would, the typed result is a run-time `InverseMode`
//! error naming the mode, never a layout other than the core's:
//!
//! - a mode left out (a dynamic stride, or a static one past a dynamic
//!   reach) whose stride is the chain's end (it would go on), or the
//!   stride of a mode of the chain after it (the core takes the first);
//! - a mode left out that the core's coalesce merges with a mode of the
//!   chain after it (`extent·stride` the chain mode's stride, the modes
//!   between of dynamic extent 1): the core's chain cannot enter it; or
//!   into a mode of the chain before it: the core's chain goes on from
//!   their merged span.
//!
//! (The checks may refuse where a mode so met is itself merged away and
//! the core's answer is CuTe's after all: a refusal, never another layout.)
//! Two modes at one static stride: CuTe takes the first in its sort, which
//! need not be the first in index order (strides `(2,2,1)`: the second),
//! and the core's `position` the first in index order that its coalesce
//! keeps. A mode of dynamic extent before CuTe's choice is checked as any
//! mode left out: CuTe's layout where it is 1 (the core drops it), an
//! `InverseMode` error elsewhere (`right_inverse((6,m,(5,5)):(5,30,(30,1)))`
//! is CuTe's `(_5,_6,_5):(30m,_1,6m)` at `m = 1`). A mode of static extent
//! before it the core takes at every value, so CuTe's layout is never the
//! core's: the chain takes the core's mode there, the core's layout with
//! leaves not CuTe's (CuTe answers another function). Every value 0..=300
//! and random large ones against the core and a port of CuTe's rule:
//! tests/typed_inverse_ties.rs. A static product that overflows is not
//! typed: a compile error after `type`.
//!
//! `left_inverse` is typed next door (left_inverse.rs).
//!
//! Checked with CuTe C++ prints (`right_inverse((m,_4):(_4,_1))` is
//! `(_4,m):(m,_1)`, `right_inverse((_4,_8):(d,_1))` is `_8:_4`; golden rows
//! in tests/typed_inverse_dynamic.rs) and against the core at every index
//! (tests/typed_inverse.rs, tests/typed_inverse_dynamic.rs).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::is_plain;
use crate::typed::compose::leaves;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};

/// A typed `right_inverse` call.
pub struct Rule<'a> {
    function: &'static str,
    a: Vec<(&'a Expr, &'a Expr)>,
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.walk(None).is_some())
}

/// Whether `e` has the form this module types but a product of its static
/// extents and strides overflows: `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.walk(None).is_none())
}

/// Why [`refused`] refuses.
pub const REFUSED: &str = "`type` types this call from CuTe's rule, but a product of its static \
     extents and strides overflows; without `type`, the core decides at run time";

fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let (TypedForm::RightInverse, function, [a]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) {
        return None;
    }
    let a = leaves(shape, stride)?;
    let stride = |(_, d): &(&Expr, &Expr)| match d.kind {
        ExprKind::Int(d) => d >= 0,
        _ => matches!(d.kind, ExprKind::Dynamic(_)),
    };
    a.iter().all(stride).then_some(Rule { function, a })
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let mut code = Gen::new(self.function, leaf);
        let a = code.bind_leaves(&self.a);
        // A dynamic extent 0: the core's size-0 layouts are not typed.
        let private = emit::private();
        let function = self.function;
        for (s, _) in &a {
            if let Sym::Dynamic(s) = s {
                code.check(quote!(#private::nonzero(#function, #s)));
            }
        }
        let modes = coalesce(a, false)?;
        // CuTe's chain reads the static strides; a dynamic one is `None`.
        let strides: Vec<Option<i64>> = modes
            .iter()
            .map(|(_, d)| match d {
                Sym::Static(d) => Some(*d),
                Sym::Dynamic(_) => None,
            })
            .collect();
        // The index each mode starts at: the product of the extents before it.
        let mut before = Vec::with_capacity(modes.len());
        let mut product = Sym::Static(1);
        for (i, (s, _)) in modes.iter().enumerate() {
            before.push(product.clone());
            if i + 1 < modes.len() {
                product = code.product(&product, s)?;
            }
        }
        let out = coalesce(chain(&mut code, &modes, &strides, &before)?, false)?;
        let (shape, stride) = match out.as_slice() {
            [(s, d)] => (token(s), token(d)),
            _ => (
                emit::tuple(out.iter().map(|m| token(&m.0)).collect()),
                emit::tuple(out.iter().map(|m| token(&m.1)).collect()),
            ),
        };
        Some((code, shape, stride, false))
    }
}

/// CuTe's `right_inverse` fold: `(1, extents met…):(0, where they start…)`,
/// and the checks that the core's chain takes the same modes.
fn chain(
    code: &mut Gen<'_>,
    modes: &[(Sym, Sym)],
    strides: &[Option<i64>],
    before: &[Sym],
) -> Option<Vec<(Sym, Sym)>> {
    let mut out = vec![(Sym::Static(1), Sym::Static(0))];
    // The modes met, in order, and the reaches they were met at.
    let (mut path, mut reaches) = (Vec::new(), Vec::new());
    let mut reach = Sym::Static(1);
    let mut end = None;
    // CuTe folds over the modes of static stride sorted by stride (its
    // `SortByKey`, an exchange sort: ties not in index order), taking one
    // whose stride is the reach; of two at one stride, the first sorted.
    let order = sorted(strides);
    while let Sym::Static(r) = reach {
        let at_reach = |&i: &usize| !path.contains(&i) && strides[i] == Some(r);
        let Some(cute) = order.iter().copied().find(at_reach) else {
            end = Some(reach);
            break;
        };
        // The core's `position` takes the first in index order that its
        // coalesce keeps: one of static extent before CuTe's choice is
        // taken whatever the values, so CuTe's layout is never the core's
        // there and the chain takes the core's (CuTe answers another
        // function); one of dynamic extent before it is checked below.
        let core = (0..cute)
            .filter(at_reach)
            .find(|&i| matches!(modes[i].0, Sym::Static(_)));
        let i = core.unwrap_or(cute);
        path.push(i);
        reaches.push(r);
        out.push((modes[i].0.clone(), before[i].clone()));
        // An extent 1 (a layout of size 1, CuTe's `1:0`) ends the chain;
        // so does the last mode with a stride to meet (no reach to check).
        let left = (0..modes.len()).any(|j| !path.contains(&j) && strides[j] != Some(0));
        if matches!(modes[i].0, Sym::Static(1)) || !left {
            break;
        }
        reach = code.product(&modes[i].0, &Sym::Static(r))?;
        if let Sym::Dynamic(_) = reach {
            end = Some(reach.clone());
        }
    }
    for (x, (s, d)) in modes.iter().enumerate() {
        if path.contains(&x) || strides[x] == Some(0) {
            continue;
        }
        // Met by the chain's end, or by a reach the chain met at a mode
        // after this one, which the core's `position` takes after it: a
        // dynamic stride, or a static tie CuTe's sort put after the mode
        // the chain took (the core takes this one where it is not 1).
        let met = path.iter().zip(&reaches);
        let met = met.filter(|(t, r)| x < **t && strides[x].is_none_or(|d| d == **r));
        let mut meets: Vec<Sym> = met.map(|(_, &r)| Sym::Static(r)).collect();
        meets.extend(end.clone());
        for r in &meets {
            meets_reach(code, r, s, d)?;
        }
    }
    for pair in path.windows(2) {
        let (prev, x) = (pair[0], pair[1]);
        for p in (0..x).rev() {
            if p != prev && strides[p] != Some(0) {
                merges(code, modes, p, x, false)?;
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
    let last = if end.is_some() {
        path.len().saturating_sub(1)
    } else {
        path.len()
    };
    for &t in &path[..last] {
        for y in t + 1..modes.len() {
            if !path.contains(&y) && strides[y] != Some(0) {
                merges(code, modes, t, y, true)?;
            }
            if let Sym::Static(_) = modes[y].0 {
                break;
            }
        }
    }
    Some(out)
}

/// CuTe's `detail::SortByKey` over the modes of static stride: an
/// exchange sort of their indices by stride (not stable).
fn sorted(strides: &[Option<i64>]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..strides.len())
        .filter(|&i| strides[i].is_some())
        .collect();
    for i in 0..order.len() {
        for j in i + 1..order.len() {
            if strides[order[j]] < strides[order[i]] {
                order.swap(i, j);
            }
        }
    }
    order
}

/// The check that the mode `s:d` left out does not meet the reach `r`;
/// `None` (not typed) where the static leaves say it does.
fn meets_reach(code: &mut Gen<'_>, r: &Sym, s: &Sym, d: &Sym) -> Option<()> {
    match (r, s, d) {
        (Sym::Static(r), Sym::Static(s), Sym::Static(d)) => {
            return (r != d || *s <= 1).then_some(());
        }
        (Sym::Static(r), _, Sym::Static(d)) if r != d => return Some(()),
        _ => {}
    }
    let (private, function) = (emit::private(), code.function);
    let (r, s, d) = (value(r), value(s), value(d));
    code.check(quote!(#private::inverse_stops(#function, #r, #s, #d)));
    Some(())
}

/// The check that the core's coalesce does not merge the mode `p` with
/// the mode `x` after it (the modes between, all of dynamic extent, being
/// 1): `p` left out and `x` the chain's, or (`into`) `p` the chain's and
/// `x` left out; `None` where the static leaves say it does.
fn merges(code: &mut Gen<'_>, modes: &[(Sym, Sym)], p: usize, x: usize, into: bool) -> Option<()> {
    let ((ps, pd), (xs, xd)) = (&modes[p], &modes[x]);
    let between: Vec<TokenStream> = modes[p + 1..x].iter().map(|(s, _)| value(s)).collect();
    if let (Sym::Static(ps), Sym::Static(pd), Sym::Static(xs), Sym::Static(xd), true) =
        (ps, pd, xs, xd, between.is_empty())
    {
        let merged = ps.checked_mul(*pd) == Some(*xd) && *ps > 1 && *xs > 1;
        return (!merged).then_some(());
    }
    if let (Sym::Static(ps), Sym::Static(pd), Sym::Static(xd)) = (ps, pd, xd) {
        if ps.checked_mul(*pd) != Some(*xd) {
            return Some(());
        }
    }
    let (private, function) = (emit::private(), code.function);
    let ones = match between.as_slice() {
        [] => quote!(true),
        _ => quote!(#(#between == 1)&&*),
    };
    let (ps, pd, xs, xd) = (value(ps), value(pd), value(xs), value(xd));
    let check = if into {
        quote!(inverse_merged_into)
    } else {
        quote!(inverse_merges)
    };
    code.check(quote!(#private::#check(#function, #ps, #pd, #ones, #xs, #xd)));
    Some(())
}
