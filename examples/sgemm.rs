//! CuTe's tutorial GEMM (`examples/cute/tutorial/sgemm_1.cu`) on the CPU,
//! kept in CuTe's shape: global `(M,K)`, `(N,K)`, `(M,N)` tensors, one
//! CTA tile per `local_tile` with a `(BLK_M,BLK_N,BLK_K)` = (128,128,8)
//! tiler and `Step` projections, shared-memory tiles, `local_partition`
//! over (32,8) copy threads and (16,16) compute threads, `copy`, `gemm`,
//! `axpby`. The threads of a CTA are simulated by loops, one loop per
//! phase between two `__syncthreads()`.
//!
//! `sgemm_1` assumes whole tiles (`gemm_device`). Sizes that are not
//! multiples of the tile run `gemm_device_predicated` on storage of exactly
//! the matrices' size, as CuTe's predicated tutorial steps do: the global
//! tensors are [`Residue`]s (each element's coordinate from an identity
//! tensor partitioned by the same calls, valid when `elem_less(coord,
//! shape)`), the copies into shared memory move only valid elements over a
//! cleared tile (so the k residue adds zeros), and the epilogue writes only
//! valid elements of C.
//!
//! Checks itself against a naive triple loop (bit for bit: every `C(m,n)`
//! sums its products in `k` order on both sides).
//!
//! `cargo run --release --example sgemm [M N K]…`

use std::process::ExitCode;

use layout_dsl::tensor::{
    Residue, Tensor, X, clear, gemm, local_partition, local_partition_step, local_tile_step, typed,
};
use layout_dsl::typed::C;
use layout_dsl::{Error, IntTuple, Layout, layout};

const BLK_M_: i64 = 128;
const BLK_N_: i64 = 128;
const BLK_K_: i64 = 8;
const BLK_M: usize = BLK_M_ as usize;
const BLK_N: usize = BLK_N_ as usize;
const BLK_K: usize = BLK_K_ as usize;
/// CuTe's `_1` in a `Step`: the mode takes part.
const _1: C<1> = C;

/// A column-major `(rows, cols)` matrix with leading dimension `ld`.
fn matrix(rows: usize, cols: usize, ld: usize) -> Result<Layout, Error> {
    let [r, c, ld] = [rows, cols, ld].map(|x| x as i64);
    Layout::new(IntTuple::from([r, c]), IntTuple::from([1, ld]))
}

fn compact(rows: usize, cols: usize) -> Result<Layout, Error> {
    Layout::column_major(IntTuple::from([rows as i64, cols as i64]))
}

type View<'a> = Tensor<&'a [u8], Layout>;

/// `C = alpha·A·Bᵀ + beta·C` ("NT": A is (M,K), B is (N,K), both
/// column-major), every CTA of the grid in turn. The shape of `gemm_device`,
/// on typed layouts: the tiles, thread layouts and shared memory are
/// static, the global extents and leading dimensions run-time values, and
/// every tile and partition a typed view (no allocation, static strides
/// where CuTe's are static: the per-thread MMA runs on constants).
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
    let cta_tiler = (C::<BLK_M_>, C::<BLK_N_>, C::<BLK_K_>); // (BLK_M, BLK_N, BLK_K)
    let m_a = Tensor::new(a, layout!((m,k):(1,lda)))?; // (M,K)
    let m_b = Tensor::new(b, layout!((n,k):(1,ldb)))?; // (N,K)
    let mut m_c = Tensor::new(c, layout!((m,n):(1,ldc)))?; // (M,N)

    // Shared memory and the thread layouts, as the host code of sgemm_1 sets them.
    let s_a_layout = layout!(type (128,8):(1,128)); // (BLK_M,BLK_K)
    let s_b_layout = layout!(type (128,8):(1,128)); // (BLK_N,BLK_K)
    let t_a = layout!(type (32,8):(1,32)); // copy threads for A
    let t_b = layout!(type (32,8):(1,32)); // copy threads for B
    let t_c = layout!(type (16,16):(1,16)); // compute threads
    let threads = t_c.size();
    let mut smem_a = vec![0.0f32; s_a_layout.cosize()];
    let mut smem_b = vec![0.0f32; s_b_layout.cosize()];

    // Every thread's accumulators (`make_tensor_like(tCgC)`): a register
    // tensor of static shape per thread, made once and cleared per CTA.
    let mut tc_rc = {
        let g_c = typed::local_tile_step(m_c.by_ref(), cta_tiler, (0, 0, X), (_1, _1, X))?;
        (0..threads)
            .map(|thr| typed::make_tensor_like(&typed::local_partition(g_c, &t_c, thr)?))
            .collect::<Result<Vec<_>, Error>>()?
    };

    for block_y in 0..n.div_ceil(BLK_N) {
        for block_x in 0..m.div_ceil(BLK_M) {
            let cta_coord = (block_x, block_y, X); // (m,n,k)
            let g_a = typed::local_tile_step(m_a.by_ref(), cta_tiler, cta_coord, (_1, X, _1))?; // (BLK_M,BLK_K,k)
            let g_b = typed::local_tile_step(m_b.by_ref(), cta_tiler, cta_coord, (X, _1, _1))?; // (BLK_N,BLK_K,k)

            let ta_ga = (0..threads)
                .map(|thr| typed::local_partition(g_a, &t_a, thr)) // (THR_M,THR_K,k)
                .collect::<Result<Vec<_>, _>>()?;
            let tb_gb = (0..threads)
                .map(|thr| typed::local_partition(g_b, &t_b, thr)) // (THR_N,THR_K,k)
                .collect::<Result<Vec<_>, _>>()?;
            tc_rc.iter_mut().for_each(typed::clear);

            let k_tile_max = g_a.layout().shape().2;
            for k_tile in 0..k_tile_max {
                // Copy gmem to smem with the copy threads.
                let mut s_a = Tensor::new(&mut smem_a[..], s_a_layout)?;
                let mut s_b = Tensor::new(&mut smem_b[..], s_b_layout)?;
                for thr in 0..threads {
                    let mut ta_sa = typed::local_partition(s_a.by_mut(), &t_a, thr)?; // (THR_M,THR_K)
                    typed::copy(&typed::slice(ta_ga[thr], (X, X, k_tile))?, &mut ta_sa);
                    let mut tb_sb = typed::local_partition(s_b.by_mut(), &t_b, thr)?; // (THR_N,THR_K)
                    typed::copy(&typed::slice(tb_gb[thr], (X, X, k_tile))?, &mut tb_sb);
                }
                // __syncthreads(); then compute on smem with the compute threads.
                let (s_a, s_b) = (
                    Tensor::new(&smem_a[..], s_a_layout)?,
                    Tensor::new(&smem_b[..], s_b_layout)?,
                );
                for (thr, acc) in tc_rc.iter_mut().enumerate() {
                    let tc_sa = typed::local_partition_step(s_a, &t_c, thr, (_1, X))?; // (THR_M,BLK_K)
                    let tc_sb = typed::local_partition_step(s_b, &t_c, thr, (X, _1))?; // (THR_N,BLK_K)
                    typed::gemm(&tc_sa, &tc_sb, acc);
                }
            }

            // Epilogue: C = alpha·acc + beta·C, each thread its share.
            let mut g_c = typed::local_tile_step(m_c.by_mut(), cta_tiler, cta_coord, (_1, _1, X))?; // (BLK_M,BLK_N)
            for (thr, acc) in tc_rc.iter().enumerate() {
                let mut tc_gc = typed::local_partition(g_c.by_mut(), &t_c, thr)?; // (THR_M,THR_N)
                typed::axpby(alpha, acc, beta, &mut tc_gc);
            }
        }
    }
    Ok(())
}

/// Each thread's share of a shared-memory tile, as layout and base (the
/// predicated path, on the run-time layouts): it does not depend on the
/// CTA, so it is partitioned once (over a stand-in buffer), and the phases
/// rebuild tensors over the real shared memory from it.
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

/// `gemm_device` for any sizes: the same tiles and thread shares, cut from
/// [`Residue`]s of the global tensors, so that tiles past the matrices are
/// predicated instead of read (CuTe's `copy_if(tApA, tAgA, tAsA)` and
/// predicated epilogue).
#[allow(clippy::too_many_arguments)]
pub fn gemm_device_predicated(
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
    let m_a = Residue::new(Tensor::new(a, matrix(m, k, lda)?)?, [m, k])?; // (M,K)
    let m_b = Residue::new(Tensor::new(b, matrix(n, k, ldb)?)?, [n, k])?; // (N,K)
    let mut m_c = Tensor::new(c, matrix(m, n, ldc)?)?; // (M,N)

    let s_a_layout = compact(BLK_M, BLK_K)?;
    let s_b_layout = compact(BLK_N, BLK_K)?;
    let t_a = compact(32, 8)?;
    let t_b = compact(32, 8)?;
    let t_c = compact(16, 16)?;
    let threads = t_c.size() as usize;
    let mut smem_a = vec![0.0f32; s_a_layout.cosize() as usize];
    let mut smem_b = vec![0.0f32; s_b_layout.cosize() as usize];

    let ta_sa = shares(&s_a_layout, threads, |s, thr| local_partition(s, &t_a, thr))?;
    let tb_sb = shares(&s_b_layout, threads, |s, thr| local_partition(s, &t_b, thr))?;
    let tc_sa = shares(&s_a_layout, threads, |s, thr| {
        local_partition_step(s, &t_c, thr, (1, X))
    })?;
    let tc_sb = shares(&s_b_layout, threads, |s, thr| {
        local_partition_step(s, &t_c, thr, (X, 1))
    })?;

    for block_y in 0..n.div_ceil(BLK_N) {
        for block_x in 0..m.div_ceil(BLK_M) {
            let cta_coord = (block_x, block_y, X);
            let g_a = local_tile_step(m_a.clone(), cta_tiler, cta_coord, (1, X, 1))?; // (BLK_M,BLK_K,k)
            let g_b = local_tile_step(m_b.clone(), cta_tiler, cta_coord, (X, 1, 1))?; // (BLK_N,BLK_K,k)
            let ta_ga = (0..threads)
                .map(|thr| local_partition(g_a.clone(), &t_a, thr))
                .collect::<Result<Vec<_>, _>>()?;
            let tb_gb = (0..threads)
                .map(|thr| local_partition(g_b.clone(), &t_b, thr))
                .collect::<Result<Vec<_>, _>>()?;

            let mut tc_rc = (0..threads)
                .map(|thr| {
                    let share = c_share(m_c.view_mut(), [m, n], cta_coord, &t_c, thr)?;
                    let shape = share.shape().clone();
                    let like = Layout::column_major(shape)?;
                    Tensor::new(vec![0.0f32; like.size() as usize], like)
                })
                .collect::<Result<Vec<_>, Error>>()?;

            let k_tile_max = g_a.shape().mode(2).map_or(1, |k| k.size().unwrap_or(1));
            for k_tile in 0..k_tile_max as usize {
                // Predicated copy over a cleared tile: masked elements stay 0.
                for thr in 0..threads {
                    let (l, base) = &ta_sa[thr];
                    let mut s = Tensor::at_base(&mut smem_a[..], l, *base)?;
                    clear(&mut s);
                    ta_ga[thr].slice((X, X, k_tile))?.copy_into(&mut s);
                    let (l, base) = &tb_sb[thr];
                    let mut s = Tensor::at_base(&mut smem_b[..], l, *base)?;
                    clear(&mut s);
                    tb_gb[thr].slice((X, X, k_tile))?.copy_into(&mut s);
                }
                for (thr, acc) in tc_rc.iter_mut().enumerate() {
                    let (la, base_a) = &tc_sa[thr];
                    let (lb, base_b) = &tc_sb[thr];
                    let s_a = Tensor::at_base(&smem_a[..], la, *base_a)?;
                    let s_b = Tensor::at_base(&smem_b[..], lb, *base_b)?;
                    gemm(&s_a, &s_b, acc);
                }
            }

            // Predicated epilogue: only the elements of C inside (M,N).
            for (thr, acc) in tc_rc.iter().enumerate() {
                let mut tc_gc = c_share(m_c.view_mut(), [m, n], cta_coord, &t_c, thr)?;
                tc_gc.for_each_valid_mut(|i, y| *y = alpha * acc[i] + beta * *y);
            }
        }
    }
    Ok(())
}

/// Thread `thr`'s share of the CTA's tile of C, predicated: `tCgC`.
fn c_share<'c>(
    c: Tensor<&'c mut [f32], Layout>,
    extents: [usize; 2],
    cta_coord: (usize, usize, X),
    t_c: &Layout,
    thr: usize,
) -> Result<Residue<&'c mut [f32], Layout, 2>, Error> {
    let whole = Residue::new(c, extents)?;
    let g_c = local_tile_step(whole, (BLK_M, BLK_N, BLK_K), cta_coord, (1, 1, X))?; // (BLK_M,BLK_N)
    local_partition(g_c, t_c, thr) // (THR_M,THR_N)
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
    // Storage of exactly the matrices' size, column-major.
    let (lda, ldb, ldc) = (m, n, m);
    // Small integers in the values keep the products exact in f32; the
    // sums still round, which the bit-exact comparison then checks.
    let fill = |rows: usize, cols: usize, seed: usize| -> Vec<f32> {
        (0..rows * cols)
            .map(|p| {
                let (i, j) = (p % rows, p / rows);
                (((i * 7 + j * 13 + seed) % 17) as f32 - 8.0) / 4.0
            })
            .collect()
    };
    let (a, b) = (fill(m, k, 1), fill(n, k, 2));
    let c0 = fill(m, n, 3);
    let (alpha, beta) = (1.5f32, -0.5f32);
    let mut got = c0.clone();
    let whole_tiles = m % BLK_M == 0 && n % BLK_N == 0 && k % BLK_K == 0;
    let device = if whole_tiles {
        gemm_device
    } else {
        gemm_device_predicated
    };
    device((m, n, k), &a, lda, &b, ldb, &mut got, ldc, alpha, beta)?;
    let mut want = c0;
    naive((m, n, k), &a, lda, &b, ldb, &mut want, ldc, alpha, beta);
    Ok(got == want)
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
// on sizes a debug build does quickly: one CTA, several, and residues in
// M, N and K predicated over exact-size storage.
#[test]
fn checks_itself_against_a_naive_loop() {
    assert_eq!(
        run(&[(64, 64, 64), (256, 128, 24), (150, 130, 21)]),
        ExitCode::SUCCESS
    );
}
