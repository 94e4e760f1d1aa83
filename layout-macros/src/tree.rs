//! Questions about a parsed tree (`ast.rs`'s `Expr`) that every later
//! stage asks: whether it has dynamic leaves, whether it is written out,
//! and where its dynamic leaves are.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{Kind, Returns};

type CoreSpan = layout_core::Span;

/// Whether any leaf below is only known at run time (a named typed
/// layout's numbers too).
pub fn has_dynamic(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Dynamic(_) => true,
        ExprKind::Name(name) => name.starts_with('#'),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => items.iter().any(has_dynamic),
        ExprKind::Call { args, .. } => args.iter().any(has_dynamic),
        ExprKind::Layout(shape, stride) => has_dynamic(shape) || has_dynamic(stride),
        _ => false,
    }
}

/// Whether `e` holds a scaled basis (`V@I`) or an identity layout, whose
/// layouts are not integer layouts.
pub fn has_basis(e: &Expr) -> bool {
    match &e.kind {
        // `V@I`, or a function whose result always has scaled-basis strides
        // (`make_identity_layout`), as the registry says.
        ExprKind::Call { name, .. }
            if name == layout_core::notation::BASIS_CALL
                || layout_core::registry::function(name)
                    .is_some_and(|f| f.returns == Returns::Always(Kind::BasisLayout)) =>
        {
            true
        }
        ExprKind::Tuple(items) | ExprKind::Tiler(items) | ExprKind::Call { args: items, .. } => {
            items.iter().any(has_basis)
        }
        ExprKind::Layout(shape, stride) => has_basis(shape) || has_basis(stride),
        _ => false,
    }
}

/// Whether `b` is a by-mode tiler: `<…>`, or a tuple of extents (static
/// or dynamic), CuTe's `Shape` used as a tiler.
pub fn is_tiler(b: &Expr) -> bool {
    match &b.kind {
        ExprKind::Tiler(_) => true,
        ExprKind::Tuple(tiles) => {
            let extent = |t: &Expr| matches!(t.kind, ExprKind::Int(_) | ExprKind::Dynamic(_));
            !tiles.is_empty() && tiles.iter().all(extent)
        }
        _ => false,
    }
}

/// An integer tuple written out: integers, dynamic leaves and tuples only.
pub fn is_plain(e: &Expr) -> bool {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Dynamic(_) => true,
        ExprKind::Tuple(items) => items.iter().all(is_plain),
        _ => false,
    }
}

/// The dynamic leaves below `e`, as `(number, span)`, in source order.
pub fn dynamic_leaves(e: &Expr, out: &mut Vec<(usize, CoreSpan)>) {
    match &e.kind {
        ExprKind::Dynamic(k) => out.push((*k, e.span)),
        ExprKind::Tuple(items) | ExprKind::Tiler(items) => {
            items.iter().for_each(|i| dynamic_leaves(i, out));
        }
        ExprKind::Call { args, .. } => args.iter().for_each(|a| dynamic_leaves(a, out)),
        ExprKind::Layout(shape, stride) => {
            dynamic_leaves(shape, out);
            dynamic_leaves(stride, out);
        }
        _ => {}
    }
}

/// The atom a dynamic leaf's Rust text (`SM80_16x8x16_F16F16F16F16_TM`)
/// is a typo of: a bare identifier the core's did-you-mean puts next to an
/// MMA or copy atom's name. Such a leaf is reported as that unknown name
/// (valid.rs), and the fallback does not name it (so rustc adds no
/// "cannot find value" of its own).
pub fn misspelt_atom(leaf: &proc_macro2::TokenStream) -> Option<&'static str> {
    let name = syn::parse2::<syn::Ident>(leaf.clone()).ok()?.to_string();
    let e = Expr::new(ExprKind::Name(name), CoreSpan::default());
    match layout_core::eval(&e).err()?.kind() {
        layout_core::ErrorKind::Call(layout_core::CallError::UnknownName {
            suggestion: Some(s),
            ..
        }) if layout_core::atoms::mma(s).is_some() || layout_core::atoms::copy(s).is_some() => {
            Some(s)
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::misspelt_atom;

    #[test]
    fn a_misspelt_atom_is_the_atom_it_is_close_to() {
        let leaf = |s: &str| s.parse().unwrap();
        let atom = "SM80_16x8x16_F16F16F16F16_TN";
        assert_eq!(
            misspelt_atom(&leaf("SM80_16x8x16_F16F16F16F16_TM")),
            Some(atom)
        );
        // A short variable is not a typo of an operand (`A`, `C`), and a
        // Rust expression is never a typo.
        for other in ["m", "a", "CC", "{ SM80_16x8x16_F16F16F16F16_TM }", "x.0"] {
            assert_eq!(misspelt_atom(&leaf(other)), None, "{other}");
        }
    }
}
