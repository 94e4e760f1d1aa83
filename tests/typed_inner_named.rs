//! After `type`, an operand call typed only through the facade's traits
//! (a call of a named layout `#a`, a divide of a nested written-out
//! layout) nested in a call that reads it as a function: the inner result
//! bound to a name, the outer call typed on it as on a named layout
//! (layout-macros/src/typed/inner.rs). Each equal to the two-step form (the
//! inner result named by hand: the same type and text) and to the core at
//! every index. The facade's `coalesce`, `complement` and `composition`
//! print their own nesting (CuTe's `coalesce` of the static
//! `((_4,_2),_16):((_1,_4),_8)` is `_128:_1`; the facade's flattens it and
//! keeps the leaves): the same function, checked by offsets.

use layout_dsl::layout;
use layout_dsl::typed::{C, Coalesce, Complement, Compose, Product};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

#[path = "cute_print/offsets.rs"]
mod cute_print_offsets;
use cute_print_offsets::same_offsets;

#[test]
fn coalesce_of_a_named_divide() {
    let a = layout!(type (8,16):(1,8));
    let nested = layout!(type coalesce(logical_divide(#a, <4>))).unwrap();
    let t = layout!(type logical_divide(#a, <4>)).unwrap();
    let by_hand = t.coalesce().unwrap();
    assert_eq!(nested, by_hand);
    assert_eq!(nested.to_string(), "(4,2,16):(1,4,8)");
    // All static, as CuTe's leaves of the divide are.
    assert_eq!(form(&nested), cute_form("(_4,_2,_16):(_1,_4,_8)"));
    same_offsets(&nested, "coalesce(logical_divide((8,16):(1,8), <4>))");
}

#[test]
fn composition_of_a_named_zipped_divide_by_a_shape() {
    // CuTe: `(_2,_2):(_1,_8)`; the facade's `Compose` keeps `B`'s rank
    // per mode of `A` (unit modes `1:0`).
    let a = layout!(type (8,16):(1,8));
    let nested = layout!(type composition(zipped_divide(#a, (2,2)), 4:1)).unwrap();
    let t = layout!(type zipped_divide(#a, <2,2>)).unwrap();
    let by_hand = t.composition(layout!(type 4:1)).unwrap();
    assert_eq!(nested, by_hand);
    assert_eq!(nested.to_string(), "(2,2,1,1):(1,8,0,0)");
    same_offsets(
        &nested,
        "composition(zipped_divide((8,16):(1,8), (2,2)), 4:1)",
    );
}

#[test]
fn dynamic_leaves_stay_dynamic_through_the_binding() {
    // A complement needs static strides (CuTe's "Dynamic-stride
    // complement only for rank-1 layouts"): of a static named layout.
    let s = layout!(type (8,16):(1,8));
    let nested = layout!(type complement(logical_divide(#s, <2,4>), 256)).unwrap();
    let t = layout!(type logical_divide(#s, <2,4>)).unwrap();
    assert_eq!(nested, t.complement(C::<256>).unwrap());
    same_offsets(
        &nested,
        "complement(logical_divide((8,16):(1,8), <2,4>), 256)",
    );
    let m = 8usize;
    let a = layout!(type (m,16):(1,m));
    let product = layout!(type logical_product(coalesce(#a), 4:1)).unwrap();
    let by_hand = a
        .coalesce()
        .unwrap()
        .logical_product(layout!(type 4:1))
        .unwrap();
    assert_eq!(product, by_hand);
    assert_eq!(product.to_string(), "((8,16),(1,1,4)):((1,8),(0,0,128))");
    assert_eq!(form(&product), "((_,16),(_,_,_)):((1,_),(_,_,_))");
    same_offsets(&product, "logical_product(coalesce((8,16):(1,8)), 4:1)");
}

#[test]
fn two_levels_and_both_operands_bound() {
    let a = layout!(type (8,16):(1,8));
    let nested = layout!(type coalesce(composition(zipped_divide(#a, <2,2>), 4:1))).unwrap();
    assert_eq!(nested.to_string(), "(2,2,1,1):(1,8,0,0)");
    same_offsets(
        &nested,
        "coalesce(composition(zipped_divide((8,16):(1,8), <2,2>), 4:1))",
    );
    let both = layout!(type composition(zipped_divide(#a, <2,2>), coalesce(#a))).unwrap();
    let (z, c) = (
        layout!(type zipped_divide(#a, <2,2>)).unwrap(),
        a.coalesce().unwrap(),
    );
    assert_eq!(both, z.composition(c).unwrap());
    same_offsets(
        &both,
        "composition(zipped_divide((8,16):(1,8), <2,2>), (8,16):(1,8))",
    );
}

#[test]
fn a_nested_mode_divide_as_an_operand() {
    // The inner divide is the facade's (a tuple mode); CuTe's divide is
    // `(((_2,_2),_8),(_4,4)):(((_1,_2),_4),(_32,_128))`.
    let m = 16usize;
    let nested = layout!(type coalesce(logical_divide(((4,8),m):((1,4),32), <<2>,4>))).unwrap();
    assert_eq!(form(&nested), "(2,2,8,4,_):(1,2,4,32,128)");
    same_offsets(
        &nested,
        "coalesce(logical_divide(((4,8),16):((1,4),32), <<2>,4>))",
    );
}
