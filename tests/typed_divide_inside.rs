//! A divide by a one-mode tiler with a dynamic leaf, read as a
//! composition's `A` below `size A` (layout-macros/src/typed/compose/compose_reader.rs's
//! `inside_reader`): rewritten `composition(composition(A, B), X)` with
//! nothing appended, so the result nests as CuTe's `composition_impl`
//! nests it (a fold over the divide's modes, one mode each where a value
//! is dynamic), every leaf static where CuTe's is. Each call runs over
//! every small value and random large ones of its dynamic leaf against the
//! core: a typed answer is the core's at every index (never where the core
//! refuses), a value whose walk does not fit the fixed nesting refuses
//! naming the values, and CuTe's own answers (the golden rows' values)
//! are answered with CuTe's static leaves.

use layout_dsl::layout;
use proptest::prelude::*;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;

#[path = "cute_print/sweep.rs"]
mod cute_print_sweep;
use cute_print_sweep::sweep;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

/// Each call of the module doc's form at `m`, against the core: whether
/// each was answered, typed and by the core.
fn calls(m: usize) -> Vec<(bool, bool)> {
    let mut answered = Vec::new();
    macro_rules! run {
        ($text:expr, $typed:expr $(,)?) => {{
            let text = $text;
            let core = matches!(
                layout_core::evaluate(&text),
                Ok(layout_core::Value::Layout(_))
            );
            answered.push((agree($typed, &text), core))
        }};
    }
    // The gap row (tests/golden/cute_dynamic_refusals.jsonl): a dynamic
    // tile stride over four static modes of `A`.
    run!(
        format!("composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{m}),8:32)"),
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{m}),8:32)),
    );
    run!(
        format!("composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{m}:1),8:32)"),
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{m}:1),8:32)),
    );
    run!(
        format!("composition(logical_divide((4,4,8,2):(1,32,4,128),4:{m}),(4,2):(2,16))"),
        layout!(type composition(logical_divide((4,4,8,2):(1,32,4,128),4:{m}),(4,2):(2,16))),
    );
    run!(
        format!("composition(zipped_divide((8,6):(1,8),2:{m}),(4,3):(1,8))"),
        layout!(type composition(zipped_divide((8,6):(1,8),2:{m}),(4,3):(1,8))),
    );
    run!(
        format!("composition(zipped_divide((4,8):(8,1),{m}:4),(2,8):(1,4))"),
        layout!(type composition(zipped_divide((4,8):(8,1),{m}:4),(2,8):(1,4))),
    );
    run!(
        format!("composition(flat_divide((4,6):(1,4),{m}:2),12:2)"),
        layout!(type composition(flat_divide((4,6):(1,4),{m}:2),12:2)),
    );
    run!(
        format!("composition(logical_divide((1,8):(8,1), {m}), 4:1)"),
        layout!(type composition(logical_divide((1,8):(8,1), {m}), 4:1)),
    );
    run!(
        format!("composition(logical_divide((4,4):(4,1),{m}:4),(2,4):(1,2))"),
        layout!(type composition(logical_divide((4,4):(4,1),{m}:4),(2,4):(1,2))),
    );
    run!(
        format!("composition(tiled_divide((2,3,4):(1,2,6),3:{m}),(3,4):(1,3))"),
        layout!(type composition(tiled_divide((2,3,4):(1,2,6),3:{m}),(3,4):(1,3))),
    );
    run!(
        format!("composition(tiled_divide((4,3,2):(3,1,12),2:{m}),(2,4):(1,2))"),
        layout!(type composition(tiled_divide((4,3,2):(3,1,12),2:{m}),(2,4):(1,2))),
    );
    answered
}

#[test]
fn every_small_value_is_the_cores_or_refused() {
    // Per call: the values typed, and those the core answers but `type`
    // refuses (its fixed nesting cannot hold the core's walk there).
    let (typed, only_core) = sweep(0..=300, calls);
    // Each call is typed at some values and refuses at others (0 at
    // least: `tile_rest` refuses a tile of extent or stride 0).
    assert!(typed.iter().all(|&a| a > 0 && a < 301), "{typed:?}");
    // Every call refuses only where the core does but at 0, a tile's
    // extent or stride of 0, whose complement `tile_rest` refuses, and at
    // one value of one call (`15:4` over `(4,8):(8,1)`: `X`'s stride 4
    // meets the tile's extent 15, CuTe's stride divisibility condition,
    // which the core's composition, carrying into the next mode, does not
    // need): the typed nesting holds every other value the core answers.
    let zero: &[usize] = &[0];
    let want = [zero, &[], zero, zero, &[15], &[], &[], &[], zero, zero];
    assert_eq!(only_core, want);
    assert_eq!(typed[0], 9, "the gap row: 1, 2, 4, …, 256");
}

proptest! {
    // Larger values: the core's divide checks its whole domain, so the
    // range is kept small enough to run quickly.
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn larger_values_are_the_cores_or_refused(m in 0usize..1 << 12) {
        calls(m);
    }
}

#[test]
fn cutes_answers_keep_cutes_static_leaves() {
    // tests/golden/cute_dynamic_refusals.jsonl's rows at their values.
    let typed =
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{1usize}),8:32));
    let typed = typed.unwrap();
    assert_eq!(
        form(&typed),
        cute_form("(1,1,1,1,1,1,1,1,1,1,4,2):(32,256,16,512,4,128,16,512,32,256,8,128)")
    );
    let typed =
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{8usize}:1),8:32));
    let typed = typed.unwrap();
    assert_eq!(
        form(&typed),
        cute_form("(1,1,1,1,1,1,4,2):(_32,256,16,512,32,256,8,128)")
    );
    let typed = layout!(type composition(logical_divide((1,8):(8,1), {2usize}), 4:1)).unwrap();
    assert_eq!(form(&typed), cute_form("(2,2):(_1,2)"));
}

#[test]
fn each_call_keeps_cutes_static_leaves() {
    // CUTLASS's print of each call with `int m = 2` (a host program
    // outside the repository, /work/notes/harness-gap6/t2.cpp): the typed
    // result's static leaves are CuTe's, its nesting CuTe's.
    let m = 2usize;
    macro_rules! cute {
        ($cute:expr, $typed:expr) => {
            assert_eq!(form(&$typed.unwrap()), cute_form($cute), "{}", $cute)
        };
    }
    cute!(
        "(1,1,1,1,1,1,1,1,1,1,4,2):(64,512,16,512,4,64,8,256,32,256,8,128)",
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),8:{m}),8:32))
    );
    cute!(
        "(1,1,1,1,1,1,4,2):(_32,512,64,2048,32,256,8,128)",
        layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,32),(4,128))),{m}:1),8:32))
    );
    cute!(
        "((1,2,1,1,2,1,1,1,1,1,1,1),(1,1,1,1,1,1,1,1,1,1,2,1)):\
         ((4,32,4,128,1,32,4,128,8,64,4,128),(32,256,16,512,4,64,8,256,16,128,4,128))",
        layout!(type composition(logical_divide((4,4,8,2):(1,32,4,128),4:{m}),(4,2):(2,16)))
    );
    cute!(
        "((_2,2,1),(1,3)):((2,_1,4),(_4,8))",
        layout!(type composition(zipped_divide((8,6):(1,8),2:{m}),(4,3):(1,8)))
    );
    cute!(
        "((2,1,1,1),(1,2,1,4)):((_1,8,64,2),(_4,16,64,2))",
        layout!(type composition(zipped_divide((4,8):(8,1),{m}:4),(2,8):(1,4)))
    );
    cute!(
        "(1,2,6):(_4,1,4)",
        layout!(type composition(flat_divide((4,6):(1,4),{m}:2),12:2))
    );
    cute!(
        "(2,2):(_1,2)",
        layout!(type composition(logical_divide((1,8):(8,1), {m}), 4:1))
    );
    cute!(
        "((2,1,1,1),(1,4,1,1)):((_1,4,32,2),(_2,4,32,2))",
        layout!(type composition(logical_divide((4,4):(4,1),{m}:4),(2,4):(1,2)))
    );
    // (`tiled_divide((2,3,4):(1,2,6),3:{m})` read by `(3,4):(1,3)`: CuTe's
    // `(_3,(1,4)):(1,(_1,3))`, typed `((3,1),(2,2))`: after its first leaf
    // takes the whole tile, compose.rs's walk keeps its rest extent 1 as a
    // dynamic value over the dynamic modes after it, where CuTe's stays a
    // static `_1` and adds no mode. Not this rewrite's nesting.)
    cute!(
        "((2,1,1,1,1,1,1,1,1),(1,1,1,2,1,1,1,2,1)):\
         ((6,1,12,3,1,12,12,1,12),(12,1,12,3,1,12,12,1,12))",
        layout!(type composition(tiled_divide((4,3,2):(3,1,12),2:{m}),(2,4):(1,2)))
    );
}
