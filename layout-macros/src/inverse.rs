//! After `type`: `right_inverse(SHAPE:STRIDE)` of a written-out layout
//! whose strides are static and not negative, its extents static or
//! dynamic — CuTe's rule with dynamic ints (`layout.hpp`), whose modes
//! follow from the static strides alone: coalesce (CuTe's, on these
//! types), then follow the chain of strides `1, s·d, …` while the next
//! stride to meet is static; each mode met gives `(its extent, the product
//! of the extents before it)`; coalesce that. CuTe stops at a dynamic
//! reach; the core, knowing the value, may go on: a mode left out whose
//! stride equals that reach (and whose extent is above 1) is a run-time
//! error naming it (`inverse_stops`), never a shorter inverse than the
//! core's. Not typed: a dynamic stride (CuTe drops its mode from the chain;
//! the core may follow it) and two modes at one nonzero stride (CuTe and
//! the core may take different ones): a compile error after `type`.
//!
//! `left_inverse` is not typed: it goes to the core at run time, which
//! follows CuTe C++'s construction (`tests/golden/cute_left_inverse.jsonl`).
//!
//! Checked with CuTe C++ prints (`right_inverse((m,_4):(_4,_1))` is
//! `(_4,m):(m,_1)`, `right_inverse((m,_4):(_1,_8))` is `m:_1`) and against
//! the core at every index (tests/typed_inverse.rs).

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::compose::leaves;
use crate::emit;
use crate::kind::typed_call;
use crate::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};
use crate::tree::is_plain;

/// A typed `right_inverse` call.
pub struct Rule<'a> {
    function: &'static str,
    a: Vec<(&'a Expr, &'a Expr)>,
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.walk(None).is_some())
}

/// Whether `e` has the form this module types but two modes share a
/// nonzero static stride: `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.walk(None).is_none())
}

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
    let static_stride = |(_, d): &(&Expr, &Expr)| matches!(d.kind, ExprKind::Int(d) if d >= 0);
    a.iter().all(static_stride).then_some(Rule { function, a })
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
        let stride = |d: &Sym| match d {
            Sym::Static(d) => Some(*d),
            Sym::Dynamic(_) => None,
        };
        let strides: Vec<i64> = modes
            .iter()
            .map(|(_, d)| stride(d))
            .collect::<Option<_>>()?;
        // Two modes at one nonzero stride: not typed.
        let mut nonzero: Vec<i64> = strides.iter().copied().filter(|&d| d != 0).collect();
        nonzero.sort_unstable();
        if nonzero.windows(2).any(|w| w[0] == w[1]) {
            return None;
        }
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

/// CuTe's `right_inverse` fold: `(1, extents met…):(0, where they start…)`.
fn chain(
    code: &mut Gen<'_>,
    modes: &[(Sym, Sym)],
    strides: &[i64],
    before: &[Sym],
) -> Option<Vec<(Sym, Sym)>> {
    let mut out = vec![(Sym::Static(1), Sym::Static(0))];
    let mut taken = vec![false; modes.len()];
    let mut reach = Sym::Static(1);
    while let Sym::Static(r) = reach {
        let Some(i) = (0..modes.len()).find(|&i| !taken[i] && strides[i] == r) else {
            break;
        };
        taken[i] = true;
        out.push((modes[i].0.clone(), before[i].clone()));
        // An extent 1 (a layout of size 1, CuTe's `1:0`) ends the chain;
        // so does the last mode with a stride to meet (no reach to compute).
        let left = (0..modes.len()).any(|j| !taken[j] && strides[j] != 0);
        if matches!(modes[i].0, Sym::Static(1)) || !left {
            break;
        }
        reach = code.product(&modes[i].0, &Sym::Static(r))?;
    }
    if let Sym::Dynamic(_) = reach {
        let (private, function) = (emit::private(), code.function);
        let r = value(&reach);
        for (i, (s, _)) in modes.iter().enumerate() {
            if !taken[i] && strides[i] != 0 {
                let (s, d) = (value(s), strides[i]);
                let d = proc_macro2::Literal::i64_unsuffixed(d);
                code.check(quote!(#private::inverse_stops(#function, #r, #s, #d)));
            }
        }
    }
    Some(out)
}
