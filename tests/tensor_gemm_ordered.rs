//! The typed `gemm` past the tables (M over 64) when C's M is one
//! progression of stride 1 and A's M is not (`typed_gemm_ordered.rs`:
//! A's elements of M gathered into a panel in M's order once a pass, its
//! first two leaves transposed, `(e0, q):(q, 1)`, or interleaved,
//! `(2 or 4, e1):(d0, d1)`; then each column of C by the strided loop),
//! and its neighbours on other paths (`q` 2 or 5, `d1` 1 or 5, a first
//! leaf of 3, C's M not column-major, C sharing elements, M past 256).
//! Random nestings against the naive loop, and f32 bits against a naive
//! loop summing each element in ascending `k`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{
    FlatB, Mode3, NestedA, NestedC as Nested, f32_bits_agree, past_tables_run as run,
};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

/// A's `(M,K)` whose first leaf of M has the static stride −7 (dynamic
/// strides are not negative): the interleaved streams backwards.
type BackA = Layout<Mode3, ((C<-7>, usize, usize), usize), isize>;

proptest! {
    #![proptest_config(config(768))]

    /// A's M `(e0, e1, e2):(d0, d1, -3)` (static −3): transposed
    /// (`d0 = q`, `e1 = q`, `d1 = 1`, `q` 3, 4, 8; 2 and 5 elsewhere) or
    /// interleaved (`e0` 2 or 4, 3 elsewhere; `d0` any, 0, or a static
    /// −7 with `e2`'s stride `d1·e1`;
    /// `d1` 2, 3, 4, 8; 1 and 5 elsewhere), `e2` 1..=3 (the odometer's
    /// gathers); C's M column-major from stride 1, or not (a stride
    /// replaced: other paths), C's N one column after another, with a
    /// gap, or overlapping (0: shared elements); B's K backwards, its N
    /// stride 0..=8; K 1..=13 (passes of 8, 4, 2, 1).
    #[test]
    fn gathered_in_c_order_equals_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e2 = 1 + dice.below(3);
        let mut back = false;
        let ((e0, e1), (d0, d1)) = if dice.one_in(2) {
            let q = [3, 4, 8, 4, 2, 5][dice.below(6)];
            let e1 = if dice.one_in(8) { q + 1 } else { q };
            let e0 = 65 / (e1 * e2) + 1 + dice.below(256 / (e1 * e2) - 65 / (e1 * e2));
            ((e0, e1), (q, 1))
        } else {
            let e0 = [2, 4, 2, 4, 3][dice.below(5)];
            let d1 = [2, 3, 4, 8, 2, 1, 5][dice.below(7)];
            let e1 = 65 / (e0 * e2) + 1 + dice.below(256 / (e0 * e2) - 65 / (e0 * e2));
            let d0 = match dice.below(6) {
                0 => 0,
                1 => 1 + dice.below(9),
                _ => d1 * e1 + dice.below(60),
            };
            back = dice.one_in(4);
            ((e0, e1), (d0, d1))
        };
        // Now and then M past the panel (256): other paths.
        let e1 = if dice.one_in(16) { e1 + 256 / e0 } else { e1 };
        let m = e0 * e1 * e2;
        let lda = m * 9 + dice.below(40);
        let b: FlatB = Layout::new_signed((n, k), (dice.below(9), C));
        let mut dc = [1, e0, e0 * e1];
        if dice.one_in(8) {
            dc[dice.below(3)] = dice.below(9);
        }
        let ldc = match dice.below(8) {
            0 => 0,
            1 => m + 1 + dice.below(9),
            2 => m - 1,
            _ => m,
        };
        let c: Nested = Layout::new_signed(((e0, e1, e2), n), ((dc[0], dc[1], dc[2]), ldc));
        if back {
            let a: BackA = Layout::new_signed(((e0, e1, e2), k), ((C, d1, d1 * e1), lda));
            run(a, b, c, seed as i64 % 1000);
        } else {
            let a: NestedA = Layout::new_signed(((e0, e1, e2), k), ((d0, d1, C), lda));
            run(a, b, c, seed as i64 % 1000);
        }
    }
}

/// f32: A's M `(e0, e1, e2):(d0, d1, d2)` into C's M `(e0, e1, e2):(1,
/// e0, e0·e1)` (the bench's `transposed`, `(32,4):(4,1)`, and
/// `compacted`, `(2,64):(128,2)`; transposed groups of 3 and 8 with the
/// odometer; interleaved streams of 4 of stride 3, and of 2 of stride 8
/// at a 0 apart; `q` 2 and `d1` 1: the runs), K = 13 (passes of 8, 4 and
/// 1 steps), give each element of C the bits of a naive loop summing in
/// ascending `k`.
#[test]
fn f32_bits_of_the_naive_order() {
    let (n, k) = (3usize, 13usize);
    let cases = [
        ((32, 4, 1), (4, 1, 0)),
        ((2, 64, 1), (128, 2, 0)),
        ((30, 3, 2), (3, 1, 95)),
        ((12, 8, 2), (8, 1, 100)),
        ((4, 40, 1), (160, 3, 0)),
        ((2, 50, 2), (0, 8, 400)),
        ((64, 2, 1), (2, 1, 0)),
        ((2, 64, 1), (64, 1, 0)),
    ];
    for (e, da) in cases {
        let m = e.0 * e.1 * e.2;
        let dc = (1, e.0, e.0 * e.1);
        let lda = (e.0 - 1) * da.0 + (e.1 - 1) * da.1 + (e.2 - 1) * da.2 + 1;
        let a: Nested = Layout::new_signed(((e.0, e.1, e.2), k), ((da.0, da.1, da.2), lda));
        let c: Nested = Layout::new_signed(((e.0, e.1, e.2), n), ((dc.0, dc.1, dc.2), m));
        // M's coordinate `i` over the leaves, the first fastest.
        let split = |i: usize| [i % e.0, i / e.0 % e.1, i / (e.0 * e.1)];
        let at = |i: usize, d: (usize, usize, usize)| {
            let x = split(i);
            x[0] * d.0 + x[1] * d.1 + x[2] * d.2
        };
        let what = format!("{e:?}:{da:?}");
        let (row, slot) = (|i| at(i, da), |i| at(i, dc));
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (m, &slot), &what);
    }
}

/// f32: A's M of four leaves, `(16,4,2,2):(4,1,100,300)` (two outer
/// leaves: the odometer carries from the first into the second), and
/// interleaved `(2,32,2,2):(70,2,200,500)`, into C's M column-major from
/// stride 1, K = 13: the bits of a naive loop summing in ascending `k`.
#[test]
fn f32_bits_with_two_outer_leaves() {
    type Mode4 = ((usize, usize, usize, usize), usize);
    let (n, k) = (2usize, 13usize);
    for (e, da) in [
        ([16, 4, 2, 2], [4, 1, 100, 300]),
        ([2, 32, 2, 2], [70, 2, 200, 500]),
    ] {
        let m: usize = e.iter().product();
        let dc = [1, e[0], e[0] * e[1], e[0] * e[1] * e[2]];
        let lda = (0..4).map(|i| (e[i] - 1) * da[i]).sum::<usize>() + 1;
        let a: Layout<Mode4, Mode4, isize> = Layout::new_signed(
            ((e[0], e[1], e[2], e[3]), k),
            ((da[0], da[1], da[2], da[3]), lda),
        );
        let c: Layout<Mode4, Mode4, isize> = Layout::new_signed(
            ((e[0], e[1], e[2], e[3]), n),
            ((dc[0], dc[1], dc[2], dc[3]), m),
        );
        let at = |i: usize, d: [usize; 4]| {
            let x = [
                i % e[0],
                i / e[0] % e[1],
                i / (e[0] * e[1]) % e[2],
                i / (e[0] * e[1] * e[2]),
            ];
            (0..4).map(|t| x[t] * d[t]).sum::<usize>()
        };
        let what = format!("{e:?}:{da:?}");
        let (row, slot) = (|i| at(i, da), |i| at(i, dc));
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (m, &slot), &what);
    }
}
