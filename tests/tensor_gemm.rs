//! `gemm` in each of CuTe's five forms (algorithm/gemm.hpp: `(V)x(V)=>(V)`,
//! `(M)x(N)=>(M,N)`, `(M,K)x(N,K)=>(M,N)`, `(V,M)x(V,N)=>(V,M,N)`,
//! `(V,M,K)x(V,N,K)=>(V,M,N)`), untyped and typed, against a naive loop
//! that indexes every operand by `crd2idx` of its own modes: random
//! extents (0 included), nested modes, strides in -8..=8 (0 and negatives,
//! so C may write one element from several coordinates).

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::*;
use gemm_support::{FORMS, naive, storage};
use layout_core::{DomainError, ErrorKind, IntTuple, Layout};
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, GemmForms, GemmOperand, RankC};
use layout_dsl::tensor::{AsLayout, Tensor, gemm, try_gemm};
use proptest::prelude::*;

/// A mode of extent `e`: one leaf, or (when `split`) `(1,e)` or `(e,1)`
/// nested, strides from `dice` in -8..=8.
fn mode(e: i64, dice: &mut Dice) -> (IntTuple, IntTuple) {
    let shape = match dice.below(4) {
        0 => IntTuple::from([1, e]),
        1 => IntTuple::from([e, 1]),
        _ => IntTuple::Int(e),
    };
    let leaves: Vec<i64> = (0..shape.leaves().count())
        .map(|_| dice.below(17) as i64 - 8)
        .collect();
    let stride = rebuild(&shape, &mut leaves.into_iter());
    (shape, stride)
}

/// An operand of `form` (0: A, 1: B, 2: C) with role extents `x`.
fn operand(form: usize, which: usize, x: [i64; 3], dice: &mut Dice) -> Layout {
    let roles = FORMS[form].1[which];
    let modes: Vec<(IntTuple, IntTuple)> = roles.iter().map(|&r| mode(x[r], dice)).collect();
    // A single leaf mode is the layout itself; a nested one is wrapped
    // (`((1,e)):((d,d))` has rank 1, `(1,e):(d,d)` rank 2).
    if let [(s @ IntTuple::Int(_), d)] = &modes[..] {
        return Layout::new(s.clone(), d.clone()).unwrap();
    }
    let (s, d): (Vec<_>, Vec<_>) = modes.into_iter().unzip();
    Layout::new(IntTuple::Tuple(s), IntTuple::Tuple(d)).unwrap()
}

proptest! {
    #![proptest_config(config(512))]

    /// Every form, untyped, equals the naive loop.
    #[test]
    fn untyped_gemm_equals_the_naive_loop(
        form in 0..5usize,
        (v, m, n, k) in (0..=3i64, 0..=4i64, 0..=4i64, 0..=4i64),
        seed in any::<u64>(),
    ) {
        let mut dice = Dice::new(seed);
        let la = operand(form, 0, [v, m, k], &mut dice);
        let lb = operand(form, 1, [v, n, k], &mut dice);
        let lc = operand(form, 2, [v, m, n], &mut dice);
        let ((da, ba), (db, bb), (dc, bc)) = (storage(&la, 1), storage(&lb, 2), storage(&lc, 3));
        let want = naive(form, [&la, &lb, &lc], [&da, &db, &dc], [ba, bb, bc]);
        let a = Tensor::at_base(&da[..], la.clone(), ba).unwrap();
        let b = Tensor::at_base(&db[..], lb.clone(), bb).unwrap();
        let mut c = Tensor::at_base(dc.clone(), lc.clone(), bc).unwrap();
        gemm(&a, &b, &mut c);
        prop_assert_eq!(c.engine(), &want, "{} x {} => {}", la, lb, lc);
    }
}

/// Ranks that are none of the forms, and disagreeing extents, are errors
/// naming them, before C is touched; `gemm` panics with the same words.
#[test]
fn untyped_gemm_refuses_other_ranks_and_extents() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let t = |s: &str| Tensor::new([1; 8], l(s)).unwrap();
    for (a, b, c, ranks) in [
        ("(2,2,2):(1,2,4)", "(2,2):(1,2)", "(2,2):(1,2)", (3, 2, 2)),
        ("(2,2):(1,2)", "2:1", "(2,2):(1,2)", (2, 1, 2)),
        ("2:1", "2:1", "(2,2,2):(1,2,4)", (1, 1, 3)),
        ("(2,2):(1,2)", "(2,2):(1,2)", "2:1", (2, 2, 1)),
        (
            "(2,2,2):(1,2,4)",
            "(2,2,2):(1,2,4)",
            "(2,2):(1,2)",
            (3, 3, 2),
        ),
    ] {
        let mut tc = t(c);
        let e = try_gemm(&t(a), &t(b), &mut tc).unwrap_err();
        let (ra, rb, rc) = ranks;
        assert_eq!(
            e.kind(),
            &ErrorKind::Domain(DomainError::GemmRanks {
                a: ra,
                b: rb,
                c: rc
            }),
            "{a} {b} {c}"
        );
        assert_eq!(tc.engine(), &[1; 8]);
    }
    for (a, b, c, mode, left, right) in [
        (
            "(2,3):(1,2)",
            "(2,2):(1,2)",
            "(2,2):(1,2)",
            "K of A and B",
            3,
            2,
        ),
        (
            "(4,2):(1,4)",
            "(2,2):(1,2)",
            "(2,2):(1,2)",
            "M of A and C",
            4,
            2,
        ),
        (
            "(2,2):(1,2)",
            "(2,2):(1,2)",
            "(2,4):(1,2)",
            "N of B and C",
            2,
            4,
        ),
        (
            "(2,2):(1,2)",
            "(4,2):(1,4)",
            "(2,2,2):(1,2,4)",
            "V of A and B",
            2,
            4,
        ),
        ("3:1", "3:1", "2:1", "V of A and C", 3, 2),
    ] {
        let mut tc = t(c);
        let e = try_gemm(&t(a), &t(b), &mut tc).unwrap_err();
        assert_eq!(
            e.kind(),
            &ErrorKind::Domain(DomainError::GemmExtents { mode, left, right }),
            "{a} {b} {c}"
        );
        assert_eq!(tc.engine(), &[1; 8]);
    }
}

#[test]
#[should_panic(expected = "gemm: K of A and B differ (3 and 2)")]
fn untyped_gemm_panics_with_the_error() {
    let l = |s: &str| s.parse::<Layout>().unwrap();
    let a = Tensor::new([0; 6], l("(2,3):(1,2)")).unwrap();
    let b = Tensor::new([0; 4], l("(2,2):(1,2)")).unwrap();
    let mut c = Tensor::new([0; 4], l("(2,2):(1,2)")).unwrap();
    gemm(&a, &b, &mut c);
}

/// A typed gemm against the naive loop over the same layouts in core form.
fn typed_case<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC)
where
    LA: AsLayout + GemmOperand,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
    LA: RankC,
    LB: RankC,
    LC: RankC,
    <LA as RankC>::N: GemmForms<<LB as RankC>::N, <LC as RankC>::N>,
{
    let (ca, cb, cc) = (
        la.to_core().unwrap().into_owned(),
        lb.to_core().unwrap().into_owned(),
        lc.to_core().unwrap().into_owned(),
    );
    let ((da, ba), (db, bb), (dc, bc)) = (storage(&ca, 4), storage(&cb, 5), storage(&cc, 6));
    let want = naive(form, [&ca, &cb, &cc], [&da, &db, &dc], [ba, bb, bc]);
    let a = Tensor::at_base(&da[..], la, ba).unwrap();
    let b = Tensor::at_base(&db[..], lb, bb).unwrap();
    let mut out = dc.clone();
    let mut c = Tensor::at_base(&mut out[..], lc, bc).unwrap();
    typed::gemm(&a, &b, &mut c);
    assert_eq!(out, want, "{ca} x {cb} => {cc}");
}

/// Every form typed, over dynamic extents 0..=3 (and a C past the local
/// accumulators), with static strides that are negative or 0, dynamic
/// ones, and a C that writes one element from several coordinates.
#[test]
fn typed_gemm_equals_the_naive_loop() {
    for (v, m, n, k) in (0..4 * 4 * 4 * 4).map(|i| (i % 4, i / 4 % 4, i / 16 % 4, i / 64)) {
        typed_case(0, layout!(v:-1), layout!(v:2), layout!(v:1));
        typed_case(0, layout!(v:1), layout!(v:0), layout!(v:0));
        typed_case(1, layout!(m:-3), layout!(n:1), layout!((m,n):(n,1)));
        typed_case(1, layout!(m:1), layout!(n:0), layout!((m,n):(0,-1)));
        typed_case(
            2,
            layout!((m,k):(k,1)),
            layout!((n,k):(-1,n)),
            layout!((m,n):(1,m)),
        );
        typed_case(
            2,
            layout!((m,k):(0,-2)),
            layout!((n,k):(1,0)),
            layout!((m,n):(-1,0)),
        );
        typed_case(
            2,
            layout!((m,k):(1,m)),
            layout!((n,k):(k,1)),
            layout!((m,n):(n,1)),
        );
        typed_case(
            3,
            layout!((v,m):(1,v)),
            layout!((v,n):(-1,3)),
            layout!((v,m,n):(m,1,{v*m})),
        );
        typed_case(
            3,
            layout!((v,m):(0,1)),
            layout!((v,n):(1,0)),
            layout!((v,m,n):(1,0,1)),
        );
        typed_case(
            4,
            layout!((v,m,k):(1,v,{v*m})),
            layout!((v,n,k):({n*k},k,1)),
            layout!((v,m,n):(1,v,{v*m})),
        );
        typed_case(
            4,
            layout!((v,m,k):(-1,0,4)),
            layout!((v,n,k):(2,-3,1)),
            layout!((v,m,n):(0,2,-1)),
        );
    }
    for (m, n, k) in [(9, 8, 3), (16, 5, 2), (1, 70, 4)] {
        typed_case(
            2,
            layout!((m,k):(1,m)),
            layout!((n,k):(k,1)),
            layout!((m,n):(1,m)),
        );
        typed_case(
            2,
            layout!((m,k):(1,m)),
            layout!((n,k):(k,1)),
            layout!((m,n):(0,1)),
        );
        typed_case(
            4,
            layout!((2,m,k):(1,2,{2*m})),
            layout!((2,n,k):(1,2,{2*n})),
            layout!((2,m,n):(1,2,{2*m})),
        );
    }
    // Static layouts: every loop bound a constant.
    typed_case(
        4,
        layout!(type (2,3,4):(1,2,6)),
        layout!(type (2,5,4):(-5,-1,10)),
        layout!(type (2,3,5):(1,2,6)),
    );
    typed_case(
        1,
        layout!(type 4:1),
        layout!(type 3:-1),
        layout!(type (4,3):(3,1)),
    );
}

/// Disagreeing dynamic extents: an error from `try_gemm`, C untouched.
#[test]
fn typed_gemm_refuses_disagreeing_extents() {
    let (m, k) = (3, 2);
    let data = [1i64; 16];
    let a = Tensor::new(&data[..], layout!((m,k):(1,m))).unwrap();
    let b = Tensor::new(&data[..], layout!((2,{k+1}):(1,2))).unwrap();
    let mut out = [0i64; 6];
    let mut c = Tensor::new(&mut out[..], layout!((m,2):(1,m))).unwrap();
    let e = typed::try_gemm(&a, &b, &mut c).unwrap_err();
    assert_eq!(
        e.kind(),
        &ErrorKind::Domain(DomainError::GemmExtents {
            mode: "K of A and B",
            left: 2,
            right: 3
        })
    );
    assert_eq!(out, [0; 6]);
}
