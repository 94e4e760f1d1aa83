//! The assembly of a typed product (product.rs; also tile.rs's
//! `tile_to_shape`): from `A`'s and `B`'s bound leaves, the complement's
//! holes up to `size(A)·cosize(B)` (shape.rs), `B` composed into them
//! (compose.rs), and the modes `(A, D)` regrouped as the product's form
//! (CuTe's layout.hpp). Where `A` has a mode of dynamic stride (alone in
//! the complement, product.rs's `rank_one`), the complement is CuTe's
//! rank-1 dynamic-stride case (at stride 0, where CuTe divides by zero,
//! the core's hole: shape.rs).

use layout_core::algebra::Form;
use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::TypedForm;
use proc_macro2::TokenStream;

use crate::emit;
use crate::typed::compose;
use crate::typed::shape::{self, Record};
use crate::typed::sym::{Gen, Sym, coalesce, token, tree};

/// The top-level modes of a layout's shape or stride (a leaf is one mode).
pub fn modes(e: &Expr) -> Vec<&Expr> {
    match &e.kind {
        ExprKind::Tuple(items) => items.iter().collect(),
        _ => vec![e],
    }
}

/// How a product of the typed form `form` regroups the logical product
/// (A, D): whether A's and D's modes are lifted to the top (CuTe's
/// `tiled_*` lifts D's, `flat_*` both); `None` for the rank-sensitive
/// products (zipped mode by mode).
pub fn lift(form: TypedForm) -> Option<(bool, bool)> {
    match form {
        TypedForm::Product(Form::Logical | Form::Zipped) => Some((false, false)),
        TypedForm::Product(Form::Tiled) => Some((false, true)),
        TypedForm::Product(Form::Flat) => Some((true, true)),
        _ => None,
    }
}

/// The layout whose top-level modes are `modes`, if its rank is one we type.
pub fn tuple(modes: Vec<(TokenStream, TokenStream)>) -> Option<(TokenStream, TokenStream)> {
    if modes.len() > emit::MAX_RANK {
        return None;
    }
    let (shapes, strides) = modes.into_iter().unzip();
    Some((emit::tuple(shapes), emit::tuple(strides)))
}

/// The product of the typed form `form` of `A` (its bound leaves, and its
/// written shape and stride for the nesting) by `B` (its bound leaves, its
/// cosize, and a tree with `B`'s nesting): the result's shape and stride.
pub fn assemble(
    code: &mut Gen<'_>,
    a: (Vec<(Sym, Sym)>, (&Expr, &Expr)),
    b: (Vec<(Sym, Sym)>, Sym, &Expr),
    form: TypedForm,
) -> Option<(TokenStream, TokenStream)> {
    tuple(assemble_modes(code, a, b, form)?)
}

/// [`assemble`]'s top-level modes, regrouped as [`lift`] says, or zipped
/// mode by mode (`blocked_product`, `raked_product`) where it says `None`.
pub fn assemble_modes(
    code: &mut Gen<'_>,
    (a, (a_shape, a_stride)): (Vec<(Sym, Sym)>, (&Expr, &Expr)),
    (b, b_cosize, b_shape): (Vec<(Sym, Sym)>, Sym, &Expr),
    form: TypedForm,
) -> Option<Vec<(TokenStream, TokenStream)>> {
    let lift = lift(form);
    // The cotarget size(A)·cosize(B), then the complement's holes. The
    // product reads only the stride of the complement's last mode, whose
    // extent alone the cotarget sets: it is needed only when static (CuTe's
    // coalesce may then merge that mode into the holes). A dynamic one is
    // a name that is never written out (were it, the code would not compile).
    let mut cotarget = Some(b_cosize.clone());
    for (s, _) in &a {
        cotarget = match (cotarget, s) {
            (Some(Sym::Static(c)), Sym::Static(s)) => Some(Sym::Static(c.checked_mul(*s)?)),
            _ => None,
        };
    }
    // A mode of dynamic stride (alone, `rank_one`): at its value 0 (CuTe
    // divides the cotarget by that span) the hole below it is the
    // cotarget, so it is written then, saturating (any hole at least
    // `cosize(B)` is as good: `B`'s offsets all fall in it).
    let divided = a
        .iter()
        .any(|(s, d)| matches!(d, Sym::Dynamic(_)) && !matches!(s, Sym::Static(0 | 1)));
    let cotarget = match cotarget {
        Some(Sym::Static(c)) => Sym::Static(c),
        _ if divided => {
            let extents = a.iter().map(|(s, _)| crate::typed::sym::value(s));
            let cosize = code.bind_value("cosize", crate::typed::sym::value(&b_cosize));
            let cosize = crate::typed::sym::value(&cosize);
            code.bind_value(
                "cotarget",
                quote::quote!(#cosize #(.saturating_mul(#extents))*),
            )
        }
        _ => code.dynamic(quote::quote!(unread_cotarget)),
    };
    let (holes, record) = shape::complement(code, a.clone(), cotarget, false, true)?;
    // A hole CuTe rounded down: exact only if B stays below it (the core's
    // rule, `ProductHoles::fits`), checked before composing into it, as
    // the core does: decided here where the holes and B's cosize are
    // static, else at run time (partial.rs).
    match (&record, &b_cosize) {
        (Record::Static(held), _) if held.rounded().is_none() => {}
        (Record::Static(held), Sym::Static(cosize)) => {
            if !held.fits(u64::try_from(*cosize).ok()?) {
                return None;
            }
        }
        _ => {
            let (private, function) = (crate::emit::private(), code.function);
            let (cosize, record) = (crate::typed::sym::value(&b_cosize), record.tokens());
            code.check(quote::quote!(#private::product_fits(#function, #cosize, #record)));
        }
    }
    let holes = coalesce(holes, false)?;
    let composed = compose::compose_modes(code, holes, &b)?;
    // A's trees as written (its leaves in order), and D = B's nesting
    // with each leaf composed.
    let (a_shapes, a_strides): (Vec<Sym>, Vec<Sym>) = a.into_iter().unzip();
    let (mut next_a, mut next_d) = ((0, 0), 0);
    let mut a_mode = |s: &Expr, d: &Expr| {
        let shape = tree(s, &a_shapes, &mut next_a.0);
        (shape, tree(d, &a_strides, &mut next_a.1))
    };
    let mut d_mode = |s: &Expr| compose::nest(s, &composed, &mut next_d);
    // (A, D), regrouped as CuTe's layout.hpp does: by one layout,
    // `tile_unzip` keeps the two modes (zipped = logical); tiled lifts D's
    // modes, flat A's too. CuTe slices with `repeat<rank>(_)`, a plain `_`
    // for rank 1: a one-mode part stays whole, as in the core's `unpack`.
    if let Some((lift_a, lift_d)) = lift {
        let (a_modes, a_mode_strides, b_modes) = (modes(a_shape), modes(a_stride), modes(b_shape));
        let mut top = Vec::new();
        if lift_a && a_modes.len() > 1 {
            for (s, d) in a_modes.into_iter().zip(a_mode_strides) {
                top.push(a_mode(s, d));
            }
        } else {
            top.push(a_mode(a_shape, a_stride));
        }
        // D's rank is B's, or for a leaf B the number of modes it composed
        // into (as CuTe's composition nests it).
        let d_parts = match &b_shape.kind {
            _ if !lift_d => vec![d_mode(b_shape)],
            ExprKind::Tuple(_) if b_modes.len() > 1 => b_modes.into_iter().map(d_mode).collect(),
            ExprKind::Tuple(_) => vec![d_mode(b_shape)],
            _ => composed[0]
                .iter()
                .map(|(s, d)| (token(s), token(d)))
                .collect(),
        };
        top.extend(d_parts);
        return Some(top);
    }
    let (a_modes, a_mode_strides, b_modes) = (modes(a_shape), modes(a_stride), modes(b_shape));
    let rank = a_modes.len().max(b_modes.len());
    let (one, zero) = (emit::static_leaf(1), emit::static_leaf(0));
    let mut top = Vec::new();
    for i in 0..rank {
        let (s, d) = match (a_modes.get(i), a_mode_strides.get(i)) {
            (Some(s), Some(d)) => a_mode(s, d),
            _ => (one.clone(), zero.clone()),
        };
        let (ds, dd) = b_modes
            .get(i)
            .map_or((one.clone(), zero.clone()), |b| d_mode(b));
        let pair = |x, y| match form {
            TypedForm::ZipProduct { raked: true } => emit::tuple(vec![y, x]),
            _ => emit::tuple(vec![x, y]),
        };
        top.push((pair(s, ds), pair(d, dd)));
    }
    Some(top)
}
