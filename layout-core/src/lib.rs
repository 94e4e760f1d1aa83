//! `layout-core`: NVIDIA CuTe's hierarchical layouts and their algebra.
//!
//! One implementation serves the `layout` calculator, the `layout!` macro
//! (at expansion time) and kernel code at run time. `no_std` with `alloc`.
//!
//! ```
//! use layout_core::{evaluate, logical_divide, Layout, Tiler};
//! let a: Layout = "(4,2,3):(2,1,8)".parse().unwrap();
//! let t: Layout = "4:2".parse().unwrap();
//! let d = logical_divide(&a, &Tiler::from(t)).unwrap();
//! assert_eq!(d.to_string(), "((2,2),(2,3)):((4,1),(2,8))");
//! assert_eq!(evaluate("size(logical_divide((4,2,3):(2,1,8), 4:2))").unwrap().to_string(), "24");
//! ```
#![no_std]
#![warn(missing_docs)]

extern crate alloc;

pub mod access;
pub mod algebra;
pub mod atoms;
pub mod basis;
mod coerce;
mod composed;
mod error;
mod eval;
#[doc(hidden)]
pub mod expr;
pub mod idioms;
mod inline_vec;
mod int_tuple;
mod layout;
pub mod notation;
mod parse;
pub mod registry;
mod swizzle;
pub mod tv;
mod value;

pub use algebra::{Coord, check_domain, dice, slice, slice_and_offset};
pub use algebra::{
    Modal, PAD_RANK_LIMIT, Tiler, append, blocked_product, ceil_div, coalesce, coalesce_by,
    compatible, complement, composition, congruent, coshape, crd2crd, evenly_divides, filter,
    filter_zeros, filter_zeros_by, filter_zeros_of, flat_divide, flat_product, flatten, get, group,
    left_inverse, logical_divide, logical_product, max_alignment, max_common_layout,
    max_common_vector, nullspace, pad_to_rank, prepend, product_each, raked_product, replace,
    right_inverse, select, shape_div, take, tiled_divide, tiled_product, unflatten,
    weakly_congruent, with_shape, zipped_divide, zipped_product,
};
pub use algebra::{
    complement_to_shape, downcast, make_fragment_like, make_layout_like, make_ordered_layout,
    recast_layout, tile_to_shape, upcast,
};
pub use algebra::{inner_partition, local_partition, local_tile, outer_partition};
pub use basis::{BasisLayout, BasisTuple, BasisView, ScaledBasis};
pub use composed::{
    CHECK_LIMIT, Composed, ComposedLayout, Outer, compose, compose_swizzle,
    logical_product_swizzled,
};
pub use error::{
    AlgebraRefusal, CallError, ConstructError, DomainError, Error, ErrorKind, IdiomError, Result,
    Span, SyntaxError,
};
pub use eval::{KEYWORDS, eval, eval_arguments, evaluate, is_keyword};
pub use idioms::{
    Positions, TABLE_LIMIT, Table, TensorDescriptor, TensorLayout, View, block, blocks, broadcast,
    broadcast_offset, broadcast_to, diagonal, idx2crd_row_major, idx2crd_strided, real_axis,
    slice_axis, split_axis, stripes, table,
};
pub use int_tuple::IntTuple;
pub use layout::{Layout, Offsets, Run, crd2idx, idx2crd, index_offset, natural_coord};
pub use registry::{FUNCTIONS, Function, function};
pub use swizzle::{Swizzle, SwizzleError};
pub use value::{Major, Value};
