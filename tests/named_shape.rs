//! A named shape (`#s`: a tuple of `usize` and `C<N>` leaves, or one leaf)
//! inside `layout!` wherever the notation takes a shape or a tiler: each
//! call agrees with the same call with the shape written out.

use layout_dsl::layout;
use layout_dsl::typed::C;

#[test]
fn identity_layout_of_a_named_shape() {
    for m in [1usize, 3, 6] {
        let s = (m, C::<4>);
        let named = layout!(make_identity_layout(#s)).unwrap();
        let written = layout!(make_identity_layout((m, 4))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
        assert_eq!(named.to_string(), format!("({m},4):(1@0,1@1)"));
    }
}
