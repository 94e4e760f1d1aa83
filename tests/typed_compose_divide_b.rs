//! After `type`, a composition whose `B` is a divide with a dynamic leaf
//! that fold.rs cannot build while compiling: a one-mode tiler with a
//! dynamic leaf, read through a prelude that computes the rest
//! (layout-macros/src/typed/compose/compose_reader.rs), and a by-mode tiler entry `n:1`
//! read as the extent `n` (fold.rs's `unit_entries`). Each call runs over
//! many values of its dynamic leaves, not only the golden row's: a typed
//! answer must be the core's at every index (never where the core
//! refuses), and the values CuTe's conditions hold for must be answered.

use layout_dsl::layout;

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

/// Whether the core answers `text` with a layout.
fn core_answers(text: &str) -> bool {
    matches!(
        layout_core::evaluate(text),
        Ok(layout_core::Value::Layout(_))
    )
}

#[test]
fn a_flat_divide_by_a_dynamic_one_mode_tiler_as_b() {
    let (mut answered, mut refused, mut zipped) = (0, 0, 0);
    for s in 0..=9usize {
        for d in 0..=9usize {
            let text = format!(
                "composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), {s}:{d}))"
            );
            let typed = layout!(type composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), {s}:{d})));
            if agree(typed, &text) {
                answered += 1;
            } else {
                refused += 1;
            }
            let text = format!("composition((4,8):(8,1), zipped_divide((6,):(1,), {s}:{d}))");
            let typed = layout!(type composition((4,8):(8,1), zipped_divide((6,):(1,), {s}:{d})));
            // `B` walks `(4,8):(8,1)`: answered where CuTe's divisibility
            // holds for the values, refused naming them elsewhere.
            if agree(typed, &text) {
                zipped += 1;
            }
        }
    }
    // The golden rows: `{1}:1` and `1:{1}`.
    assert!(agree(
        layout!(type composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), {1}:1))),
        "composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), 1:1))"
    ));
    assert!(agree(
        layout!(type composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), 1:{1}))),
        "composition(coalesce(((2, 2), 4):((8, 1), 2)), flat_divide((2,):(1,), 1:1))"
    ));
    assert!(answered > 20 && refused > 0, "{answered} {refused}");
    assert!(zipped >= 4, "{zipped}");
}

#[test]
fn a_divide_of_a_dynamic_extent_by_a_dynamic_tile_as_b() {
    for m in 0..=12usize {
        for t in 0..=9usize {
            let text =
                format!("composition(make_layout(2, LayoutRight), tiled_divide({m}:1, {t}))");
            let typed =
                layout!(type composition(make_layout(2, LayoutRight), tiled_divide({m}:1, {t})));
            let answered = agree(typed, &text);
            // A tile that divides the extent: the core's rest, answered.
            assert!(
                answered || t == 0 || m == 0 || m % t != 0 || !core_answers(&text),
                "{text}"
            );
            let text = format!(
                "composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide({m}:1, {t}:1))"
            );
            let typed = layout!(type composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide({m}:1, {t}:1)));
            agree(typed, &text);
            let text = format!(
                "composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide(4:1, {m}:{t}))"
            );
            let typed = layout!(type composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide(4:1, {m}:{t})));
            agree(typed, &text);
        }
    }
    // The golden rows.
    assert!(agree(
        layout!(type composition(make_layout(2, LayoutRight), tiled_divide(4:1, {4}))),
        "composition(make_layout(2, LayoutRight), tiled_divide(4:1, 4))"
    ));
    assert!(agree(
        layout!(type composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide(4:1, 4:{1}))),
        "composition(logical_product((2,(2,8)):(6,(1,12)), <1, 4>), logical_divide(4:1, 4:1))"
    ));
}

#[test]
fn a_by_mode_entry_n_1_is_the_extent_n() {
    for m in 0..=16usize {
        let text = format!("composition(complement(4:1,64),tiled_divide(({m},2):(1,4),<4,2:1>))");
        let typed =
            layout!(type composition(complement(4:1,64),tiled_divide(({m},2):(1,4),<4,2:1>)));
        agree(typed, &text);
        let text = format!("logical_divide(({m},6):(1,{m}),<3:1,2:1>)");
        let typed = layout!(type logical_divide(({m},6):(1,{m}),<3:1,2:1>));
        agree(typed, &text);
    }
}
