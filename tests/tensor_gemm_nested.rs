//! The typed `gemm` on operands whose modes are nested, as CuTe's `gemm`
//! takes them (each mode walked by its 1-D coordinate): every form, over
//! nestings of every kind in every operand (a leaf, a pair, a pair inside
//! a pair, a static extent 1), random extents (0 included) split over the
//! leaves, and strides dynamic in 0..=8 or static negative; against the
//! naive loop (`crd2idx` of one integer per mode) and the untyped `gemm`.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{typed_gemm_run, untyped_agrees};
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, Gemm, GemmOperand};
use layout_dsl::tensor::{AsLayout, Tensor};
use layout_dsl::typed::{C, Layout};
use proptest::prelude::*;

/// A nesting of one mode: its shape and stride types, and a mode of
/// extent `e` of that nesting (the extent split over the leaves).
trait Kind {
    type S: Copy;
    type D: Copy;
    fn make(e: usize, dice: &mut Dice) -> (Self::S, Self::D);
}

/// A stride in 0..=8 (0: every coordinate of the leaf at one offset).
fn stride(dice: &mut Dice) -> usize {
    dice.below(9)
}

/// `e` as a product of two extents (`e = 0`: one of them 0).
fn factor(e: usize, dice: &mut Dice) -> (usize, usize) {
    if e == 0 {
        let other = dice.below(3);
        return if dice.one_in(2) {
            (0, other)
        } else {
            (other, 0)
        };
    }
    let divisors: Vec<usize> = (1..=e).filter(|d| e % d == 0).collect();
    let d = divisors[dice.below(divisors.len())];
    (d, e / d)
}

/// One leaf, a dynamic stride.
struct Leaf;
impl Kind for Leaf {
    type S = usize;
    type D = usize;
    fn make(e: usize, dice: &mut Dice) -> (usize, usize) {
        (e, stride(dice))
    }
}

/// One leaf, a static negative stride.
struct Back;
impl Kind for Back {
    type S = usize;
    type D = C<-2>;
    fn make(e: usize, _: &mut Dice) -> (usize, C<-2>) {
        (e, C)
    }
}

/// A pair of leaves, the second stride static and negative.
struct Pair;
impl Kind for Pair {
    type S = (usize, usize);
    type D = (usize, C<-1>);
    fn make(e: usize, dice: &mut Dice) -> ((usize, usize), (usize, C<-1>)) {
        (factor(e, dice), (stride(dice), C))
    }
}

/// A pair inside a pair, dynamic strides.
struct Deep;
impl Kind for Deep {
    type S = (usize, (usize, usize));
    type D = (usize, (usize, usize));
    fn make(e: usize, dice: &mut Dice) -> (Self::S, Self::D) {
        let (x, rest) = factor(e, dice);
        let (y, z) = factor(rest, dice);
        let d = (stride(dice), (stride(dice), stride(dice)));
        ((x, (y, z)), d)
    }
}

/// A static extent 1 (static negative stride) before a dynamic leaf.
struct Unit;
impl Kind for Unit {
    type S = (C<1>, usize);
    type D = (C<-5>, usize);
    fn make(e: usize, dice: &mut Dice) -> (Self::S, Self::D) {
        ((C, e), (C, stride(dice)))
    }
}

type Signed<S, D> = Layout<S, D, isize>;

/// A rank-1 operand: a bare leaf layout, or a 1-tuple of a kind.
trait One {
    type L;
    fn make(e: usize, dice: &mut Dice) -> Self::L;
}
struct Bare;
impl One for Bare {
    type L = Layout<usize, usize>;
    fn make(e: usize, dice: &mut Dice) -> Self::L {
        Layout::new(e, stride(dice))
    }
}
struct Wrap<K>(K);
impl<K: Kind> One for Wrap<K> {
    type L = Signed<(K::S,), (K::D,)>;
    fn make(e: usize, dice: &mut Dice) -> Self::L {
        let (s, d) = K::make(e, dice);
        Layout::new_signed((s,), (d,))
    }
}

fn two<K0: Kind, K1: Kind>([e0, e1]: [usize; 2], dice: &mut Dice) -> Op<(K0, K1)> {
    let ((s0, d0), (s1, d1)) = (K0::make(e0, dice), K1::make(e1, dice));
    Layout::new_signed((s0, s1), (d0, d1))
}

fn three<K0: Kind, K1: Kind, K2: Kind>(
    [e0, e1, e2]: [usize; 3],
    dice: &mut Dice,
) -> Op<(K0, K1, K2)> {
    let (x0, x1, x2) = (K0::make(e0, dice), K1::make(e1, dice), K2::make(e2, dice));
    Layout::new_signed((x0.0, x1.0, x2.0), (x0.1, x1.1, x2.1))
}

/// The typed `gemm` and the untyped one over the same layouts equal the
/// naive loop.
fn run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, seed: i64)
where
    LA: AsLayout + GemmOperand,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
    LA: Gemm<LB, LC>,
{
    let run = typed_gemm_run(form, la, lb, lc, seed);
    assert_eq!(run.got, run.want, "typed {}", run.what);
    untyped_agrees(run);
}

type Case = fn([usize; 4], &mut Dice);

/// `(V) x (V) => (V)`.
fn form0<A: One, B: One, Cc: One>([v, _, _, _]: [usize; 4], d: &mut Dice)
where
    A::L: AsLayout + GemmOperand + Gemm<B::L, Cc::L>,
    B::L: AsLayout + GemmOperand,
    Cc::L: AsLayout + GemmOperand,
{
    let (a, b, c) = (A::make(v, d), B::make(v, d), Cc::make(v, d));
    run(0, a, b, c, 1);
}

/// `(M) x (N) => (M,N)`.
fn form1<A: One, B: One, C0: Kind, C1: Kind>([_, m, n, _]: [usize; 4], d: &mut Dice)
where
    A::L: AsLayout + GemmOperand + Gemm<B::L, Op<(C0, C1)>>,
    B::L: AsLayout + GemmOperand,
    Op<(C0, C1)>: AsLayout + GemmOperand,
{
    let (a, b) = (A::make(m, d), B::make(n, d));
    run(1, a, b, two::<C0, C1>([m, n], d), 2);
}

/// A typed operand of up to three modes, each of a kind.
type Op<K> = <K as Ops>::L;
trait Ops {
    type L;
}
impl<K0: Kind, K1: Kind> Ops for (K0, K1) {
    type L = Signed<(K0::S, K1::S), (K0::D, K1::D)>;
}
impl<K0: Kind, K1: Kind, K2: Kind> Ops for (K0, K1, K2) {
    type L = Signed<(K0::S, K1::S, K2::S), (K0::D, K1::D, K2::D)>;
}

/// `(M,K) x (N,K) => (M,N)`.
fn form2<A0: Kind, A1: Kind, B0: Kind, B1: Kind, C0: Kind, C1: Kind>(
    [_, m, n, k]: [usize; 4],
    d: &mut Dice,
) where
    Op<(A0, A1)>: AsLayout + GemmOperand + Gemm<Op<(B0, B1)>, Op<(C0, C1)>>,
    Op<(B0, B1)>: AsLayout + GemmOperand,
    Op<(C0, C1)>: AsLayout + GemmOperand,
{
    let (a, b) = (two::<A0, A1>([m, k], d), two::<B0, B1>([n, k], d));
    run(2, a, b, two::<C0, C1>([m, n], d), 4);
}

/// `(V,M) x (V,N) => (V,M,N)`.
fn form3<A0: Kind, A1: Kind, B0: Kind, B1: Kind, C0: Kind, C1: Kind, C2: Kind>(
    [v, m, n, _]: [usize; 4],
    d: &mut Dice,
) where
    Op<(A0, A1)>: AsLayout + GemmOperand + Gemm<Op<(B0, B1)>, Op<(C0, C1, C2)>>,
    Op<(B0, B1)>: AsLayout + GemmOperand,
    Op<(C0, C1, C2)>: AsLayout + GemmOperand,
{
    let (a, b) = (two::<A0, A1>([v, m], d), two::<B0, B1>([v, n], d));
    run(3, a, b, three::<C0, C1, C2>([v, m, n], d), 5);
}

/// `(V,M,K) x (V,N,K) => (V,M,N)`.
fn form4<A0, A1, A2, B0, B1, B2, C0, C1, C2>([v, m, n, k]: [usize; 4], d: &mut Dice)
where
    A0: Kind,
    A1: Kind,
    A2: Kind,
    B0: Kind,
    B1: Kind,
    B2: Kind,
    C0: Kind,
    C1: Kind,
    C2: Kind,
    Op<(A0, A1, A2)>: AsLayout + GemmOperand + Gemm<Op<(B0, B1, B2)>, Op<(C0, C1, C2)>>,
    Op<(B0, B1, B2)>: AsLayout + GemmOperand,
    Op<(C0, C1, C2)>: AsLayout + GemmOperand,
{
    let a = three::<A0, A1, A2>([v, m, k], d);
    let b = three::<B0, B1, B2>([v, n, k], d);
    run(4, a, b, three::<C0, C1, C2>([v, m, n], d), 6);
}

/// Nestings chosen so that every kind stands in every mode of every
/// operand of every form at least once, beside flat and nested others.
const CASES: &[Case] = &[
    form0::<Wrap<Pair>, Bare, Wrap<Deep>>,
    form0::<Bare, Wrap<Unit>, Wrap<Back>>,
    form0::<Wrap<Deep>, Wrap<Pair>, Bare>,
    form0::<Wrap<Back>, Wrap<Deep>, Wrap<Unit>>,
    form0::<Wrap<Unit>, Wrap<Leaf>, Wrap<Pair>>,
    form1::<Wrap<Pair>, Bare, Leaf, Deep>,
    form1::<Bare, Wrap<Deep>, Pair, Back>,
    form1::<Wrap<Unit>, Wrap<Back>, Deep, Unit>,
    form1::<Wrap<Deep>, Wrap<Pair>, Unit, Pair>,
    form1::<Wrap<Back>, Wrap<Unit>, Back, Leaf>,
    form2::<Pair, Leaf, Leaf, Deep, Back, Pair>,
    form2::<Leaf, Pair, Deep, Leaf, Pair, Unit>,
    form2::<Deep, Unit, Pair, Back, Unit, Deep>,
    form2::<Unit, Deep, Back, Pair, Deep, Leaf>,
    form2::<Back, Back, Unit, Unit, Leaf, Back>,
    form2::<Leaf, Leaf, Leaf, Leaf, Pair, Leaf>,
    form3::<Pair, Leaf, Deep, Back, Unit, Leaf, Pair>,
    form3::<Leaf, Deep, Pair, Unit, Back, Pair, Deep>,
    form3::<Unit, Pair, Back, Deep, Deep, Unit, Leaf>,
    form3::<Deep, Back, Unit, Pair, Pair, Deep, Back>,
    form3::<Back, Unit, Leaf, Leaf, Leaf, Back, Unit>,
    form4::<Pair, Leaf, Deep, Back, Unit, Leaf, Pair, Deep, Unit>,
    form4::<Leaf, Deep, Pair, Unit, Back, Pair, Deep, Unit, Back>,
    form4::<Unit, Pair, Back, Deep, Deep, Unit, Leaf, Back, Pair>,
    form4::<Deep, Back, Unit, Pair, Pair, Deep, Back, Leaf, Leaf>,
    form4::<Back, Unit, Leaf, Leaf, Leaf, Back, Unit, Pair, Deep>,
    form4::<Leaf, Leaf, Leaf, Leaf, Leaf, Leaf, Deep, Leaf, Leaf>,
    // A flat C beside nested A and B (the local accumulators when C's
    // coordinates have their own elements; a stride 0 in C, in place).
    form1::<Wrap<Pair>, Wrap<Deep>, Leaf, Back>,
    form2::<Pair, Deep, Deep, Pair, Leaf, Leaf>,
    form3::<Deep, Pair, Pair, Deep, Leaf, Back, Leaf>,
    form4::<Pair, Deep, Unit, Deep, Pair, Unit, Leaf, Leaf, Back>,
];

proptest! {
    #![proptest_config(config(1024))]

    /// Every form over nested operands, typed and untyped, equals the naive loop.
    #[test]
    fn nested_operands_equal_the_naive_loop_and_the_untyped_gemm(
        case in 0..CASES.len(),
        v in 0..=3usize,
        m in 0..=6usize,
        n in 0..=6usize,
        k in 0..=6usize,
        seed in any::<u64>(),
    ) {
        CASES[case]([v, m, n, k], &mut Dice::new(seed));
    }
}

/// A C past the local accumulators (V·M·N > 64), and every case at least once.
#[test]
fn every_case_and_a_large_c() {
    let mut dice = Dice::new(7);
    for case in CASES {
        case([2, 12, 9, 5], &mut dice);
        case([1, 70, 2, 3], &mut dice); // M past the offset tables (64)
        case([1, 1, 1, 1], &mut dice);
    }
}

/// f32: a nested M and K through the typed `gemm` give the same bits as the
/// flat layout with the same offsets (each element of C sums in ascending
/// `k` on both paths).
#[test]
fn nested_f32_equals_the_flat_bits() {
    let (m, n, k) = (6usize, 5usize, 12usize);
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32).sin() / 7.0;
    let a: Vec<f32> = (0..m * k).map(|i| val(i, 37, 101)).collect();
    let b: Vec<f32> = (0..n * k).map(|i| val(i, 53, 97)).collect();
    let c0: Vec<f32> = (0..m * n).map(|i| val(i, 29, 89)).collect();
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();

    let mut flat = c0.clone();
    typed::gemm(
        &Tensor::new(&a[..], layout!((m,k):(1,m))).unwrap(),
        &Tensor::new(&b[..], layout!((n,k):(k,1))).unwrap(),
        &mut Tensor::new(&mut flat[..], layout!((m,n):(1,m))).unwrap(),
    );
    let mut nested = c0.clone();
    typed::gemm(
        &Tensor::new(&a[..], layout!(((2,3),(4,3)):((1,2),(m,{4*m})))).unwrap(),
        &Tensor::new(&b[..], layout!((n,(3,4)):(k,(1,3)))).unwrap(),
        &mut Tensor::new(&mut nested[..], layout!(((3,2),n):((1,3),m))).unwrap(),
    );
    assert_eq!(bits(&nested), bits(&flat));
    let mut naive = c0.clone();
    for kk in 0..k {
        for j in 0..n {
            for i in 0..m {
                naive[i + m * j] += a[i + m * kk] * b[j * k + kk];
            }
        }
    }
    assert_eq!(bits(&flat), bits(&naive));
}

/// Static nested operands (every number a constant, the offsets folded).
#[test]
fn static_nested_operands() {
    run(
        0,
        layout!(type ((2,3)):((1,2))),
        layout!(type ((3,2)):((-2,-1))),
        layout!(type 6:0),
        7,
    );
    run(
        1,
        layout!(type ((2,2)):((3,-1))),
        layout!(type 3:1),
        layout!(type ((2,2),(1,3)):((1,2),(0,4))),
        8,
    );
    run(
        2,
        layout!(type ((2,3),(2,2)):((1,2),(6,12))),
        layout!(type (5,(2,2)):(-1,(5,10))),
        layout!(type ((3,2),5):((2,1),-6)),
        9,
    );
    run(
        3,
        layout!(type ((1,2),(3,1)):((0,3),(1,0))),
        layout!(type (2,(2,2)):(-4,(1,2))),
        layout!(type (2,3,(2,2)):(0,1,(3,6))),
        10,
    );
    run(
        4,
        layout!(type (2,(2,2),(3,(1,2))):(1,(2,4),(8,(0,24)))),
        layout!(type ((2,1),3,6):((-1,0),-2,6)),
        layout!(type (2,4,(3,1)):(4,1,(8,0))),
        11,
    );
}
