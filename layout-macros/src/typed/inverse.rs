//! After `type`: `right_inverse(SHAPE:STRIDE)` of a written-out layout
//! whose static strides are not negative, its extents and strides static
//! or dynamic — CuTe's rule with dynamic ints (`layout.hpp`), whose modes
//! follow from the static strides alone: coalesce (CuTe's, on these
//! types: a static extent 1 dropped whatever its stride), leave out the
//! modes of dynamic stride, sort the rest by stride (`SortByKey`, an
//! exchange sort: two modes at one stride not in index order), then follow
//! the chain of static strides `1, s·d, …` while the next stride to meet
//! is static, taking at each the first sorted mode of that stride; each
//! mode met gives `(its extent, the product of the extents before it)`;
//! coalesce that. The core runs the same construction on the values (all
//! of them static there), so with every leaf static the two agree. With a
//! dynamic leaf the core may take other modes (a dynamic stride CuTe
//! leaves out meeting the chain, a reach past a dynamic extent, a dynamic
//! extent 1 its coalesce drops, which can reorder the exchange sort, or a
//! merge CuTe's coalesce cannot see): one run-time check,
//! `__private::right_inverse_is_cores`, first a few comparisons that show
//! the core takes the typed modes (inverse_quick.rs; with a tie of two
//! static strides and at most two run-time strides, inverse_tied.rs), else
//! the core's construction run on the values and
//! compared, and the typed result is the core's layout with CuTe's static
//! leaves or an `InverseMode` error naming the first mode where the
//! chains part, never another layout
//! (`right_inverse((6,m,(5,5)):(5,30,(30,1)))` is CuTe's
//! `(_5,_6,_5):(30m,_1,6m)` at every `m` the core agrees with). Every value
//! 0..=300 and random large ones against the core and a port of CuTe's
//! rule: tests/typed_inverse_ties.rs. A static product that overflows is
//! not typed: a compile error after `type`. The core also refuses an `L`
//! whose size or offsets pass `i64::MAX`, which the result does not show
//! (`right_inverse((2,4):(i64::MAX,1))` would be `4:2`): one comparison,
//! every run-time leaf below a bound computed here from the static leaves
//! (`fits_below`), joined to the inverse's own comparisons where it has
//! some, and the exact check cold (`__private::operand_fits`);
//! tests/typed_inverse_overflow.rs.
//!
//! As the operand of a one-argument `complement` (read.rs), the check
//! compares the two results' complements instead, the gaps between the
//! modes each chain took (`__private::right_inverse_complement_is_cores`):
//! `complement(right_inverse((4,5):(d,4)))` is CuTe's `_1:_0`, the core's
//! at every `d`, though at `d = 1` the core's inverse is `20:1`, not the
//! typed `_1:_0`.
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
use crate::typed::fits::fits_below;
use crate::typed::inverse_quick;
use crate::typed::read::Read;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token, value};

/// A typed `right_inverse` call.
pub struct Rule<'a> {
    function: &'static str,
    a: Vec<(&'a Expr, &'a Expr)>,
    /// What the call around it reads (read.rs): the run-time check shows
    /// that part is the core's.
    read: Read,
}

impl Rule<'_> {
    /// The rule as an operand of which the call around it reads `read`.
    pub fn reading(self, read: Read) -> Self {
        Rule { read, ..self }
    }
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
    a.iter().all(stride).then_some(Rule {
        function,
        a,
        read: Read::Layout,
    })
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let mut code = Gen::new(self.function, leaf);
        // Its own check, joined to its comparisons.
        code.own_fits = true;
        let a = code.bind_leaves(&self.a);
        // A dynamic extent 0: the core's size-0 layouts are not typed.
        let private = emit::private();
        let function = self.function;
        for (s, _) in &a {
            if let Sym::Dynamic(s) = s {
                code.check(quote!(#private::nonzero(#function, #s)));
            }
        }
        // The leaves' values, for the run-time comparison with the core.
        let dynamic = a
            .iter()
            .any(|(s, d)| matches!(s, Sym::Dynamic(_)) || matches!(d, Sym::Dynamic(_)));
        let leaves: Vec<TokenStream> = a
            .iter()
            .map(|(s, d)| {
                let (s, d) = (value(s), value(d));
                quote!((#s, #d))
            })
            .collect();
        // The core refuses an `L` whose size or offsets pass `i64::MAX`,
        // which the typed result does not show: one comparison (`bound`).
        let fits = bound(&a, false);
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
        let (path, end) = chain(&mut code, &modes, &strides)?;
        // Where a leaf is dynamic, the core, reading the values, may take
        // other modes (a dynamic stride CuTe leaves out, a reach past a
        // dynamic extent, an extent 1 its coalesce drops, a merge): the
        // typed result is the core's or an error. With no two positive
        // static strides equal, the exchange sort orders the modes the
        // chain meets by stride whatever the values, and a few comparisons
        // show the core takes the typed modes; with a tie (the sort is not
        // stable, so a mode the core drops or merges can reorder it) the
        // sort and fold are run while compiling on the core's list at each
        // class of a run-time stride (inverse_tied.rs). Where a comparison
        // fails (or three run-time strides leave none), the core's
        // construction is run on the values and compared.
        if dynamic {
            let quick = inverse_quick::checks(&modes, &strides, &path, end)?;
            // Where the inverse needs no check, the bound alone; else it
            // joins the inverse's comparisons, one cold call for both.
            if quick.is_empty() {
                code.check(quote!(#private::operand_fits(
                    #function, #fits, move || [#(#leaves),*]
                )));
            } else {
                let typed = path.iter().map(|&i| {
                    let (s, d, b) = (value(&modes[i].0), value(&modes[i].1), value(&before[i]));
                    quote!((#s, #d, #b))
                });
                // Under a one-argument `complement`, only the result's
                // complement must be the core's (read.rs). The bound last:
                // so LLVM kept the stack frame off the hot path (BENCHMARKS,
                // invovf: 2 to 7 fewer instructions than first).
                let check = match self.read {
                    Read::Layout => quote!(right_inverse_is_cores),
                    Read::Complement => quote!(right_inverse_complement_is_cores),
                };
                code.check(quote!(#private::#check(
                    #function, #(#quick)&&* && (#fits), move || ([#(#leaves),*], [#(#typed),*])
                )));
            }
        }
        let mut out = vec![(Sym::Static(1), Sym::Static(0))];
        out.extend(
            path.iter()
                .map(|&i| (modes[i].0.clone(), before[i].clone())),
        );
        let out = coalesce(out, false)?;
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

/// CuTe's `right_inverse` fold on these types: the modes taken, in
/// order, and the reach the chain ended at where no mode met it or it
/// turned dynamic (`None` where a product of static leaves overflows).
fn chain(code: &mut Gen<'_>, modes: &[(Sym, Sym)], strides: &[Option<i64>]) -> Option<Chain> {
    let mut path = Vec::new();
    let mut reach = Sym::Static(1);
    let mut end = None;
    // CuTe folds over the modes of static stride sorted by stride (its
    // `SortByKey`, an exchange sort: ties not in index order), taking each
    // whose stride is the reach; the reach only grows, so of two at one
    // stride it takes the first sorted, as the core does.
    let order = sorted(strides);
    while let Sym::Static(r) = reach {
        let at_reach = |&i: &usize| !path.contains(&i) && strides[i] == Some(r);
        let Some(i) = order.iter().copied().find(at_reach) else {
            end = Some(reach);
            break;
        };
        path.push(i);
        // An extent 1 (a layout of size 1, CuTe's `1:0`) ends the chain;
        // so does the last mode with a stride to meet.
        let left = (0..modes.len()).any(|j| !path.contains(&j) && strides[j] != Some(0));
        if matches!(modes[i].0, Sym::Static(1)) || !left {
            break;
        }
        reach = code.product(&modes[i].0, &Sym::Static(r))?;
        if let Sym::Dynamic(_) = reach {
            end = Some(reach.clone());
        }
    }
    Some((path, end))
}

/// The modes a chain took, and where it ended (see [`chain`]).
type Chain = (Vec<usize>, Option<Sym>);

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

/// The comparison that every run-time leaf of `a` is below the bound
/// under which a layout of these leaves has its size and offsets within
/// `i64::MAX` (`false` where none does): where it fails, the exact check
/// runs cold (`__private::operand_fits`). Shared with left_inverse.rs.
pub(super) fn bound(a: &[(Sym, Sym)], spans: bool) -> TokenStream {
    match fits_below(a, spans, false) {
        Some(k) => {
            let bound = 1usize << k;
            let runtime = a.iter().flat_map(|(s, d)| [s, d]).filter_map(|x| match x {
                Sym::Dynamic(x) => Some(x),
                Sym::Static(_) => None,
            });
            quote!((#(#runtime)|*) < #bound)
        }
        None => quote!(false),
    }
}
