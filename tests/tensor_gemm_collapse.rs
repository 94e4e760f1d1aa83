//! The typed `gemm` on nested modes that are each one progression (CuTe's
//! `coalesce` makes each a single leaf: `(2,4):(16,32)` is `8:16`), which
//! run the strided kernel, and on modes that just miss it (one stride off
//! by one), which run the nested loop: both against the naive loop
//! (`crd2idx` of one integer per mode) and the untyped `gemm`, over every
//! form, random extents split over three leaves (0 and 1 included).

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::{Dice, config};
use gemm_support::{typed_gemm_run, untyped_agrees};
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, Gemm, GemmOperand};
use layout_dsl::tensor::{AsLayout, Tensor};
use layout_dsl::typed::Layout;
use proptest::prelude::*;

/// A mode of three leaves, `(x,(y,z))`.
type Nest = (usize, (usize, usize));

/// `e` as a product of three extents, in a random order (`e = 0`: one of
/// them 0).
fn split3(e: usize, dice: &mut Dice) -> [usize; 3] {
    let pick = |e: usize, dice: &mut Dice| {
        let divisors: Vec<usize> = (1..=e).filter(|d| e % d == 0).collect();
        divisors[dice.below(divisors.len())]
    };
    if e == 0 {
        let mut x = [dice.below(3), dice.below(3), dice.below(3)];
        x[dice.below(3)] = 0;
        return x;
    }
    let x = pick(e, dice);
    let y = pick(e / x, dice);
    [x, y, e / x / y]
}

/// A mode of extent `e` whose strides are one progression from a stride
/// in 0..=3, as `coalesce` reads it: a leaf of extent 1 is skipped (any
/// stride), each other leaf's stride is the run's stride times the extent
/// before it. `miss`: the last leaf that must match is one stride off
/// (when there is one: two leaves of extent other than 1). Returns the
/// mode and whether a leaf missed.
fn mode(e: usize, miss: bool, dice: &mut Dice) -> ((Nest, Nest), bool) {
    let extents = split3(e, dice);
    let step = dice.below(4);
    // `run`: the extent taken so far (`None` before the first leaf);
    // `last`: the last leaf whose stride had to match.
    let (mut strides, mut run, mut last) = ([0; 3], None, None);
    for (i, &x) in extents.iter().enumerate() {
        strides[i] = match run {
            _ if x == 1 => dice.below(10),
            None => {
                run = Some(x);
                step
            }
            Some(r) => {
                last = Some(i);
                run = Some(r * x);
                step * r
            }
        };
    }
    let missed = match last {
        Some(i) if miss => {
            strides[i] += 1;
            true
        }
        _ => false,
    };
    let [x, y, z] = extents;
    let [dx, dy, dz] = strides;
    (((x, (y, z)), (dx, (dy, dz))), missed)
}

type One = Layout<(Nest,), (Nest,)>;
type Two = Layout<(Nest, Nest), (Nest, Nest)>;
type Three = Layout<(Nest, Nest, Nest), (Nest, Nest, Nest)>;

/// Operands of each rank; `miss` as [`mode`], `missed` set when one did.
struct Maker<'d> {
    dice: &'d mut Dice,
    miss: bool,
    missed: bool,
}

impl Maker<'_> {
    fn mode(&mut self, e: usize) -> (Nest, Nest) {
        let (m, missed) = mode(e, self.miss, self.dice);
        self.missed |= missed;
        m
    }
    fn one(&mut self, e: usize) -> One {
        let (s, d) = self.mode(e);
        Layout::new((s,), (d,))
    }
    fn two(&mut self, [e0, e1]: [usize; 2]) -> Two {
        let ((s0, d0), (s1, d1)) = (self.mode(e0), self.mode(e1));
        Layout::new((s0, s1), (d0, d1))
    }
    fn three(&mut self, [e0, e1, e2]: [usize; 3]) -> Three {
        let (x0, x1, x2) = (self.mode(e0), self.mode(e1), self.mode(e2));
        Layout::new((x0.0, x1.0, x2.0), (x0.1, x1.1, x2.1))
    }
}

/// The typed `gemm` and the untyped one equal the naive loop; whether
/// every operand collapses (so the strided kernel ran) is `collapsed`.
fn run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, collapsed: bool)
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC>,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
{
    let every = |p: [bool; 3]| p.iter().all(|&x| x);
    let progressions = [la.progressions(), lb.progressions(), lc.progressions()];
    assert_eq!(every(progressions.map(|p| p.is_some())), collapsed);
    let run = typed_gemm_run(form, la, lb, lc, 3);
    assert_eq!(run.got, run.want, "typed {}", run.what);
    untyped_agrees(run);
}

/// Every form with every mode nested, each one a progression or (`miss`)
/// some missing it; returns whether one missed.
fn forms(form: usize, [v, m, n, k]: [usize; 4], miss: bool, dice: &mut Dice) -> bool {
    let mut make = Maker {
        dice,
        miss,
        missed: false,
    };
    match form {
        0 => {
            let (a, b, c) = (make.one(v), make.one(v), make.one(v));
            run(0, a, b, c, !make.missed);
        }
        1 => {
            let (a, b, c) = (make.one(m), make.one(n), make.two([m, n]));
            run(1, a, b, c, !make.missed);
        }
        2 => {
            let (a, b, c) = (make.two([m, k]), make.two([n, k]), make.two([m, n]));
            run(2, a, b, c, !make.missed);
        }
        3 => {
            let (a, b) = (make.two([v, m]), make.two([v, n]));
            let c = make.three([v, m, n]);
            run(3, a, b, c, !make.missed);
        }
        _ => {
            let (a, b) = (make.three([v, m, k]), make.three([v, n, k]));
            let c = make.three([v, m, n]);
            run(4, a, b, c, !make.missed);
        }
    }
    make.missed
}

proptest! {
    #![proptest_config(config(512))]

    /// Nested modes that are each one progression (the strided kernel).
    #[test]
    fn collapsing_modes_equal_the_naive_loop(
        form in 0..5usize,
        v in 0..=3usize,
        m in 0..=8usize,
        n in 0..=8usize,
        k in 0..=8usize,
        seed in any::<u64>(),
    ) {
        prop_assert!(!forms(form, [v, m, n, k], false, &mut Dice::new(seed)));
    }

    /// Modes one stride off a progression (the nested loop). Extents of
    /// 4, 6 or 8 have two leaves other than 1 often enough; cases where
    /// none missed are run too (then collapsed).
    #[test]
    fn modes_just_missing_equal_the_naive_loop(
        form in 0..5usize,
        extents in prop::array::uniform4(prop::sample::select(vec![2usize, 4, 6, 8])),
        seed in any::<u64>(),
    ) {
        let [v, m, n, k] = extents;
        forms(form, [v.min(4), m, n, k], true, &mut Dice::new(seed));
    }
}

/// The misses happen: every form with a stride off by one somewhere.
#[test]
fn every_form_misses_and_collapses() {
    let mut dice = Dice::new(11);
    for form in 0..5 {
        let missed = (0..20).filter(|_| forms(form, [4, 6, 8, 4], true, &mut dice));
        assert!(missed.count() >= 10, "form {form}");
        assert!(!forms(form, [4, 6, 8, 4], false, &mut dice));
    }
}

/// Which modes collapse, and to what (the leaf `coalesce` gives).
#[test]
fn progressions_are_coalesce_s_single_leaves() {
    let lda = std::hint::black_box(128usize);
    let neg = |d: isize| d as usize;
    let a = layout!(((2,4),8):((16,32),lda));
    assert_eq!(a.progressions(), Some([(8, 16), (8, 128), (1, 0)]));
    assert_eq!(layout!(((2,4),8):((16,33),lda)).progressions(), None);
    assert_eq!(layout!(((2,4),8):((16,31),lda)).progressions(), None);
    // Leaves of extent 1 are skipped, whatever their stride.
    let unit = layout!(((2,1,4)):((16,999,32))).progressions();
    assert_eq!(unit, Some([(8, 16), (1, 0), (1, 0)]));
    let ones = layout!(((1,1),3):((5,7),1)).progressions();
    assert_eq!(ones, Some([(1, 0), (3, 1), (1, 0)]));
    let deep = layout!((4,(2,(3,5))):(1,(4,(8,24)))).progressions();
    assert_eq!(deep, Some([(4, 1), (30, 4), (1, 0)]));
    assert_eq!(layout!((4,(2,(3,5))):(1,(4,(8,25)))).progressions(), None);
    // Stride 0 runs; static and negative strides.
    let bcast = layout!(type ((2,3),4):((0,0),1)).progressions();
    assert_eq!(bcast, Some([(6, 0), (4, 1), (1, 0)]));
    let back = layout!(type ((3,2)):((-2,-6))).progressions();
    assert_eq!(back, Some([(6, neg(-2)), (1, 0), (1, 0)]));
    assert_eq!(layout!(type ((2,2)):((3,-1))).progressions(), None);
    // Flat layouts are their modes.
    assert_eq!(
        layout!((3,5):(5,1)).progressions(),
        Some([(3, 5), (5, 1), (1, 0)])
    );
}

/// f32: a collapsed nested A, B and C give the flat layouts' bits (the
/// same kernel), and a missing one (its own offsets) the naive loop's:
/// each element of C sums in ascending `k` on every path.
#[test]
fn f32_sums_in_ascending_k() {
    let (m, n, k) = (8usize, 4usize, 9usize);
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32).sin() / 7.0;
    let a: Vec<f32> = (0..2 * m * k + 8).map(|i| val(i, 37, 101)).collect();
    let b: Vec<f32> = (0..n * k).map(|i| val(i, 53, 97)).collect();
    let c0: Vec<f32> = (0..m * n).map(|i| val(i, 29, 89)).collect();
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    let naive = |row: &dyn Fn(usize) -> usize| {
        let mut c = c0.clone();
        for kk in 0..k {
            for j in 0..n {
                for i in 0..m {
                    c[i + m * j] += a[row(i) + 2 * m * kk] * b[j * k + kk];
                }
            }
        }
        bits(&c)
    };
    let (ld, tb) = (
        2 * m,
        Tensor::new(&b[..], layout!((n,(3,3)):(k,(1,3)))).unwrap(),
    );

    let mut flat = c0.clone();
    typed::gemm(
        &Tensor::new(&a[..], layout!((m,k):(2,ld))).unwrap(),
        &Tensor::new(&b[..], layout!((n,k):(k,1))).unwrap(),
        &mut Tensor::new(&mut flat[..], layout!((m,n):(1,m))).unwrap(),
    );
    assert_eq!(bits(&flat), naive(&|i| 2 * i));
    let mut collapsed = c0.clone();
    let ta = Tensor::new(&a[..], layout!(((2,4),(3,3)):((2,4),(ld,{3*ld})))).unwrap();
    let mut tc = Tensor::new(&mut collapsed[..], layout!(((4,2),n):((1,4),m))).unwrap();
    typed::gemm(&ta, &tb, &mut tc);
    assert_eq!(bits(&collapsed), bits(&flat));
    // M's second stride 5, not 4: rows 0, 2, 5, 7, 10, 12, 15, 17.
    let mut missed = c0.clone();
    let ta = Tensor::new(&a[..], layout!(((2,4),(3,3)):((2,5),(ld,{3*ld})))).unwrap();
    let mut tc = Tensor::new(&mut missed[..], layout!(((4,2),n):((1,4),m))).unwrap();
    typed::gemm(&ta, &tb, &mut tc);
    assert_eq!(bits(&missed), naive(&|i| 2 * (i % 2) + 5 * (i / 2)));
}
