//! The typed `gemm` on a nested C whose M nests as A's (and N as B's) in
//! another order of leaves (CuTe's `((2,4),8):((4,1),8)` against A's M `(2,4):(64,16)`):
//! both taken by C's stride, the strided kernel on a C of consecutive
//! elements (`typed_gemm_permuted.rs`). Random nestings (A's leaves merged
//! or not, C's leaves column-major in any order), random strides (0 and a
//! static negative one in A; C's sometimes 0, another stride or a gap,
//! which leaves such a C to the nested loops), V of 1 or more, K 1..=13,
//! against the naive loop; and f32 bits against a naive loop summing each
//! element in ascending `k`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{f32_bits_agree, typed_gemm_run, untyped_agrees};
use layout_dsl::tensor::AsLayout;
use layout_dsl::tensor::typed::{Gemm, GemmKernel, GemmOperand, gemm_kernel};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

type Mode3 = ((usize, usize, usize), usize);
/// A's `(M,K)`: M of three leaves, the last of a negative stride.
type NestedA = Layout<Mode3, ((usize, usize, C<-3>), usize), isize>;
/// A nested C's `(M,N)`.
type Nested = Layout<Mode3, Mode3, isize>;
/// B's `(N,K)`, K backwards.
type FlatB = Layout<(usize, usize), (usize, C<-1>), isize>;
/// B's `(N,K)` with a nested N, and a C nested in both modes.
type NestedB = Layout<((usize, usize), usize), ((usize, usize), usize), isize>;
type BothC =
    Layout<((usize, usize, usize), (usize, usize)), ((usize, usize, usize), (usize, usize)), isize>;
/// `(V,M,K)` with a nested M, and `(V,N,K)`, `(V,M,N)`.
type VA =
    Layout<(usize, (usize, usize, usize), usize), (usize, (usize, usize, usize), usize), isize>;
type VB = Layout<(usize, usize, usize), (usize, usize, usize), isize>;
type VC =
    Layout<(usize, (usize, usize, usize), usize), (usize, (usize, usize, usize), usize), isize>;

/// A stride in 0..=8.
fn small(dice: &mut Dice) -> usize {
    dice.below(9)
}

/// Leaves of M, `(e0, e1, e2)`, each 1..=4, so that C fits the local
/// accumulators for small N (and sometimes not: the nested loops).
fn leaves(dice: &mut Dice) -> [usize; 3] {
    [0; 3].map(|_| 1 + dice.below(4))
}

/// A random order of three leaves.
fn order(dice: &mut Dice) -> [usize; 3] {
    match dice.below(6) {
        0 => [0, 1, 2],
        1 => [1, 0, 2],
        2 => [0, 2, 1],
        3 => [2, 0, 1],
        4 => [1, 2, 0],
        _ => [2, 1, 0],
    }
}

/// Strides over the leaves `e`, column-major from `unit` in `order`, and
/// what follows them (`unit · M`).
fn column_major(e: [usize; 3], unit: usize, order: [usize; 3]) -> ([usize; 3], usize) {
    let mut d = [0; 3];
    let mut reach = unit;
    for &i in &order {
        d[i] = reach;
        reach *= e[i];
    }
    (d, reach)
}

/// C's M strides over `e` (column-major from `unit` in `order`, sometimes
/// one of them 0 or another) and what follows them; A's over the same
/// leaves in the same order from a random unit (one progression in C's
/// order: the strided kernel), sometimes random (the nested loops).
fn strides(e: [usize; 3], unit: usize, dice: &mut Dice) -> ([usize; 3], usize, [usize; 3]) {
    let order = order(dice);
    let (mut dc, reach) = column_major(e, unit, order);
    if dice.one_in(6) {
        dc[dice.below(3)] = small(dice);
    }
    let mut da = column_major(e, 1 + dice.below(20), order).0;
    if dice.one_in(4) {
        da = [0; 3].map(|_| {
            if dice.one_in(3) {
                small(dice)
            } else {
                9 + dice.below(60)
            }
        });
    }
    (dc, reach, da)
}

/// The typed `gemm` equals the naive loop (the core's `gemm` too).
fn run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, seed: i64)
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC>,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
{
    let kernel = gemm_kernel(&la, &lb, &lc);
    let run = typed_gemm_run(form, la, lb, lc, seed);
    assert!(kernel.is_ok(), "{}: {kernel:?}", run.what);
    assert_eq!(run.got, run.want, "{}", run.what);
    untyped_agrees(run);
}

proptest! {
    #![proptest_config(config(512))]

    /// `(M,K) x (N,K) => (M,N)`: A's M over three leaves (the first two
    /// sometimes one), C's M the same leaves in another order.
    #[test]
    fn reordered_m_equals_the_naive_loop(n in 1..=5usize, k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let (dc, reach, da) = strides(e, 1, dice);
        let lda = 300 + dice.below(40);
        let b: FlatB = Layout::new_signed((n, k), (small(dice), C));
        let ldc = match dice.below(8) {
            0 => 0,
            1 => reach + 1,
            _ => reach,
        };
        let c: Nested = Layout::new_signed(((e[0], e[1], e[2]), n), ((dc[0], dc[1], dc[2]), ldc));
        let seed = seed as i64 % 1000;
        match dice.below(6) {
            // The last leaf of static stride -3 (a progression in C's
            // order only when its extent is 1).
            0 => {
                let a: NestedA = Layout::new_signed(((e[0], e[1], e[2]), k), ((da[0], da[1], C), lda));
                run(2, a, b, c, seed);
            }
            // The first two leaves as one (its stride the first's): the
            // common leaves split it again against C's.
            1 => {
                let a: Nested = Layout::new_signed(((e[0] * e[1], 1, e[2]), k), ((da[0], 0, da[2]), lda));
                run(2, a, b, c, seed);
            }
            _ => {
                let a: Nested = Layout::new_signed(((e[0], e[1], e[2]), k), ((da[0], da[1], da[2]), lda));
                run(2, a, b, c, seed);
            }
        }
    }

    /// `(V,M,K) x (V,N,K) => (V,M,N)`: V of 1 to 3, C's V of stride 1 (or
    /// another), its M from V on.
    #[test]
    fn reordered_m_with_v_equals_the_naive_loop(
        v in 1..=3usize,
        n in 1..=3usize,
        k in 1..=13usize,
        seed in any::<u64>(),
    ) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let (dc, reach, da) = strides(e, v, dice);
        let av = if dice.one_in(2) { small(dice) } else { 200 };
        let a: VA = Layout::new_signed((v, (e[0], e[1], e[2]), k), (av, (da[0], da[1], da[2]), 500));
        let b: VB = Layout::new_signed((v, n, k), (small(dice), 1 + small(dice), 40));
        let cv = if dice.one_in(5) { small(dice) } else { 1 };
        let ldc = if dice.one_in(6) { small(dice) } else { reach };
        let c: VC = Layout::new_signed((v, (e[0], e[1], e[2]), n), (cv, (dc[0], dc[1], dc[2]), ldc));
        run(4, a, b, c, seed as i64 % 1000);
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// C nested in M and in N: B's N over two leaves, C's N the same in
    /// either order (sometimes a stride 0 or a gap), A's M as above.
    #[test]
    fn reordered_m_and_n_equal_the_naive_loop(k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let m: usize = e.iter().product();
        let f = [1 + dice.below(3), 1 + dice.below(3)];
        let (dc, _, da) = strides(e, 1, dice);
        let a: Nested = Layout::new_signed(((e[0], e[1], e[2]), k), ((da[0], da[1], da[2]), 300));
        let swap = dice.one_in(2);
        let mut cn = if swap { [m * f[1], m] } else { [m, m * f[0]] };
        let unit = 1 + dice.below(20);
        let mut bn = if swap { [unit * f[1], unit] } else { [unit, unit * f[0]] };
        if dice.one_in(6) {
            cn[dice.below(2)] = if dice.one_in(2) { 0 } else { m * f[0] * f[1] + 1 };
        }
        if dice.one_in(6) {
            bn[dice.below(2)] = small(dice);
        }
        let b: NestedB = Layout::new_signed(((f[0], f[1]), k), ((bn[0], bn[1]), 70));
        let c: BothC = Layout::new_signed(((e[0], e[1], e[2]), (f[0], f[1])), ((dc[0], dc[1], dc[2]), (cn[0], cn[1])));
        run(2, a, b, c, seed as i64 % 1000);
    }
}

/// A's M `(M,K)`, one leaf of static stride −3.
type BackA = Layout<(usize, usize), (C<-3>, usize), isize>;
/// A's M `(M,K)`, one leaf.
type FlatA = Layout<(usize, usize), (usize, usize), isize>;

/// A stride of an A or B with no order to keep: small (0 among them) or
/// past C's elements.
fn any_stride(dice: &mut Dice) -> usize {
    if dice.one_in(3) {
        small(dice)
    } else {
        9 + dice.below(60)
    }
}

proptest! {
    #![proptest_config(config(512))]

    /// A's M in any nesting against C's nested M (one leaf of any
    /// stride, 0 and a static −3 among them, or three leaves of random
    /// strides): A's offsets in C's order by a table; B's N of two
    /// leaves, one progression in C's order or of random strides (a
    /// table too); C's columns one after the
    /// other, with a gap, or overlapping its M (the nested loops).
    #[test]
    fn tabled_offsets_equal_the_naive_loop(k in 1..=13usize, seed in any::<u64>()) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let m: usize = e.iter().product();
        let f = [1 + dice.below(3), 1 + dice.below(3)];
        let (dc, reach, _) = strides(e, 1, dice);
        let ldc = match dice.below(5) {
            0 => reach + 1 + dice.below(40),
            1 => dice.below(reach + 1),
            _ => reach,
        };
        let first = dice.one_in(2);
        let cn = if first { [ldc, ldc * f[0]] } else { [ldc * f[1], ldc] };
        // B's N one progression in C's order (A's table alone) or not.
        let u = any_stride(dice);
        let bn = match dice.below(3) {
            0 if first => [u, u * f[0]],
            0 => [u * f[1], u],
            _ => [u, any_stride(dice)],
        };
        let b: NestedB = Layout::new_signed(((f[0], f[1]), k), ((bn[0], bn[1]), 70));
        let c: BothC = Layout::new_signed(((e[0], e[1], e[2]), (f[0], f[1])), ((dc[0], dc[1], dc[2]), (cn[0], cn[1])));
        let seed = seed as i64 % 1000;
        match dice.below(3) {
            0 => {
                let a: BackA = Layout::new_signed((m, k), (C, 300));
                run(2, a, b, c, seed);
            }
            1 => {
                let a: FlatA = Layout::new_signed((m, k), (any_stride(dice), 300));
                run(2, a, b, c, seed);
            }
            _ => {
                let da = [0; 3].map(|_| any_stride(dice));
                let a: Nested = Layout::new_signed(((e[0], e[1], e[2]), k), ((da[0], da[1], da[2]), 300));
                run(2, a, b, c, seed);
            }
        }
    }
}

/// f32: the bench's pairs (`cnested`: A's M `(2,4):(64,16)`, C
/// `((2,4),8):((4,1),8)`, its elements those of the flat C `(8,8):(1,8)`
/// from A's rows in flat order; `cpermuted`, `cgap`), K = 13, and
/// nestings in three leaves, give each element of C the bits of a naive
/// loop summing in ascending `k`; the plan names the local accumulators.
#[test]
fn f32_bits_of_the_naive_order() {
    let (n, k, lda) = (8usize, 13usize, 130usize);
    // (A's M leaves and strides, C's M strides.)
    // (A's M leaves and strides, C's M strides, C's column stride over M.)
    let cases = [
        ((2, 4, 1), (64, 16, 0), (4, 1, 0), 0),
        ((2, 2, 2), (64, 16, 32), (4, 1, 2), 0),
        ((4, 2, 1), (100, 50, 0), (2, 1, 0), 0),
        // Not a progression in C's order: A's offsets by a table.
        ((2, 2, 2), (1, 40, 8), (4, 1, 2), 0),
        // The bench's `cpermuted` (A's M `8:16` as two leaves) and
        // `cgap` (C's columns 16 apart), and both at once.
        ((2, 4, 1), (16, 32, 0), (4, 1, 0), 0),
        ((2, 4, 1), (64, 16, 0), (4, 1, 0), 8),
        ((2, 2, 2), (1, 40, 8), (4, 1, 2), 3),
    ];
    for (e, da, dc, gap) in cases {
        let m = e.0 * e.1 * e.2;
        let ldc = m + gap;
        let a: Nested = Layout::new_signed(((e.0, e.1, e.2), k), ((da.0, da.1, da.2), lda));
        let b: Layout<(usize, usize), (usize, usize), isize> = Layout::new_signed((n, k), (k, 1));
        let c: Nested = Layout::new_signed(((e.0, e.1, e.2), n), ((dc.0, dc.1, dc.2), ldc));
        assert_eq!(gemm_kernel(&a, &b, &c), Ok(GemmKernel::Registers));
        let split = |i: usize| [i % e.0, i / e.0 % e.1, i / (e.0 * e.1)];
        let (row, slot) = (
            |i: usize| split(i)[0] * da.0 + split(i)[1] * da.1 + split(i)[2] * da.2,
            |i: usize| split(i)[0] * dc.0 + split(i)[1] * dc.1 + split(i)[2] * dc.2,
        );
        let what = format!("{e:?}:{da:?} into {dc:?}");
        f32_bits_agree(a, c, [m, n, k], (lda, &row), (ldc, &slot), &what);
    }
}

/// A's `(M,K)` with M of two leaves (the second sometimes of static
/// stride −3); A's `(V,M,K)` so.
type TwoA = Layout<((usize, usize), usize), ((usize, usize), usize), isize>;
type TwoBackA = Layout<((usize, usize), usize), ((usize, C<-3>), usize), isize>;
type TwoVA = Layout<(usize, (usize, usize), usize), (usize, (usize, usize), usize), isize>;
/// A nested C's `(M,N)`, its columns backwards (overlapping past 3).
type BackC = Layout<Mode3, ((usize, usize, usize), C<-3>), isize>;

proptest! {
    #![proptest_config(config(512))]

    /// A's M of two leaves split unlike C's three (`(3,2)` against
    /// `(2,3,1)`: no common leaves), of any strides (0 and a static −3
    /// among them): A's offsets put at C's places (a table, or a stride
    /// when they are one progression there); C's M column-major from V in
    /// any order (sometimes a stride 0 or another: the nested loops); C's
    /// N one leaf one column on, with a gap, overlapping, 0 or backwards
    /// (static −3), or two leaves in either order against B's N split
    /// unlike them; V of 1 to 3 (C's places divided by 3); K 1..=13
    /// (B's backwards); against the naive loop and the core's `gemm`.
    #[test]
    fn c_order_of_any_nesting_equals_the_naive_loop(
        v in 1..=3usize,
        n in 1..=4usize,
        k in 1..=13usize,
        seed in any::<u64>(),
    ) {
        let dice = &mut Dice::new(seed);
        let e = leaves(dice);
        let m: usize = e.iter().product();
        let divisors: Vec<usize> = (1..=m).filter(|d| m % d == 0).collect();
        let first = divisors[dice.below(divisors.len())];
        let ea = [first, m / first];
        let (mut dc, reach, _) = strides(e, v, dice);
        if dice.one_in(8) {
            dc[dice.below(3)] = any_stride(dice);
        }
        let da = [any_stride(dice), any_stride(dice)];
        let ldc = match dice.below(8) {
            0 => reach + 1 + dice.below(9),
            1 => dice.below(reach + 1),
            _ => reach,
        };
        let (bn, lda) = (any_stride(dice), 600);
        let seed = seed as i64 % 1000;
        let c: Nested = Layout::new_signed(((e[0], e[1], e[2]), n), ((dc[0], dc[1], dc[2]), ldc));
        let b: FlatB = Layout::new_signed((n, k), (bn, C));
        match if v == 1 { dice.below(5) } else { 3 } {
            0 => {
                let a: TwoA = Layout::new_signed(((ea[0], ea[1]), k), ((da[0], da[1]), lda));
                run(2, a, b, c, seed);
            }
            1 => {
                let a: TwoBackA = Layout::new_signed(((ea[0], ea[1]), k), ((da[0], C), lda));
                run(2, a, b, c, seed);
            }
            2 => {
                let a: TwoA = Layout::new_signed(((ea[0], ea[1]), k), ((da[0], da[1]), lda));
                let c: BackC = Layout::new_signed(((e[0], e[1], e[2]), n), ((dc[0], dc[1], dc[2]), C));
                run(2, a, b, c, seed);
            }
            // C's N of two leaves in either order (sometimes a stride 0
            // or another), B's N split unlike them: B's offsets put at
            // C's columns.
            4 => {
                let f = [1 + dice.below(3), 1 + dice.below(3)];
                let nn = f[0] * f[1];
                let g0 = [1, f[0], f[1], nn][dice.below(4)];
                let mut cn = if dice.one_in(2) { [ldc, ldc * f[0]] } else { [ldc * f[1], ldc] };
                if dice.one_in(6) {
                    cn[dice.below(2)] = small(dice);
                }
                let a: TwoA = Layout::new_signed(((ea[0], ea[1]), k), ((da[0], da[1]), lda));
                let b: NestedB = Layout::new_signed(((g0, nn / g0), k), ((any_stride(dice), any_stride(dice)), 70));
                let c: BothC = Layout::new_signed(((e[0], e[1], e[2]), (f[0], f[1])), ((dc[0], dc[1], dc[2]), (cn[0], cn[1])));
                run(2, a, b, c, seed);
            }
            _ => {
                let cv = if dice.one_in(5) { any_stride(dice) } else { 1 };
                let a: TwoVA = Layout::new_signed((v, (ea[0], ea[1]), k), (any_stride(dice), (da[0], da[1]), lda));
                let b: VB = Layout::new_signed((v, n, k), (any_stride(dice), bn, 40));
                let c: VC = Layout::new_signed((v, (e[0], e[1], e[2]), n), (cv, (dc[0], dc[1], dc[2]), ldc));
                run(4, a, b, c, seed);
            }
        }
    }
}
