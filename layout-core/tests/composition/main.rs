//! Composition and complement checked for exactness: against brute force
//! `A(B(i))` over every pair of small layouts, against CuTe C++'s own
//! answers (`tests/cute/composition.jsonl`), and, where we refuse, against
//! a search over every layout of the required shape.

#[path = "../common/mod.rs"]
mod common;

mod brute;
mod classes;
mod complement;
mod cute;
mod exhaustive;
mod golden_cute;
mod laws;
mod sweep;
