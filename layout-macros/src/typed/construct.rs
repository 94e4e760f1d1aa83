//! Typed constructors on dynamic leaves (ARCHITECTURE.md, "Typed algebra
//! on dynamic leaves: the plan"), after `type`, for written-out trees:
//!
//! - `make_ordered_layout(SHAPE, ORDER)` (`ORDER` static, weakly congruent
//!   with `SHAPE`, or `LayoutLeft`/`LayoutRight`), `make_layout_like(L)`
//!   (`L`'s strides static: they are the order) and `make_fragment_like(L)`
//!   (all of `L`'s strides static but for a rank-1 `L`; or a `SHAPE`) are
//!   CuTe's `compact_order` over `Static | Dynamic` extents: the part of
//!   the shape under each order starts at the product of the parts of
//!   lower order and is column-major inside; a static extent 1 gets
//!   stride 0, as CuTe's static unit extents do. The strides are products
//!   of extents (static where the extents are), each checked for
//!   overflow; `make_ordered_layout` also refuses two parts of one order
//!   both above 1 (the core's `OrderTie`), at run time when one is dynamic.
//! - `make_layout(SHAPE)`, `make_layout(SHAPE, LayoutLeft|LayoutRight)`
//!   are `make_ordered_layout` with each leaf its own place (CuTe's
//!   `compact_major`, a static extent 1 stride 0 as CuTe's `_1:_0`), and
//!   `make_layout(SHAPE, STRIDE)` of congruent trees the layout as written.
//! - `filter_zeros(L)`: a leaf of static stride 0 gets extent 1; a dynamic
//!   stride with a dynamic extent gets `if d == 0 { 1 } else { s }`; a
//!   dynamic stride under a static extent above 1 is not typed (the
//!   extent would depend on the value).
//!
//! `make_fragment_like` follows the core, which applies CuTe's static rule
//! to every value; CuTe itself gives a column-major layout when the shape
//! is dynamic.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Construct, TypedForm};
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::compose::leaves;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, tree};

pub use crate::typed::construct_order::compact_order;
use crate::typed::construct_order::fragment;

/// A constructor this module types.
pub struct Rule<'a> {
    function: &'static str,
    shape: &'a Expr,
    form: Form<'a>,
}

enum Form<'a> {
    /// `make_ordered_layout`; `make_fragment_like` of a shape or of a
    /// rank-1 layout is `Order::Left`.
    Ordered(Order<'a>),
    /// `make_layout_like(SHAPE:STRIDE)`.
    Like(&'a Expr),
    /// `make_fragment_like(SHAPE:STRIDE)` of rank 2 or more.
    Fragment(&'a Expr),
    /// `filter_zeros(SHAPE:STRIDE)`.
    FilterZeros(&'a Expr),
    /// `make_layout(SHAPE, STRIDE)`: the strides as written.
    Strided(&'a Expr),
    /// `make_layout(L0, L1, …)` of written-out layouts: CuTe's
    /// concatenation, each layout one mode, its leaves as written.
    Concat(Vec<(&'a Expr, &'a Expr)>),
}

#[derive(Clone, Copy)]
enum Order<'a> {
    Tree(&'a Expr),
    Left,
    Right,
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.build(None).is_some())
}

/// Whether `e` has the form this module types but a static part breaks a
/// condition (an order tie of static parts, an overflow).
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.build(None).is_none())
}

fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::Construct(made), function, args)) = typed_call(e) else {
        return None;
    };
    let static_tree = |t: &Expr| is_plain(t) && !has_dynamic(t);
    let (shape, form) = match (made, args) {
        (Construct::Ordered, [shape, order]) if is_plain(shape) => {
            let order = match &order.kind {
                ExprKind::Name(n) if n == "LayoutLeft" => Order::Left,
                ExprKind::Name(n) if n == "LayoutRight" => Order::Right,
                _ if static_tree(order) => Order::Tree(order),
                _ => return None,
            };
            (shape, Form::Ordered(order))
        }
        // CuTe's `make_layout(L0, L1, …)`: `make_layout(make_shape(shape(L0),
        // …), make_stride(stride(L0), …))`, each layout one mode (a single
        // layout too: `make_layout(8:2)` is `(8):(2)`, the core's).
        (Construct::Layout, layouts)
            if !layouts.is_empty() && layouts.iter().all(|l| layout(l).is_some()) =>
        {
            let parts: Vec<_> = layouts.iter().filter_map(layout).collect();
            (parts[0].0, Form::Concat(parts))
        }
        // CuTe's `make_layout(shape)` is `compact_major<LayoutLeft>`: the
        // ordered constructor with each leaf its own place.
        (Construct::Layout, [shape]) if is_plain(shape) => (shape, Form::Ordered(Order::Left)),
        (Construct::Layout, [shape, second]) if is_plain(shape) => match &second.kind {
            ExprKind::Name(n) if n == "LayoutLeft" => (shape, Form::Ordered(Order::Left)),
            ExprKind::Name(n) if n == "LayoutRight" => (shape, Form::Ordered(Order::Right)),
            // A stride that is not congruent takes the run-time path,
            // which reports it.
            _ if is_plain(second) => {
                leaves(shape, second)?;
                (shape, Form::Strided(second))
            }
            _ => return None,
        },
        (Construct::LayoutLike, [l]) => {
            let (shape, stride) = layout(l)?;
            (static_tree(stride)).then_some((shape, Form::Like(stride)))?
        }
        (Construct::FragmentLike, [shape]) if is_plain(shape) => {
            (shape, Form::Ordered(Order::Left))
        }
        (Construct::FragmentLike, [l]) => {
            let (shape, stride) = layout(l)?;
            match &shape.kind {
                ExprKind::Tuple(modes) if modes.len() > 1 => {
                    static_tree(stride).then_some((shape, Form::Fragment(stride)))?
                }
                _ => (shape, Form::Ordered(Order::Left)),
            }
        }
        (Construct::FilterZeros, [l]) => {
            let (shape, stride) = layout(l)?;
            // A dynamic stride under a static extent above 1: the extent
            // would depend on the stride's value.
            let fixed = |(s, d): &(&Expr, &Expr)| !matches!((&s.kind, &d.kind), (ExprKind::Int(s), ExprKind::Dynamic(_)) if *s > 1);
            if !leaves(shape, stride)?.iter().all(fixed) {
                return None;
            }
            (shape, Form::FilterZeros(stride))
        }
        _ => return None,
    };
    Some(Rule {
        function,
        shape,
        form,
    })
}

/// A written-out `SHAPE:STRIDE` whose trees are congruent.
fn layout(l: &Expr) -> Option<(&Expr, &Expr)> {
    match &l.kind {
        ExprKind::Layout(shape, stride) if is_plain(shape) && is_plain(stride) => {
            leaves(shape, stride).map(|_| (&**shape, &**stride))
        }
        _ => None,
    }
}

/// An order's part of the shape: its order and its extents, in leaf order.
pub type Part = (i64, Vec<Sym>);

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        self.build(leaf)
    }
}

impl Rule<'_> {
    fn build<'l>(
        &self,
        leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    ) -> Option<(Gen<'l>, TokenStream, TokenStream, bool)> {
        let mut code = Gen::new(self.function, leaf);
        if let Form::Concat(parts) = &self.form {
            return Some(concat(code, parts));
        }
        let mut shape_leaves = Vec::new();
        flat(self.shape, &mut shape_leaves);
        let extents: Vec<Sym> = shape_leaves.iter().map(|s| code.bind(s, "shape")).collect();
        let (extents, strides, signed) = match self.form {
            Form::Ordered(order) => {
                let parts = ordered_parts(self.shape, order, &extents)?;
                let strides = compact_order(&mut code, &parts, true)?;
                (extents, strides, false)
            }
            Form::Like(stride) => {
                let orders = static_leaves(stride);
                // CuTe orders `filter_zeros(L)`'s shape: a stride-0 part is 1.
                let parts = (orders.iter().zip(&extents))
                    .map(|(&o, s)| (o, vec![if o == 0 { Sym::Static(1) } else { s.clone() }]))
                    .collect::<Vec<Part>>();
                let strides = compact_order(&mut code, &parts, false)?;
                (extents, strides, false)
            }
            Form::Fragment(stride) => {
                let strides = fragment(&mut code, self.shape, stride, &extents)?;
                (extents, strides, false)
            }
            Form::FilterZeros(stride) => {
                let mut stride_leaves = Vec::new();
                flat(stride, &mut stride_leaves);
                let strides: Vec<Sym> = (stride_leaves.iter())
                    .map(|d| code.bind(d, "stride"))
                    .collect();
                let mut filtered = Vec::new();
                for (s, d) in extents.iter().zip(&strides) {
                    filtered.push(match (s, d) {
                        (_, Sym::Static(0)) => Sym::Static(1),
                        (_, Sym::Static(_)) | (Sym::Static(0 | 1), _) => s.clone(),
                        (Sym::Static(_), Sym::Dynamic(_)) => unreachable!("candidate() refuses"),
                        (Sym::Dynamic(s), Sym::Dynamic(d)) => {
                            code.dynamic(quote!(if #d == 0 { 1 } else { #s }))
                        }
                    });
                }
                (filtered, strides, emit::negative_leaf(stride))
            }
            Form::Concat(_) => unreachable!("built above"),
            Form::Strided(stride) => {
                let mut stride_leaves = Vec::new();
                flat(stride, &mut stride_leaves);
                let strides = (stride_leaves.iter())
                    .map(|d| code.bind(d, "stride"))
                    .collect();
                (extents, strides, emit::negative_leaf(stride))
            }
        };
        let shape = tree(self.shape, &extents, &mut 0);
        let stride = tree(self.shape, &strides, &mut 0);
        Some((code, shape, stride, signed))
    }
}

/// `make_layout(L0, L1, …)`: the layouts' trees side by side, one mode
/// each, every leaf bound once in source order (shapes, then strides, per
/// layout) and kept as written; signed if any stride is negative.
fn concat<'l>(mut code: Gen<'l>, parts: &[(&Expr, &Expr)]) -> Walked<'l> {
    let (mut shapes, mut strides, mut signed) = (Vec::new(), Vec::new(), false);
    for (shape, stride) in parts {
        let (mut s, mut d) = (Vec::new(), Vec::new());
        flat(shape, &mut s);
        flat(stride, &mut d);
        let s: Vec<Sym> = s.iter().map(|e| code.bind(e, "shape")).collect();
        let d: Vec<Sym> = d.iter().map(|e| code.bind(e, "stride")).collect();
        shapes.push(tree(shape, &s, &mut 0));
        strides.push(tree(shape, &d, &mut 0));
        signed |= emit::negative_leaf(stride);
    }
    (code, emit::tuple(shapes), emit::tuple(strides), signed)
}

/// The leaves of a written-out tree, in order.
pub fn flat<'a>(e: &'a Expr, out: &mut Vec<&'a Expr>) {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().for_each(|i| flat(i, out)),
        _ => out.push(e),
    }
}

/// The integers of a static tree, in order.
pub(crate) fn static_leaves(e: &Expr) -> Vec<i64> {
    let mut leaves = Vec::new();
    flat(e, &mut leaves);
    (leaves.iter())
        .map(|l| match l.kind {
            ExprKind::Int(n) => n,
            _ => unreachable!("candidate() takes static trees only"),
        })
        .collect()
}

/// The parts `order` cuts `shape` into (the core's `order_parts`), each
/// with its extents; `None` when the order does not fit the shape.
fn ordered_parts(shape: &Expr, order: Order<'_>, extents: &[Sym]) -> Option<Vec<Part>> {
    let n = i64::try_from(extents.len()).ok()?;
    let each = |place: &dyn Fn(i64) -> i64| {
        (0..n)
            .zip(extents)
            .map(|(i, s)| (place(i), vec![s.clone()]))
            .collect()
    };
    Some(match order {
        Order::Left => each(&|i| i),
        Order::Right => each(&|i| n - 1 - i),
        Order::Tree(order) => {
            let mut parts = Vec::new();
            cut(shape, order, &mut extents.iter(), &mut parts)?;
            parts
        }
    })
}

fn cut<'s>(
    shape: &Expr,
    order: &Expr,
    extents: &mut impl Iterator<Item = &'s Sym>,
    out: &mut Vec<Part>,
) -> Option<()> {
    match (&shape.kind, &order.kind) {
        (_, ExprKind::Int(o)) => {
            let mut leaves = Vec::new();
            flat(shape, &mut leaves);
            let part = leaves.iter().map(|_| extents.next().cloned());
            out.push((*o, part.collect::<Option<_>>()?));
        }
        (ExprKind::Tuple(s), ExprKind::Tuple(o)) if s.len() == o.len() => {
            for (s, o) in s.iter().zip(o) {
                cut(s, o, extents, out)?;
            }
        }
        _ => return None,
    }
    Some(())
}
