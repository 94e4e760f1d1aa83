//! The typed `gemm` past the tables (M over 64) when A's M and C's M split
//! into common leaves: each run of A's leaf of stride 1 summed with no
//! gather (`typed_gemm_runs.rs`; C's stride along it 1, or 2 or 4 with
//! C's leaf of stride 1 filling the gaps; or mirrored, C's leaf of stride
//! 1 run with A's stride 2 along it filled by A's leaf of stride 1), else
//! the slabs. Random
//! nestings (A's leaves merged or not, C's leaves in any column-major
//! order, or C flat), random strides (0 and static negative ones
//! included; C's too, which sends some cases down the other loops), against the naive loop,
//! and f32 bits against a naive loop summing each element in ascending `k`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{f32_bits_agree, past_tables_run as run};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

type Mode3 = ((usize, usize, usize), usize);
/// A's `(M,K)`: M of three leaves, the last of a negative stride.
type NestedA = Layout<Mode3, ((usize, usize, C<-3>), usize), isize>;
/// A nested C's `(M,N)`.
type Nested = Layout<Mode3, Mode3, isize>;
/// B's `(N,K)`, K backwards.
type FlatB = Layout<(usize, usize), (usize, C<-1>), isize>;
/// A flat C.
type Flat = Layout<(usize, usize), (usize, usize), isize>;

/// A stride in 0..=8 (dynamic strides are not negative; the static ones
/// of the types above are).
fn small(dice: &mut Dice) -> usize {
    dice.below(9)
}

/// A random M of three leaves (over 64 coordinates), A of stride 1 along
/// one of them (or none), its leaves sometimes merged.
fn a_of(e: [usize; 3], k: usize, dice: &mut Dice) -> NestedA {
    let mut d = [0; 2].map(|_| {
        if dice.one_in(2) {
            small(dice)
        } else {
            dice.below(300)
        }
    });
    let unit = dice.below(3); // 2: no unit stride
    if unit < 2 {
        d[unit] = 1;
    }
    let lda = 301 + dice.below(40);
    if dice.one_in(3) {
        // The first two leaves as one (its stride the first's): the common
        // leaves split it again against C's.
        Layout::new_signed(((e[0] * e[1], 1, e[2]), k), ((d[0], 0, C), lda))
    } else {
        Layout::new_signed(((e[0], e[1], e[2]), k), ((d[0], d[1], C), lda))
    }
}

/// C's M over the leaves `e`, column-major in a random order of them (so
/// its coordinates have their own elements), sometimes with a negative or
/// zero stride instead.
fn c_of(e: [usize; 3], n: usize, dice: &mut Dice) -> Nested {
    let order = match dice.below(6) {
        0 => [0, 1, 2],
        1 => [1, 0, 2],
        2 => [0, 2, 1],
        3 => [2, 0, 1],
        4 => [1, 2, 0],
        _ => [2, 1, 0],
    };
    let mut d = [0; 3];
    let mut reach = 1;
    for &i in &order {
        d[i] = reach;
        reach *= e[i];
    }
    if dice.one_in(5) {
        d[dice.below(3)] = small(dice);
    }
    let ldc = if dice.one_in(6) { 0 } else { reach };
    Layout::new_signed(((e[0], e[1], e[2]), n), ((d[0], d[1], d[2]), ldc))
}

/// Leaves of M over 64 coordinates: `(e0, e1, e2)`, `e0` 1 to 4 (2 and 4
/// pair with C's strides), `e1` 8 to 40, `e2` 1 to 3.
fn leaves(dice: &mut Dice) -> [usize; 3] {
    let (e0, e2) = (1 + dice.below(4), 1 + dice.below(3));
    let e1 = Ord::max(8 + dice.below(33), 64 / (e0 * e2) + 1);
    [e0, e1, e2]
}

proptest! {
    #![proptest_config(config(512))]

    /// A nested A and a nested C (its leaves in any order), random strides.
    #[test]
    fn common_leaves_equal_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let a = a_of(e, k, dice);
        let b: FlatB = Layout::new_signed((n, k), (small(dice), C));
        run(a, b, c_of(e, n, dice), seed as i64 % 1000);
    }

    /// A nested A and a flat C (`m:1`, or another stride).
    #[test]
    fn a_flat_c_equals_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let m = e.iter().product::<usize>();
        let a = a_of(e, k, dice);
        let b: FlatB = Layout::new_signed((n, k), (small(dice), C));
        let dc = if dice.one_in(4) { small(dice) } else { 1 };
        if dice.one_in(5) {
            // C backwards along M (its elements distinct: the slabs).
            let c: Layout<(usize, usize), (C<-1>, usize), isize> = Layout::new_signed((m, n), (C, m));
            run(a, b, c, seed as i64 % 1000);
        } else {
            let c: Flat = Layout::new_signed((m, n), (dc, m));
            run(a, b, c, seed as i64 % 1000);
        }
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// The mirrored run: A's M `(q, e1, e2):(1, q, -3)` (`q` 2; 4 takes
    /// the packed panel; A's leaf of stride 1 too short to run), C of stride 1
    /// along `e1`: C's rows along `e1`, A's elements consecutive over `(q,
    /// e1)`. Sometimes A's stride along `e1` or C's along `q` is another
    /// (then another loop or the slabs).
    #[test]
    fn mirrored_runs_equal_the_naive_loop(n in 1..=3usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let q = if dice.one_in(2) { 2 } else { 4 };
        let e2 = 1 + dice.below(3);
        let e1 = Ord::max(8 + dice.below(33), 64 / (q * e2) + 1);
        let d1 = if dice.one_in(6) { small(dice) } else { q };
        let a: NestedA = Layout::new_signed(((q, e1, e2), k), ((1, d1, C), 301 + dice.below(40)));
        let b: FlatB = Layout::new_signed((n, k), (small(dice), C));
        let mut dc = if dice.one_in(2) { [e1, 1, q * e1] } else { [e1 * e2, 1, e1] };
        if dice.one_in(6) {
            dc[0] = small(dice);
        }
        let ldc = if dice.one_in(6) { 0 } else { q * e1 * e2 };
        let c: Nested = Layout::new_signed(((q, e1, e2), n), ((dc[0], dc[1], dc[2]), ldc));
        run(a, b, c, seed as i64 % 1000);
    }
}

/// A's K nested, its steps not one progression (each step's pointer),
/// or one (a pointer and a stride).
type NestedK = Layout<((usize, usize), (usize, usize)), ((usize, usize), (usize, usize)), isize>;

proptest! {
    #![proptest_config(config(256))]

    /// A's K of two leaves of random strides; M `(e0, e1)`, A's stride 1
    /// along `e1`, C `m:1` (direct when `e0` is 1, paired when 2 or 4).
    #[test]
    fn a_nested_k_equals_the_naive_loop(
        k0 in 1..=4usize,
        k1 in 1..=5usize,
        n in 1..=2usize,
        seed in any::<u64>(),
    ) {
        let dice = &mut Dice::new(seed);
        let e0 = 1 + dice.below(4);
        let e1 = 64 / e0 + 1 + dice.below(9);
        let m = e0 * e1;
        let d0 = if dice.one_in(2) { e1 } else { dice.below(200) };
        let dk = [0; 2].map(|_| if dice.one_in(3) { small(dice) } else { 200 + dice.below(300) });
        let a: NestedK = Layout::new_signed(((e0, e1), (k0, k1)), ((d0, 1), (dk[0], dk[1])));
        let b: FlatB = Layout::new_signed((n, k0 * k1), (small(dice), C));
        let c: Flat = Layout::new_signed((m, n), (1, m));
        run(a, b, c, seed as i64 % 1000);
    }
}

/// f32: A's M `(2,64):(64,1)` (the paired run), `(64,2):(1,64)` (C's
/// stride 1 along A's: the direct run), `(64,2):(2,1)` (the mirrored run)
/// and `(32,4):(4,1)` (the panel of `typed_gemm_packed.rs`), K = 13
/// (passes of 8, 4 and 1 steps), give each element of C the bits of a
/// naive loop that sums in ascending `k`.
#[test]
fn f32_bits_of_the_naive_order() {
    let (m, n, k, lda) = (128usize, 3usize, 13usize, 130usize);
    let shapes = [
        ((2, 64), (64, 1)),
        ((64, 2), (1, 64)),
        ((4, 32), (32, 1)),
        ((64, 2), (2, 1)),
        ((32, 4), (4, 1)),
    ];
    for (shape, stride) in shapes {
        let a: Layout<Mode3, Mode3, isize> =
            Layout::new_signed(((shape.0, shape.1, 1), k), ((stride.0, stride.1, 0), lda));
        let c: Flat = Layout::new_signed((m, n), (1, m));
        let row = |i: usize| (i % shape.0) * stride.0 + (i / shape.0) * stride.1;
        let what = format!("{shape:?}:{stride:?}");
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (m, &|i| i), &what);
    }
}
