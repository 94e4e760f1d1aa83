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
//! | `type crd2idx(C, #a)`, `C` static | `OffsetInTheType::offset_in_the_type(Crd2idxLeaf::crd2idx_leaf(&a, (C::<1>, …)))` (`Crd2idxOf<Cd, S, D>`), asked at the name |
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
            "`type {name}(…)` cannot see the result of this operand, a call with run-time leaves: bind it to a name first (`let l = layout!(type …)`, then `layout!(type {name}(#l))`), or drop `type`"
        ),
    ))
}

/// A layout written out as `SHAPE:STRIDE` of plain leaves.
fn written(l: &Expr) -> bool {
    matches!(&l.kind, ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride))
}

/// Why a written-out run-time leaf has no answer in a type: CuTe's
/// answer reads it (a cosize reads every leaf here: README, "Where we
/// differ", on `_0 * m`).
fn run_time_leaf(q: &TypeQuery) -> String {
    let name = q.name;
    match q.reads {
        StaticAnswer::CoordinateAndLeaves => format!(
            "`type {name}(…)` cannot put the offset in a type: it reads this run-time leaf (a coordinate entry, a stride it enters, or an extent it splits an integer over); `{name}(…)` without `type` gives it"
        ),
        _ => format!(
            "`type {name}(…)` cannot put the cosize in a type: this leaf is a run-time integer (CuTe's `{name}` is an `Int<N>` only for a static layout); `{name}(…)` without `type` gives it"
        ),
    }
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

fn is_dynamic(e: &Expr) -> bool {
    matches!(e.kind, ExprKind::Dynamic(_))
}

/// A plain tree as the core's integer tuple, a dynamic leaf as 1 (for
/// leaves the answer does not read).
fn int_tuple_or_1(e: &Expr) -> Option<IntTuple> {
    match &e.kind {
        ExprKind::Dynamic(_) => Some(IntTuple::Int(1)),
        ExprKind::Tuple(items) => items
            .iter()
            .map(int_tuple_or_1)
            .collect::<Option<_>>()
            .map(IntTuple::Tuple),
        _ => int_tuple(e),
    }
}

/// Every leaf of its own the offset of coordinate `c` reads, as CuTe's
/// `crd2idx` and the facade's `OffsetReads` read them: each coordinate
/// entry; the stride of every mode it enters; for an integer at a tuple
/// mode, every leaf of the modes but the last (their sizes split it) and
/// what the rest reads in the last. An unread extent cannot make the
/// answer run-time (`crd2idx((1,2), (m,8):(8,1))` is static).
fn offset_reads<'a>(c: &'a Expr, s: &'a Expr, d: &'a Expr, out: &mut Vec<&'a Expr>) {
    fn leaves<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
        match &e.kind {
            ExprKind::Tuple(items) => items.iter().for_each(|i| leaves(i, out)),
            _ => out.push(e),
        }
    }
    match (&c.kind, &s.kind, &d.kind) {
        (ExprKind::Tuple(cs), ExprKind::Tuple(ss), ExprKind::Tuple(ds)) => {
            for ((c, s), d) in cs.iter().zip(ss).zip(ds) {
                offset_reads(c, s, d, out);
            }
        }
        (_, ExprKind::Tuple(ss), ExprKind::Tuple(ds)) => {
            out.push(c);
            let last = ss.len().saturating_sub(1);
            for (s, d) in ss[..last].iter().zip(&ds[..last]) {
                leaves(s, out);
                leaves(d, out);
            }
            if let (Some(s), Some(d)) = (ss.last(), ds.last()) {
                offset_reads(c, s, d, out);
            }
        }
        _ => {
            out.push(c);
            leaves(d, out);
        }
    }
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
    /// After `type`, a query with a static answer: the answer ([`call`]),
    /// or the one error at the index or operand `type` cannot see
    /// ([`unfit`]); `None` for any other input.
    pub fn static_query(&self) -> Option<syn::Result<TokenStream>> {
        self.ast.zero_sized?;
        if let Some(q) = call(&self.ast.expr) {
            return Some(self.type_query(&q));
        }
        let (at, why) = unfit(&self.ast.expr)?;
        Some(Err(self.ast.error(Some(at.span), why)))
    }

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
            // An offset of a written-out coordinate and layout: static
            // when the leaves it reads are (offset_reads).
            _ => {
                let written = match q.args {
                    [c, l] => selected_layout(l, &[]).map(|(s, d)| (c, s, d)),
                    [c, s, d] if is_plain(s) && is_plain(d) => Some((c, s, d)),
                    _ => None,
                };
                let Some((c, shape, stride)) = written.filter(|(c, ..)| is_plain(c)) else {
                    // A call's result: every leaf counts.
                    let mut leaves = Vec::new();
                    dynamic_leaves(&self.ast.expr, &mut leaves);
                    let span = leaves.first().map(|(_, span)| *span);
                    return Err(self.ast.error(span, run_time_leaf(q)));
                };
                let mut read = Vec::new();
                offset_reads(c, shape, stride, &mut read);
                if let Some(leaf) = read
                    .iter()
                    .filter(|e| is_dynamic(e))
                    .min_by_key(|e| e.span.start)
                {
                    return Err(self.ast.error(Some(leaf.span), run_time_leaf(q)));
                }
                // The extents it does not read stand in as 1.
                let offset = int_tuple_or_1(c)
                    .zip(int_tuple_or_1(shape).zip(int_tuple_or_1(stride)))
                    .and_then(|(c, (s, d))| Layout::new(s, d).ok()?.crd2idx(&c).ok());
                match offset {
                    Some(n) => Ok(emit::static_leaf(n)),
                    None => Err(self
                        .ast
                        .error(Some(c.span), "this offset has no static answer")),
                }
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
                    quote_spanned!(at(l)=> ::layout_dsl::__private::rt::OffsetInTheType::offset_in_the_type(
                        ::layout_dsl::__private::rt::Crd2idxLeaf::crd2idx_leaf(&#value, #coord)
                    )),
                )
            }
            _ => unreachable!("`call` takes these forms only"),
        }
    }
}
