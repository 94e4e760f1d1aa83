//! After `type`, a divide by a by-mode tiler of static entries of a
//! written-out layout with a dynamic extent in a tiled mode before its
//! last, read as a function (a composition's `B`, the operand of `coalesce`,
//! `flatten` or an inverse): one composition `A ∘ B`, the mode
//! checked to hold its tile and rest while compiling or at run time
//! (layout-macros/src/typed/divide/divide_by_mode.rs, `__private::mode_holds`). Each
//! call runs over many values of its dynamic leaves: a typed answer must be
//! the core's at every index (never where the core refuses), and where the
//! span divides the mode's size, the values must be answered.

use layout_dsl::layout;

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

#[test]
fn right_inverse_of_a_divide_whose_mode_holds_while_compiling() {
    for m in 0..=16usize {
        let text = format!("right_inverse(flat_divide((({m},2),4):((2,8),48),<2:1,2>))");
        let typed = layout!(type right_inverse(flat_divide((({m},2),4):((2,8),48),<2:1,2>)));
        agree(typed, &text);
        let text = format!("right_inverse(flat_divide(((4,{m}),4):((2,8),48),<2:1,2>))");
        let typed = layout!(type right_inverse(flat_divide(((4,{m}),4):((2,8),48),<2:1,2>)));
        assert!(agree(typed, &text) || m == 0, "{text}");
        let text = format!("right_inverse(zipped_divide((({m},2),3):((1,{m}),64),<2,3>))");
        let typed = layout!(type right_inverse(zipped_divide((({m},2),3):((1,{m}),64),<2,3>)));
        agree(typed, &text);
        let text = format!("coalesce(logical_divide((({m},4),6):((3,{m}),40),<4,2>))");
        let typed = layout!(type coalesce(logical_divide((({m},4),6):((3,{m}),40),<4,2>)));
        agree(typed, &text);
    }
}

#[test]
fn a_composition_by_a_divide_whose_mode_is_checked_at_run_time() {
    let (mut answered, mut refused) = (0, 0);
    for m in 0..=12usize {
        // The mode's size 16m holds the tile (4,8):(1,4) of span 32 where m
        // is even (refused naming the values where it is odd); the
        // composition's own conditions hold where m is a power of 2.
        let text = format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide((({m},(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        );
        let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide((({m},(1,2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)));
        let ok = agree(typed, &text);
        assert!(ok || ![2, 4, 8].contains(&m), "{text}");
        let text = format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,{m})),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        );
        let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,(1,2,{m})),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)));
        agree(typed, &text);
        // The size 128m holds while compiling.
        let text = format!(
            "composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,({m},2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>))"
        );
        let typed = layout!(type composition(coalesce((4,((8,2),1),2):(1,((4,32),64),64)), tiled_divide(((8,({m},2,8)),2):((2,(1,1,32)),16), <(4,8):(1,4), 1>)));
        agree(typed, &text);
        // A mode of size 3m by a tile 2 (held where m is even).
        let text = format!("composition(64:1, zipped_divide((({m},3),5):((1,{m}),60),<2,5>))");
        let typed = layout!(type composition(64:1, zipped_divide((({m},3),5):((1,{m}),60),<2,5>)));
        if agree(typed, &text) {
            answered += 1;
        } else {
            refused += 1;
        }
        // README's example: a composition's `B`, divided mode by mode as
        // CuTe's (divide_per_mode.rs), so each mode is divided alone, as
        // the core divides it, and nothing has to hold (every odd m was
        // refused while the divide was composed whole): answered for
        // every even m and m = 1, 7; refused naming the values where the
        // rest's composition breaks CuTe's stride divisibility condition
        // (m = 3: the stride 2 and the extent 3).
        let text = format!("composition(64:1, zipped_divide((({m},3),5):((1,7),60),<2,5>))");
        let typed = layout!(type composition(64:1, zipped_divide((({m},3),5):((1,7),60),<2,5>)));
        let want = (m % 2 == 0 && m > 0) || [1, 7].contains(&m);
        assert_eq!(agree(typed, &text), want, "{text}");
        let text = format!("flatten(logical_divide(({m},2,5):(1,{m},60),<3,2>))");
        let typed = layout!(type flatten(logical_divide(({m},2,5):(1,{m},60),<3,2>)));
        agree(typed, &text);
    }
    // Divided mode by mode (divide_per_mode.rs), the mode need not hold
    // its tile: every m but 0 (an extent 0, which the core refuses too).
    // The run-time hold check is left to the whole-`A` path (`flatten`
    // below, divide_by_mode.rs).
    assert_eq!((answered, refused), (12, 1));
}
