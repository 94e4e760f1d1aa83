//! `layout-dsl`: NVIDIA CuTe's hierarchical layout algebra for Rust.
//!
//! This facade re-exports the runtime core ([`layout_core`]); the compile-time
//! `layout!` macro will be re-exported from here too.
//!
//! ```
//! use layout_dsl::{IntTuple, Layout};
//! let l: Layout = "((2,4),(3,5)):((3,6),(1,24))".parse().unwrap();
//! let c: IntTuple = "(11,12)".parse().unwrap();
//! assert_eq!(l.crd2idx(&c).unwrap(), 129);
//! ```
#![no_std]

pub use layout_core::*;
