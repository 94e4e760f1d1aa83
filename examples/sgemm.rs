//! CuTe's tutorial GEMM (`examples/cute/tutorial/sgemm_1.cu`) on the CPU,
//! kept in CuTe's shape: global `(M,K)`, `(N,K)`, `(M,N)` tensors, one
//! CTA tile per `local_tile` with a `(BLK_M,BLK_N,BLK_K)` = (128,128,8)
//! tiler and `Step` projections, shared-memory tiles, `local_partition`
//! over (32,8) copy threads and (16,16) compute threads, `copy`, `gemm`,
//! `axpby`. The threads of a CTA are simulated by loops, one loop per
//! phase between two `__syncthreads()`.
//!
//! `sgemm_1` assumes whole tiles; here sizes that are not multiples of the
//! tile run on zero-padded storage (the leading dimensions and the buffers
//! rounded up to whole tiles): the partial tiles then read zeros, which add
//! nothing, and write into the padding. (Predicating the residue instead,
//! with `make_identity_tensor` and `copy_if`, is what CuTe's later tutorial
//! steps do; `tests/tensor_partition.rs` shows it for a copy.)
//!
//! Checks itself against a naive triple loop (bit for bit: every `C(m,n)`
//! sums its products in `k` order on both sides).
//!
//! `cargo run --release --example sgemm [M N K]…`

use std::process::ExitCode;

use layout_dsl::tensor::{
    Tensor, X, axpby, clear, copy, gemm, local_partition, local_partition_step, local_tile_step,
};
use layout_dsl::{Error, IntTuple, Layout};

const BLK_M: usize = 128;
const BLK_N: usize = 128;
const BLK_K: usize = 8;

/// A column-major `(rows, cols)` matrix with leading dimension `ld`.
fn matrix(rows: usize, cols: usize, ld: usize) -> Result<Layout, Error> {
    let [r, c, ld] = [rows, cols, ld].map(|x| x as i64);
    Layout::new(IntTuple::from([r, c]), IntTuple::from([1, ld]))
}

fn compact(rows: usize, cols: usize) -> Result<Layout, Error> {
    Layout::column_major(IntTuple::from([rows as i64, cols as i64]))
}

/// The padded storage of one operand: leading dimension and length.
#[derive(Clone, Copy)]
struct Storage {
    ld: usize,
    len: usize,
}

fn padded(rows: usize, cols: usize, rows_tile: usize, cols_tile: usize) -> Storage {
    let ld = rows.div_ceil(rows_tile) * rows_tile;
    Storage {
        ld,
        len: ld * cols.div_ceil(cols_tile) * cols_tile,
    }
}

type View<'a> = Tensor<&'a [u8], Layout>;

/// Each thread's share of a shared-memory tile, as layout and base: it does
/// not depend on the CTA, so it is partitioned once (over a stand-in
/// buffer), and the phases rebuild tensors over the real shared memory from
/// it (a tensor borrowing shared memory cannot outlive the phase that
/// writes it).
fn shares(
    smem: &Layout,
    threads: usize,
    partition: impl Fn(View<'_>, usize) -> Result<View<'_>, Error>,
) -> Result<Vec<(Layout, usize)>, Error> {
    let stand_in = vec![0u8; smem.cosize() as usize];
    (0..threads)
        .map(|thr| {
            let (_, layout, base) =
                partition(Tensor::new(&stand_in[..], smem.clone())?, thr)?.into_parts();
            Ok((layout, base))
        })
        .collect()
}

/// `C = alpha·A·Bᵀ + beta·C` ("NT": A is (M,K), B is (N,K), both
/// column-major), every CTA of the grid in turn. The shape of `gemm_device`.
#[allow(clippy::too_many_arguments)]
pub fn gemm_device(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    c: &mut [f32],
    ldc: usize,
    alpha: f32,
    beta: f32,
) -> Result<(), Error> {
    let cta_tiler = (BLK_M, BLK_N, BLK_K);
    let m_a = Tensor::new(a, matrix(m, k, lda)?)?; // (M,K)
    let m_b = Tensor::new(b, matrix(n, k, ldb)?)?; // (N,K)
    let mut m_c = Tensor::new(c, matrix(m, n, ldc)?)?; // (M,N)

    // Shared memory and the thread layouts, as the host code of sgemm_1 sets them.
    let s_a_layout = compact(BLK_M, BLK_K)?; // (BLK_M,BLK_K)
    let s_b_layout = compact(BLK_N, BLK_K)?; // (BLK_N,BLK_K)
    let t_a = compact(32, 8)?; // copy threads for A
    let t_b = compact(32, 8)?; // copy threads for B
    let t_c = compact(16, 16)?; // compute threads
    let threads = t_c.size() as usize;
    let mut smem_a = vec![0.0f32; s_a_layout.cosize() as usize];
    let mut smem_b = vec![0.0f32; s_b_layout.cosize() as usize];

    let ta_sa = shares(&s_a_layout, threads, |s, thr| local_partition(s, &t_a, thr))?; // (THR_M,THR_K)
    let tb_sb = shares(&s_b_layout, threads, |s, thr| local_partition(s, &t_b, thr))?; // (THR_N,THR_K)
    let tc_sa = shares(&s_a_layout, threads, |s, thr| {
        local_partition_step(s, &t_c, thr, (1, X)) // (THR_M,BLK_K)
    })?;
    let tc_sb = shares(&s_b_layout, threads, |s, thr| {
        local_partition_step(s, &t_c, thr, (X, 1)) // (THR_N,BLK_K)
    })?;

    for block_y in 0..n.div_ceil(BLK_N) {
        for block_x in 0..m.div_ceil(BLK_M) {
            let cta_coord = (block_x, block_y, X); // (m,n,k)
            let g_a = local_tile_step(m_a.view(), cta_tiler, cta_coord, (1, X, 1))?; // (BLK_M,BLK_K,k)
            let g_b = local_tile_step(m_b.view(), cta_tiler, cta_coord, (X, 1, 1))?; // (BLK_N,BLK_K,k)

            let ta_ga = (0..threads)
                .map(|thr| local_partition(g_a.view(), &t_a, thr)) // (THR_M,THR_K,k)
                .collect::<Result<Vec<_>, _>>()?;
            let tb_gb = (0..threads)
                .map(|thr| local_partition(g_b.view(), &t_b, thr)) // (THR_N,THR_K,k)
                .collect::<Result<Vec<_>, _>>()?;

            // Every thread's accumulators (`make_tensor_like(tCgC)`, cleared).
            let g_c = local_tile_step(m_c.view(), cta_tiler, cta_coord, (1, 1, X))?; // (BLK_M,BLK_N)
            let mut tc_rc = (0..threads)
                .map(|thr| {
                    let tc_gc = local_partition(g_c.view(), &t_c, thr)?; // (THR_M,THR_N)
                    let like = Layout::column_major(tc_gc.layout().shape().clone())?;
                    let mut r = Tensor::new(vec![0.0f32; like.size() as usize], like)?;
                    clear(&mut r);
                    Ok(r)
                })
                .collect::<Result<Vec<_>, Error>>()?;

            let k_tile_max = g_a
                .layout()
                .shape()
                .mode(2)
                .map_or(1, |k| k.size().unwrap_or(1));
            for k_tile in 0..k_tile_max as usize {
                // Copy gmem to smem with the copy threads.
                for thr in 0..threads {
                    let (l, base) = &ta_sa[thr];
                    let mut s = Tensor::at_base(&mut smem_a[..], l, *base)?;
                    copy(&ta_ga[thr].slice((X, X, k_tile)), &mut s);
                    let (l, base) = &tb_sb[thr];
                    let mut s = Tensor::at_base(&mut smem_b[..], l, *base)?;
                    copy(&tb_gb[thr].slice((X, X, k_tile)), &mut s);
                }
                // __syncthreads(); then compute on smem with the compute threads.
                for (thr, acc) in tc_rc.iter_mut().enumerate() {
                    let (la, base_a) = &tc_sa[thr];
                    let (lb, base_b) = &tc_sb[thr];
                    let s_a = Tensor::at_base(&smem_a[..], la, *base_a)?;
                    let s_b = Tensor::at_base(&smem_b[..], lb, *base_b)?;
                    gemm(&s_a, &s_b, acc);
                }
            }

            // Epilogue: C = alpha·acc + beta·C, each thread its share.
            let mut g_c = local_tile_step(m_c.view_mut(), cta_tiler, cta_coord, (1, 1, X))?;
            for (thr, acc) in tc_rc.iter().enumerate() {
                let mut tc_gc = local_partition(g_c.view_mut(), &t_c, thr)?;
                axpby(alpha, acc, beta, &mut tc_gc);
            }
        }
    }
    Ok(())
}

/// `C = alpha·A·Bᵀ + beta·C` by the textbook loop, `k` ascending.
#[allow(clippy::too_many_arguments)]
pub fn naive(
    (m, n, k): (usize, usize, usize),
    a: &[f32],
    lda: usize,
    b: &[f32],
    ldb: usize,
    c: &mut [f32],
    ldc: usize,
    alpha: f32,
    beta: f32,
) {
    for j in 0..n {
        for i in 0..m {
            let mut sum = 0.0f32;
            for p in 0..k {
                sum += a[i + p * lda] * b[j + p * ldb];
            }
            let out = &mut c[i + j * ldc];
            *out = alpha * sum + beta * *out;
        }
    }
}

/// Runs one size against the naive loop; true when every element of C agrees.
fn check((m, n, k): (usize, usize, usize)) -> Result<bool, Error> {
    let (sa, sb, sc) = (
        padded(m, k, BLK_M, BLK_K),
        padded(n, k, BLK_N, BLK_K),
        padded(m, n, BLK_M, BLK_N),
    );
    // Small integers in the values keep the products exact in f32; the
    // sums still round, which the bit-exact comparison then checks.
    let fill = |s: Storage, rows: usize, cols: usize, seed: usize| {
        let mut v = vec![0.0f32; s.len];
        for j in 0..cols {
            for i in 0..rows {
                v[i + j * s.ld] = (((i * 7 + j * 13 + seed) % 17) as f32 - 8.0) / 4.0;
            }
        }
        v
    };
    let (a, b) = (fill(sa, m, k, 1), fill(sb, n, k, 2));
    let c0 = fill(sc, m, n, 3);
    let (alpha, beta) = (1.5f32, -0.5f32);
    let mut got = c0.clone();
    gemm_device(
        (m, n, k),
        &a,
        sa.ld,
        &b,
        sb.ld,
        &mut got,
        sc.ld,
        alpha,
        beta,
    )?;
    let mut want = c0;
    naive(
        (m, n, k),
        &a,
        sa.ld,
        &b,
        sb.ld,
        &mut want,
        sc.ld,
        alpha,
        beta,
    );
    let agree = (0..n).all(|j| (0..m).all(|i| got[i + j * sc.ld] == want[i + j * sc.ld]));
    Ok(agree)
}

fn run(sizes: &[(usize, usize, usize)]) -> ExitCode {
    let mut failures = 0;
    for &size in sizes {
        let (m, n, k) = size;
        match check(size) {
            Ok(true) => println!("sgemm {m}x{n}x{k}: matches the naive loop"),
            Ok(false) => {
                failures += 1;
                println!("sgemm {m}x{n}x{k}: MISMATCH");
            }
            Err(e) => {
                failures += 1;
                println!("sgemm {m}x{n}x{k}: error: {e}");
            }
        }
    }
    if failures > 0 {
        eprintln!("{failures} size(s) differ from the naive loop");
        return ExitCode::FAILURE;
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let sizes: Vec<(usize, usize, usize)> = if args.len() >= 3 {
        args.chunks_exact(3).map(|s| (s[0], s[1], s[2])).collect()
    } else {
        vec![
            (64, 64, 64),
            (256, 256, 256),
            (512, 512, 512),
            (300, 130, 77),
        ]
    };
    run(&sizes)
}

// `cargo test` runs the example's own check (the examples are `test = true`)
// on sizes a debug build does quickly: one CTA, several, and a padded residue.
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(
        run(&[(64, 64, 64), (256, 128, 24), (150, 130, 21)]),
        ExitCode::SUCCESS
    );
}
