//! After `type`, `make_identity_layout(SHAPE)` of a named shape, whole
//! (`#s`) or a mode of a written-out tuple (`(2, #s)`, CuTe's
//! `make_identity_layout(make_shape(Int<2>{}, s))`): the facade's
//! `IdentityLeaves::identity_layout` of the Rust tuple (`src/private/identity_named.rs`),
//! a `BasisLayout` built from the shape's type (its leaf count, coordinate
//! type and stride table), equal to what `layout!` folds for the same
//! shape written out. Each name is passed through `NamedTuple::named_shape` at its
//! token, so a value that is no shape is one error there. Without `type`
//! the call is the core's, as any algebra of a named value.

use layout_core::expr::Expr;
use proc_macro2::TokenStream;
use quote::quote;

use crate::emit;
use crate::expand::Expander;
use crate::kind::typed_call;
use crate::typed::named::{name, with_named_modes};

/// The shape of `make_identity_layout(SHAPE)` when it is a named shape or
/// a written-out tuple nesting named shapes. (Not a written-out shape
/// with dynamic leaves and no name: `make_identity_layout` has no typed
/// form in the registry, and such a call is the core's, as every
/// run-time function's is: `typed_forms`'s check.)
pub fn call(e: &Expr) -> Option<&Expr> {
    let (_, "make_identity_layout", [shape]) = typed_call(e)? else {
        return None;
    };
    let named = name(shape).is_some() || with_named_modes(shape, false);
    named.then_some(shape)
}

impl Expander<'_> {
    /// The call of a [`call`]: `IdentityLeaves::identity_layout(SHAPE)`
    /// (a trait's own function: a shape of too many leaves is then one
    /// error at the name with no note into the library).
    pub fn named_identity(&self, shape: &Expr) -> TokenStream {
        let private = emit::private();
        let tree = self.shape_tree(shape);
        quote!(#private::IdentityLeaves::identity_layout(#tree))
    }
}
