//! CuTe's atoms through `layout!`: atom and operand names are notation, so
//! an atom's TV layout is a static layout like any other.

use layout_dsl::layout;

#[test]
fn an_mma_atoms_layouts_are_static_layouts() {
    let c = layout!(mma_layout(SM80_16x8x16_F16F16F16F16_TN, C));
    assert_eq!(c.to_string(), "((4,8),(2,2)):((32,1),(16,8))");
    // Thread 5 (row 1, column 2 of the accumulator), value 1: (1, 3).
    assert_eq!(c.crd2idx(((1, 1), (1, 0))), 1 + 3 * 16);
    const MNK: (usize, usize, usize) = layout!(mma_shape(SM80_16x8x16_F16F16F16F16_TN));
    assert_eq!(MNK, (16, 8, 16));
    let tv = layout!(layout_tv((4,8):(1,4), (2,2):(1,2)));
    assert_eq!(tv.to_string(), "((4,8),(2,2)):((2,16),(1,8))");
}
