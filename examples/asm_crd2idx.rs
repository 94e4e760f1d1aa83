//! `layout!`'s `crd2idx` next to the hand-written arithmetic, for comparing
//! the machine code (see ARCHITECTURE.md, "The `layout!` macro"):
//!
//! ```sh
//! cargo rustc --release --example asm_crd2idx -- --emit asm
//! grep -A8 -E '^(_ZN.*)?(macro|hand)_' target/release/examples/asm_crd2idx-*.s
//! ```

use layout_dsl::layout;

/// Row-major 4×8: `i * 8 + j`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_row_major(i: usize, j: usize) -> usize {
    layout!((4,8):(8,1)).crd2idx((i, j))
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_row_major(i: usize, j: usize) -> usize {
    i * 8 + j
}

/// One integer over a power-of-two static shape: a mask and a shift.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_linear(k: usize) -> usize {
    layout!((4,8):(8,1)).crd2idx(k)
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_linear(k: usize) -> usize {
    (k % 4) * 8 + k / 4
}

/// A dynamic leading dimension: `i + j * m`.
#[unsafe(no_mangle)]
#[inline(never)]
pub fn macro_dynamic(m: usize, i: usize, j: usize) -> usize {
    layout!((m,4):(1,m)).crd2idx((i, j))
}

#[unsafe(no_mangle)]
#[inline(never)]
pub fn hand_dynamic(m: usize, i: usize, j: usize) -> usize {
    i + j * m
}

fn main() {
    for (i, j) in [(0, 0), (1, 2), (3, 7)] {
        assert_eq!(macro_row_major(i, j), hand_row_major(i, j));
        assert_eq!(macro_dynamic(5, i, j), hand_dynamic(5, i, j));
    }
    for k in 0..32 {
        assert_eq!(macro_linear(k), hand_linear(k));
    }
    println!("layout! and the hand-written offsets agree");
}
