//! The rest of a divide rewritten as a composition where `size A` is
//! dynamic (layout-macros/src/typed/divide/divide_rest.rs, inner.rs's hook): a tiler
//! with no hole (`complement(T, 1)` the core's `1:0`) gives the rest as its
//! last mode alone, `⌈size A / span⌉ : span`, as CuTe's complement
//! coalesces it, so the result has CuTe's rank and static leaves (no extra
//! mode of extent 1). Each form is run over many run-time values against
//! the core, and its static leaves checked against CUTLASS's print at the
//! golden value (tests/golden/cute_dynamic_refusals.jsonl).

use layout_dsl::layout;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::same_offsets;

#[test]
fn a_zipped_divide_by_a_tile_with_no_hole() {
    for m in 1..=12usize {
        let text = format!("flatten(zipped_divide(({m}, 4):(1, 3), 6:1))");
        match layout!(type flatten(zipped_divide(({m}, 4):(1, 3), 6:1))) {
            Ok(typed) => {
                same_offsets(&typed, &text);
                if m == 3 {
                    assert_eq!(form(&typed), cute_form("(3,2,1,2):(_1,3,_6,6)"));
                }
            }
            // The tile 6 walks the mode of m: CuTe's conditions at run time.
            Err(e) => assert!(![1, 2, 3, 6].contains(&m), "{text}: {e}"),
        }
        let text = format!("flatten(zipped_divide((3, {m}):(1, 3), 6:1))");
        let typed = layout!(type flatten(zipped_divide((3, {m}):(1, 3), 6:1))).unwrap();
        same_offsets(&typed, &text);
        assert_eq!(form(&typed), cute_form("(_3,_2,2):(_1,_3,_6)"));
    }
}

#[test]
fn a_tiled_divide_by_an_extent() {
    for m in 1..=9usize {
        let text = format!("flatten(tiled_divide((1,2,{m}):(2,6,24),4))");
        let typed = layout!(type flatten(tiled_divide((1,2,{m}):(2,6,24),4)));
        match typed {
            Ok(typed) => {
                same_offsets(&typed, &text);
                assert_eq!(form(&typed), cute_form("(_2,_2,1):(_6,_24,_48)"));
            }
            Err(e) => panic!("{text}: {e}"),
        }
        let text = format!("flatten(tiled_divide((1,{m},2):(2,6,24),4))");
        if let Ok(typed) = layout!(type flatten(tiled_divide((1,{m},2):(2,6,24),4))) {
            same_offsets(&typed, &text);
            if m == 2 {
                assert_eq!(form(&typed), cute_form("(2,2,1,1):(_6,24,_24,48)"));
            }
        }
    }
}
