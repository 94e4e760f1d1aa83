//! Typed composition by a `B` whose strides are scaled bases
//! (`layout!(type composition(A, (2,4):(2@0,2@1)))`, CuTe's `E<i>`
//! strides), with dynamic leaves in `A` or in `B`'s shape.
//!
//! CuTe composes a leaf `n:v@P` of `B` with mode `P` of `A` as the integer
//! leaf `n:v`, and a leaf of stride `0` is `n:0`; the core does the same
//! but composes the leaves sharing a mode together (`basis/algebra/by_basis.rs`),
//! so that the no-carry check sees their sum: their offsets add inside
//! that one mode. Here the leaves of `B` are grouped by the mode path they
//! name, each group composed with that mode of `A` by the typed integer
//! composition (`compose::compose_modes`, its CuTe steps and run-time
//! checks), and the results put back in `B`'s nesting, leaf for leaf.
//! Every stride of `B` must be a static `v@P` (`v ≥ 0`) or a static `0`,
//! and no path may run inside another (the core refuses those); `A` is a
//! `SHAPE:STRIDE` written out, no negative static stride.

use layout_core::expr::{Expr, ExprKind};
use layout_core::notation::BASIS_CALL;
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;

use crate::emit::{self, MAX_DEPTH};
use crate::kind::typed_call;
use crate::tree::is_plain;
use crate::typed::compose::{Composed, compose_modes, leaves, nest};
use crate::typed::sym::{Gen, Sym, TypedRule, Walked};

/// A stride `v@P` of `B`: the scale `v` and the path `P`, outermost first.
type Scaled = (i64, Vec<usize>);

/// A composition by a scaled-basis `B` this module types.
pub struct Rule<'a> {
    function: &'static str,
    /// `A`'s shape and stride trees.
    a: (&'a Expr, &'a Expr),
    /// `B`'s shape (the result's nesting).
    b_shape: &'a Expr,
    /// `B`'s leaves: the extent and, for a `v@P` stride, `(v, P)` with
    /// `P` outermost first; `None` for a stride `0`.
    b: Vec<(&'a Expr, Option<Scaled>)>,
}

/// The rule for `e`, if it is a composition this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.build(None).is_some())
}

/// Whether `e` has this module's form but a static part breaks a
/// condition CuTe asserts: `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.build(None).is_none())
}

fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::Composition, function, [a, b])) = typed_call(e) else {
        return None;
    };
    let (ExprKind::Layout(a_shape, a_stride), ExprKind::Layout(b_shape, b_stride)) =
        (&a.kind, &b.kind)
    else {
        return None;
    };
    if !is_plain(a_shape) || !is_plain(a_stride) || !is_plain(b_shape) {
        return None;
    }
    if emit::deeper_than(b_shape, MAX_DEPTH - 2).is_some() {
        return None;
    }
    let negative = |d: &Expr| matches!(d.kind, ExprKind::Int(d) if d < 0);
    if leaves(a_shape, a_stride)?.iter().any(|(_, d)| negative(d)) {
        return None;
    }
    let mut b = Vec::new();
    for (s, d) in leaves(b_shape, b_stride)? {
        b.push((s, basis(d)?));
    }
    let paths: Vec<&Vec<usize>> = b
        .iter()
        .filter_map(|(_, d)| d.as_ref().map(|d| &d.1))
        .collect();
    // Some basis stride (else it is the integer composition), and no path
    // inside another (the core refuses those).
    if paths.is_empty() {
        return None;
    }
    let inside = |p: &Vec<usize>, q: &Vec<usize>| p.len() < q.len() && q.starts_with(p);
    if paths.iter().any(|p| paths.iter().any(|q| inside(p, q))) {
        return None;
    }
    Some(Rule {
        function,
        a: (a_shape, a_stride),
        b_shape,
        b,
    })
}

/// A stride of `B`: `Some(None)` for `0`, `Some(Some((v, path)))` for a
/// static `v@P` with `v ≥ 0`; `None` for anything else.
fn basis(d: &Expr) -> Option<Option<Scaled>> {
    match &d.kind {
        ExprKind::Int(0) => Some(None),
        ExprKind::Call { name, args, .. } if name == BASIS_CALL => {
            let (v, modes) = args.split_first()?;
            let ExprKind::Int(v) = v.kind else {
                return None;
            };
            if v < 0 || modes.is_empty() {
                return None;
            }
            // `v@j@i` is sub-mode `j` of mode `i`: the path outermost first.
            let path = (modes.iter().rev())
                .map(|m| match m.kind {
                    ExprKind::Int(i) => usize::try_from(i).ok(),
                    _ => None,
                })
                .collect::<Option<Vec<usize>>>()?;
            Some(Some((v, path)))
        }
        _ => None,
    }
}

/// Mode `path` of the congruent trees `(shape, stride)`, if `A` has it.
fn mode<'a>(shape: &'a Expr, stride: &'a Expr, path: &[usize]) -> Option<(&'a Expr, &'a Expr)> {
    let Some((i, rest)) = path.split_first() else {
        return Some((shape, stride));
    };
    match (&shape.kind, &stride.kind) {
        (ExprKind::Tuple(s), ExprKind::Tuple(d)) if s.len() == d.len() => {
            mode(s.get(*i)?, d.get(*i)?, rest)
        }
        _ => None,
    }
}

/// A mode's leaves with the merges CuTe's static `coalesce` makes when the
/// later extent is static too, here also for a dynamic one: walking back, a leaf `s0:d0` (both static)
/// joins the next `s1:d1` when `s0·d0 = d1` (static), even if `s1` is
/// dynamic, giving `(s0·s1):d0`: exact for every value of `s1`, so a mode
/// `(3,{4}):(4,12)` composes with `(2,2):(1,2)` as the core's coalesced
/// `12:4` does, where the unmerged walk sees a carry (CuTe answers it
/// without checking).
fn continued(code: &mut Gen<'_>, a: Vec<(Sym, Sym)>) -> Option<Vec<(Sym, Sym)>> {
    let mut out: Vec<(Sym, Sym)> = Vec::new();
    for (s0, d0) in a.into_iter().rev() {
        if let (Some((s1, Sym::Static(d1))), Sym::Static(n0), Sym::Static(e0)) =
            (out.last(), &s0, &d0)
        {
            if *n0 != 1 && n0.checked_mul(*e0) == Some(*d1) {
                let s = code.product(&s0, &s1.clone())?;
                *out.last_mut()? = (s, d0);
                continue;
            }
        }
        out.push((s0, d0));
    }
    out.reverse();
    Some(out)
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let (code, shape, stride) = self.build(leaf)?;
        Some((code, shape, stride, false))
    }

    /// As compose.rs: the walk run again with the merged steps where it
    /// refuses at run time.
    fn emit(&self, leaf: &dyn Fn(usize) -> TokenStream) -> TokenStream {
        let (code, shape, stride) = self.build(Some(leaf)).expect("rule() built it once");
        code.finish_once(shape, stride, false, self.layout_type())
    }
}

impl Rule<'_> {
    fn build<'l>(
        &self,
        leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    ) -> Option<(Gen<'l>, TokenStream, TokenStream)> {
        let mut code = Gen::new(self.function, leaf);
        code.merges = true;
        let shapes: Vec<Sym> = self.b.iter().map(|(s, _)| code.bind(s, "shape")).collect();
        let mut composed: Vec<Option<Composed>> = vec![None; self.b.len()];
        for (k, (_, d)) in self.b.iter().enumerate() {
            match d {
                None => composed[k] = Some(vec![(shapes[k].clone(), Sym::Static(0))]),
                // The first leaf of its path composes the whole group.
                Some((_, path)) if composed[k].is_none() => {
                    let group: Vec<usize> = (k..self.b.len())
                        .filter(|&j| matches!(&self.b[j].1, Some((_, p)) if p == path))
                        .collect();
                    let (s, d) = mode(self.a.0, self.a.1, path)?;
                    let b: Vec<(Sym, Sym)> = (group.iter())
                        .map(|&j| {
                            let v = self.b[j].1.as_ref().map_or(0, |(v, _)| *v);
                            (shapes[j].clone(), Sym::Static(v))
                        })
                        .collect();
                    let a = code.bind_leaves(&leaves(s, d)?);
                    // CuTe's own walk first (its nesting and static
                    // leaves); only where a static part refuses, the mode
                    // with its continuing leaves merged. Decided on a
                    // writer that writes nothing: the static outcome
                    // depends only on which operands are static.
                    let mut dry = Gen::new(self.function, None);
                    dry.merges = true;
                    let a = match compose_modes(&mut dry, a.clone(), &b) {
                        Some(_) => a,
                        None => continued(&mut code, a)?,
                    };
                    let modes = compose_modes(&mut code, a, &b)?;
                    for (j, m) in group.into_iter().zip(modes) {
                        composed[j] = Some(m);
                    }
                }
                Some(_) => {}
            }
        }
        let composed: Vec<Composed> = composed.into_iter().collect::<Option<_>>()?;
        let mut next = 0;
        let (shape, stride) = nest(self.b_shape, &composed, &mut next);
        Some((code, shape, stride))
    }
}
