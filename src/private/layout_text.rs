//! A typed layout's text: `Debug`, `Display` and the inherent
//! `to_string`, all through the one formatter in text.rs (split from
//! layout.rs, which keeps the value and its indexing).

use alloc::string::String;
use core::fmt;

use super::layout::Layout;
use super::text::{describe, layout_string, write_debug, write_layout};
use super::tree::Tree;

/// `Layout(shape:stride)`, the notation inside.
impl<S: Tree, D: Tree, I> fmt::Debug for Layout<S, D, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_debug(describe!(self.shape, S), describe!(self.stride, D), f)
    }
}

/// Canonical CuTe notation, the same text the core prints.
impl<S: Tree, D: Tree, I> fmt::Display for Layout<S, D, I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_layout(describe!(self.shape, S), describe!(self.stride, D), f)
    }
}

impl<S: Tree, D: Tree, I> Layout<S, D, I> {
    /// The layout in CuTe notation, as [`Display`](fmt::Display) writes
    /// it (so `format!("{l}")` is the same text).
    ///
    /// `ToString` would do, but through its blanket impl every layout type
    /// a crate formats instantiates `String`'s formatting machinery in that
    /// crate; this method hands the two trees' descriptions (`Tree::NODE`)
    /// to one function compiled in this crate, which a debug build of many
    /// `layout!(…).to_string()` calls felt (BENCHMARKS.md, "A `Display`ed
    /// result").
    ///
    /// It takes the layout by value (it is `Copy`): on a value, rustc then
    /// picks it at the first step of the method look-up, without trying
    /// an autoref, and the call borrows no temporary. A debug build of
    /// `layout!(…).to_string()` costs ≈0.065 M instructions less per call
    /// than with `&self` (BENCHMARKS.md, "its text read once"). Through a
    /// reference, `(&l).to_string()`, the look-up finds `ToString` first:
    /// the same text, through [`Display`](fmt::Display).
    ///
    /// ```
    /// use layout_dsl::layout;
    /// let l = layout!(logical_divide((8,4):(4,1), 2));
    /// assert_eq!(l.to_string(), "(2,(4,4)):(4,(8,1))");
    /// assert_eq!(l.to_string(), format!("{l}"));
    /// assert_eq!((&l).to_string(), format!("{l}"));
    /// ```
    #[allow(clippy::inherent_to_string_shadow_display)] // The same text, on purpose.
    #[must_use]
    pub fn to_string(self) -> String {
        layout_string(describe!(self.shape, S), describe!(self.stride, D))
    }
}
