//! What the `gemm` tests share: CuTe's five forms restated, storage for a
//! layout, and the naive loop that indexes every operand by `crd2idx` of
//! one integer per mode (a nested mode's 1-D coordinate, as CuTe's).

use layout_core::{IntTuple, Layout};
use layout_dsl::tensor::typed::{self, Gemm, GemmOperand};
use layout_dsl::tensor::{AsLayout, Tensor};

/// The forms, restated from CuTe's header: the ranks of A, B, C, and which
/// role each operand's modes play, in order (A: V, M, K; B: V, N, K; C:
/// V, M, N; a role a form lacks has extent 1).
pub const FORMS: [([usize; 3], [&[usize]; 3]); 5] = [
    ([1, 1, 1], [&[0], &[0], &[0]]),
    ([1, 1, 2], [&[1], &[1], &[1, 2]]),
    ([2, 2, 2], [&[1, 2], &[1, 2], &[1, 2]]),
    ([2, 2, 3], [&[0, 1], &[0, 1], &[0, 1, 2]]),
    ([3, 3, 3], [&[0, 1, 2], &[0, 1, 2], &[0, 1, 2]]),
];

/// Storage that just holds `l`, and the base that puts its lowest offset at 0.
pub fn storage(l: &Layout, seed: i64) -> (Vec<i64>, usize) {
    let low: i64 = l.leaf_modes().map(|(s, d)| (s - 1).max(0) * d.min(0)).sum();
    let high: i64 = l.leaf_modes().map(|(s, d)| (s - 1).max(0) * d.max(0)).sum();
    let data = (0..=(high - low))
        .map(|i| (i * 7 + seed) % 23 - 11)
        .collect();
    (data, (-low) as usize)
}

/// The storage position of role coordinate `x` of an operand whose modes
/// play `roles`: `crd2idx` of one integer per mode (a rank-1 layout takes
/// the integer itself).
pub fn at(l: &Layout, base: usize, roles: &[usize], x: [i64; 3]) -> usize {
    let coord = match roles {
        [r] if l.rank() == 1 && matches!(l.shape(), IntTuple::Int(_)) => IntTuple::Int(x[*r]),
        _ => IntTuple::Tuple(roles.iter().map(|&r| IntTuple::Int(x[r])).collect()),
    };
    (base as i64 + l.crd2idx(&coord).unwrap()) as usize
}

/// `C(v,m,n) += A(v,m,k)·B(v,n,k)`, one product at a time into the element.
pub fn naive(form: usize, l: [&Layout; 3], data: [&[i64]; 3], base: [usize; 3]) -> Vec<i64> {
    let roles = FORMS[form].1;
    let extent = |i: usize, role: usize| {
        roles[i]
            .iter()
            .position(|&r| r == role)
            .map_or(1, |mode| l[i].modes()[mode].size())
    };
    let (v, m, k, n) = (extent(0, 0), extent(0, 1), extent(0, 2), extent(1, 1));
    let mut out = data[2].to_vec();
    for kk in 0..k {
        for nn in 0..n {
            for mm in 0..m {
                for vv in 0..v {
                    let pa = at(l[0], base[0], roles[0], [vv, mm, kk]);
                    let pb = at(l[1], base[1], roles[1], [vv, nn, kk]);
                    let pc = at(l[2], base[2], roles[2], [vv, mm, nn]);
                    out[pc] += data[0][pa] * data[1][pb];
                }
            }
        }
    }
    out
}

/// One typed `gemm` against the naive loop: the three layouts as text,
/// the typed door's `C` and the naive loop's, and what an untyped run of
/// the same operands needs (the core's layouts, storage and bases).
#[allow(dead_code)] // tensor_gemm.rs runs the untyped door only
pub struct Run {
    pub what: String,
    pub got: Vec<i64>,
    pub want: Vec<i64>,
    pub core: [Layout; 3],
    pub data: [Vec<i64>; 3],
    pub base: [usize; 3],
}

/// The typed `gemm` of `la`·`lb` into `lc` (CuTe's form `form`), each
/// operand over [`storage`] seeded from `seed` on, and the naive loop's
/// answer for the same storage.
#[allow(dead_code)] // tensor_gemm.rs runs the untyped door only
pub fn typed_gemm_run<LA, LB, LC>(form: usize, la: LA, lb: LB, lc: LC, seed: i64) -> Run
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC>,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
{
    let core = [
        la.to_core().unwrap().into_owned(),
        lb.to_core().unwrap().into_owned(),
        lc.to_core().unwrap().into_owned(),
    ];
    let what = format!("{} x {} => {}", core[0], core[1], core[2]);
    let ((da, ba), (db, bb)) = (storage(&core[0], seed), storage(&core[1], seed + 1));
    let (dc, bc) = storage(&core[2], seed + 2);
    let want = naive(
        form,
        [&core[0], &core[1], &core[2]],
        [&da, &db, &dc],
        [ba, bb, bc],
    );
    let mut got = dc.clone();
    let mut c = Tensor::at_base(&mut got[..], lc, bc).unwrap();
    let a = Tensor::at_base(&da[..], la, ba).unwrap();
    let b = Tensor::at_base(&db[..], lb, bb).unwrap();
    typed::gemm(&a, &b, &mut c);
    Run {
        what,
        got,
        want,
        core,
        data: [da, db, dc],
        base: [ba, bb, bc],
    }
}

/// The untyped `gemm` over `run`'s core layouts and storage gives the
/// naive loop's answer too.
#[allow(dead_code)] // the runs past the tables have no untyped twin
pub fn untyped_agrees(run: Run) {
    let [ca, cb, cc] = run.core;
    let [da, db, dc] = run.data;
    let [ba, bb, bc] = run.base;
    let mut c = Tensor::at_base(dc, cc, bc).unwrap();
    let a = Tensor::at_base(&da[..], ca, ba).unwrap();
    let b = Tensor::at_base(&db[..], cb, bb).unwrap();
    layout_dsl::tensor::gemm(&a, &b, &mut c);
    assert_eq!(c.engine(), &run.want, "untyped {}", run.what);
}

/// The leaves of a rank-3 M with one K: the operands of the runs past
/// the tables (tensor_gemm_runs.rs, tensor_gemm_packed.rs,
/// tensor_gemm_compact.rs).
#[allow(dead_code)]
pub type Mode3 = ((usize, usize, usize), usize);
/// A's `(M,K)`: M of three leaves, the last of a static negative stride.
#[allow(dead_code)]
pub type NestedA =
    layout_dsl::typed::Layout<Mode3, ((usize, usize, layout_dsl::typed::C<-3>), usize), isize>;
/// B's `(N,K)`, K backwards.
#[allow(dead_code)]
pub type FlatB =
    layout_dsl::typed::Layout<(usize, usize), (usize, layout_dsl::typed::C<-1>), isize>;
/// A nested C's `(M,N)`.
#[allow(dead_code)]
pub type NestedC = layout_dsl::typed::Layout<Mode3, Mode3, isize>;

/// The typed `gemm` past the tables (the split or strided kernel) equals
/// the naive loop (CuTe's form 2: `(V,M,K)`-less rank 2 operands).
#[allow(dead_code)] // the runs past the tables only
pub fn past_tables_run<LA, LB, LC>(la: LA, lb: LB, lc: LC, seed: i64)
where
    LA: AsLayout + GemmOperand + Gemm<LB, LC>,
    LB: AsLayout + GemmOperand,
    LC: AsLayout + GemmOperand,
{
    use layout_dsl::tensor::typed::{GemmKernel, gemm_kernel};
    let kernel = gemm_kernel(&la, &lb, &lc);
    let run = typed_gemm_run(2, la, lb, lc, seed);
    assert!(
        matches!(kernel, Ok(GemmKernel::Split | GemmKernel::Strided)),
        "{}: {kernel:?}",
        run.what
    );
    assert_eq!(run.got, run.want, "{}", run.what);
}

/// An f32 typed `gemm` of `a` (M's element `i` at `a_row(i)`, K at `lda`)
/// by B `(n,k):(k,1)` into `c` (M's element `i` at `c_at(i)`, N at `ldc`),
/// over fixed values, gives each element of C the bits of a naive loop
/// summing in ascending `k` (the runs past the tables: tensor_gemm_runs.rs,
/// tensor_gemm_packed.rs, tensor_gemm_compact.rs, tensor_gemm_permuted.rs).
#[allow(dead_code)]
pub fn f32_bits_agree<LA, LC>(
    a: LA,
    c: LC,
    [m, n, k]: [usize; 3],
    (lda, a_row): (usize, &dyn Fn(usize) -> usize),
    (ldc, c_at): (usize, &dyn Fn(usize) -> usize),
    what: &str,
) where
    LA: AsLayout + GemmOperand + Gemm<FlatF, LC>,
    LC: AsLayout + GemmOperand,
{
    let val = |i: usize, a: usize, b: usize| ((i * a % b) as f32).sin() / 7.0;
    let end = |at: &dyn Fn(usize) -> usize, ld: usize, cols: usize| {
        (0..m).map(at).max().unwrap_or(0) + ld * cols.saturating_sub(1) + 1
    };
    let sa: Vec<f32> = (0..end(a_row, lda, k)).map(|i| val(i, 37, 101)).collect();
    let sb: Vec<f32> = (0..n * k).map(|i| val(i, 53, 97)).collect();
    let c0: Vec<f32> = (0..end(c_at, ldc, n)).map(|i| val(i, 29, 89)).collect();
    let mut want = c0.clone();
    for kk in 0..k {
        for j in 0..n {
            for i in 0..m {
                want[c_at(i) + ldc * j] += sa[a_row(i) + lda * kk] * sb[kk + k * j];
            }
        }
    }
    let b: FlatF = layout_dsl::typed::Layout::new_signed((n, k), (k, 1));
    let mut out = c0.clone();
    let mut tc = Tensor::new(&mut out[..], c).unwrap();
    typed::gemm(
        &Tensor::new(&sa[..], a).unwrap(),
        &Tensor::new(&sb[..], b).unwrap(),
        &mut tc,
    );
    let bits = |x: &[f32]| x.iter().map(|f| f.to_bits()).collect::<Vec<_>>();
    assert_eq!(bits(&out), bits(&want), "{what}");
}

/// B `(n,k):(k,1)` of [`f32_bits_agree`].
#[allow(dead_code)]
pub type FlatF = layout_dsl::typed::Layout<(usize, usize), (usize, usize), isize>;
