//! After `type`, a divide by a by-mode tiler with an entry `s:d` (or an
//! extent) holding a dynamic leaf, read as a function (a composition's
//! `B`, the operand of `coalesce`, `flatten` or an inverse): one
//! composition `A ∘ B`, the rest computed and checked by a prelude
//! (layout-macros/src/typed/divide/divide_tile_dynamic.rs). Each call runs over many
//! values of its dynamic leaves: a typed answer must be the core's at
//! every index (never where the core refuses), and the values CuTe's
//! conditions hold for must be answered.

use layout_dsl::layout;

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

#[test]
fn right_inverse_of_a_divide_by_a_dynamic_entry() {
    let mut answered = 0;
    for x in 0..=9usize {
        for y in 0..=5usize {
            let text = format!("right_inverse(flat_divide(((4,2),4):((2,8),48),<{x}:{y},2>))");
            let typed = layout!(type right_inverse(flat_divide(((4,2),4):((2,8),48),<{x}:{y},2>)));
            answered += usize::from(agree(typed, &text));
            let text = format!("right_inverse(flat_divide(((4,2),{y}):((2,8),48),<2:1,{x}>))");
            let typed = layout!(type right_inverse(flat_divide(((4,2),{y}):((2,8),48),<2:1,{x}>)));
            answered += usize::from(agree(typed, &text));
            let text = format!("coalesce(zipped_divide(({y},6):(1,{y}),<2,{x}:1>))");
            let typed = layout!(type coalesce(zipped_divide(({y},6):(1,{y}),<2,{x}:1>)));
            answered += usize::from(agree(typed, &text));
            let text = format!("flatten(logical_divide((6,{y}):(1,6),<{x},2>))");
            let typed = layout!(type flatten(logical_divide((6,{y}):(1,6),<{x},2>)));
            let ok = agree(typed, &text);
            // A tile dividing the first mode, the rest below it: answered.
            assert!(ok || x == 0 || 6 % x != 0 || y == 0, "{text}");
            answered += usize::from(ok);
        }
    }
    assert!(answered > 60, "{answered}");
}

#[test]
fn a_composition_by_a_divide_by_a_dynamic_entry() {
    let mut answered = 0;
    for x in 0..=9usize {
        for y in 0..=5usize {
            let text =
                format!("composition(complement(4:1,64),tiled_divide((4,2):(1,4),<{x}:{y},2:1>))");
            let typed = layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<{x}:{y},2:1>)));
            answered += usize::from(agree(typed, &text));
            let text =
                format!("composition(complement(4:1,64),tiled_divide((4,{y}):(1,4),<4,{x}:1>))");
            let typed =
                layout!(type composition(complement(4:1,64),tiled_divide((4,{y}):(1,4),<4,{x}:1>)));
            answered += usize::from(agree(typed, &text));
            let text =
                format!("composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,{y}:{x}>))");
            let typed =
                layout!(type composition(complement(4:1,64),tiled_divide((4,2):(1,4),<4,{y}:{x}>)));
            answered += usize::from(agree(typed, &text));
            let text = format!(
                "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),{y}):((2,(1,1,32)),16), <(4,8):(1,4), {x}>))"
            );
            let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),{y}):((2,(1,1,32)),16), <(4,8):(1,4), {x}>)));
            answered += usize::from(agree(typed, &text));
            let text =
                format!("composition(64:1, logical_divide(({y},3,2):(1,{y},48),<{x}:1,3,1:{y}>))");
            let typed = layout!(type composition(64:1, logical_divide(({y},3,2):(1,{y},48),<{x}:1,3,1:{y}>)));
            answered += usize::from(agree(typed, &text));
        }
    }
    assert!(answered > 60, "{answered}");
}

#[test]
fn a_composition_of_a_divide_by_a_two_leaf_entry() {
    // A two-leaf tile with a dynamic extent (layout-macros/src/
    // divide_tile_two.rs): its complement computed and checked at run
    // time. CuTe's rows (x = 4, y = 8) answered.
    let mut answered = Vec::new();
    for x in 0..=9usize {
        let text = format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({x},8):(1,4), 1>))"
        );
        let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <({x},8):(1,4), 1>)));
        answered.push(agree(typed, &text));
        let text = format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,{x}):(1,4), 1>))"
        );
        let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,8)),2):((2,(1,1,32)),16), <(4,{x}):(1,4), 1>)));
        answered.push(agree(typed, &text));
        for y in [1usize, 2, 3, 6] {
            let text =
                format!("composition(64:1, logical_divide((12,{y}):(1,12), <({x},2):(1,6), 2>))");
            let typed = layout!(type composition(64:1, logical_divide((12,{y}):(1,12), <({x},2):(1,6), 2>)));
            agree(typed, &text);
            let text = format!(
                "composition((4,16):(16,1), zipped_divide((32,{y}):(1,32), <(2,{x}):(1,4), 1>))"
            );
            let typed = layout!(type composition((4,16):(16,1), zipped_divide((32,{y}):(1,32), <(2,{x}):(1,4), 1>)));
            let ok = agree(typed, &text);
            assert!(ok || ![1, 2, 4, 8].contains(&x), "{text}");
        }
    }
    assert!(answered[4 * 2] && answered[8 * 2 + 1], "{answered:?}");
}
