//! After `type`, an operand read as a function that the rules do not
//! type, replaced by the same function they do
//! (layout-macros/src/typed/divide/divide_rewrite.rs, compose_divide.rs): a divide
//! by a static layout tiler as `A ∘ B`, `B` computed from `A`'s extents at
//! run time where they are dynamic; `composition(Sw<0,M,S>, X)` as `X`;
//! and a composition by a by-mode tiler nesting a product's typed result
//! (compose_by.rs). Each call is run over many values of its dynamic
//! leaves, not only the golden row's: a typed answer must be the core's
//! at every index (never where the core refuses), and where a run-time
//! check refuses, the divisible values must still be answered.

use layout_dsl::layout;

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::same_offsets;

#[path = "cute_print/agree.rs"]
mod cute_print_agree;
use cute_print_agree::agree;

#[test]
fn a_divide_of_a_dynamic_extent_as_b() {
    // `composition(4096:1, D)` is `D`'s function: every index of it read.
    for m in 1..=12usize {
        let text = format!("composition(4096:1, logical_divide(({m}, 4):(4, 1), 8))");
        let typed = layout!(type composition(4096:1, logical_divide(({m}, 4):(4, 1), 8)));
        // The tile and the rest walk the mode of m: where m divides 8,
        // CuTe's conditions hold; else the values may break them, a
        // run-time refusal naming them.
        assert!(agree(typed, &text) || ![1, 2, 4, 8].contains(&m), "{text}");
        let text = format!("composition((4,8):(8,1), logical_divide((1,{m}):(8,1), 2))");
        let typed = layout!(type composition((4,8):(8,1), logical_divide((1,{m}):(8,1), 2)));
        // The rest `m/2 : 2` walks `(4,8):(8,1)`: CuTe's conditions hold
        // where it stays in the first mode or covers it whole.
        assert!(agree(typed, &text) || ![2, 4, 8].contains(&m), "{text}");
        let text = format!("composition(make_layout(2, LayoutRight), tiled_divide({m}:1, 4))");
        let typed = layout!(type composition(make_layout(2, LayoutRight), tiled_divide({m}:1, 4)));
        agree(typed, &text);
    }
}

#[test]
fn a_tiled_divide_by_a_by_mode_tiler_of_layouts() {
    for n in 1..=6usize {
        let text = format!("composition(complement(4:1,64),tiled_divide((4,{n}):(1,4),<4,2:1>))");
        let typed =
            layout!(type composition(complement(4:1,64),tiled_divide((4,{n}):(1,4),<4,2:1>)));
        assert!(agree(typed, &text) || n % 2 == 1, "{text}");
        let text = format!("composition(complement(4:1,64),tiled_divide((8,{n}):(1,8),<4,2:1>))");
        let typed =
            layout!(type composition(complement(4:1,64),tiled_divide((8,{n}):(1,8),<4,2:1>)));
        assert!(agree(typed, &text) || n % 2 == 1, "{text}");
    }
    // The golden row (n = 2): CuTe's `((_4,_2),_1,1):((_4,_16),_0,_32)`,
    // its modes and static leaves: the entry `2:1` is the extent 2
    // (fold.rs's `unit_entries`), so divide.rs types the divide in CuTe's
    // nesting and the composition keeps it.
    let n = 2usize;
    let typed =
        layout!(type composition(complement(4:1,64),tiled_divide((4,{n}):(1,4),<4,2:1>))).unwrap();
    assert_eq!(typed.to_string(), "((4,2),1,1):((4,16),0,32)");
    assert_eq!(form(&typed), cute_form("((_4,_2),_1,1):((_4,_16),_0,_32)"));
}

#[test]
fn the_modes_past_a_by_mode_tiler_and_every_divide_form() {
    // Modes 0 and 1 tiled (static sizes their tiles' spans divide), mode 2
    // past the tiler with a dynamic extent; `4096:1 ∘ D` is `D`.
    for m in 1..=5usize {
        let a = format!("(6,4,{m}):(1,6,24)");
        let logical =
            layout!(type composition(4096:1, logical_divide((6,4,{m}):(1,6,24), <3,2:1>)));
        let zipped = layout!(type composition(4096:1, zipped_divide((6,4,{m}):(1,6,24), <3,2:1>)));
        let tiled = layout!(type composition(4096:1, tiled_divide((6,4,{m}):(1,6,24), <3,2:1>)));
        let flat = layout!(type composition(4096:1, flat_divide((6,4,{m}):(1,6,24), <3,2:1>)));
        let answered = [
            agree(
                logical,
                &format!("composition(4096:1, logical_divide({a}, <3,2:1>))"),
            ),
            agree(
                zipped,
                &format!("composition(4096:1, zipped_divide({a}, <3,2:1>))"),
            ),
            agree(
                tiled,
                &format!("composition(4096:1, tiled_divide({a}, <3,2:1>))"),
            ),
            agree(
                flat,
                &format!("composition(4096:1, flat_divide({a}, <3,2:1>))"),
            ),
        ];
        assert_eq!(answered, [true; 4], "{a}");
    }
}

#[test]
fn a_static_shape_with_dynamic_strides() {
    for d in [1usize, 2, 8, 16, 32, 64] {
        // As `A`: `8:32` reads indices below 256, the divide's size.
        let text =
            format!("composition(tiled_divide((((4,4),(8,2))):(((1,{d}),(4,128))),8:1),8:32)");
        let typed =
            layout!(type composition(tiled_divide((((4,4),(8,2))):(((1,{d}),(4,128))),8:1),8:32));
        agree(typed, &text);
        let text = format!("composition(8192:1, logical_divide((4, 4):({d}, 1), 8))");
        let typed = layout!(type composition(8192:1, logical_divide((4, 4):({d}, 1), 8)));
        agree(typed, &text);
    }
}

#[test]
fn a_divide_read_past_its_size_is_not_rewritten() {
    // `complement(…, 64)` reads a 16-element divide past its size, where
    // its last mode's nesting (not its function) decides: refused while
    // compiling, as before (tests/ui would need a crate; checked by the
    // expansion test `cute_refusals`, whose gap lists this row).
    let text =
        "composition(logical_divide((4, 4):(4, 1), 8), complement((4, 4, 1):(1, 4, 16), 64))";
    assert!(layout_core::evaluate(text).is_ok());
}

#[test]
fn an_identity_swizzle_composed_is_its_layout() {
    for m in 1..=9usize {
        let typed = layout!(type composition(Sw<0,4,3>, ({m},64):(64,1)));
        same_offsets(&typed, &format!("composition(Sw<0,4,3>, ({m},64):(64,1))"));
        if m == 8 {
            assert_eq!(form(&typed), cute_form("(8,_64):(_64,_1)"));
        }
    }
}

#[test]
fn a_by_mode_tiler_over_a_products_modes() {
    for m in 1..=4usize {
        let text = format!("composition(zipped_product(8:1,(({m},2)):((1,6))),(2,2))");
        let typed = layout!(type composition(zipped_product(8:1,(({m},2)):((1,6))),(2,2)));
        assert!(agree(typed, &text) || m == 1, "{text}");
        let text = format!("composition(logical_product({m}:1,((2,2)):((1,6))), <4,2>)");
        let typed = layout!(type composition(logical_product({m}:1,((2,2)):((1,6))), <4,2>));
        agree(typed, &text);
    }
}

#[test]
fn a_by_mode_tiler_reading_a_products_mode_past_its_size() {
    for m in 1..=3usize {
        let text = format!("composition(zipped_product(8:1,((2,{m})):((1,6))),<2,8>)");
        let typed = layout!(type composition(zipped_product(8:1,((2,{m})):((1,6))),<2,8>));
        agree(typed, &text);
        let text = format!("composition(zipped_product(8:1,(({m},2)):((1,6))),<2,8>)");
        let typed = layout!(type composition(zipped_product(8:1,(({m},2)):((1,6))),<2,8>));
        agree(typed, &text);
        let text = format!("composition(logical_product((2,{m}):(1,2),((2,2)):((1,6))),<8,8>)");
        let typed = layout!(type composition(logical_product((2,{m}):(1,2),((2,2)):((1,6))),<8,8>));
        agree(typed, &text);
        let text = format!("composition(zipped_product(8:1,((2,2)):((1,{m}))),<2,8>)");
        let typed = layout!(type composition(zipped_product(8:1,((2,2)):((1,{m}))),<2,8>));
        agree(typed, &text);
    }
}

#[test]
fn layout_type_names_the_rewritten_result() {
    // `layout_type!` folds and rewrites as `layout!` does: the same type.
    use layout_dsl::layout_type;
    let m = 8usize;
    let typed: layout_type!(type composition(4096:1, logical_divide((m, 4):(4, 1), 8))) =
        layout!(type composition(4096:1, logical_divide(({m}, 4):(4, 1), 8))).unwrap();
    same_offsets(
        &typed,
        "composition(4096:1, logical_divide((8, 4):(4, 1), 8))",
    );
    let swizzled: layout_type!(type composition(Sw<0,4,3>, (m,64):(64,1))) =
        layout!(type composition(Sw<0,4,3>, ({m},64):(64,1)));
    same_offsets(&swizzled, "composition(Sw<0,4,3>, (8,64):(64,1))");
}

#[test]
fn a_by_mode_tiler_over_a_named_products_modes() {
    // inner.rs binds a product of a named layout by the same rule
    // (nested.rs's `by_modes`): the facade's product, then `Compose`.
    for m in 1..=4usize {
        let a = layout!(type (8,{m}):(1,8));
        let typed = layout!(type composition(zipped_product(#a, ((2,2)):((1,6))), <2,4>));
        let text = format!("composition(zipped_product((8,{m}):(1,8), ((2,2)):((1,6))), <2,4>)");
        agree(typed, &text);
    }
}
