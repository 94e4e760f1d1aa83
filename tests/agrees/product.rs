//! The typed products against the core, where CuTe's complement may round
//! a hole down (`src/private/partial.rs`, the core's rule).

use layout_dsl::typed::{AlgebraError, TypedLayout};

use super::{agrees, core};

#[allow(dead_code)] // Only the product tests use it.
/// A typed product against the core on `A`'s and `B`'s texts: [`agrees`]
/// where the core answers, and refused where the core refuses. Both follow
/// one rule where CuTe's complement rounds a hole `stride / span` down
/// (`layout_core::algebra::ProductHoles`; `tests/products_doors_agree.rs`
/// checks them against the definition). Whether the typed path answered.
pub fn product_agrees<L: TypedLayout>(
    typed: Result<L, AlgebraError>,
    function: &str,
    a: &str,
    b: &str,
) -> bool
where
    L::Offset: TryInto<i64>,
{
    let text = format!("{function}({a}, {b})");
    if core(&text).is_some() {
        return agrees(typed, &text);
    }
    if let Ok(typed) = typed {
        panic!("{text}: typed gives {typed}, the core refuses");
    }
    false
}
