//! `gemm` on f32 in CuTe's own iteration order (algorithm/gemm.hpp,
//! transcribed): each element of C adds its products in ascending `k`, so
//! the order CuTe visits `(m,n)` in changes no bit.

use layout_core::Layout;
use layout_dsl::layout;
use layout_dsl::tensor::{Tensor, gemm, typed};

/// f32: CuTe's loops, transcribed from gemm.hpp for the reference FMA
/// (`D = A·B + C`, dispatch [5] over `k`, then [4]'s serpentine over
/// `(m,n)`: a V of 1 f32 is its 32-bit "kinked serpentine", a V of 2 its
/// 64-bit row-major serpentine), give the same bits as ours, untyped and
/// typed: every element of C adds its products in ascending `k`.
#[test]
fn f32_in_cutes_order_is_bit_exact() {
    let (v, m, n, k) = (2usize, 5usize, 7usize, 33usize);
    let a: Vec<f32> = (0..v * m * k)
        .map(|i| ((i * 37 % 101) as f32).sin())
        .collect();
    let b: Vec<f32> = (0..v * n * k)
        .map(|i| ((i * 53 % 97) as f32).cos())
        .collect();
    let c0: Vec<f32> = (0..v * m * n).map(|i| (i as f32 * 0.37).tan()).collect();
    let (ia, ib, ic) = (
        |vv, mm, kk| vv + v * (mm + m * kk),
        |vv, nn, kk| vv + v * (nn + n * kk),
        |vv, mm, nn| vv + v * (mm + m * nn),
    );
    for vl in [1, v] {
        let mut want = c0.clone();
        let mut fma = |vv, mm, nn, kk| {
            want[ic(vv, mm, nn)] = a[ia(vv, mm, kk)] * b[ib(vv, nn, kk)] + want[ic(vv, mm, nn)];
        };
        for kk in 0..k {
            if vl == 1 {
                // 32-bit: row-major kinked serpentine.
                for mm in (0..m).step_by(2) {
                    for nn in 0..n {
                        let ns = if mm & 2 != 0 { n - 1 - nn } else { nn };
                        fma(0, mm, ns, kk);
                        if mm + 1 < m {
                            fma(0, mm + 1, ns, kk);
                        }
                    }
                }
            } else {
                // 64-bit: row-major serpentine.
                for mm in 0..m {
                    for nn in 0..n {
                        let ns = if mm & 1 != 0 { n - 1 - nn } else { nn };
                        for vv in 0..vl {
                            fma(vv, mm, ns, kk);
                        }
                    }
                }
            }
        }
        let l = |s: String| s.parse::<Layout>().unwrap();
        let (sa, sb, sc) = if vl == 1 {
            (
                l(format!("(1,{m},{k}):(0,{v},{})", v * m)),
                l(format!("(1,{n},{k}):(0,{v},{})", v * n)),
                l(format!("(1,{m},{n}):(0,{v},{})", v * m)),
            )
        } else {
            (
                l(format!("({v},{m},{k}):(1,{v},{})", v * m)),
                l(format!("({v},{n},{k}):(1,{v},{})", v * n)),
                l(format!("({v},{m},{n}):(1,{v},{})", v * m)),
            )
        };
        let mut c = Tensor::new(c0.clone(), sc).unwrap();
        gemm(
            &Tensor::new(&a[..], sa).unwrap(),
            &Tensor::new(&b[..], sb).unwrap(),
            &mut c,
        );
        let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
        assert_eq!(bits(c.engine()), bits(&want), "untyped, V = {vl}");
        let mut out = c0.clone();
        let mut tc = Tensor::new(&mut out[..], layout!((vl,m,n):(1,v,{v*m}))).unwrap();
        typed::gemm(
            &Tensor::new(&a[..], layout!((vl,m,k):(1,v,{v*m}))).unwrap(),
            &Tensor::new(&b[..], layout!((vl,n,k):(1,v,{v*n}))).unwrap(),
            &mut tc,
        );
        assert_eq!(bits(&out), bits(&want), "typed, V = {vl}");
    }
}

/// CuTe's own `gemm` (g++ with CUTLASS's headers, host `float` tensors,
/// its default `UniversalFMA`; harness outside the repo): C's bits after
/// `(M,K)x(N,K)=>(M,N)` and `(M)x(N)=>(M,N)` with M = 5, N = 7, K = 33,
/// all column-major, in `tests/golden/gemm_cute_f32.txt`. Ours, untyped
/// and typed, gives the same bits.
#[test]
fn f32_equals_cutes_own_gemm() {
    let golden = include_str!("golden/gemm_cute_f32.txt");
    let want: Vec<Vec<u32>> = golden
        .lines()
        .map(|l| {
            l.split(' ')
                .map(|w| u32::from_str_radix(w, 16).unwrap())
                .collect()
        })
        .collect();
    // The harness's values: ((i·a) mod b − b/2) / 7, exact in f32 on both sides.
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32 - (b / 2) as f32) / 7.0;
    let (m, n, k) = (5usize, 7usize, 33usize);
    let a: Vec<f32> = (0..m * k).map(|i| val(i, 37, 101)).collect();
    let b: Vec<f32> = (0..n * k).map(|i| val(i, 53, 97)).collect();
    let c0: Vec<f32> = (0..m * n).map(|i| val(i, 29, 89)).collect();
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    let l = |s: String| s.parse::<Layout>().unwrap();

    let mut c = Tensor::new(c0.clone(), l(format!("({m},{n}):(1,{m})"))).unwrap();
    let (ta, tb) = (
        Tensor::new(&a[..], l(format!("({m},{k}):(1,{m})"))).unwrap(),
        Tensor::new(&b[..], l(format!("({n},{k}):(1,{n})"))).unwrap(),
    );
    gemm(&ta, &tb, &mut c);
    assert_eq!(bits(c.engine()), want[0], "untyped (M,K)x(N,K)");
    let mut out = c0.clone();
    typed::gemm(
        &Tensor::new(&a[..], layout!(type (5,33):(1,5))).unwrap(),
        &Tensor::new(&b[..], layout!(type (7,33):(1,7))).unwrap(),
        &mut Tensor::new(&mut out[..], layout!(type (5,7):(1,5))).unwrap(),
    );
    assert_eq!(bits(&out), want[0], "typed (M,K)x(N,K)");

    let mut c = Tensor::new(c0.clone(), l(format!("({m},{n}):(1,{m})"))).unwrap();
    let (va, vb) = (
        Tensor::new(&a[..], l(format!("{m}:1"))).unwrap(),
        Tensor::new(&b[..], l(format!("{n}:1"))).unwrap(),
    );
    gemm(&va, &vb, &mut c);
    assert_eq!(bits(c.engine()), want[1], "untyped (M)x(N)");
    let mut out = c0.clone();
    typed::gemm(
        &Tensor::new(&a[..], layout!(type 5:1)).unwrap(),
        &Tensor::new(&b[..], layout!(type 7:1)).unwrap(),
        &mut Tensor::new(&mut out[..], layout!(type (5,7):(1,5))).unwrap(),
    );
    assert_eq!(bits(&out), want[1], "typed (M)x(N)");
}
