//! SM90 atoms, transcribed from CUTLASS `include/cute/atom/mma_traits_sm90_gmma.hpp` (7107b05).
//! The GMMA atoms with both operands K-major in shared memory (`_SS`): `A`
//! and `B` are the shared-memory descriptors' layouts (every thread sees
//! the whole operand, stride 0), `C` the accumulator's registers.

use super::MmaAtom;

pub(super) static MMA: &[MmaAtom] = &[
    MmaAtom {
        name: "SM90_64x8x16_F32F16F16_SS",
        shape: "(64,8,16)",
        threads: "128:1",
        a: "(128,(64,16)):(0,(1,64))",
        b: "(128,(8,16)):(0,(1,8))",
        c: "((4,8,4),(2,2,1)):((128,1,16),(64,8,512))",
    },
    MmaAtom {
        name: "SM90_64x64x16_F32F16F16_SS",
        shape: "(64,64,16)",
        threads: "128:1",
        a: "(128,(64,16)):(0,(1,64))",
        b: "(128,(64,16)):(0,(1,64))",
        c: "((4,8,4),(2,2,8)):((128,1,16),(64,8,512))",
    },
    MmaAtom {
        name: "SM90_64x128x16_F32F16F16_SS",
        shape: "(64,128,16)",
        threads: "128:1",
        a: "(128,(64,16)):(0,(1,64))",
        b: "(128,(128,16)):(0,(1,128))",
        c: "((4,8,4),(2,2,16)):((128,1,16),(64,8,512))",
    },
    MmaAtom {
        name: "SM90_64x256x16_F32F16F16_SS",
        shape: "(64,256,16)",
        threads: "128:1",
        a: "(128,(64,16)):(0,(1,64))",
        b: "(128,(256,16)):(0,(1,256))",
        c: "((4,8,4),(2,2,32)):((128,1,16),(64,8,512))",
    },
];
