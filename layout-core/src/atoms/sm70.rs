//! SM70 atoms, transcribed from CUTLASS `include/cute/atom/mma_traits_sm70.hpp` (7107b05).

use super::MmaAtom;

pub(super) static MMA: &[MmaAtom] = &[MmaAtom {
    name: "SM70_8x8x4_F32F16F16F32_NT",
    shape: "(8,8,4)",
    threads: "(4,2):(1,16)",
    a: "((4,2),4):((8,4),1)",
    b: "((4,2),4):((8,4),1)",
    c: "((2,2,2),(2,2,2)):((1,16,4),(8,2,32))",
}];
