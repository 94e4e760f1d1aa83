//! Typed `tile_to_shape(BLOCK, SHAPE[, ORDER])` on dynamic leaves
//! (ARCHITECTURE.md, "Typed algebra on dynamic leaves: the plan"), after
//! `type`: `BLOCK` a written-out layout with static strides (its extents
//! static or dynamic), `SHAPE` a written-out shape of at least the block's
//! rank, `ORDER` absent, `LayoutLeft`, `LayoutRight` or a flat static
//! tuple of the target's rank. As CuTe and the core: the copies along
//! mode `i` are the target's size there over the block's (checked at run
//! time when either is dynamic: `AlgebraError::BlockNotDividing`), laid
//! out compactly in `ORDER` (construct.rs), and the result is
//! `blocked_product(BLOCK, copies)` (product.rs), static leaves static.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::{has_dynamic, is_plain};
use crate::typed::compose::leaves;
use crate::typed::construct::{Part, compact_order, flat};
use crate::typed::product::assemble;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked};

/// A `tile_to_shape` this module types.
pub struct Rule<'a> {
    /// The function's name, for messages.
    function: &'static str,
    block: (&'a Expr, &'a Expr),
    target: &'a Expr,
    order: Order,
}

enum Order {
    Left,
    Right,
    Places(Vec<i64>),
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    candidate(e).filter(|rule| rule.build(None).is_some())
}

/// Whether `e` has the form this module types but a static part breaks a
/// condition (a block that does not divide a static target, an order tie).
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| rule.build(None).is_none())
}

/// The top-level modes of a tree (a leaf is one mode).
fn modes(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().collect(),
        _ => vec![e],
    }
}

fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let Some((TypedForm::TileToShape, function, args)) = typed_call(e) else {
        return None;
    };
    let (block, target, order) = match args {
        [block, target] => (block, target, None),
        [block, target, order] => (block, target, Some(order)),
        _ => return None,
    };
    let ExprKind::Layout(shape, stride) = &block.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || !is_plain(target) {
        return None;
    }
    let static_stride = |(_, d): &(&Expr, &Expr)| matches!(d.kind, ExprKind::Int(d) if d >= 0);
    if !leaves(shape, stride)?.iter().all(static_stride) {
        return None;
    }
    let rank = modes(target).len();
    if modes(shape).len() > rank {
        return None;
    }
    let order = match order.map(|o| &o.kind) {
        None => Order::Left,
        Some(ExprKind::Name(n)) if n == "LayoutLeft" => Order::Left,
        Some(ExprKind::Name(n)) if n == "LayoutRight" => Order::Right,
        Some(ExprKind::Tuple(places)) if places.len() == rank && !has_dynamic(order?) => {
            let place = |p: &Expr| match p.kind {
                ExprKind::Int(p) => Some(p),
                _ => None,
            };
            Order::Places(places.iter().map(place).collect::<Option<_>>()?)
        }
        Some(_) => return None,
    };
    Some(Rule {
        function,
        block: (shape, stride),
        target,
        order,
    })
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let (code, shape, stride) = self.build(leaf)?;
        Some((code, shape, stride, false))
    }
}

impl Rule<'_> {
    fn build<'l>(
        &self,
        leaf: Option<&'l dyn Fn(usize) -> TokenStream>,
    ) -> Option<(Gen<'l>, TokenStream, TokenStream)> {
        let mut code = Gen::new(self.function, leaf);
        let a = code.bind_leaves(&leaves(self.block.0, self.block.1)?);
        let targets = modes(self.target);
        let rank = targets.len();
        // Each mode's size: the block's (1 past its rank), the target's.
        let mut block_sizes = Vec::new();
        let mut next = a.iter();
        for mode in modes(self.block.0) {
            let mut mode_leaves = Vec::new();
            flat(mode, &mut mode_leaves);
            let mut size = Sym::Static(1);
            for _ in mode_leaves {
                size = code.product(&size, &next.next()?.0)?;
            }
            block_sizes.push(size);
        }
        let mut copies = Vec::new();
        for (i, mode) in targets.iter().enumerate() {
            let mut mode_leaves = Vec::new();
            flat(mode, &mut mode_leaves);
            let mut size = Sym::Static(1);
            for t in mode_leaves {
                let t = code.bind(t, "target");
                size = code.product(&size, &t)?;
            }
            let block = block_sizes.get(i).cloned().unwrap_or(Sym::Static(1));
            copies.push(divide(&mut code, i, &block, &size)?);
        }
        let parts: Vec<Part> = (copies.iter().enumerate())
            .map(|(i, c)| {
                let place = match &self.order {
                    Order::Left => i as i64,
                    Order::Right => (rank - 1 - i) as i64,
                    Order::Places(places) => places[i],
                };
                (place, vec![c.clone()])
            })
            .collect();
        let strides = compact_order(&mut code, &parts, true)?;
        // The result's size, `size(block)·cosize(copies)`, must fit, as
        // the core's complement of the block with that cotarget checks
        // (the product below reads no such size): a product of the
        // block's size and every copy, the static factors first, so that
        // one check per dynamic factor is written.
        let mut factors: Vec<&Sym> = block_sizes.iter().chain(&copies).collect();
        factors.sort_by_key(|s| !matches!(s, Sym::Static(_)));
        let mut size = Sym::Static(1);
        for s in factors {
            size = code.product(&size, s)?;
        }
        // The copies are compact: their cosize is their size, which the
        // product checks against a hole it rounds down (product.rs). Where
        // dynamic, an expression written only into that check (saturating:
        // a cosize past usize is past any hole).
        let mut cosize = Some(1i64);
        let mut dynamic = Vec::new();
        for c in &copies {
            match c {
                Sym::Static(c) => cosize = cosize.and_then(|n| n.checked_mul(*c)),
                Sym::Dynamic(_) => dynamic.push(crate::typed::sym::value(c)),
            }
        }
        let cosize = match (cosize, dynamic.is_empty()) {
            (Some(n), true) => Sym::Static(n),
            (static_part, _) => {
                let start = emit::int(static_part.unwrap_or(i64::MAX));
                code.dynamic(quote!((#start as usize) #(.saturating_mul(#dynamic))*))
            }
        };
        let b: Vec<(Sym, Sym)> = copies.into_iter().zip(strides).collect();
        // The copies' layout is flat, of the target's rank.
        let leaf = Expr::new(ExprKind::Int(0), self.target.span);
        let b_shape = Expr::new(ExprKind::Tuple(vec![leaf; rank]), self.target.span);
        // CuTe's tile_to_shape is the blocked product of the block by the copies.
        let blocked = TypedForm::ZipProduct { raked: false };
        let (shape, stride) = assemble(&mut code, (a, self.block), (b, cosize, &b_shape), blocked)?;
        Some((code, shape, stride))
    }
}

/// The copies along mode `mode`: `target / block`, folded when both are
/// static (`None` if the block does not divide), else checked.
fn divide(code: &mut Gen<'_>, mode: usize, block: &Sym, target: &Sym) -> Option<Sym> {
    match (block, target) {
        (Sym::Static(b), Sym::Static(t)) => (*b > 0 && t % b == 0).then(|| Sym::Static(t / b)),
        (Sym::Static(1), t) => Some(t.clone()),
        _ => {
            let (private, function) = (emit::private(), code.function);
            let (b, t) = (
                crate::typed::sym::value(block),
                crate::typed::sym::value(target),
            );
            let mode = proc_macro2::Literal::usize_unsuffixed(mode);
            let copies =
                code.checked_let("copies", quote!(#private::copies(#function, #mode, #b, #t)));
            Some(code.dynamic(copies))
        }
    }
}

/// Whether `block` is a written-out layout of static leaves whose offsets
/// are exactly `0..size` (each leaf of extent above 1, in stride order,
/// at the product of the extents below it; size above 0). CuTe's
/// complement of such a block coalesces to one mode, so its
/// `tile_to_shape` copies mode `i` is one leaf, `c_i : s_i·size`: the
/// named target's door (`TileCompact`, `named_product.rs`) types that.
pub fn compact_block(block: &Expr) -> bool {
    let ExprKind::Layout(shape, stride) = &block.kind else {
        return false;
    };
    let Some(leaves) = leaves(shape, stride) else {
        return false;
    };
    let mut numbers = Vec::new();
    for (s, d) in leaves {
        match (&s.kind, &d.kind) {
            (ExprKind::Int(s), ExprKind::Int(d)) if *s > 0 && *d >= 0 => numbers.push((*d, *s)),
            _ => return false,
        }
    }
    numbers.retain(|&(_, s)| s != 1);
    numbers.sort_unstable();
    let mut next = 1i64;
    for (d, s) in numbers {
        if d != next {
            return false;
        }
        let Some(product) = next.checked_mul(s) else {
            return false;
        };
        next = product;
    }
    true
}
