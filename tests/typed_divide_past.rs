//! A divide read past its size as a composition's `A`
//! (layout-macros/src/typed/divide/divide_past.rs, nested.rs's `Guard`): the composition
//! is of the rewritten divide `A ∘ B` alone (CuTe's nesting), where it
//! reads only inside the divide's size or the divide's last mode continues
//! as the core's does (`__private::continues`), else an error naming the
//! values: there CuTe C++ with the same run-time value answers another
//! layout than the core's (its divide continues as the typed one does;
//! checked with CUTLASS for one value of each call below). Each call is
//! run over many values of its dynamic leaf against the core: a typed
//! answer must be the core's at every index (never where the core
//! refuses), a refusal names the values, and the golden row's value
//! (CuTe's) is answered.

use layout_dsl::layout;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

#[test]
fn a_logical_divide_read_by_a_complement_past_its_size() {
    // `complement(…, 64)` is `4:16`, reading the 16-element divide up to
    // 48: where its rest has one element (m ≤ 2), the core's last leaf is
    // `1:0` and the answer `4:0`.
    for m in 0..=12usize {
        let text = format!(
            "composition(logical_divide(({m}, 4):(4, 1), 8), complement((4, 4, 1):(1, 4, 16), 64))"
        );
        let typed = layout!(type composition(logical_divide(({m}, 4):(4, 1), 8), complement((4, 4, 1):(1, 4, 16), 64)));
        assert!(
            agree(typed, &text) || m % 8 != 0 && m > 2 || m == 0,
            "{text}"
        );
        let text = format!(
            "composition(logical_divide((4, {m}):(4, 1), 8), complement((4, 4, 1):(1, 4, 16), 64))"
        );
        let typed = layout!(type composition(logical_divide((4, {m}):(4, 1), 8), complement((4, 4, 1):(1, 4, 16), 64)));
        // m ≤ 2: the core's `4:0`, CuTe's `_4:_4`.
        assert!(agree(typed, &text) || m <= 2, "{text}");
        let text = format!(
            "composition(logical_divide((4, 4):({m}, 1), 8), complement((4, 4, 1):(1, 4, 16), 64))"
        );
        let typed = layout!(type composition(logical_divide((4, 4):({m}, 1), 8), complement((4, 4, 1):(1, 4, 16), 64)));
        assert!(agree(typed, &text), "{text}");
        let text = format!(
            "composition(logical_divide((4, 4):(4, {m}), 8), complement((4, 4, 1):(1, 4, 16), 64))"
        );
        let typed = layout!(type composition(logical_divide((4, 4):(4, {m}), 8), complement((4, 4, 1):(1, 4, 16), 64)));
        assert!(agree(typed, &text), "{text}");
    }
}

#[test]
fn a_logical_divide_by_an_integer_read_past_its_size() {
    for m in 0..=12usize {
        let text = format!("composition(logical_divide(({m},8):(8,1), 2), 4:1)");
        let typed = layout!(type composition(logical_divide(({m},8):(8,1), 2), 4:1));
        assert!(agree(typed, &text) || m % 2 == 1 || m == 0, "{text}");
        // At m ≤ 2 the core's rest is `1:0`: the core's `(2,2):(1,0)`,
        // CuTe's `(_2,_2):(_1,_2)` (refused).
        let text = format!("composition(logical_divide((1,{m}):(8,1), 2), 4:1)");
        let typed = layout!(type composition(logical_divide((1,{m}):(8,1), 2), 4:1));
        assert!(agree(typed, &text) || m <= 2, "{text}");
    }
}

#[test]
fn a_tiled_divide_of_a_nested_layout_read_past_its_size() {
    // At `(8,1)` the core's walk of the rest `16:8` stops at the mode
    // `8:4` (continuation 32) where the typed walk reaches the mode of
    // extent 1: the core's `8:8`.
    for m in 0..=9usize {
        let text =
            format!("composition(tiled_divide(((({m},4),(8,2))):(((1,32),(4,128))),8:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide(((({m},4),(8,2))):(((1,32),(4,128))),8:1),8:32));
        assert!(agree(typed, &text) || ![1, 2, 4, 8].contains(&m), "{text}");
        let text =
            format!("composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,{m}),(8,2))):(((1,32),(4,128))),8:1),8:32));
        assert!(agree(typed, &text) || ![1, 2, 4, 8].contains(&m), "{text}");
        let text =
            format!("composition(tiled_divide((((4,4),({m},2))):(((1,32),(4,128))),8:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,4),({m},2))):(((1,32),(4,128))),8:1),8:32));
        assert!(agree(typed, &text) || ![1, 2, 4, 8].contains(&m), "{text}");
        let text =
            format!("composition(tiled_divide((((4,4),(8,{m}))):(((1,32),(4,128))),8:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,4),(8,{m}))):(((1,32),(4,128))),8:1),8:32));
        // m = 1: the core's `8:8`, CuTe's `(_4,_2):(_8,_128)`.
        assert!(agree(typed, &text) || m <= 1, "{text}");
    }
}

#[test]
fn a_tiled_divide_read_by_a_product_past_its_size() {
    // `A` one dynamic mode, a tile with no hole: the rest's stride in `B`
    // is 0 where the rest has one element (the core's `1:0`), so nothing
    // is appended and the dynamic mode stays `A`'s last (no divisibility
    // condition on it): every value answered.
    for m in 0..=12usize {
        let text = format!("composition(tiled_divide({m}:1,2:1),raked_product((8):(1),(8):(1)))");
        let typed =
            layout!(type composition(tiled_divide({m}:1,2:1),raked_product((8):(1),(8):(1))));
        assert!(agree(typed, &text), "{text}");
        let text = format!("composition(logical_divide({m}:3, 4), 16:1)");
        let typed = layout!(type composition(logical_divide({m}:3, 4), 16:1));
        assert!(agree(typed, &text), "{text}");
        // A tile with a hole (`2:3`): the core's divide continues after
        // its hole `3:1` where the rest has one element (m ≤ 6), the typed
        // one (CuTe's `(_2,(_3,1)):(_3,(_1,_6))`) at 6: at m = 6 the
        // core's `(2,12):(3,1)`, CuTe's `(_2,_3,_4):(_3,_1,_6)` (refused).
        let text = format!("composition(zipped_divide({m}:1, 2:3), 24:1)");
        let typed = layout!(type composition(zipped_divide({m}:1, 2:3), 24:1));
        assert!(agree(typed, &text) || m % 6 != 0 || m <= 6, "{text}");
    }
}

#[test]
fn a_static_shape_keeps_the_rewrites_last_leaf() {
    // `A`'s shape static: `B` is the core's `D(make_layout(shape A), T)`
    // and the typed walk of its last leaf stops where the core's does, so
    // no mode is appended (CuTe's static leaves; the product's leaf `8:8`
    // walks `(2,3)` into its last mode, no divisibility condition).
    for m in 0..=12usize {
        let text = format!("composition(tiled_divide(6:{m},2:1),raked_product((8):(1),(8):(1)))");
        let typed =
            layout!(type composition(tiled_divide(6:{m},2:1),raked_product((8):(1),(8):(1))));
        assert!(agree(typed, &text), "{text}");
        let text = format!("composition(logical_divide((1,8):({m},1), 2), 4:1)");
        let typed = layout!(type composition(logical_divide((1,8):({m},1), 2), 4:1));
        assert!(agree(typed, &text), "{text}");
        let text = format!("composition(logical_divide((1,8):(8,{m}), 2), 4:1)");
        let typed = layout!(type composition(logical_divide((1,8):(8,{m}), 2), 4:1));
        assert!(agree(typed, &text), "{text}");
        let text = format!("composition(logical_divide((2,6):({m},1), (2,2):(1,4)), 16:1)");
        let typed = layout!(type composition(logical_divide((2,6):({m},1), (2,2):(1,4)), 16:1));
        agree(typed, &text);
        let text = format!("composition(zipped_divide((4,2):(1,{m}), 2:2), (4,3):(1,8))");
        let typed = layout!(type composition(zipped_divide((4,2):(1,{m}), 2:2), (4,3):(1,8)));
        agree(typed, &text);
    }
    let typed = layout!(type composition(logical_divide((4, 4):(4, {1usize}), 8), complement((4, 4, 1):(1, 4, 16), 64))).unwrap();
    assert_eq!(cute_form("_4:4"), form(&typed));
}

#[test]
fn make_layout_nests_a_typed_operand_but_its_last() {
    // Each layout but the last is one mode read only on its domain, so a
    // typed operand's function (its nesting CuTe's) is all that is read.
    for m in 1..=8usize {
        let text = format!("make_layout(composition(({m},4):(4,1), (2,2):(1,4)), 3:{m})");
        let typed = layout!(type make_layout(composition(({m},4):(4,1), (2,2):(1,4)), 3:{m}));
        assert!(agree(typed, &text) || m % 2 == 1, "{text}");
        let text = format!(
            "composition(make_layout(composition(({m},4):(4,1), (2,2):(1,4)), 3:{m}), 24:1)"
        );
        let typed = layout!(type composition(make_layout(composition(({m},4):(4,1), (2,2):(1,4)), 3:{m}), 24:1));
        agree(typed, &text);
    }
}

#[test]
fn a_divide_by_a_dynamic_tile_read_past_its_size() {
    // A one-mode tiler with a dynamic leaf (compose_reader.rs's
    // `past_reader`): the rest checked at run time (`tile_rest`), the
    // core's continuation appended as `1:c`. At the golden rows' value
    // (8, 1 or 2) answered; elsewhere the core's or a refusal naming the
    // values.
    let mut answered = Vec::new();
    for m in 0..=12usize {
        let text = format!(
            "composition(logical_divide((4, 4):(4, 1), {m}), complement((4, 4, 1):(1, 4, 16), 64))"
        );
        let typed = layout!(type composition(logical_divide((4, 4):(4, 1), {m}), complement((4, 4, 1):(1, 4, 16), 64)));
        answered.push((m, agree(typed, &text)));
        let text = format!("composition(logical_divide((1,8):(8,1), {m}), 4:1)");
        let typed = layout!(type composition(logical_divide((1,8):(8,1), {m}), 4:1));
        answered.push((m, agree(typed, &text)));
        let text =
            format!("composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{m}:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{m}:1),8:32));
        answered.push((m, agree(typed, &text)));
        // Read below `size A`: nothing appended (tests/typed_divide_inside.rs).
        let text =
            format!("composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{m}),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{m}),8:32));
        answered.push((m, agree(typed, &text)));
        let text = format!("composition(tiled_divide(6:1,{m}:1),raked_product((8):(1),(8):(1)))");
        let typed =
            layout!(type composition(tiled_divide(6:1,{m}:1),raked_product((8):(1),(8):(1))));
        answered.push((m, agree(typed, &text)));
        let text = format!("composition(tiled_divide(6:1,2:{m}),raked_product((8):(1),(8):(1)))");
        let typed =
            layout!(type composition(tiled_divide(6:1,2:{m}),raked_product((8):(1),(8):(1))));
        answered.push((m, agree(typed, &text)));
        // A tile with a hole and a dynamic `A` too.
        let text = format!("composition(zipped_divide({m}:1, 2:{m}), 24:1)");
        let typed = layout!(type composition(zipped_divide({m}:1, 2:{m}), 24:1));
        agree(typed, &text);
        let text = format!("composition(logical_divide((3,4):(1,{m}), {m}:3), (5,7):(1,9))");
        let typed = layout!(type composition(logical_divide((3,4):(1,{m}), {m}:3), (5,7):(1,9)));
        agree(typed, &text);
        let text = format!("composition(logical_divide(6:2, 1:{m}), 18:1)");
        let typed = layout!(type composition(logical_divide(6:2, 1:{m}), 18:1));
        agree(typed, &text);
    }
    // The golden rows' values: row k of the six at its value.
    for (k, m) in [8, 2, 8, 1, 2, 1].into_iter().enumerate() {
        assert!(answered[m * 6 + k].1, "row {k} at {m}: refused");
    }
}
