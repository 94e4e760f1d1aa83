//! `layout-dsl`: NVIDIA CuTe's hierarchical layout algebra for Rust.
//!
//! Two doors to one algebra: the runtime core ([`layout_core`], re-exported
//! here) and the compile-time [`layout!`] macro, which evaluates CuTe notation
//! with that same core while your crate compiles.
//!
//! ```
//! use layout_dsl::{IntTuple, Layout, layout};
//! let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
//! let c: IntTuple = "(11,12)".parse().unwrap();
//! assert_eq!(l.crd2idx(&c).unwrap(), 129);
//!
//! // The same offset, folded while compiling:
//! const I: usize = layout!(crd2idx((11,12), ((2,4),(3,5)):((3,6),(1,24))));
//! assert_eq!(I, 129);
//!
//! // A typed layout: a value of its numbers, whose `crd2idx` an optimised
//! // build folds to `i * 8 + j` wherever the value is known:
//! let rows = layout!((4,8):(8,1));
//! assert_eq!(rows.crd2idx((2, 3)), 19);
//!
//! // With `type`, the numbers are in the type: zero-sized, folded everywhere
//! // (about 1 ms of compile time more per distinct layout in a debug build):
//! let typed = layout!(type (4,8):(8,1));
//! assert_eq!(typed.crd2idx((2, 3)), 19);
//! assert_eq!(core::mem::size_of_val(&typed), 0);
//!
//! // Dynamic leaves (`usize` variables or `{…}` blocks) stay in the value:
//! let m = 5;
//! let cols = layout!((m,4):(1,m));
//! assert_eq!(cols.crd2idx((2, 3)), 17);
//! assert_eq!(cols.to_string(), "(5,4):(1,5)");
//! ```
//!
//! These values are typed layouts ([`typed::Layout`]): write their types
//! with [`layout_type!`], take any of them with the [`typed::TypedLayout`]
//! bound, and use one by name inside another invocation as `#NAME`.
//!
//! An integer coordinate split over a mode of size 0 that is not the last
//! has no answer in the core (`ZeroSizeMode`; CuTe divides by zero). A
//! static layout with an extent of 0 is always zero-sized, and refuses it
//! while compiling. With a dynamic extent of 0, `crd2idx` of an integer,
//! `at` and `idx2crd` never panic: the empty mode takes the whole integer
//! and leaves 0 to the modes after it (`x mod 0 = x`, `x div 0 = 0`), as the
//! last mode takes what is left. The layout is empty, so that offset is
//! defined but is no element's: `checked_at` and `checked_crd2idx` (and a
//! tensor's `get` and `t[c]`) check the domain first and refuse every
//! index of an empty layout.
//!
//! ```compile_fail,E0080
//! use layout_dsl::layout;
//! let empty_first_mode = layout!((0,3):(1,0));
//! let _ = empty_first_mode.crd2idx(5);
//! ```
//!
//! ```
//! use layout_dsl::layout;
//! // The last mode takes what is left, empty or not, as in CuTe.
//! let empty_last_mode = layout!((3,0):(1,3));
//! assert_eq!(empty_last_mode.crd2idx(5), 2 + 3);
//! let m = 0;
//! let empty_first_mode = layout!((m,3):(1,0));
//! assert_eq!(empty_first_mode.crd2idx(5), 5);
//! assert_eq!(empty_first_mode.checked_at(5), None);
//! ```
#![no_std]
#![warn(missing_docs)]

extern crate alloc;
// Lets this crate's own tests use the `::layout_dsl::…` paths the macro emits.
extern crate self as layout_dsl;

pub use layout_core::*;
// The same items as `tensor`'s, taking a layout or a tensor, so that a
// file glob-importing both names one item (cute_vocab.rs); these
// shadow the core's functions of the same names, which they call.
pub use cute_vocab::{
    CoalesceArg, CompositionArg, DivideArg, FilterZerosArg, FlattenArg, coalesce, composition,
    filter_zeros, flatten,
};
pub use tensor::{flat_divide, logical_divide, tiled_divide, zipped_divide};

mod cute_vocab;
pub use layout_macros::{layout, layout_type};

pub mod typed;

pub mod tensor;

#[doc(hidden)]
#[path = "private/mod.rs"]
pub mod __private;

/// Not API: the constructors `layout!` writes for a static layout of a
/// common nesting (private/common_layouts.rs), in a module of their own.
/// Resolving a path into `__private` makes rustc load the names of its
/// hundreds of items, ≈0.9 M instructions in a debug build of a crate
/// that needs nothing else from there (BENCHMARKS.md, "A `Display`ed
/// result: eight leaves a word, a module of their own").
#[doc(hidden)]
pub mod __layouts {
    pub use crate::__private::common_layouts::*;
}
