//! `type make_layout(#a, #b, …)`: the facade's `make_layout_of` on the
//! tuple of named values (CuTe's concatenation of layouts as modes, or
//! `make_layout(shape, stride)` of two named trees), spanned at the first
//! name, never the run-time core.

use crate::support::expansion;

snapshot!(named_concat_two, "type make_layout(#a, #b)");
snapshot!(named_concat_three, "type make_layout(#a, #b, #c)");
// Without `type`, the run-time path (unchanged).
snapshot!(named_concat_untyped, "make_layout(#a, #b)");
