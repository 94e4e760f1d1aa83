//! SM89 atoms, transcribed from CUTLASS `include/cute/atom/mma_traits_sm89.hpp` (7107b05).

use super::MmaAtom;

pub(super) static MMA: &[MmaAtom] = &[MmaAtom {
    name: "SM89_16x8x32_F32E4M3E4M3F32_TN",
    shape: "(16,8,32)",
    threads: "32:1",
    a: "((4,8),(4,2,2)):((64,1),(16,8,256))",
    b: "((4,8),(4,2)):((32,1),(8,128))",
    c: "((4,8),(2,2)):((32,1),(16,8))",
}];
