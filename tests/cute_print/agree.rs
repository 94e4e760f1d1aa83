//! A typed result against the core's value of the same call, for the grid
//! tests of the typed rewrites (each runs a rule over many run-time values
//! and needs "the same layout, or a refusal" at every one).

use layout_dsl::typed::TypedLayout;

use crate::cute_print_offsets::same_offsets;

/// A typed result against the core's value of `text`: the same layout,
/// or refused. Returns whether it was answered.
pub fn agree<L: TypedLayout<Offset = usize>, E: std::fmt::Display>(
    typed: Result<L, E>,
    text: &str,
) -> bool {
    let core = layout_core::evaluate(text);
    match typed {
        Ok(l) => {
            assert!(
                matches!(core, Ok(layout_core::Value::Layout(_))),
                "{text}: typed answers, the core: {core:?}"
            );
            same_offsets(&l, text);
            true
        }
        Err(e) => {
            println!("{text}: refused: {e}");
            false
        }
    }
}
