//! Typed `logical_product`, its regroupings `zipped_product`,
//! `tiled_product`, `flat_product`, and `blocked_product`, `raked_product`
//! on dynamic leaves (ARCHITECTURE.md, "Typed algebra on dynamic leaves: the
//! plan"): `layout!(type logical_product(A, B))` for a written-out `A`
//! whose strides are static (its extents static or dynamic) and a
//! written-out `B` whose leaves, extents and strides, are static or
//! dynamic (CuTe's `int`s). CuTe's definitions, over `Static | Dynamic`:
//!
//! ```text
//! logical_product(A, B) = (A, complement(A, size(A)·cosize(B)) ∘ B)
//! blocked_product(A, B) = zip(A', D)   raked_product(A, B) = zip(D, A')
//! ```
//!
//! with `A'`, `B'` padded with `1:0` modes to the larger rank and `D` the
//! second mode of `logical_product(A', B')` (mode `i` is `(A'_i, D_i)`, or
//! `(D_i, A'_i)` raked). `zipped_product` is CuTe's `tile_unzip` of the
//! logical product (by one layout, the same two modes `(A, D)`);
//! `tiled_product` lifts D's modes to the top, `flat_product` A's too
//! (a one-mode part stays whole, as CuTe's `repeat<1>(_)` is a plain `_`).
//! The complement (shape.rs) and the composition
//! (compose.rs) check at run time what CuTe assumes of dynamic values.
//! A dynamic leaf of `B` makes its cosize (and the cotarget) dynamic
//! where CuTe's is: the holes stay the ones a static `B` gives
//! (product_cosize.rs says why).
//! Where CuTe's complement rounds a hole down (a span that does not divide
//! its stride), every product here follows the core's rule
//! (`layout_core::algebra::ProductHoles`): exact while `B` stays in the
//! copies below the hole, checked while compiling where the holes and `B`
//! are static, else at run time (`product_fits`), before composing.
//! CuTe's complement needs static strides for rank > 1, and takes a
//! dynamic stride at rank 1 (after its `filter` drops static extents 1 and
//! static strides 0): where every complement the product takes is so
//! (`A` a leaf `8:d`, or each tiled mode of `A` by a by-mode tiler or a
//! tuple of extents, `logical_product((8,4):(d,1), (2,1))`), it is typed
//! here with CuTe's nesting and static leaves
//! (`((_8,(2,1)),(_4,_1)):((4,(_1,32)),(_1,_0))` at `d = 4`): the hole
//! below that mode is `d` at stride 1; at `d = 0`, where CuTe divides by
//! zero, it is the cotarget (the core's complement drops the mode), so
//! the result is the core's there too. Any other `A` with a dynamic
//! stride is typed by `named_product.rs` through the value methods,
//! which sort its holes at run time (other nestings than CuTe's, which
//! does not compile those).
//!
//! `logical_product(A, n)` (and the regrouped ones) takes an integer as
//! CuTe's does: the layout `make_layout(n)`.
//!
//! `logical_product(A, <B0,…>)` takes a by-mode tiler as CuTe's does
//! (`transform_layout`): mode `i` of `A` is `logical_product(A_i, Bi)`
//! (`Bi` a written-out layout, or `n` for `n:1`, static `1` for `1:0` as
//! CuTe's `make_layout(_1)`, a dynamic `n` for `n:_1`; a tuple of extents `(2,1)` is such a tiler, CuTe's
//! shape tiler), the modes past the tiler
//! stay as they are; the zipped form is `((A_0,…),(D_0,…,A_k,…))`. CuTe's `blocked_product` and `raked_product` take a
//! layout only, and so do the core's.

pub(crate) mod product_assemble;
pub(crate) mod product_cosize;

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;

use crate::kind::typed_call;
use crate::tree::{is_plain, is_tiler};
use crate::typed::compose::leaves;
use crate::typed::product::product_assemble::{assemble_modes, lift, modes, tuple};
use crate::typed::sym::{Gen, Sym, TypedRule, Walked, tree};

pub use crate::typed::product::product_assemble::assemble;

/// A product this module types.
pub struct Rule<'a> {
    /// The function's name, for messages.
    function: &'static str,
    /// Its typed form (the registry's): how the result is grouped.
    form: TypedForm,
    a: (&'a Expr, &'a Expr),
    b: Tiler,
    /// Whether a stride of `A` is dynamic: a static part refused then
    /// leaves the call to the value methods (named_product.rs), which
    /// typed it before this module did, rather than refusing it.
    dynamic_stride: bool,
}

enum Tiler {
    /// One layout: written out, or an integer `n` (CuTe's
    /// `make_layout(n)`, [`extent_layout`]), so owned.
    Layout(Expr, Expr),
    /// A by-mode tiler's layouts, `n` written `n:1` (so owned).
    ByMode(Vec<(Expr, Expr)>),
}

/// The layout CuTe's `make_layout(n)` makes of a tile's integer `n`:
/// `n:1`, but `1:0` for a static `1` (CuTe's `make_layout(_1)`, and the
/// core: the unit mode's stride prints 0); a dynamic `n` is `n:_1`.
fn extent_layout(tile: &Expr) -> Option<(Expr, Expr)> {
    let stride = match tile.kind {
        ExprKind::Int(n) if n >= 0 => i64::from(n != 1),
        ExprKind::Dynamic(_) => 1,
        _ => return None,
    };
    Some((tile.clone(), Expr::new(ExprKind::Int(stride), tile.span)))
}

/// The rule for `e`, if it is a product this module types.
pub fn rule(e: &Expr) -> Option<Rule<'_>> {
    // Every static decision is made here once: the rule holds if they pass.
    candidate(e).filter(|rule| rule.build(None).is_some())
}

/// Whether `e` has the form this module types but a static part breaks a
/// condition (CuTe's `static_assert`s): `type` reports it at the call.
pub fn refused(e: &Expr) -> bool {
    candidate(e).is_some_and(|rule| !rule.dynamic_stride && rule.build(None).is_none())
}

/// The call `e` if it has the form this module types, before its static
/// parts are checked.
fn candidate(e: &Expr) -> Option<Rule<'_>> {
    let (form, function, [a, b]) = typed_call(e)? else {
        return None;
    };
    if !matches!(form, TypedForm::Product(_) | TypedForm::ZipProduct { .. }) {
        return None;
    }
    let ExprKind::Layout(a_shape, a_stride) = &a.kind else {
        return None;
    };
    if !is_plain(a_shape) || !is_plain(a_stride) {
        return None;
    }
    let static_stride = |(_, d): &(&Expr, &Expr)| matches!(d.kind, ExprKind::Int(d) if d >= 0);
    let a_leaves = leaves(a_shape, a_stride)?;
    // A's strides are static `≥ 0` or dynamic (taken where CuTe's
    // complement takes them: [`rank_one`]).
    let a_stride_fits = |(_, d): &(&Expr, &Expr)| {
        matches!(d.kind, ExprKind::Int(d) if d >= 0) || matches!(d.kind, ExprKind::Dynamic(_))
    };
    if !a_leaves.iter().all(a_stride_fits) {
        return None;
    }
    // B's leaves may be dynamic, extents and strides (CuTe's `int`s): its
    // cosize, the cotarget, is then dynamic (product_cosize.rs) and the
    // composition checks the walk at run time (compose.rs).
    let b_stride = |(_, d): &(&Expr, &Expr)| {
        matches!(d.kind, ExprKind::Int(d) if d >= 0) || matches!(d.kind, ExprKind::Dynamic(_))
    };
    let plain_layout = |shape: &Expr, stride: &Expr| {
        let plain = is_plain(shape) && is_plain(stride);
        plain && leaves(shape, stride).is_some_and(|b| b.iter().all(b_stride))
    };
    let b = match &b.kind {
        ExprKind::Layout(b_shape, b_stride) if plain_layout(b_shape, b_stride) => {
            Tiler::Layout((**b_shape).clone(), (**b_stride).clone())
        }
        // An integer, CuTe's `logical_product(A, n)`: the layout
        // `make_layout(n)`, regrouped as a layout is (CuTe's and the
        // core's `blocked_product`/`raked_product` take a layout only).
        ExprKind::Int(_) | ExprKind::Dynamic(_) if lift(form).is_some() => {
            let (shape, stride) = extent_layout(b)?;
            Tiler::Layout(shape, stride)
        }
        // `<…>`, or a tuple of extents (CuTe's shape tiler, as the core
        // reads it).
        ExprKind::Tiler(tiles) | ExprKind::Tuple(tiles) if lift(form).is_some() && is_tiler(b) => {
            if tiles.is_empty() || tiles.len() > modes(a_shape).len() {
                return None;
            }
            let mut by_mode = Vec::new();
            for tile in tiles {
                by_mode.push(match &tile.kind {
                    ExprKind::Layout(shape, stride) if plain_layout(shape, stride) => {
                        ((**shape).clone(), (**stride).clone())
                    }
                    _ => extent_layout(tile)?,
                });
            }
            Tiler::ByMode(by_mode)
        }
        _ => return None,
    };
    let dynamic_stride = !a_leaves.iter().all(static_stride);
    if dynamic_stride && !rank_one(a_shape, a_stride, &b) {
        return None;
    }
    Some(Rule {
        function,
        form,
        a: (a_shape, a_stride),
        b,
        dynamic_stride,
    })
}

/// Whether every complement the product takes of `A` (the whole `A` by one
/// layout, each tiled mode `A_i` by a by-mode tiler) keeps, once CuTe's
/// `filter` has dropped its leaves of static extent 1 and static stride 0,
/// either no dynamic stride or a single leaf: CuTe's complement takes a
/// dynamic stride at rank 1 only ("Dynamic-stride complement only for
/// rank-1 layouts"), its strides' order being unknown while compiling.
/// Leaves of other strides are static `≥ 0` (checked by the caller).
fn rank_one(a_shape: &Expr, a_stride: &Expr, b: &Tiler) -> bool {
    let fits = |s: &Expr, d: &Expr| {
        let Some(leaves) = leaves(s, d) else {
            return false;
        };
        let kept = |(s, d): &&(&Expr, &Expr)| {
            !matches!(s.kind, ExprKind::Int(1)) && !matches!(d.kind, ExprKind::Int(0))
        };
        let kept: Vec<_> = leaves.iter().filter(kept).collect();
        kept.len() <= 1 || kept.iter().all(|(_, d)| matches!(d.kind, ExprKind::Int(_)))
    };
    match b {
        Tiler::Layout(..) => fits(a_shape, a_stride),
        Tiler::ByMode(tiles) => (modes(a_shape).into_iter().zip(modes(a_stride)))
            .take(tiles.len())
            .all(|(s, d)| fits(s, d)),
    }
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
        let tiles = match &self.b {
            Tiler::Layout(b_shape, b_stride) => {
                let modes = product(&mut code, self.a, (b_shape, b_stride), self.form)?;
                let (shape, stride) = tuple(modes)?;
                return Some((code, shape, stride));
            }
            Tiler::ByMode(tiles) => tiles,
        };
        // Mode i of the logical product is (A_i, D_i) (tiled modes) or A_i.
        let (mut tiled, mut kept) = (Vec::new(), Vec::new());
        for (i, (s, d)) in modes(self.a.0).into_iter().zip(modes(self.a.1)).enumerate() {
            match tiles.get(i) {
                Some((b_shape, b_stride)) => {
                    let logical = TypedForm::Product(Form::Logical);
                    let pair = product(&mut code, (s, d), (b_shape, b_stride), logical);
                    let [a_i, d_i]: [_; 2] = pair?.try_into().ok()?;
                    tiled.push((a_i, d_i));
                }
                None => {
                    let a = code.bind_leaves(&leaves(s, d)?);
                    let (a_shapes, a_strides): (Vec<Sym>, Vec<Sym>) = a.into_iter().unzip();
                    kept.push((tree(s, &a_shapes, &mut 0), tree(d, &a_strides, &mut 0)));
                }
            }
        }
        let (firsts, mut seconds): (Vec<_>, Vec<_>) = tiled.iter().cloned().unzip();
        seconds.extend(kept.iter().cloned());
        // CuTe's tile_unzip by a by-mode tiler: ((A_0,…),(D_0,…,A_k,…)), then
        // tiled/flat slice with `repeat<rank>(_)` (a one-mode part stays a
        // 1-tuple, as the core's `Layout::concat` of one mode gives).
        let unpack = |part: Vec<(TokenStream, TokenStream)>, lift: bool| {
            if lift && part.len() > 1 {
                Some(part)
            } else {
                tuple(part).map(|p| vec![p])
            }
        };
        let top = match self.form {
            TypedForm::Product(Form::Logical) => {
                let mut top: Vec<_> = tiled
                    .into_iter()
                    .map(|(a, d)| tuple(vec![a, d]))
                    .collect::<Option<_>>()?;
                top.extend(kept);
                top
            }
            _ => {
                let (lift_a, lift_d) = lift(self.form)?;
                let mut top = unpack(firsts, lift_a)?;
                top.extend(unpack(seconds, lift_d)?);
                top
            }
        };
        let (shape, stride) = tuple(top)?;
        Some((code, shape, stride))
    }
}

/// The product of the typed form `form` of a written-out `A` by a static
/// written-out `B`.
fn product(
    code: &mut Gen<'_>,
    a: (&Expr, &Expr),
    b: (&Expr, &Expr),
    form: TypedForm,
) -> Option<Vec<(TokenStream, TokenStream)>> {
    let b_leaves = leaves(b.0, b.1)?;
    let a_bound = code.bind_leaves(&leaves(a.0, a.1)?);
    let b_bound = code.bind_leaves(&b_leaves);
    let b_cosize = product_cosize::cosize(code, &b_bound)?;
    assemble_modes(code, (a_bound, a), (b_bound, b_cosize, b.0), form)
}
