//! Typed `coalesce(A, PROFILE)` on dynamic leaves, after `type`, for a
//! written-out `A = SHAPE:STRIDE` and a written-out profile (CuTe's
//! `coalesce(layout, trg_profile)`, the core's `coalesce_by`): an integer
//! profile coalesces the whole (sub-)layout as `coalesce(A)` does
//! (sym.rs: static modes merge, dynamic ones stay); a tuple profile
//! recurses into the first modes of `A`, one entry each, and keeps the
//! modes after them as written. Only the profile's structure is read (its
//! integers, static or dynamic, are not), as in CuTe; a dynamic one is
//! still evaluated, once. A profile with more
//! modes than its (sub-)layout is not typed (the core refuses it, CuTe
//! static_asserts). Coalescing never changes the function: no run-time
//! check.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;

use crate::emit;
use crate::kind::typed_call;
use crate::tree::is_plain;
use crate::typed::compose::leaves;
use crate::typed::fits::Known;
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, coalesce, token};

/// A `coalesce` by a profile this module types.
pub struct Rule<'a> {
    function: &'static str,
    shape: &'a Expr,
    stride: &'a Expr,
    profile: &'a Expr,
}

/// `A`'s tree with its leaves bound.
enum Tree {
    Leaf(Sym, Sym),
    Node(Vec<Tree>),
}

/// The rule for `e`, if it is a call this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    let (TypedForm::Coalesce, function, [a, profile]) = typed_call(e)? else {
        return None;
    };
    let ExprKind::Layout(shape, stride) = &a.kind else {
        return None;
    };
    if !is_plain(shape) || !is_plain(stride) || !is_plain(profile) {
        return None;
    }
    leaves(shape, stride)?;
    let rule = Rule {
        function,
        shape,
        stride,
        profile,
    };
    rule.build(None).map(|_| rule)
}

impl TypedRule for Rule<'_> {
    fn walk<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        self.build(leaf)
    }
}

impl Rule<'_> {
    fn build<'l>(&self, leaf: Option<&'l dyn Fn(usize) -> TokenStream>) -> Option<Walked<'l>> {
        let mut code = Gen::new(self.function, leaf);
        // The same function as `A`: its size and offsets are `A`'s.
        code.result_known = Known::All;
        let flat = leaves(self.shape, self.stride)?;
        let mut syms = code.bind_leaves(&flat).into_iter();
        let a = tree(self.shape, &mut syms);
        // The profile's dynamic leaves are evaluated (in source order, after
        // `A`'s), not read: a variable used only there is still used.
        let mut dynamic = Vec::new();
        crate::tree::dynamic_leaves(self.profile, &mut dynamic);
        for (k, span) in dynamic {
            code.bind(&Expr::new(ExprKind::Dynamic(k), span), "_profile");
        }
        let out = by_profile(a, self.profile)?;
        let mut signed = false;
        let (shape, stride) = write(&out, &mut signed);
        Some((code, shape, stride, signed))
    }
}

/// The tree of `e` (a shape), its leaves taken in order from `syms`.
fn tree(e: &Expr, syms: &mut impl Iterator<Item = (Sym, Sym)>) -> Tree {
    match &e.kind {
        ExprKind::Tuple(items) => Tree::Node(items.iter().map(|i| tree(i, syms)).collect()),
        _ => {
            let (s, d) = syms.next().expect("one pair per leaf");
            Tree::Leaf(s, d)
        }
    }
}

/// The core's `coalesce_by` on the tree; `None` where a profile has more
/// modes than its layout, or a merged extent overflows.
fn by_profile(a: Tree, profile: &Expr) -> Option<Tree> {
    let ExprKind::Tuple(entries) = &profile.kind else {
        let mut flat = Vec::new();
        flatten(a, &mut flat);
        let modes = coalesce(flat, false)?;
        return Some(match <[_; 1]>::try_from(modes) {
            Ok([(s, d)]) => Tree::Leaf(s, d),
            Err(modes) => Tree::Node(modes.into_iter().map(|(s, d)| Tree::Leaf(s, d)).collect()),
        });
    };
    // A leaf layout is its own one mode (the core's `modes()`).
    let modes = match a {
        Tree::Node(modes) => modes,
        leaf => vec![leaf],
    };
    if entries.len() > modes.len() {
        return None;
    }
    let mut out = Vec::with_capacity(modes.len());
    for (i, mode) in modes.into_iter().enumerate() {
        out.push(match entries.get(i) {
            Some(p) => by_profile(mode, p)?,
            None => mode,
        });
    }
    Some(Tree::Node(out))
}

fn flatten(t: Tree, out: &mut Vec<(Sym, Sym)>) {
    match t {
        Tree::Leaf(s, d) => out.push((s, d)),
        Tree::Node(items) => items.into_iter().for_each(|i| flatten(i, out)),
    }
}

/// The shape and stride tokens of `t`; `signed` set by a negative static
/// stride.
fn write(t: &Tree, signed: &mut bool) -> (TokenStream, TokenStream) {
    match t {
        Tree::Leaf(s, d) => {
            *signed |= matches!(d, Sym::Static(d) if *d < 0);
            (token(s), token(d))
        }
        Tree::Node(items) => {
            let (shapes, strides) = items.iter().map(|i| write(i, signed)).unzip();
            (emit::tuple(shapes), emit::tuple(strides))
        }
    }
}
