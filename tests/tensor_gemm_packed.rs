//! The typed `gemm` past the tables (M over 64) when A's M has stride `q`
//! along C's leaf of stride 1, the gaps filled by A's leaf of stride 1
//! and extent `q` (`typed_gemm_packed.rs`: A's runs transposed into a
//! panel once a pass, `q` 2, 3, 4 or 8), and its neighbours that stay on
//! the slabs (`q` 5, another stride along C's leaf: 3, 4, 5, 8, 0, or
//! large). Random nestings against the naive loop, and f32 bits against
//! a naive loop summing each element in ascending `k`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{
    FlatB, Mode3, NestedA, NestedC as Nested, f32_bits_agree, past_tables_run as run,
};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config(768))]

    /// A's M `(e0, q, e2):(d0, 1, -3)` (`d0` mostly `q`: the transposed
    /// run; else 3, 4, 5, 8, 0 or large: the slabs), `q` 2, 3, 4, 5 or 8
    /// (5: the slabs); C of stride 1 along `e0`, `e0` along `q` (the run),
    /// its third leaf outermost (several runs) or, sometimes, its leaves
    /// in another order or a stride 0..=8 (other loops); K 1..=13.
    #[test]
    fn packed_runs_equal_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let q = [2, 3, 4, 5, 8][dice.below(5)];
        let e2 = 1 + dice.below(3);
        let e0 = Ord::max(2 + dice.below(64 / q), 64 / (q * e2) + 1);
        let d0 = match dice.below(8) {
            0 => [3, 4, 5, 8, 0][dice.below(5)],
            1 => 200 + dice.below(100),
            _ => q,
        };
        let lda = q * e0 + 3 * e2 + dice.below(40);
        let a: NestedA = Layout::new_signed(((e0, q, e2), k), ((d0, 1, C), lda));
        let b: FlatB = Layout::new_signed((n, k), (dice.below(9), C));
        let mut dc = match dice.below(6) {
            0 => [q, 1, q * e0],
            1 => [e2, e0 * e2, 1],
            _ => [1, e0, q * e0],
        };
        if dice.one_in(8) {
            dc[dice.below(3)] = dice.below(9);
        }
        let ldc = if dice.one_in(8) { 0 } else { q * e0 * e2 };
        let c: Nested = Layout::new_signed(((e0, q, e2), n), ((dc[0], dc[1], dc[2]), ldc));
        run(a, b, c, seed as i64 % 1000);
    }
}

/// f32: A's M `(e0, q, e2):(q, 1, q·e0)` into C's `M:1` (the transposed
/// run, `q` 2, 3, 4, 8; several runs a block, and blocks; `q` 5 and a
/// run past the panel: the slabs), K = 13 (passes of 8, 4 and 1 steps),
/// give each element of C the bits of a naive loop summing in ascending
/// `k`.
#[test]
fn f32_bits_of_the_naive_order() {
    let (n, k) = (3usize, 13usize);
    let shapes = [
        (32, 4, 1),
        (43, 3, 1),
        (16, 8, 1),
        (32, 4, 3),
        (8, 2, 9),
        (26, 5, 1),
        (64, 8, 1),
    ];
    for (e0, q, e2) in shapes {
        let m = e0 * q * e2;
        let lda = m + 5;
        let a: Layout<Mode3, Mode3, isize> =
            Layout::new_signed(((e0, q, e2), k), ((q, 1, q * e0), lda));
        let c: Layout<(usize, usize), (usize, usize), isize> = Layout::new_signed((m, n), (1, m));
        // C's row `i`: A's coordinate `(i % e0, i / e0 % q, i / (e0·q))`.
        let row = |i: usize| q * (i % e0) + i / e0 % q + q * e0 * (i / (e0 * q));
        let what = format!("({e0},{q},{e2})");
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (m, &|i| i), &what);
    }
}
