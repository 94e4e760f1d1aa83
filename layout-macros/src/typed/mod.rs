//! After `type`: the typed algebra on dynamic leaves, one module per
//! function or rule (ARCHITECTURE.md, "Typed algebra on dynamic leaves").
//! Each writes the straight-line code of a typed result for `expand.rs`;
//! the families with helpers of their own (`compose`, `divide`,
//! `product`, `partition`, and `named` for `#NAME` operands) keep them in
//! a directory of the same name.

pub(crate) mod arith;
pub(crate) mod basis;
pub(crate) mod coalesce_by;
pub(crate) mod complement_shape;
pub(crate) mod compose;
pub(crate) mod composed;
pub(crate) mod construct;
pub(crate) mod construct_order;
pub(crate) mod divide;
pub(crate) mod fits;
pub(crate) mod fold;
pub(crate) mod inner;
pub(crate) mod inverse;
pub(crate) mod inverse_class;
pub(crate) mod inverse_quick;
pub(crate) mod inverse_tied;
pub(crate) mod left_inverse;
pub(crate) mod named;
pub(crate) mod nested;
pub(crate) mod nested_held;
pub(crate) mod nested_tree;
pub(crate) mod operands;
pub(crate) mod partition;
pub(crate) mod product;
pub(crate) mod read;
pub(crate) mod rules;
pub(crate) mod shape;
pub(crate) mod slice;
pub(crate) mod sym;
pub(crate) mod sym_coalesce;
pub(crate) mod tile;
pub(crate) mod type_query;
pub(crate) mod type_size;
