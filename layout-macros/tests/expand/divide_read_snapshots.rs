//! Expansion snapshots of a divide with a dynamic leaf read as a function
//! that fold.rs cannot build while compiling: a composition's `B` divided
//! by a one-mode tiler with a dynamic leaf (compose_reader.rs), a by-mode
//! divide with a dynamic extent in a mode before the last
//! (divide_by_mode.rs) and a by-mode tiler with a dynamic entry
//! (divide_tile_dynamic.rs), and a composition's `A` divided by a one-mode
//! tiler with a dynamic leaf and read below `size A` (compose_reader.rs's
//! `inside_reader`): the prelude of checks, then the composition.

use super::support::expansion;

// `B` a divide by a dynamic tile: `extents_size`, `tile_rest`'s span and rest.
snapshot!(
    typed_composition_by_divide_by_dynamic_tile,
    "type composition((4,8):(8,1), tiled_divide(8:1, t))"
);
// The first mode `(m,3)` holds the tile 2 only where `3m` is even: `mode_holds`.
snapshot!(
    typed_composition_by_divide_of_dynamic_mode,
    "type composition(64:1, zipped_divide(((m,3),5):((1,7),60), <2,5>))"
);
// A dynamic entry `t:1` before the last mode: `tile_rest`, then `mode_holds`.
snapshot!(
    typed_right_inverse_of_divide_by_dynamic_entry,
    "type right_inverse(flat_divide(((4,2),4):((2,8),48), <t:1,2>))"
);
// `A` a divide by a dynamic tile read below `size A` (4 < 8): `tile_rest`,
// then `A ∘ B` composed with `4:1`, nothing appended (CuTe's `(2,2):(_1,2)`).
snapshot!(
    typed_composition_of_divide_by_dynamic_tile_inside,
    "type composition(logical_divide((1,8):(8,1), t), 4:1)"
);

/// nested.rs's `on_domain`: a `make_layout` as the `B` of a composition
/// that is the whole input nests a last operand with a dynamic leaf (read
/// only on its domain, so CuTe's nesting of it is the core's function);
/// the same composition read past its size by an outer composition does
/// not (its `B`'s nesting would change what is read there: typed, it gave
/// `composition(composition(1024:1, make_layout(2:1, composition((3,4):(1,3),
/// 2:2))), 64:1)` another offset than the core's at index 4).
#[test]
fn a_make_layout_is_nested_only_where_read_on_its_domain() {
    use super::typed_forms::{Path, path};
    for (text, typed) in [
        (
            "composition(1024:1, make_layout(2:1, composition((4,m):(16,64), 8:1)))",
            true,
        ),
        (
            "composition(1024:1, logical_divide((m,(4,k)):(1,(16,64)), <2,8>))",
            true,
        ),
        (
            "composition(1024:1, logical_divide((4,(4,k)):(1,(16,64)), <2,8>))",
            true,
        ),
        (
            "composition(composition(1024:1, make_layout(2:1, composition((m,4):(1,k), 2:2))), 64:1)",
            false,
        ),
        (
            "composition(composition(1024:1, make_layout(2:1, coalesce((2,m):(1,2)))), 64:1)",
            false,
        ),
        // The whole input: read on its domain, nested.
        (
            "make_layout(2:1, composition(64:1, make_layout(2:1, coalesce((m,2):(1,k)))))",
            true,
        ),
    ] {
        let got = path(&format!("type {text}"));
        assert_eq!(matches!(got, Path::Typed), typed, "{text}");
        assert!(!matches!(got, Path::RunTime), "{text}");
    }
}

/// A `make_layout` read past its size holds its last layout back with
/// nested_held.rs's `PAST_SIZE` reason, at that layout (a divide divided
/// mode by mode into one, `PAST_SIZE_DIVIDE`, at the divide): the forms of
/// tests/golden/cute_held_last.txt (CUTLASS's prints, where CuTe's
/// nesting goes on past the size otherwise than the core's). An operand
/// read mode by mode keeps the general reason.
#[test]
fn a_make_layout_read_past_its_size_says_why() {
    use super::typed_forms::expanded;
    let past = "past its size";
    for (text, held) in [
        (
            "composition(composition(1024:1, make_layout(2:1, composition((m,4):(1,k), 2:2))), 64:1)",
            true,
        ),
        (
            "composition(composition(1024:1, make_layout(2:1, coalesce((2,m):(1,2)))), 64:1)",
            true,
        ),
        (
            "composition(composition(64:1, make_layout(2:1, composition((4,m):(16,64), 8:1))), (4,8):(1,4))",
            true,
        ),
        (
            "composition(make_layout(2:1, coalesce((m,2):(1,k))), 16:1)",
            true,
        ),
        // divide_per_mode.rs's `make_layout` of the parts, said at the divide.
        (
            "composition(composition(1024:1, logical_divide((m,(4,k)):(1,(16,64)), <2,8>)), 64:1)",
            true,
        ),
        (
            "composition(make_layout(2:1, composition((4,m):(2,8), 4:1)), 32:1)",
            true,
        ),
        ("logical_divide(coalesce((2,m):(1,k)), <4>)", false),
    ] {
        let out = expanded(&format!("type {text}")).unwrap();
        assert!(out.contains("compile_error"), "{text}: {out}");
        assert_eq!(out.contains(past), held, "{text}: {out}");
        assert!(out.contains("`type` cannot nest this"), "{text}: {out}");
    }
}
