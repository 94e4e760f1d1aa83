//! SM75 atoms, transcribed from CUTLASS `include/cute/atom/mma_traits_sm75.hpp` and `copy_traits_sm75.hpp` (7107b05).

use super::{CopyAtom, MmaAtom};

pub(super) static MMA: &[MmaAtom] = &[MmaAtom {
    name: "SM75_16x8x8_F32F16F16F32_TN",
    shape: "(16,8,8)",
    threads: "32:1",
    a: "((4,8),(2,2)):((32,1),(16,8))",
    b: "((4,8),2):((16,1),8)",
    c: "((4,8),(2,2)):((32,1),(16,8))",
}];

/// `ldmatrix` without transpose, 1, 2 or 4 8x8 matrices of 16-bit
/// elements; layouts in bits.
pub(super) static COPY: &[CopyAtom] = &[
    CopyAtom {
        name: "SM75_U32x1_LDSM_N",
        threads: "32:1",
        src: "((8,4),128):((128,0),1)",
        dst: "(32,32):(32,1)",
    },
    CopyAtom {
        name: "SM75_U32x2_LDSM_N",
        threads: "32:1",
        src: "((16,2),128):((128,0),1)",
        dst: "(32,(32,2)):(32,(1,1024))",
    },
    CopyAtom {
        name: "SM75_U32x4_LDSM_N",
        threads: "32:1",
        src: "(32,128):(128,1)",
        dst: "(32,(32,4)):(32,(1,1024))",
    },
];
