//! Slices, tiles, partitions and views of swizzled tensors (CuTe's
//! `t(_, 3)`, `local_tile`, `local_partition`, the divides on a shared-memory
//! tensor over a composed layout). Every element of every view is checked
//! against the unsliced swizzled tensor's own indexing, and against the
//! same operation on a plain tensor over the swizzle's image (an oracle
//! through the plain code path).

use layout_dsl::tensor::{
    AnyLayout, Residue, Tensor, X, copy, flat_divide, local_partition, local_tile, local_tile_step,
    logical_divide, outer_partition, tiled_divide, zipped_divide,
};
use layout_dsl::{ComposedLayout, IntTuple, Layout, Swizzle, layout};
use proptest::prelude::*;

fn lay(text: &str) -> Layout {
    text.parse().unwrap()
}

/// `0..len` as the storage, so an element's value is its position.
fn iota(len: usize) -> Vec<i64> {
    (0..len as i64).collect()
}

/// The size of each top-level mode (CuTe's `product_each(shape)`): a
/// decayed slice refines a mode's shape as CuTe's composition does.
fn mode_sizes(shape: &IntTuple) -> Vec<i64> {
    match shape {
        IntTuple::Int(n) => vec![*n],
        IntTuple::Tuple(modes) => modes.iter().map(|m| m.size().unwrap()).collect(),
    }
}

fn at2(c: &ComposedLayout, r: usize, k: usize) -> i64 {
    let coord = IntTuple::Tuple(vec![IntTuple::Int(r as i64), IntTuple::Int(k as i64)]);
    c.crd2idx(&coord).unwrap()
}

/// Storage for `c` placed at `base`: its largest swizzled offset plus one.
fn storage(c: &ComposedLayout, base: usize) -> Vec<i64> {
    let high = *c.offsets().unwrap().iter().max().unwrap() as usize;
    iota(base + high + 1)
}

/// The plain oracle: storage `q` with `q[y] = data[base + SW(offset + y)]`
/// for every pre-swizzle offset `y` of the inner layout, read through the
/// inner layout, so `plain[c] == swizzled[c]` at every coordinate.
fn plain_oracle(c: &ComposedLayout, data: &[i64], base: usize) -> Vec<i64> {
    let reach = c.inner().cosize();
    (0..reach)
        .map(|y| data[base + c.outer().apply(c.offset() + y).unwrap() as usize])
        .collect()
}

#[test]
fn cute_slices_of_a_swizzled_smem_tile() {
    let data = iota(512);
    let t = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    // CuTe's `t(_, 3)` on this tile prints `(_8):(_72)` with pointer + 3
    // (the same numbers as `slice_and_offset` in layout-core's golden rows).
    let column = t.slice((X, 3));
    assert_eq!(column.layout(), &AnyLayout::Plain(lay("(8):(72)")));
    assert_eq!(column.base(), 3);
    for r in 0..8 {
        // Independently: row r flips bits 3..6 by r.
        assert_eq!(column[r], ((r * 64 + 3) ^ (r << 3)) as i64);
    }
    // A row reaches the swizzle's Y bits (3..6) only: it decays too, to
    // CuTe's refinement of the 64 columns (8 contiguous, then the XORed bits).
    let row = t.slice((5, X));
    assert!(matches!(row.layout(), AnyLayout::Plain(_)));
    assert_eq!(mode_sizes(row.layout().shape()), [64]);
    for k in 0..64 {
        assert_eq!(row[k], ((5 * 64 + k) ^ (5 << 3)) as i64);
    }
    // Kept modes reaching both the Y and the Z bits keep the swizzle (CuTe's
    // general slice): the offset 3 is folded in, the base stays 0.
    let cube = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,8,8):(64,8,1))).unwrap();
    let plane = cube.slice((X, X, 3));
    assert_eq!(plane.layout().to_string(), "Sw<3,3,3> o 3 o (8,8):(64,8)");
    assert_eq!(plane.base(), 0);
    for r in 0..8 {
        for m in 0..8 {
            assert_eq!(plane[(r, m)], cube[(r, m, 3)]);
            assert_eq!(plane[(r, m)], ((r * 64 + m * 8 + 3) ^ (r << 3)) as i64);
        }
    }
    // A slice of a slice, and all-underscore slices.
    let again = row.slice(X);
    assert_eq!(
        again.iter().collect::<Vec<_>>(),
        row.iter().collect::<Vec<_>>()
    );
    assert!(t.try_slice((8, X)).is_err());
    assert!(t.try_slice((X, 64)).is_err());
    assert!(t.try_slice((X, X, X)).is_err());
}

#[test]
fn views_of_a_swizzled_tensor_do_not_panic_and_write_through_the_swizzle() {
    let mut data = vec![0u32; 512];
    let mut t = Tensor::new(&mut data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    {
        let mut v = t.view_mut();
        assert!(matches!(v.layout(), AnyLayout::Composed(_)));
        let mut row = v.slice_mut((2, X));
        row.for_each_mut(|x| *x = 7);
    }
    for k in 0..64usize {
        assert_eq!(t[(2, k)], 7);
        assert_eq!(t.engine()[(2 * 64 + k) ^ (2 << 3)], 7);
    }
    assert_eq!(t.view().iter().filter(|&&x| x == 7).count(), 64);
}

/// Thread 9 of an (8,4) column-major thread layout over the 8x64 tile
/// copies its share (1 row, 16 columns, every 4th) into registers; the
/// same copy by hand with the swizzle written out.
#[test]
fn copy_from_a_swizzled_partition_equals_the_hand_written_copy() {
    let smem: Vec<u16> = (0..512).map(|x| (x * 7 % 509) as u16).collect();
    let s = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    let threads = lay("(8,4):(1,8)");
    for tid in 0..32usize {
        let mine = local_partition(s.view(), &threads, tid).unwrap();
        assert_eq!(mode_sizes(mine.layout().shape()), [1, 16]);
        let mut regs = Tensor::new(vec![0u16; 16], lay("(1,16):(0,1)")).unwrap();
        copy(&mine, &mut regs);
        let (r, c0) = (tid % 8, tid / 8);
        let by_hand: Vec<u16> = (0..16)
            .map(|j| {
                let x = r * 64 + c0 + 4 * j;
                smem[x ^ (((x >> 6) & 0b111) << 3)]
            })
            .collect();
        assert_eq!(regs.engine(), &by_hand, "thread {tid}");
    }
}

/// `gemm` with a swizzled A (and a swizzled C) against the naive triple
/// loop over the same values read by coordinate.
#[test]
fn gemm_reads_and_writes_through_the_swizzle() {
    let smem: Vec<i64> = (0..512).map(|x| x % 13 - 6).collect();
    let a = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    let bdata: Vec<i64> = (0..4 * 64).map(|x| x % 5 - 2).collect();
    let b = Tensor::new(&bdata[..], lay("(4,64):(64,1)")).unwrap(); // (N,K)
    let mut cdata = vec![1i64; 32];
    let mut c = Tensor::new(&mut cdata[..], layout!(Sw<1,0,3> o 0 o (8,4):(4,1))).unwrap();
    layout_dsl::tensor::gemm(&a, &b, &mut c);
    for m in 0..8 {
        for n in 0..4 {
            let want = 1 + (0..64).map(|k| a[(m, k)] * b[(n, k)]).sum::<i64>();
            assert_eq!(c[(m, n)], want, "({m},{n})");
        }
    }
    // (V)x(V)=>(V) on swizzled rows.
    let mut acc = Tensor::new(vec![0i64; 64], lay("64:1")).unwrap();
    layout_dsl::tensor::gemm(&a.slice((2, X)), &a.slice((3, X)), &mut acc);
    for k in 0..64 {
        assert_eq!(acc[k], a[(2, k)] * a[(3, k)]);
    }
}

#[test]
fn residue_of_a_swizzled_tensor_reads_through_the_swizzle() {
    let data = iota(512);
    let t = Tensor::new(&data[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    // Treat columns 60.. as padding: tiles of 8 columns, the last one masked past 60.
    let tile = local_tile(Residue::new(t.view(), [8, 60]).unwrap(), (8, 8), (0, 7)).unwrap();
    for r in 0..8 {
        for j in 0..8 {
            let want = (j < 4).then(|| t[(r, 56 + j)]);
            assert_eq!(tile.get((r, j)).copied(), want, "({r},{j})");
        }
    }
}

/// The swizzles and inner layouts the properties range over: `(B,M,S)`
/// with `|S| >= B`, an (R,C) inner layout row- or column-major, an offset
/// (a multiple of 64 keeps the slices CuTe decays at offset 0 comparable),
/// and a base.
fn swizzled() -> impl Strategy<Value = (ComposedLayout, usize)> {
    (
        0i64..=3,
        0i64..=3,
        0i64..=2,
        any::<bool>(),
        0usize..4,
        0usize..4,
    )
        .prop_flat_map(|(b, m, extra, neg, log_r, log_c)| {
            let s = (b + extra).max(1) * if neg { -1 } else { 1 };
            let sw = Swizzle::new(b, m, s).unwrap();
            let (rows, cols) = (2i64 << log_r, 2i64 << log_c);
            (
                Just(sw),
                Just((rows, cols)),
                any::<bool>(),
                0i64..3,
                0usize..3,
            )
        })
        .prop_map(|(sw, (rows, cols), row_major, off, base)| {
            let stride = if row_major { (cols, 1) } else { (1, rows) };
            let inner = Layout::new(
                IntTuple::Tuple(vec![IntTuple::Int(rows), IntTuple::Int(cols)]),
                IntTuple::Tuple(vec![IntTuple::Int(stride.0), IntTuple::Int(stride.1)]),
            )
            .unwrap();
            (ComposedLayout::new(sw, off * 64, inner), base)
        })
}

fn extents(c: &ComposedLayout) -> (usize, usize) {
    let mode = |i| c.inner().mode(i).unwrap().size() as usize;
    (mode(0), mode(1))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Every element of `t(_, k)` and `t(r, _)` is the unsliced tensor's.
    #[test]
    fn slices_index_like_the_whole((c, base) in swizzled()) {
        let data = storage(&c, base);
        let t = Tensor::at_base(&data[..], c.clone(), base).unwrap();
        let (rows, cols) = extents(&c);
        for k in 0..cols {
            let col = t.slice((X, k));
            for r in 0..rows {
                prop_assert_eq!(col[r], t[(r, k)]);
                prop_assert_eq!(col[r], base as i64 + at2(&c, r, k));
            }
        }
        for r in 0..rows {
            let row = t.slice((r, X));
            let want: Vec<i64> = (0..cols).map(|k| t[(r, k)]).collect();
            prop_assert_eq!(row.iter().copied().collect::<Vec<_>>(), want);
        }
    }

    /// Tiles, partitions and divides of the swizzled tensor: each element
    /// by coordinate against the whole, and the whole view against the same
    /// call on the plain oracle.
    #[test]
    fn partitions_index_like_the_whole(
        (c, base) in swizzled(), tr in 0usize..3, tc in 0usize..3, pick in 0usize..64,
    ) {
        let data = storage(&c, base);
        let t = Tensor::at_base(&data[..], c.clone(), base).unwrap();
        let q = plain_oracle(&c, &data, base);
        let p = Tensor::new(&q[..], c.inner().clone()).unwrap();
        let (rows, cols) = extents(&c);
        let (bm, bn) = ((1 << tr).min(rows), (1 << tc).min(cols));
        let (ti, tj) = (pick % (rows / bm), pick / 7 % (cols / bn));
        let tile = local_tile(t.view(), (bm, bn), (ti, tj)).unwrap();
        for i in 0..bm {
            for j in 0..bn {
                prop_assert_eq!(tile[(i, j)], t[(ti * bm + i, tj * bn + j)]);
            }
        }
        // Thread layout (bm,bn) column-major: thread `id` at (id % bm, id / bm).
        let threads = Layout::new(
            IntTuple::Tuple(vec![IntTuple::Int(bm as i64), IntTuple::Int(bn as i64)]),
            IntTuple::Tuple(vec![IntTuple::Int(1), IntTuple::Int(bm as i64)]),
        ).unwrap();
        let id = pick % (bm * bn);
        let mine = local_partition(t.view(), &threads, id).unwrap();
        let (r0, c0) = (id % bm, id / bm);
        for i in 0..rows / bm {
            for j in 0..cols / bn {
                prop_assert_eq!(mine[(i, j)], t[(r0 + i * bm, c0 + j * bn)]);
            }
        }
        macro_rules! same {
            ($call:expr, $plain:expr) => {{
                let (s, o) = ($call.unwrap(), $plain.unwrap());
                prop_assert_eq!(mode_sizes(s.layout().shape()), mode_sizes(o.layout().shape()));
                prop_assert_eq!(s.iter().copied().collect::<Vec<_>>(), o.iter().copied().collect::<Vec<_>>());
            }};
        }
        same!(zipped_divide(t.view(), (bm, bn)), zipped_divide(p.view(), (bm, bn)));
        same!(logical_divide(t.view(), (bm, bn)), logical_divide(p.view(), (bm, bn)));
        same!(tiled_divide(t.view(), (bm, bn)), tiled_divide(p.view(), (bm, bn)));
        same!(flat_divide(t.view(), (bm, bn)), flat_divide(p.view(), (bm, bn)));
        same!(local_tile(t.view(), (bm, bn), (ti, X)), local_tile(p.view(), (bm, bn), (ti, X)));
        same!(outer_partition(t.view(), (bm, bn), (r0, c0)), outer_partition(p.view(), (bm, bn), (r0, c0)));
        same!(
            local_tile_step(t.view(), (bm, 1, bn), (ti, 0, tj), (1, X, 1)),
            local_tile_step(p.view(), (bm, 1, bn), (ti, 0, tj), (1, X, 1))
        );
        same!(local_partition(t.view(), &threads, id), local_partition(p.view(), &threads, id));
        // A slice of a tile of a swizzled tensor.
        let tile_col = tile.slice((X, bn - 1));
        for i in 0..bm {
            prop_assert_eq!(tile_col[i], t[(ti * bm + i, tj * bn + bn - 1)]);
        }
    }
}

/// The README's swizzled-tensor example, verbatim.
#[test]
fn the_readme_example() {
    let smem: Vec<u16> = (0..512).collect();
    let tile = Tensor::new(&smem[..], layout!(Sw<3,3,3> o 0 o (8,64):(64,1))).unwrap();
    assert_eq!(tile[(3, 17)], (3 * 64 + 17) ^ (3 << 3)); // the row flips the 8-element block
    let column = tile.slice((X, 3)); // CuTe's tile(_, 3): (_8):(_72), pointer + 3
    assert_eq!(
        (column.layout().to_string(), column.base()),
        ("(8):(72)".into(), 3)
    );
    let threads = "(8,4):(1,8)".parse().unwrap();
    let mine = local_partition(tile.view(), &threads, 9).unwrap(); // row 1, columns 1, 5, 9, …
    assert_eq!(mine[(0, 2)], tile[(1, 9)]);
}
