//! `layout!(type QUERY(…))`: CuTe's queries whose answers are static
//! integers (`Int<N>`) when what they read is static, as static leaves.
//! The registry says what each query reads ([`StaticAnswer`]); this module
//! dispatches on that, never on a name:
//!
//! | input | expansion |
//! |---|---|
//! | `type size(…)` | type_size.rs |
//! | any query with no dynamic leaf, written out | `C::<N>`, the core's answer |
//! | `type rank(L[, I…])`, `type depth(…)`, `L` written out with run-time leaves | `C::<N>`: the nesting is written |
//! | `type rank(#a[, I…])`, `type depth(#a[, I…])` | `NestingLeaves::rank_leaf(&a)` (`ShapeRank<S>`, CuTe's `rank_v`), of mode `I…` (`ModeAt`) |
//! | `type rank((#s, 4))`, `type depth(…)` | the same of the Rust tuple `(s, C::<4>)` |
//! | `type cosize(L[, I…])`, the selected mode's leaves static | `C::<N>` (the core's cosize of that mode) |
//! | `type cosize(#a[, I…])` | `CosizeInTheType::cosize_in_the_type(CosizeLeaf::cosize_leaf(&a))` (`CosizeOf<S, D>`), asked at the name |
//! | `type crd2idx(C, #a)`, `C` static | `CoordinateFits::coordinate_fits(OffsetInTheType::offset_in_the_type(Crd2idxLeaf::crd2idx_leaf(&a, (C::<1>, …))))` (`Crd2idxOf<Cd, S, D>`), asked at the name |
//!
//! A run-time leaf the answer reads is one error at it (written out) or at
//! the name whose type has it (rustc, through the trait's own function);
//! without `type` the same call gives the `usize`.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Query, StaticAnswer};
use layout_core::{IntTuple, Layout, Value};
use proc_macro2::TokenStream;
use quote::quote_spanned;

use crate::emit;
use crate::expand::Expander;
use crate::kind::{query, typed_call};
use crate::tree::{dynamic_leaves, has_dynamic, is_plain};
use crate::typed::named;
use crate::typed::type_size::{self, first_dynamic, selected};

/// A query call whose answer `type` puts in a type: what it reads, the
/// function's name and its arguments.
pub struct TypeQuery<'a> {
    pub reads: StaticAnswer,
    pub name: &'static str,
    pub args: &'a [Expr],
}

/// The query `e` is, when `type` can put its answer in a type (the
/// operands fit the form the answer is computed from); `None` leaves the
/// input to the other forms (and to `type`'s refusal of an integer).
pub fn call(e: &Expr) -> Option<TypeQuery<'_>> {
    let reads = query(e)?.static_answer()?;
    let (_, name, args) = typed_call(e)?;
    let fits = match reads {
        StaticAnswer::Extents | StaticAnswer::Nesting => type_size::fits(e, args),
        StaticAnswer::Leaves => match args {
            [l, indices @ ..] => {
                let index = |i: &Expr| matches!(i.kind, ExprKind::Int(i) if i >= 0);
                let operand = named::name(l).is_some() || !named::contains(l) && written(l);
                (operand || !has_dynamic(e) && !named::contains(e)) && indices.iter().all(index)
            }
            [] => false,
        },
        StaticAnswer::CoordinateAndLeaves => match args {
            [c, l] if named::name(l).is_some() => is_plain(c) && !named::contains(c),
            _ => !named::contains(e),
        },
        _ => false,
    };
    fits.then_some(TypeQuery { reads, name, args })
}

/// Why a query with a static answer (`call` refused) cannot have it in a
/// type: its mode indices are not integer literals, or its operand is a
/// call the macro cannot see through. `None` when the input is no such
/// query (or its names are misplaced: named_place.rs says so).
pub fn unfit(e: &Expr) -> Option<(&Expr, String)> {
    query(e)?.static_answer()?;
    let (_, name, args) = typed_call(e)?;
    if call(e).is_some() {
        return None;
    }
    let (operand, indices) = match args {
        [c, l, ..] if query(e) == Some(Query::Crd2idx) => (l, std::slice::from_ref(c)),
        [l, indices @ ..] => (l, indices),
        [] => return None,
    };
    if query(e) != Some(Query::Crd2idx) {
        let index = |i: &&Expr| !matches!(i.kind, ExprKind::Int(k) if k >= 0);
        if let Some(i) = indices.iter().find(index) {
            return Some((
                i,
                format!(
                    "`type {name}(…, I…)` selects a mode by non-negative integer literals (CuTe's `{name}<I…>`), but this index is not one"
                ),
            ));
        }
    }
    if named::contains(e) {
        return None;
    }
    Some((
        operand,
        format!(
            "`type {name}(…)` puts CuTe's static answer in a type for a named value (`#l`) or a written-out layout or shape, but this operand is a call with run-time leaves, whose result the macro cannot see: bind it to a name first (`let l = layout!(type …)`, then `layout!(type {name}(#l))`), or drop `type`"
        ),
    ))
}

/// A layout written out as `SHAPE:STRIDE` of plain leaves.
fn written(l: &Expr) -> bool {
    matches!(&l.kind, ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride))
}

/// Why a written-out run-time leaf has no answer in a type. `type` takes
/// the leaves the answer reads all static (CuTe's answer is static in a
/// few more cases, `_0 * m` being `_0`: README, "Where we differ").
fn run_time_leaf(q: &TypeQuery) -> String {
    let name = q.name;
    let (what, cute, leaves) = match q.reads {
        StaticAnswer::CoordinateAndLeaves => (
            "offset",
            "of a static coordinate in a static layout",
            "a coordinate and a layout whose leaves are",
        ),
        _ => (
            "cosize",
            "of a static layout",
            "a layout whose extents and strides are",
        ),
    };
    format!(
        "`type {name}(…)` puts the {what} in its type (CuTe's `{name}` {cute}, `Int<N>`), but this leaf is a run-time integer: `type` takes {leaves} all static (`{name}(…)` without `type` gives the {what})"
    )
}

/// A plain static tree as the core's integer tuple.
fn int_tuple(e: &Expr) -> Option<IntTuple> {
    match &e.kind {
        ExprKind::Int(n) => Some(IntTuple::Int(*n)),
        ExprKind::Tuple(items) => items
            .iter()
            .map(int_tuple)
            .collect::<Option<_>>()
            .map(IntTuple::Tuple),
        _ => None,
    }
}

/// Mode `(I, J…)` of a written-out layout's shape and stride.
fn selected_layout<'a>(l: &'a Expr, indices: &[Expr]) -> Option<(&'a Expr, &'a Expr)> {
    let ExprKind::Layout(shape, stride) = &l.kind else {
        return None;
    };
    Some((selected(shape, indices), selected(stride, indices)))
}

/// The first negative integer of a plain tree, in order.
fn first_negative(e: &Expr) -> Option<&Expr> {
    match &e.kind {
        ExprKind::Int(n) if *n < 0 => Some(e),
        ExprKind::Tuple(items) => items.iter().find_map(first_negative),
        _ => None,
    }
}

/// The number of top-level modes of a plain tree (1 for a leaf).
fn rank(e: &Expr) -> i64 {
    match &e.kind {
        ExprKind::Tuple(items) => items.len() as i64,
        _ => 1,
    }
}

/// The nesting depth of a plain tree (0 for a leaf).
fn depth(e: &Expr) -> i64 {
    match &e.kind {
        ExprKind::Tuple(items) => 1 + items.iter().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

impl Expander<'_> {
    /// `type QUERY(…)` of the call [`call`] took.
    pub fn type_query(&self, q: &TypeQuery) -> syn::Result<TokenStream> {
        if q.reads == StaticAnswer::Extents {
            return self.type_size(q.args);
        }
        if named::contains(&self.ast.expr) {
            return self.named_type_query(q);
        }
        // No dynamic leaf: `valid` computed the answer.
        if let Some(Value::IntTuple(IntTuple::Int(n))) = &self.value {
            return Ok(emit::static_leaf(*n));
        }
        let (l, indices) = q.args.split_first().expect("a query has an operand");
        match q.reads {
            // The nesting is written, whatever the leaves.
            StaticAnswer::Nesting => {
                let shape = selected(l, indices);
                let n = if query(&self.ast.expr) == Some(Query::Rank) {
                    rank(shape)
                } else {
                    depth(shape)
                };
                Ok(emit::static_leaf(n))
            }
            StaticAnswer::Leaves => {
                let (shape, stride) =
                    selected_layout(l, indices).expect("`call` takes a written layout");
                if let Some(leaf) = first_dynamic(shape).or_else(|| first_dynamic(stride)) {
                    return Err(self.ast.error(Some(leaf.span), run_time_leaf(q)));
                }
                let layout = int_tuple(shape)
                    .zip(int_tuple(stride))
                    .and_then(|(shape, stride)| Layout::new(shape, stride).ok());
                match layout {
                    Some(layout) => Ok(emit::static_leaf(layout.cosize())),
                    None => Err(self
                        .ast
                        .error(Some(l.span), "this layout's cosize has no static answer")),
                }
            }
            // Every leaf is read: the first run-time one is the error.
            _ => {
                let mut leaves = Vec::new();
                dynamic_leaves(&self.ast.expr, &mut leaves);
                let span = leaves.first().map(|(_, span)| *span);
                Err(self.ast.error(span, run_time_leaf(q)))
            }
        }
    }

    /// `type rank(#a)`, `type cosize(#a, 0)`, `type crd2idx((1,2), #a)`:
    /// the facade's trait asked at the name (rt_query.rs).
    fn named_type_query(&self, q: &TypeQuery) -> syn::Result<TokenStream> {
        let at = |name: &Expr| self.ast.spans[name.span.end - 1];
        match (q.reads, q.args) {
            (StaticAnswer::Nesting, [l, indices @ ..]) => {
                // A written-out tuple nesting names: its Rust tuple, each
                // name asked at its token to be a shape (`shape_tree`).
                let (value, span) = match named::name(l) {
                    Some(_) => (self.named_mode(l, indices), at(l)),
                    None => (self.shape_tree(l), self.ast.spans[l.span.start]),
                };
                let method = if query(&self.ast.expr) == Some(Query::Rank) {
                    quote::format_ident!("rank_leaf", span = span)
                } else {
                    quote::format_ident!("depth_leaf", span = span)
                };
                // The paths spanned there too, else rustc reports the whole call.
                Ok(
                    quote_spanned!(span=> ::layout_dsl::__private::rt::NestingLeaves::#method(&#value)),
                )
            }
            (StaticAnswer::Leaves, [l, indices @ ..]) => {
                let value = self.named_mode(l, indices);
                Ok(
                    quote_spanned!(at(l)=> ::layout_dsl::__private::rt::CosizeInTheType::cosize_in_the_type(
                        ::layout_dsl::__private::rt::CosizeLeaf::cosize_leaf(&#value)
                    )),
                )
            }
            (StaticAnswer::CoordinateAndLeaves, [c, l]) => {
                if let Some(leaf) = first_dynamic(c) {
                    return Err(self.ast.error(Some(leaf.span), run_time_leaf(q)));
                }
                // As `a.crd2idx(c)` takes it without `type`: `usize`s.
                if let Some(entry) = first_negative(c) {
                    return Err(self.ast.error(
                        Some(entry.span),
                        "a coordinate of a typed layout is one `usize` or a tuple of them (as `a.crd2idx(c)` takes it), but this entry is negative",
                    ));
                }
                let coord = self.shape_tree(c);
                let value = self.named(l);
                Ok(
                    quote_spanned!(at(l)=> ::layout_dsl::__private::rt::CoordinateFits::coordinate_fits(
                        ::layout_dsl::__private::rt::OffsetInTheType::offset_in_the_type(
                            ::layout_dsl::__private::rt::Crd2idxLeaf::crd2idx_leaf(&#value, #coord)
                        )
                    )),
                )
            }
            _ => unreachable!("`call` takes these forms only"),
        }
    }
}
