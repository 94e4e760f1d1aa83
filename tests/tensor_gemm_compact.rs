//! The typed `gemm` past the tables (M over 64) when A's M has no leaf of
//! stride 1 but one of stride `q` (2, 3, 4 or 8) at least 8 long
//! (`typed_gemm_compact.rs`: A's elements copied into a panel once a
//! pass, that leaf made stride 1, then the runs' loops), and its
//! neighbours that stay on the slabs (`q` 5, a leaf shorter than 8, a
//! leaf of stride 1, M past 256, C's stride along the leaf neither 1 nor
//! filled). Random nestings against the naive loop, and f32 bits against
//! a naive loop summing each element in ascending `k`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{FlatB, NestedA, NestedC as Nested, f32_bits_agree, past_tables_run as run};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

proptest! {
    #![proptest_config(config(768))]

    /// A's M `(e0, e1, e2):(d0, q, -3)`, `q` 2, 3, 4, 5 or 8 (5: the
    /// slabs), `e1` mostly 8 or more, `d0` past the rest (or 0, 1, or
    /// small); C's M column-major from `e0` (C's stride `e0` along `e1`:
    /// the paired run for `e0` 2 or 4), from `e1` (the direct run), or
    /// in another order, sometimes a stride 0..=8 or `ldc` 0; K 1..=13.
    #[test]
    fn compacted_runs_equal_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let q = [2, 3, 4, 5, 8][dice.below(5)];
        let e0 = [1, 2, 2, 4, 3][dice.below(5)];
        let e2 = 1 + dice.below(3);
        let e1 = Ord::max(
            if dice.one_in(8) { 2 + dice.below(6) } else { 8 + dice.below(40) },
            64 / (e0 * e2) + 1,
        );
        let d0 = match dice.below(8) {
            0 => [0, 1, 3, 8][dice.below(4)],
            _ => q * e1 + dice.below(50),
        };
        let m = e0 * e1 * e2;
        let lda = d0 * e0 + q * e1 + 3 * e2 + dice.below(40);
        let a: NestedA = Layout::new_signed(((e0, e1, e2), k), ((d0, q, C), lda));
        let b: FlatB = Layout::new_signed((n, k), (dice.below(9), C));
        let mut dc = match dice.below(6) {
            0 => [e1, 1, e0 * e1],
            1 => [e1 * e2, 1, e1],
            2 => [e2, e0 * e2, 1],
            _ => [1, e0, e0 * e1],
        };
        if dice.one_in(8) {
            dc[dice.below(3)] = dice.below(9);
        }
        let ldc = if dice.one_in(8) { 0 } else { m };
        let c: Nested = Layout::new_signed(((e0, e1, e2), n), ((dc[0], dc[1], dc[2]), ldc));
        run(a, b, c, seed as i64 % 1000);
    }
}

/// f32: A's M `(e0, e1, e2):(d0, q, d2)` into C's M of strides `dc`
/// (the bench harness's `long_s`, `(2,64):(128,2)` into `128:1`; a paired
/// run of 4; a direct run; M past the panel and `q` 5: the slabs), K = 13
/// (passes of 8, 4 and 1 steps), give each element of C the bits of a
/// naive loop summing in ascending `k`.
#[test]
fn f32_bits_of_the_naive_order() {
    let (n, k) = (3usize, 13usize);
    let cases = [
        ((2, 64, 1), (128, 2, 0), (1, 2, 0)),
        ((4, 32, 1), (100, 3, 0), (1, 4, 0)),
        ((3, 40, 1), (330, 8, 0), (40, 1, 0)),
        ((2, 40, 2), (160, 2, 400), (1, 2, 80)),
        ((2, 64, 3), (128, 2, 300), (1, 2, 128)),
        ((2, 40, 1), (201, 5, 0), (1, 2, 0)),
    ];
    for (e, da, dc) in cases {
        let m = e.0 * e.1 * e.2;
        let lda = (e.0 - 1) * da.0 + (e.1 - 1) * da.1 + (e.2 - 1) * da.2 + 1;
        let a: Nested = Layout::new_signed(((e.0, e.1, e.2), k), ((da.0, da.1, da.2), lda));
        let c: Nested = Layout::new_signed(((e.0, e.1, e.2), n), ((dc.0, dc.1, dc.2), m));
        // M's coordinate `i` over the leaves, the first fastest.
        let split = |i: usize| [i % e.0, i / e.0 % e.1, i / (e.0 * e.1)];
        let at = |i: usize, d: (usize, usize, usize)| {
            let x = split(i);
            x[0] * d.0 + x[1] * d.1 + x[2] * d.2
        };
        let what = format!("{e:?}:{da:?} into {dc:?}");
        let (row, slot) = (|i| at(i, da), |i| at(i, dc));
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (m, &slot), &what);
    }
}
