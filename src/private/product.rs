//! The typed products' run-time support: the holes of `A`'s complement,
//! the copies of `B` over them, ranked and by-mode products. The members
//! are declared here and live in `product/`.

// The members of this family live in `product/`; `private/mod.rs` imports
// each by name, so a path such as `super::product_by_mode` names it there.
pub(super) mod product_by_mode;
pub(super) mod product_copies;
pub(super) mod product_fit;
pub(super) mod product_holes;
pub(super) mod product_ranked;
pub(super) mod product_regroup;
pub(super) mod product_static;
pub(super) mod product_value;
pub(super) mod static_complement;
