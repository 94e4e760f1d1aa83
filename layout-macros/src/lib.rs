//! The `layout!` procedural macro (work in progress: see the macro issue).
//! It will parse CuTe notation at compile time and evaluate it with `layout-core`.
