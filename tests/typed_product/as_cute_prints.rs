//! The regrouped products (zipped, tiled, flat) print as CuTe C++ prints
//! them (g++ host build); where CuTe's copies would pass a rounded hole,
//! the typed product refuses as the core does.

use super::*;

/// CuTe's own output (CUTLASS `layout.hpp`, g++ host build with dynamic
/// `int` extents, `print`, the `_` of static leaves removed).
#[test]
fn regrouped_products_print_as_cute() {
    let m = 5usize;
    let cases = [
        (
            layout!(type zipped_product((m,4):(4,1), (2,3):(3,1))).map(|l| l.to_string()),
            "((5,4),(2,3)):((4,1),(60,20))",
        ),
        (
            layout!(type tiled_product((m,4):(4,1), (2,3):(3,1))).map(|l| l.to_string()),
            "((5,4),2,3):((4,1),60,20)",
        ),
        (
            layout!(type flat_product((m,4):(4,1), (2,3):(3,1))).map(|l| l.to_string()),
            "(5,4,2,3):(4,1,60,20)",
        ),
        (
            layout!(type zipped_product((m,6):(1,1), <(2,2):(1,2), 3>)).map(|l| l.to_string()),
            "((5,6),((2,2),3)):((1,1),((5,10),6))",
        ),
        (
            layout!(type tiled_product((m,6):(1,1), <(2,2):(1,2), 3>)).map(|l| l.to_string()),
            "((5,6),(2,2),3):((1,1),(5,10),6)",
        ),
        (
            layout!(type flat_product((m,6):(1,1), <(2,2):(1,2), 3>)).map(|l| l.to_string()),
            "(5,6,(2,2),3):(1,1,(5,10),6)",
        ),
    ];
    for (typed, cute) in cases {
        assert_eq!(typed.unwrap(), cute);
    }
    // A leaf B composed into two modes: tiled lifts both, as CuTe's
    // `rank<1>` is 2. The extent-1 mode's stride, never used, differs:
    // CuTe's 192 (its complement's last stride), ours 0.
    let m = 2usize;
    let cute = [
        "((2,(2,3)),4,1):((1,(2,64)),4,",
        "(2,(2,3),4,1):(1,(2,64),4,",
    ];
    let tiled = layout!(type tiled_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap();
    let flat = layout!(type flat_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap();
    assert!(tiled.to_string().starts_with(cute[0]), "{tiled}");
    assert!(flat.to_string().starts_with(cute[1]), "{flat}");
    // Where 2m does not divide 64, CuTe's complement rounds the hole
    // 64/(2m) down; while B's 4 copies fit in it the product is exact
    // (injective, `product_agrees`) and typed as CuTe prints it:
    for (m, stride) in [(3usize, 6), (5, 10), (6, 12), (7, 14)] {
        let tiled = layout!(type tiled_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap();
        let flat = layout!(type flat_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap();
        let zipped = layout!(type zipped_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap();
        let cute = [
            format!("((2,({m},3)),4,1):((1,(2,64)),{stride},"),
            format!("(2,({m},3),4,1):(1,(2,64),{stride},"),
            format!("((2,({m},3)),(4,1)):((1,(2,64)),({stride},"),
        ];
        assert!(tiled.to_string().starts_with(&cute[0]), "{tiled}");
        assert!(flat.to_string().starts_with(&cute[1]), "{flat}");
        assert!(zipped.to_string().starts_with(&cute[2]), "{zipped}");
    }
    // At m = 9 CuTe prints ((_2,(9,_3)),3,1):((_1,(_2,_64)),18,192): three
    // copies of A for B's four (its next copy would be the rest's 192, no
    // complement). Refused before composing, as the core refuses it
    // (`product_fits`: B's 4 offsets reach past the rounded hole 64/18 = 3).
    let m = 9usize;
    let e = layout!(type tiled_product((2,(m,3)):(1,(2,64)), 4:1)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotComplementable {
            function: "tiled_product",
            stride: 64,
            span: 18
        }
    );
    // B = 12:1 at m = 5: the walk puts 6 copies in the rounded hole and 2
    // at the rest's stride 192 (CuTe's answer, injective, but no
    // complement's: offsets 60..63 are skipped); `product_fits` refuses.
    let m = 5usize;
    let e = layout!(type logical_product((2,(m,3)):(1,(2,64)), 12:1)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotComplementable {
            function: "logical_product",
            stride: 64,
            span: 10
        }
    );
}
