//! Which loop the typed `gemm` runs (`typed::gemm_kernel`) on nested
//! operands, each case asserting the loop it takes and its result against
//! the naive loop (`crd2idx` of one integer per mode) or, on f32, the bits
//! of a naive loop that sums each element in ascending `k`: the local
//! accumulators for a small C whose coordinates have their own elements
//! (C nested too), in place for a C that shares elements or is larger,
//! past the 64-entry tables, offsets walked by odometers in blocks, or
//! split at each use past the blocks' limits; and nothing for an empty C.

#[path = "../layout-core/tests/common/mod.rs"]
mod common;
mod gemm_support;

use common::Dice;
use gemm_support::typed_gemm_run;
use layout_core::IntTuple;
use layout_dsl::layout;
use layout_dsl::tensor::typed::{self, Gemm, GemmKernel, GemmOperand, gemm_kernel};
use layout_dsl::tensor::{AsLayout, Tensor};

/// `gemm_kernel` picks `kernel`, and the typed `gemm` equals the naive loop.
fn run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, kernel: GemmKernel, seed: i64)
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC>,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
{
    let kind = gemm_kernel(&la, &lb, &lc);
    let run = typed_gemm_run(form, la, lb, lc, seed);
    assert_eq!(kind, Ok(kernel), "{}", run.what);
    assert_eq!(run.got, run.want, "{}", run.what);
}

#[test]
fn each_loop_on_its_operands() {
    let (ld, k, s) = (128usize, 8usize, 16usize);
    // All leaves, and a nested M that is one progression: the strided kernel.
    let c = layout!(type (8,8):(1,8));
    run(
        2,
        layout!((8,k):(s,ld)),
        layout!((8,k):(s,ld)),
        c,
        GemmKernel::Strided,
        1,
    );
    let m = layout!(((2,4),k):((s,{2*s}),ld));
    run(2, m, layout!((8,k):(s,ld)), c, GemmKernel::Strided, 2);
    // The sgemm thread's MMA with A's rows permuted: local accumulators.
    let a = layout!(((2,4),k):((64,s),ld));
    run(2, a, layout!((8,k):(s,ld)), c, GemmKernel::Registers, 3);
    // C nested too, its 64 coordinates on 64 elements (not one progression).
    let cn = layout!(((2,4),8):((4,1),8));
    run(2, a, layout!((8,k):(s,ld)), cn, GemmKernel::Registers, 4);
    // B nested, (V,M,K) x (V,N,K) => (V,M,N).
    let (va, vb) = (layout!((2,4,k):(1,2,8)), layout!((2,(2,2),k):(1,(4,2),8)));
    let vc = layout!((2,4,(2,2)):(1,2,(16,8)));
    run(4, va, vb, vc, GemmKernel::Registers, 5);
    // C's columns on one element (stride 0): its 8 distinct elements in
    // a local array (slots by a table for a nested C), every product lands.
    let shared = layout!(((2,4),8):((4,1),0));
    run(2, a, layout!((8,k):(s,ld)), shared, GemmKernel::Shared, 6);
    let flat_shared = layout!((8,8):(1,0));
    run(
        2,
        a,
        layout!((8,k):(s,ld)),
        flat_shared,
        GemmKernel::Shared,
        18,
    );
    // 128 coordinates on 8 elements: as many slots as distinct elements.
    let shared_wide = layout!((8,16):(1,0));
    run(
        2,
        a,
        layout!((16,k):(s,ld)),
        shared_wide,
        GemmKernel::Shared,
        19,
    );
    // Coordinates that share elements other than by a stride 0 (C(i,j)
    // at i + j): in place.
    let overlap = layout!(((2,4),8):((4,1),1));
    run(
        2,
        a,
        layout!((8,k):(s,ld)),
        overlap,
        GemmKernel::InPlace,
        20,
    );
    // C of 8·16 = 128 elements, past the accumulators: in place.
    let wide = layout!((8,16):(1,8));
    run(2, a, layout!((16,k):(s,ld)), wide, GemmKernel::InPlace, 7);
    // M of 70 past the tables: split at each use.
    let long = layout!(((2,35),3):((35,1),70));
    run(
        2,
        long,
        layout!((2,3):(3,1)),
        layout!((70,2):(1,70)),
        GemmKernel::Split,
        8,
    );
    // Past the tables, C nested (its offsets walked by the odometer), and
    // C's columns on one element (k outermost, the offsets walked at
    // each step): both blocked, as the naive loop.
    let c_nested = layout!(((7,10),2):((10,1),70));
    run(
        2,
        long,
        layout!((2,3):(3,1)),
        c_nested,
        GemmKernel::Split,
        13,
    );
    let c_shared = layout!(((7,10),2):((10,1),0));
    run(
        2,
        long,
        layout!((2,3):(3,1)),
        c_shared,
        GemmKernel::Split,
        14,
    );
    // B's N past the tables, A's M of 8 nested (one block of 8 rows).
    let (a8, b90) = (
        layout!(((2,4),3):((4,1),8)),
        layout!(((9,10),3):((10,1),90)),
    );
    run(2, a8, b90, layout!((8,90):(1,8)), GemmKernel::Split, 15);
    // V of 65, past a block: split at each use, (V,M,K) x (V,N,K) => (V,M,N).
    let (va, vb) = (
        layout!((65,(2,2),2):(1,(130,65),260)),
        layout!((65,2,2):(1,65,130)),
    );
    let vc = layout!((65,(2,2),2):(1,(65,130),260));
    run(4, va, vb, vc, GemmKernel::Split, 16);
    // A's M of 17 leaves (more than the odometer holds): split at each use.
    let many = layout!(
        (((2,2,2,2,2,2,2,2,2),(2,2,2,2,2,2,2,2)),1):
        (((2,1,4,8,16,32,64,128,256),(512,1024,2048,4096,8192,16384,32768,65536)),0)
    );
    let c_many = layout!((131072,1):(1,0));
    run(2, many, layout!((1,1):(0,0)), c_many, GemmKernel::Split, 17);
    // An empty C: nothing runs, nested or flat, whatever the other
    // extents (N of 100 would be past the tables).
    let none = layout!(((2,0),3):((1,5),4));
    let c0 = layout!((0,2):(1,1));
    run(2, none, layout!((2,3):(3,1)), c0, GemmKernel::Empty, 9);
    let (b100, c100) = (layout!((100,3):(3,1)), layout!((0,100):(1,1)));
    run(2, none, b100, c100, GemmKernel::Empty, 10);
    let flat0 = layout!((0,3):(1,5));
    run(2, flat0, layout!((2,3):(3,1)), c0, GemmKernel::Empty, 11);
    // K of 0 on a C with elements: C loaded and stored, no product.
    let (a_k0, b_k0) = (layout!(((2,4),0):((4,1),8)), layout!((8,0):(1,8)));
    run(
        2,
        a_k0,
        b_k0,
        layout!((8,8):(1,8)),
        GemmKernel::Registers,
        12,
    );
}

/// f32 through the nested loops (the accumulators for C of 64 elements,
/// in place for 128, blocked past the tables for N of 80): the bits of the naive loop summing each element of
/// C in ascending `k` (each coordinate of C its own element, so the order
/// of the coordinates within a step of `k` is free).
#[test]
fn f32_bits_on_each_nested_loop() {
    let (m, k) = (8usize, 8usize);
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32).sin() / 7.0;
    let a: Vec<f32> = (0..16 * k).map(|i| val(i, 37, 101)).collect();
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    // A's row i at 4·(i%2) + i/2, C's (i, j) at 8·(i%2) + 2·(i/2) + 16·j.
    let a_at = |i: usize| 4 * (i % 2) + i / 2;
    let c_at = |i: usize, j: usize| 8 * (i % 2) + 2 * (i / 2) + 16 * j;
    let la = layout!(((2,4),k):((4,1),16));
    let cases = [
        (8usize, GemmKernel::Registers),
        (16, GemmKernel::InPlace),
        (80, GemmKernel::Split),
    ];
    for (n, kernel) in cases {
        let b: Vec<f32> = (0..n * k).map(|i| val(i, 53, 97)).collect();
        let c0: Vec<f32> = (0..16 * n).map(|i| val(i, 29, 89)).collect();
        let mut want = c0.clone();
        for j in 0..n {
            for i in 0..m {
                for kk in 0..k {
                    want[c_at(i, j)] += a[a_at(i) + 16 * kk] * b[j + n * kk];
                }
            }
        }
        let (lb, lc) = (layout!((n,k):(1,n)), layout!(((2,4),n):((8,2),16)));
        assert_eq!(gemm_kernel(&la, &lb, &lc), Ok(kernel));
        let mut out = c0.clone();
        typed::gemm(
            &Tensor::new(&a[..], la).unwrap(),
            &Tensor::new(&b[..], lb).unwrap(),
            &mut Tensor::new(&mut out[..], lc).unwrap(),
        );
        assert_eq!(bits(&out), bits(&want), "{kernel:?}");
    }
}

/// Random nested C's (three leaves): when `gemm_kernel` says the
/// accumulators, C's offsets are pairwise distinct (brute force), when it
/// says the shared slots, they are not; the result equals the naive loop
/// whichever loop runs; the three loops are seen many times.
#[test]
fn accumulators_only_for_distinct_offsets() {
    let mut dice = Dice::new(13);
    let (mut registers, mut in_place, mut shared) = (0, 0, 0);
    for seed in 0..400 {
        let (x, y, n) = (1 + dice.below(3), 1 + dice.below(4), 1 + dice.below(5));
        // Half the C's a permuted column-major (distinct offsets, nested
        // when x, y > 1), half random strides (mostly sharing elements).
        let [dx, dy, dn] = if dice.one_in(2) {
            [y, 1, x * y + dice.below(2)]
        } else {
            [dice.below(5), dice.below(5), dice.below(5)]
        };
        let lc = layout!(((x,y),n):((dx,dy),dn));
        let la = layout!(((y,x),3):((3,{3*y}),1));
        let lb = layout!((n,3):(3,1));
        let kernel = gemm_kernel(&la, &lb, &lc).unwrap();
        let core = AsLayout::to_core(&lc).unwrap().into_owned();
        let mut offsets: Vec<i64> = (0..x * y)
            .flat_map(|i| (0..n).map(move |j| (i, j)))
            .map(|(i, j)| {
                let crd = IntTuple::Tuple(vec![IntTuple::Int(i as i64), IntTuple::Int(j as i64)]);
                core.crd2idx(&crd).unwrap()
            })
            .collect();
        offsets.sort_unstable();
        let distinct = offsets.windows(2).all(|w| w[0] != w[1]);
        match kernel {
            GemmKernel::Registers => {
                assert!(distinct, "{core}");
                registers += 1;
            }
            GemmKernel::Shared => {
                assert!(!distinct, "{core}");
                shared += 1;
            }
            GemmKernel::InPlace => in_place += 1,
            other => assert_eq!(other, GemmKernel::Strided, "{core}"),
        }
        run(2, la, lb, lc, kernel, seed);
    }
    // (A stride 0 with its other strides apart is the rarer draw.)
    let seen = [registers, in_place, shared];
    assert!(seen[0] >= 50 && seen[1] >= 50 && seen[2] >= 15, "{seen:?}");
}

/// A C whose M has stride 1 (its columns contiguous, summed a column at a
/// time): f32 bits equal to the strided kernel's on the same rows flat,
/// for a C whose columns share one element (`(8,8):(1,0)`, its 8 distinct
/// elements in a local array, each summing `k` outermost, then `n`) and a
/// C of 128 elements (in place).
#[test]
fn f32_bits_in_place_on_columns() {
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32).cos() / 3.0;
    let a: Vec<f32> = (0..16 * 8).map(|i| val(i, 37, 101)).collect();
    let b: Vec<f32> = (0..16 * 8).map(|i| val(i, 53, 97)).collect();
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    // Nested A's row i is flat A's row 4·(i%2) + i/2.
    let row = |i: usize| 4 * (i % 2) + i / 2;
    let (nested, flat) = (layout!(((2,4),8):((4,1),16)), layout!((8,8):(1,16)));
    let ta = Tensor::new(&a[..], nested).unwrap();
    let tf = Tensor::new(&a[..], flat).unwrap();
    for (n, shared) in [(8usize, true), (16, false)] {
        let lb = layout!((n,8):(1,16));
        let tb = Tensor::new(&b[..], lb).unwrap();
        let dn = if shared { 0 } else { 8 };
        let lc = layout!((8,n):(1,dn));
        let kernel = if shared {
            GemmKernel::Shared
        } else {
            GemmKernel::InPlace
        };
        assert_eq!(gemm_kernel(&nested, &lb, &lc), Ok(kernel));
        assert_eq!(gemm_kernel(&flat, &lb, &lc), Ok(GemmKernel::Strided));
        // One start for every element: C's rows are permuted between the two.
        let c0 = vec![0.25f32; 8 * n];
        let (mut x, mut y) = (c0.clone(), c0.clone());
        typed::gemm(&ta, &tb, &mut Tensor::new(&mut x[..], lc).unwrap());
        typed::gemm(&tf, &tb, &mut Tensor::new(&mut y[..], lc).unwrap());
        let want: Vec<f32> = (0..8 * n).map(|e| y[row(e % 8) + e / 8 * 8]).collect();
        let used = if shared { 8 } else { 8 * n };
        assert_eq!(bits(&x[..used]), bits(&want[..used]), "n = {n}");
        assert_ne!(bits(&x[..used]), bits(&c0[..used]));
    }
}

#[test]
fn a_nested_mode_whose_size_wraps_is_refused() {
    // `(2, 2^63+1)` broadcast fits any buffer, but its size, `2^64 + 2`,
    // wraps to 2: no loop over it is right. The tensor itself is refused
    // now, with the core's overflow error (branch audit: a tensor's layout
    // is one the core holds; this test still built it and failed on
    // main), so `try_gemm` never sees it (its own refusal:
    // `gemm_kernel_refuses_a_mode_whose_size_wraps`).
    let big = (1usize << 63) + 1;
    let (da, db) = ([1.0f32], [1.0f32]);
    let mut dc = [0.0f32];
    for e in [
        Tensor::new(&da[..], layout!(((2,big),1):((0,0),0))).unwrap_err(),
        Tensor::new(&mut dc[..], layout!(((2,big),1):((0,0),0))).unwrap_err(),
    ] {
        assert!(
            matches!(e.kind(), layout_dsl::ErrorKind::Overflow(_)),
            "{e}"
        );
    }
    assert_eq!(dc, [0.0]);
    // The same layouts with an extent that does not wrap still run.
    let small = 3usize;
    let a = Tensor::new(&da[..], layout!(((2,small),1):((0,0),0))).unwrap();
    let b = Tensor::new(&db[..], layout!((1,1):(0,0))).unwrap();
    let mut c = Tensor::new(&mut dc[..], layout!(((2,small),1):((0,0),0))).unwrap();
    typed::try_gemm(&a, &b, &mut c).unwrap();
    assert_eq!(dc, [6.0]);
}

#[test]
fn gemm_kernel_refuses_a_mode_whose_size_wraps() {
    let big = (1usize << 63) + 1;
    let (a, b) = (layout!(((2,big),1):((0,0),0)), layout!((1,1):(0,0)));
    let error = gemm_kernel(&a, &b, &a).unwrap_err();
    assert!(
        error.to_string().contains("does not fit in 64 bits"),
        "{error}"
    );
}
