//! A bare extent as the right operand of `layout!(type …)` with a named
//! or dynamic-stride left layout: `n` is the layout `n:1`, as CuTe takes an
//! integral tiler, and the value methods take `C<N>` or `usize`. Each
//! result is the value method's and the core's at every index.

use layout_dsl::typed::{C, Compose, Product};
use layout_dsl::{layout, layout_type};

mod agrees;

use agrees::{agrees, same};

#[test]
fn a_static_extent_right_of_a_named_layout() {
    let m = 4;
    let a = layout!(type (2,m):(1,2));
    let logical = layout!(type logical_product(#a, 3));
    assert_eq!(logical, a.logical_product(C::<3>));
    assert!(agrees(logical, "logical_product((2,4):(1,2), 3)"));
    let zipped = layout!(type zipped_product(#a, 3));
    assert!(agrees(zipped, "zipped_product((2,4):(1,2), 3)"));
    let flat = layout!(type flat_product(#a, 2));
    assert!(agrees(flat, "flat_product((2,4):(1,2), 2)"));
    let composed = layout!(type composition(#a, 4));
    assert_eq!(composed, a.composition(C::<4>));
    assert!(agrees(composed, "composition((2,4):(1,2), 4)"));
}

#[test]
fn a_dynamic_extent_right_of_a_named_layout() {
    let (m, n) = (3, 5);
    let a = layout!(type (2,m):(1,2));
    let tiled = layout!(type tiled_product(#a, n));
    assert_eq!(tiled, a.tiled_product(n));
    assert!(agrees(tiled, "tiled_product((2,3):(1,2), 5)"));
    let composed = layout!(type composition(#a, n));
    assert!(agrees(composed, "composition((2,3):(1,2), 5)"));
}

#[test]
fn an_extent_right_of_a_written_out_layout_with_a_dynamic_stride() {
    let s = 2;
    let product = layout!(type logical_product((2,2):(1,s), 3));
    assert_eq!(product, layout!(type (2,2):(1,s)).logical_product(C::<3>));
    assert!(agrees(product, "logical_product((2,2):(1,2), 3)"));
    // Past CuTe's rounded hole (the hole between 2 and 5 holds two copies
    // of 2, three are asked): both refuse.
    let s = 5;
    let refused = layout!(type logical_product((2,2):(1,s), 3));
    assert!(refused.is_err());
    assert!(!same(refused, "logical_product((2,2):(1,5), 3)"));
}

/// `layout_type!` names the result: the `let` fails to compile otherwise.
#[test]
fn layout_type_names_a_product_by_an_extent() {
    type A = layout_type!((m,2):(1,8));
    let m = 4;
    let a: A = layout!((m,2):(1,8));
    let named: layout_type!(type logical_product(#A, 2)) = a.logical_product(C::<2>).unwrap();
    assert!(agrees(Ok(named), "logical_product((4,2):(1,8), 2)"));
    let dynamic: layout_type!(type logical_product(#A, p)) = a.logical_product(2usize).unwrap();
    assert_eq!(dynamic.size(), named.size());
}
