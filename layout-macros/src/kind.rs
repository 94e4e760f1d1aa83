//! What a (sub)expression evaluates to, known from its form alone: the
//! registry says what each function returns. `expand` chooses the output
//! form by it, `fallback` the stand-in value.

use layout_core::expr::{Expr, ExprKind};
use layout_core::registry::{self, Query, Returns, TypedForm};

/// The kinds of value the expansion treats differently.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Int,
    IntTuple,
    Layout,
    Table,
    /// A view (`slice`, `view`): folds to the pair `(layout, base)`.
    View,
    /// Anything else (a tiler, `LayoutLeft`, an unknown function).
    Other,
}

pub fn kind(e: &Expr) -> Kind {
    match &e.kind {
        ExprKind::Int(_) | ExprKind::Dynamic(_) => Kind::Int,
        ExprKind::Tuple(_) => Kind::IntTuple,
        ExprKind::Layout(..) => Kind::Layout,
        // A named typed layout (`#A`, named.rs).
        ExprKind::Name(name) if name.starts_with('#') => Kind::Layout,
        ExprKind::Call { name, args, .. } => match registry::function(name).map(|f| f.returns) {
            Some(Returns::Always(k)) => match k {
                registry::Kind::Int => Kind::Int,
                registry::Kind::IntTuple => Kind::IntTuple,
                registry::Kind::Layout => Kind::Layout,
                registry::Kind::Table => Kind::Table,
                registry::Kind::View => Kind::View,
                _ => Kind::Other,
            },
            Some(Returns::LikeArg(i)) => args.get(i).map_or(Kind::Other, kind),
            _ => Kind::Other,
        },
        _ => Kind::Other,
    }
}

/// The typed form the registry gives `e`'s function, with the call's name
/// (for labels) and arguments; `None` for anything but a call of a known
/// function. The expansion dispatches on the form, never on the name.
pub fn typed_call(e: &Expr) -> Option<(TypedForm, &'static str, &[Expr])> {
    let ExprKind::Call { name, args, .. } = &e.kind else {
        return None;
    };
    let f = registry::function(name)?;
    Some((f.typed, f.name, args))
}

/// The query `e` is a call of, if its function is one (`crd2idx`, `size`, …).
pub fn query(e: &Expr) -> Option<Query> {
    match typed_call(e)? {
        (TypedForm::Query(q), ..) => Some(q),
        _ => None,
    }
}

/// The typed form the registry gives the function called `name`
/// ([`TypedForm::RunTime`] for an unknown name).
pub fn form_of(name: &str) -> TypedForm {
    registry::function(name).map_or(TypedForm::RunTime, |f| f.typed)
}
