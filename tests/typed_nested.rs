//! The typed partitions on nested layouts (each top-level mode a tuple of
//! leaves, static or dynamic) against two references: the run-time tensor
//! functions of `layout_dsl::tensor` (the core's algebra), and a brute
//! force from CuTe's definition (a mode divided by a tile `T` is the
//! mode's 1-D index space cut into runs of `T`: element `x` of tile `y` is
//! the mode's element `y·T + x`, read past the mode through its last leaf).
//! Results are compared as functions: the same size per top-level mode and
//! the same element at every coordinate (the core coalesces static modes
//! that the typed path keeps apart, as CuTe does only for static leaves).

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{IntTuple, layout};
use proptest::prelude::*;

/// Room for every tile the tests form, partial ones included.
const LEN: usize = 1 << 14;

fn positions() -> Vec<usize> {
    (0..LEN).collect()
}

/// A mode as its leaves `(extent, stride)`.
type Leaves = Vec<(usize, usize)>;

/// The mode's element at 1-D index `i`, colexicographic, the last leaf
/// unbounded (CuTe's `crd2idx` of an integer).
fn mode_at(mode: &Leaves, mut i: usize) -> usize {
    let mut offset = 0;
    for (k, &(s, d)) in mode.iter().enumerate() {
        let c = if k + 1 == mode.len() { i } else { i % s };
        offset += c * d;
        i = if k + 1 == mode.len() { 0 } else { i / s };
    }
    offset
}

/// Whether a tile of `t` spreads over the leaves with every non-last leaf
/// and the part of the tile it takes dividing one another (the nesting's
/// condition), a leaf that does not divide merged with the leaves that
/// continue it (the next stride its extent times its stride: the same
/// elements in the same order, as CuTe's coalesce sees it); else the typed
/// path refuses.
fn spreads(mode: &Leaves, t: usize) -> bool {
    let (mut r, last) = (t, mode.len() - 1);
    let mut k = 0;
    while k < last {
        let (mut s, d) = mode[k];
        loop {
            let take = s.min(r);
            if take != 0 && r % take == 0 && s % take == 0 {
                r /= take;
                break;
            }
            k += 1;
            if s == 0 || mode[k].1 != s * d {
                return false;
            }
            s *= mode[k].0;
            if k == last {
                return true;
            }
        }
        k += 1;
    }
    true
}

/// The sizes of the top-level modes of a tensor's layout and its elements.
fn seen<L: tensor::AsLayout>(t: &Tensor<&[usize], L>) -> (Vec<i64>, Vec<usize>) {
    let core = t.layout().to_core().unwrap();
    let sizes = match core.shape() {
        IntTuple::Int(n) => vec![*n],
        IntTuple::Tuple(modes) => modes.iter().map(|m| m.size().unwrap()).collect(),
    };
    (sizes, t.iter().copied().collect())
}

/// Elements of a rank-`n` result in layout order from a function of the
/// per-mode 1-D indices, for the given mode sizes.
fn brute(sizes: &[i64], at: impl Fn(&[usize]) -> usize) -> Vec<usize> {
    let total: i64 = sizes.iter().product();
    (0..total as usize)
        .map(|mut i| {
            let idx: Vec<usize> = sizes
                .iter()
                .map(|&s| {
                    let c = i % s as usize;
                    i /= s as usize;
                    c
                })
                .collect();
            at(&idx)
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `local_tile` of `((a,b),(c,m))` by `(4, 8)`: at a tile, and with `X`
    /// over each mode's tiles; typed exactly when the tile spreads.
    #[test]
    fn nested_local_tile_equals_the_core_and_the_definition(
        a in 1usize..6, b in 1usize..6, c in 1usize..9, m in 1usize..12,
        d in prop::array::uniform4(0usize..9).prop_map(|[p, q, r, s]| (p, q, r, s)), i in 0usize..50, j in 0usize..50,
    ) {
        let data = positions();
        let (d0, d1, d2, d3) = d;
        let l = layout!(((a,b),(c,m)):((d0,d1),(d2,d3)));
        let modes: [Leaves; 2] = [vec![(a, d0), (b, d1)], vec![(c, d2), (m, d3)]];
        let tiles = [(a * b).div_ceil(4), (c * m).div_ceil(8)];
        let (i, j) = (i % tiles[0], j % tiles[1]);
        let typed_t = Tensor::new(&data[..], l).unwrap();
        let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
        let ok = spreads(&modes[0], 4) && spreads(&modes[1], 8);
        let got = typed::local_tile(typed_t, (C::<4>, C::<8>), (i, j));
        prop_assert_eq!(got.is_ok(), ok, "{:?}", got.as_ref().err());
        if let Ok(got) = got {
            let (sizes, elements) = seen(&got);
            prop_assert_eq!(&sizes, &vec![4, 8]);
            let want = brute(&sizes, |x| mode_at(&modes[0], i * 4 + x[0]) + mode_at(&modes[1], j * 8 + x[1]));
            prop_assert_eq!(&elements, &want);
            if let Ok(core) = tensor::local_tile(core_t.view(), (4, 8), (i, j)) {
                prop_assert_eq!(seen(&core), (sizes, elements));
            }
            // The tile grid of mode 1 kept: (4, 8, tiles of mode 1).
            let got = typed::local_tile(typed_t, (C::<4>, C::<8>), (i, X)).unwrap();
            let (sizes, elements) = seen(&got);
            prop_assert_eq!(&sizes, &vec![4, 8, tiles[1] as i64]);
            let want = brute(&sizes, |x| mode_at(&modes[0], i * 4 + x[0]) + mode_at(&modes[1], x[2] * 8 + x[1]));
            prop_assert_eq!(&elements, &want);
            if let Ok(core) = tensor::local_tile(core_t.view(), (4, 8), (i, X)) {
                prop_assert_eq!(seen(&core), (sizes, elements));
            }
            // outer_partition: element (i % 4, j % 8) of every tile.
            let got = typed::outer_partition(typed_t, (C::<4>, C::<8>), (i % 4, j % 8)).unwrap();
            let (sizes, elements) = seen(&got);
            prop_assert_eq!(&sizes, &vec![tiles[0] as i64, tiles[1] as i64]);
            let want = brute(&sizes, |y| mode_at(&modes[0], y[0] * 4 + i % 4) + mode_at(&modes[1], y[1] * 8 + j % 8));
            prop_assert_eq!(&elements, &want);
            if let Ok(core) = tensor::outer_partition(core_t.view(), (4, 8), (i % 4, j % 8)) {
                prop_assert_eq!(seen(&core), (sizes, elements));
            }
        }
    }

    /// Mixed static and dynamic leaves, `((2,4),(8,m))` as in CuTe's
    /// examples, tiled by `(4, 16)` and by a tuple tiler `((2,2), 16)`.
    #[test]
    fn static_and_dynamic_leaves(m in 1usize..20, i in 0usize..2, j in 0usize..40) {
        let data = positions();
        let l = layout!(type ((2,4),(8,m)):((1,2),(8,64)));
        let modes: [Leaves; 2] = [vec![(2, 1), (4, 2)], vec![(8, 8), (m, 64)]];
        let j = j % (8 * m).div_ceil(16);
        let typed_t = Tensor::new(&data[..], l).unwrap();
        let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
        let got = typed::local_tile(typed_t, (C::<4>, C::<16>), (i, j)).unwrap();
        let (sizes, elements) = seen(&got);
        let want = brute(&sizes, |x| mode_at(&modes[0], i * 4 + x[0]) + mode_at(&modes[1], j * 16 + x[1]));
        prop_assert_eq!(&elements, &want);
        prop_assert_eq!(seen(&tensor::local_tile(core_t.view(), (4, 16), (i, j)).unwrap()), (sizes, elements));
        // By sub-mode: tiles of (2,2) inside (2,4), coordinate (0, i) in its grid (1,2).
        let got = typed::local_tile(typed_t, ((C::<2>, C::<2>), C::<16>), ((0, i), X)).unwrap();
        let want = tensor::local_tile(core_t.view(), ((2, 2), 16), ((0, i), X)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        // CuTe's Step: the (4, _, 16) tiler projected to modes 0 and 2, and
        // a thread share of the tile through a projected (2,4,2) thread layout.
        let one = C::<1>;
        let got = typed::local_tile_step(typed_t, (C::<4>, C::<3>, C::<16>), (i, 2, X), (one, X, one)).unwrap();
        let want = tensor::local_tile_step(core_t.view(), (4, 3, 16), (i, 2, X), (1, X, 1)).unwrap();
        prop_assert_eq!(seen(&got), seen(&want));
        let threads = layout!(type (2,4,2):(1,2,8));
        let core_thr = threads.to_core().unwrap();
        for thr in 0..16 {
            let share = typed::local_partition_step(got, &threads, thr, (one, X, one)).unwrap();
            let core_share = tensor::local_partition_step(want.view(), &core_thr, thr, (1, X, 1)).unwrap();
            prop_assert_eq!(seen(&share), seen(&core_share));
        }
    }

    /// Slices with `X`, integers for whole nested modes, and tuple
    /// coordinates inside a mode (`t(_, (1, _))`).
    #[test]
    fn nested_slice_equals_the_core(
        a in 1usize..5, b in 1usize..5, c in 1usize..5, m in 1usize..6,
        d in prop::array::uniform4(0usize..7).prop_map(|[p, q, r, s]| (p, q, r, s)), k in 0usize..100,
    ) {
        let data = positions();
        let (d0, d1, d2, d3) = d;
        let l = layout!(((a,b),(c,m)):((d0,d1),(d2,d3)));
        let typed_t = Tensor::new(&data[..], l).unwrap();
        let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
        let (p, q) = (k % (a * b), k % (c * m));
        prop_assert_eq!(seen(&typed::slice(typed_t, (X, q)).unwrap()), seen(&core_t.slice((X, q))));
        prop_assert_eq!(seen(&typed::slice(typed_t, (p, X)).unwrap()), seen(&core_t.slice((p, X))));
        let (cc, mm) = (k % c, k % m);
        let got = typed::slice(typed_t, (X, (cc, X))).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice((X, (cc, X)))));
        let got = typed::slice(typed_t, ((X, k % b), (X, mm))).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice(((X, k % b), (X, mm)))));
        prop_assert!(typed::slice(typed_t, (X, (c, X))).is_err());
        prop_assert!(typed::slice(typed_t, (a * b, X)).is_err());
    }

    /// `local_partition` of a nested tensor by flat thread layouts: the same
    /// share as the core's, and every element in exactly one share.
    #[test]
    fn nested_local_partition_covers_once(a in 1usize..4, mt in 1usize..4, n in 1usize..4, m in 1usize..4) {
        // ((2a, mt·2), (2n, m)) compact: 4 | size of mode 0, 2 | size of mode 1.
        let data = positions();
        let (s0, s1, s2) = (2 * a, 2 * mt, 2 * n);
        let (d1, d2) = (s0, s0 * s1);
        let d3 = d2 * s2;
        let l = layout!(((s0,s1),(s2,m)):((1,d1),(d2,d3)));
        let size = s0 * s1 * s2 * m;
        let typed_t = Tensor::new(&data[..size], l).unwrap();
        let core_t = Tensor::new(&data[..size], l.to_core().unwrap()).unwrap();
        macro_rules! check {
            ($threads:expr, $text:expr) => {{
                let threads = $threads;
                let core_thr: layout_dsl::Layout = $text.parse().unwrap();
                let mut count = vec![0; size];
                let modes: [Leaves; 2] = [vec![(s0, 1), (s1, d1)], vec![(s2, d2), (m, d3)]];
                let ok = spreads(&modes[0], 4) && spreads(&modes[1], 2);
                for thr in 0..8 {
                    let share = typed::local_partition(typed_t, &threads, thr);
                    prop_assert_eq!(share.is_ok(), ok);
                    let Ok(share) = share else { continue };
                    let want = tensor::local_partition(core_t.view(), &core_thr, thr).unwrap();
                    prop_assert_eq!(seen(&share), seen(&want));
                    for &p in share.iter() {
                        count[p] += 1;
                    }
                }
                if ok {
                    prop_assert!(count.iter().all(|&c| c == 1), "{:?}", count);
                }
            }};
        }
        check!(layout!(type (4,2):(1,4)), "(4,2):(1,4)");
        check!(layout!(type (4,2):(2,1)), "(4,2):(2,1)");
    }
}

/// A nested thread layout, `((2,2),2):((1,4),2)` (threads numbered
/// across the sub-modes), over a nested tensor: each share is the core's,
/// and the shares cover the tensor once.
#[test]
fn nested_thread_layout_covers_once() {
    let data = positions();
    for (a, m) in [(2, 1), (4, 3), (8, 2)] {
        let l = layout!(((a,4),(2,m)):((1,a),({4 * a},{8 * a})));
        let size = a * 4 * 2 * m;
        let typed_t = Tensor::new(&data[..size], l).unwrap();
        let core_t = Tensor::new(&data[..size], l.to_core().unwrap()).unwrap();
        let threads = layout!(type ((2,2),2):((1,4),2));
        let core_thr = threads.to_core().unwrap();
        let mut count = vec![0; size];
        for thr in 0..8 {
            let share = typed::local_partition(typed_t, &threads, thr).unwrap();
            let want = tensor::local_partition(core_t.view(), &core_thr, thr).unwrap();
            assert_eq!(seen(&share), seen(&want), "a = {a}, m = {m}, thread {thr}");
            for &p in share.iter() {
                count[p] += 1;
            }
        }
        assert!(count.iter().all(|&c| c == 1), "{count:?}");
    }
}

/// A static nested layout stays static through the partitions: no field
/// at all, and the offsets of the core's partition.
#[test]
fn static_nested_partitions_stay_static() {
    let data = positions();
    let t = Tensor::new(&data[..], layout!(type ((2,4),(8,16)):((1,2),(8,64)))).unwrap();
    let tile = typed::local_tile(t, (C::<4>, C::<16>), (1, X)).unwrap();
    assert_eq!(core::mem::size_of_val(tile.layout()), 0);
    // The grid's leaf of extent 1 steps by 8·16, what is left of the tile
    // there times its stride, as CuTe's walk of a dynamic mode does.
    assert_eq!(
        tile.layout().to_string(),
        "((2,2),(8,2),(1,8)):((1,2),(8,64),(128,128))"
    );
    let core_t = Tensor::new(&data[..], t.layout().to_core().unwrap()).unwrap();
    let want = tensor::local_tile(core_t.view(), (4, 16), (1, X)).unwrap();
    assert_eq!(seen(&tile), seen(&want));
    // A compact register tile of the same nesting, static too; copied into.
    // CuTe's make_tensor_like of this layout (CUTLASS's headers):
    // ((_2,_2),(_8,_2),(_1,_8)):((_1,_2),(_4,_32),(_0,_64)), the extent 1's
    // stride `_0` (compact_major).
    let mut regs = typed::make_tensor_like::<usize, _, _, _, _>(&tile).unwrap();
    assert_eq!(
        regs.layout().to_string(),
        "((2,2),(8,2),(1,8)):((1,2),(4,32),(0,64))"
    );
    assert_eq!(core::mem::size_of_val(regs.layout()), 0);
    typed::copy(&tile, &mut regs);
    assert_eq!(regs.iter().copied().collect::<Vec<_>>(), seen(&want).1);
}

/// A run-time value that breaks the nesting is an error naming it; where
/// the leaves continue one another they merge, and the tile is the core's.
#[test]
fn indivisible_nesting_names_the_values() {
    let data = positions();
    let (a, m) = (3, 8);
    // Leaf `4` steps by 4, not 3: the leaves do not continue one another.
    let t = Tensor::new(&data[..], layout!(((a,4),m):((1,4),16))).unwrap();
    let e = typed::local_tile(t, (C::<4>, C::<2>), (0, 0)).unwrap_err();
    assert_eq!(
        e.to_string(),
        "shape_div needs 3 and 4 to divide one another"
    );
    // `(3,4):(1,3)` is `12:1`: tile 1 is elements 4..8.
    let l = layout!(((a,4),m):((1,a),12));
    let t = Tensor::new(&data[..], l).unwrap();
    let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
    let got = typed::local_tile(t, (C::<4>, C::<2>), (1, 0)).unwrap();
    let want = tensor::local_tile(core_t.view(), (4, 2), (1, 0)).unwrap();
    assert_eq!(seen(&got), seen(&want));
    assert_eq!(seen(&got).1, [4, 5, 6, 7, 16, 17, 18, 19]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    /// A mode three levels deep, `((a,b),c)`: one tile spreads over its
    /// leaves in order (CuTe flattens the mode), and slices reach inside.
    #[test]
    fn three_levels(
        a in 1usize..5, b in 1usize..5, c in 1usize..4, m in 1usize..9,
        d in prop::array::uniform4(0usize..7).prop_map(|[p, q, r, s]| (p, q, r, s)), k in 0usize..100,
    ) {
        let data = positions();
        let (d0, d1, d2, d3) = d;
        let l = layout!((((a,b),c),m):(((d0,d1),d2),d3));
        let modes: [Leaves; 2] = [vec![(a, d0), (b, d1), (c, d2)], vec![(m, d3)]];
        let typed_t = Tensor::new(&data[..], l).unwrap();
        let core_t = Tensor::new(&data[..], l.to_core().unwrap()).unwrap();
        let i = k % (a * b * c).div_ceil(8);
        let got = typed::local_tile(typed_t, (C::<8>, C::<2>), (i, X));
        prop_assert_eq!(got.is_ok(), spreads(&modes[0], 8));
        if let Ok(got) = got {
            let (sizes, elements) = seen(&got);
            prop_assert_eq!(&sizes, &vec![8, 2, m.div_ceil(2) as i64]);
            let want = brute(&sizes, |x| mode_at(&modes[0], i * 8 + x[0]) + mode_at(&modes[1], x[2] * 2 + x[1]));
            prop_assert_eq!(&elements, &want);
            if let Ok(core) = tensor::local_tile(core_t.view(), (8, 2), (i, X)) {
                prop_assert_eq!(seen(&core), (sizes, elements));
            }
        }
        let got = typed::slice(typed_t, (((X, k % b), X), k % m)).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice((((X, k % b), X), k % m))));
        let got = typed::slice(typed_t, (k % (a * b * c), X)).unwrap();
        prop_assert_eq!(seen(&got), seen(&core_t.slice((k % (a * b * c), X))));
    }
}

/// A negative static stride inside a nested mode (a signed layout): the
/// tiles and slices are the core's, element by element.
#[test]
fn negative_strides_in_a_nested_mode() {
    let data = positions();
    for m in 1..7usize {
        let l = layout!(((2,4),m):((-1,2),8));
        let typed_t = Tensor::at_base(&data[..], l, 1).unwrap();
        let core_t = Tensor::at_base(&data[..], l.to_core().unwrap(), 1).unwrap();
        for i in 0..2 {
            let got = typed::local_tile(typed_t, (C::<4>, C::<2>), (i, X)).unwrap();
            let want = tensor::local_tile(core_t.view(), (4, 2), (i, X)).unwrap();
            assert_eq!(seen(&got), seen(&want), "m = {m}, tile {i}");
        }
        let got = typed::slice(typed_t, ((1, X), X)).unwrap();
        assert_eq!(seen(&got), seen(&core_t.slice(((1, X), X))));
    }
}

/// A nested typed tile copied into a flat typed register tensor of the
/// same size (CuTe's `copy` by 1-D index) through the run-time `copy`,
/// which takes typed tensors: element `i` of the tile lands at `i`.
#[test]
fn nested_tile_copies_into_a_flat_register_tensor() {
    let n = 8;
    let data: Vec<usize> = (0..64 * n).collect();
    let t = Tensor::new(&data[..], layout!(((2,4),(8,n)):((1,2),(8,64)))).unwrap();
    let tile = typed::local_tile(t, (C::<8>, C::<2>), (0, 1)).unwrap();
    let mut regs = vec![0usize; 16];
    let mut dst = Tensor::new(&mut regs[..], layout!(type (4,4):(1,4))).unwrap();
    tensor::copy(&tile, &mut dst);
    let tile_core = tile.layout().to_core().unwrap();
    let want: Vec<usize> = (0..16)
        .map(|i| data[tile.base() + tile_core.at(i).unwrap() as usize])
        .collect();
    assert_eq!(regs, want);
}
