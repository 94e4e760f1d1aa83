//! Tensor partitioning: CuTe's own results (printed by CuTe from CUTLASS's
//! headers, a host build), and coverage laws on random shapes: the tiles
//! of `local_tile` and the threads' shares of `local_partition` each visit
//! every element of the tensor exactly once; identity tensors partitioned
//! alongside name the coordinates of the data elements, residue included.

use layout_dsl::Layout;
use layout_dsl::tensor::{
    Tensor, X, copy_if, elem_less, inner_partition, local_partition, local_partition_step,
    local_tile, local_tile_step, make_identity_tensor, outer_partition, zipped_divide,
};
use proptest::prelude::*;

fn layout(text: &str) -> Layout {
    text.parse().unwrap()
}

/// Layout and base offset, as the CuTe harness prints them. The hierarchical
/// cases are CuTe's results with static extents (`_2`, …): with dynamic
/// ones CuTe keeps the extent-1 modes its composition leaves, as
/// `((1,2),2):((4,4),24)` for `(2,2):(4,24)`, the same function.
fn shown(t: &Tensor<&[u8], Layout>) -> String {
    format!("{} base={}", t.layout(), t.base())
}

#[test]
fn cute_results() {
    let buf = vec![0u8; 1 << 10];
    let t = |text: &str| Tensor::new(&buf[..], layout(text)).unwrap();
    let ma = t("(16,8):(1,16)");
    let cases = [
        (
            local_tile_step(ma, (4, 2, 4), (1, 0, X), (1, X, 1)),
            "(4,4,2):(1,16,64) base=4",
        ),
        (
            local_partition(t("(8,4):(1,8)"), &layout("(2,2):(2,1)"), 1),
            "(4,2):(2,16) base=8",
        ),
        (
            local_partition_step(t("(8,4):(1,8)"), &layout("(2,2,1):(2,1,0)"), 3, (1, X, 1)),
            "(4,4):(2,8) base=1",
        ),
        (
            local_partition_step(t("(8,4):(1,8)"), &layout("(2,2,1):(2,1,0)"), 3, (X, 1, 1)),
            "(4,4):(2,8) base=1",
        ),
        (
            zipped_divide(t("(4,6):(6,1)"), (2, 3)),
            "((2,3),(2,2)):((6,1),(12,3)) base=0",
        ),
        (
            inner_partition(t("(4,6):(6,1)"), (2, 3), 3),
            "(2,3):(6,1) base=15",
        ),
        (
            outer_partition(t("(4,6):(6,1)"), (2, 3), 4),
            "(2,2):(12,3) base=2",
        ),
        (
            local_tile(t("(8,4):(1,8)"), (4, 2), (1, 1)),
            "(4,2):(1,8) base=20",
        ),
        (
            local_partition(t("((2,4),6):((1,2),8)"), &layout("((2,2),3):((1,6),2)"), 7),
            "(2,2):(4,24) base=3",
        ),
        (
            local_tile(t("((2,4),6):((1,2),8)"), (4, 3), (1, X)),
            "(4,3,2):(1,8,24) base=4",
        ),
        (
            local_partition(t("((2,4),6):((1,2),8)"), &layout("(4):(1)"), 3),
            "(2,6):(4,8) base=3",
        ),
        (
            local_partition(t("((2,4),6):((1,2),8)"), &layout("4:1"), 3),
            "(2,6):(4,8) base=3",
        ),
    ];
    for (i, (got, want)) in cases.into_iter().enumerate() {
        assert_eq!(shown(&got.unwrap()), want, "case {i}");
    }
}

#[test]
fn bad_partitions_are_refused() {
    let buf = [0u8; 64];
    let t = || Tensor::new(&buf[..], layout("(8,8):(1,8)")).unwrap();
    let threads = layout("(2,2):(1,2)");
    // Thread index past the thread layout (CuTe would wrap around).
    assert!(local_partition(t(), &threads, 4).is_err());
    // A stride-0 thread mode cannot be inverted.
    assert!(local_partition(t(), &layout("(2,2):(0,1)"), 1).is_err());
    // Tile coordinate out of range, and a coordinate of the wrong rank.
    assert!(local_tile(t(), (4, 4), (2, 0)).is_err());
    assert!(local_tile(t(), (4, 4), (0, 0, 0)).is_err());
    // A tile that does not divide 8 reaches past the 64 elements.
    let err = local_tile(t(), (3, 8), (2, 0)).unwrap_err();
    assert!(
        err.to_string().starts_with(
            "a partial tile: the tile's extent 3 does not divide the tensor's extent 8, \
             so the last tile reaches offset 64, out of range 0..64 of the storage; \
             to predicate the elements past the end, partition a `Residue` of the tensor"
        ),
        "{err}"
    );
    // The same residue tile is fine over a padded engine.
    let padded = [0u8; 9 * 8];
    let p = Tensor::new(&padded[..], layout("(8,8):(1,9)")).unwrap();
    assert_eq!(
        shown(&local_tile(p, (3, 8), (2, 0)).unwrap()),
        "(3,8):(1,9) base=6"
    );
}

/// Shapes `(a·ta, b·tb)` under a column-major, row-major or padded layout.
fn tiled_case() -> impl Strategy<Value = (Layout, (usize, usize), (usize, usize))> {
    (
        1..=4usize,
        1..=4usize,
        1..=4usize,
        1..=4usize,
        0..3usize,
        0..3usize,
    )
        .prop_map(|(a, ta, b, tb, major, pad)| {
            let (m, n) = (a * ta, b * tb);
            let text = match major {
                0 => format!("({m},{n}):(1,{})", m + pad),
                1 => format!("({m},{n}):({},1)", n + pad),
                // Mode 0 permuted: the tile's rows are `a` apart.
                _ => format!("(({ta},{a}),{n}):(({a},1),{})", m + pad),
            };
            (layout(&text), (ta, tb), (a, b))
        })
}

/// Every position of `whole` exactly once among `parts`.
fn covers_once(whole: &Tensor<&[u32], Layout>, parts: &[Tensor<&[u32], Layout>]) -> bool {
    let mut want: Vec<usize> = whole.positions().collect();
    let mut got: Vec<usize> = parts.iter().flat_map(|p| p.positions()).collect();
    want.sort_unstable();
    got.sort_unstable();
    want == got
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn local_tiles_cover_the_tensor((l, (ta, tb), (a, b)) in tiled_case()) {
        let buf: Vec<u32> = (0..l.cosize() as u32).collect();
        let t = Tensor::new(&buf[..], l.clone()).unwrap();
        let m = l.mode(0).unwrap().size() as usize;
        // A shape tiler for mode 0 that matches its size, whatever its nesting.
        let tile_m = m / a;
        let tiles: Vec<_> = (0..a).flat_map(|i| (0..b).map(move |j| (i, j)))
            .map(|(i, j)| local_tile(t.view(), (tile_m, tb), (i, j)).unwrap())
            .collect();
        for tile in &tiles {
            prop_assert_eq!(tile.size(), tile_m * tb);
        }
        prop_assert!(covers_once(&t.view(), &tiles), "{} by ({},{})", l, ta, tb);
    }

    #[test]
    fn local_partitions_cover_the_tensor(
        (l, (ta, tb), _) in tiled_case(), row_major in any::<bool>()
    ) {
        let buf: Vec<u32> = (0..l.cosize() as u32).collect();
        let t = Tensor::new(&buf[..], l.clone()).unwrap();
        // `ta × tb` threads (they divide the extents), numbered either way.
        let threads = if row_major {
            layout(&format!("({ta},{tb}):({tb},1)"))
        } else {
            layout(&format!("({ta},{tb}):(1,{ta})"))
        };
        let parts: Vec<_> = (0..ta * tb)
            .map(|i| local_partition(t.view(), &threads, i).unwrap())
            .collect();
        prop_assert!(covers_once(&t.view(), &parts), "{} over {}", l, threads);
        // Thread i's element j is the tensor's element at i's coordinate
        // plus j's tile: its first element is its own position in the first tile.
        for (i, p) in parts.iter().enumerate() {
            let (r, c) = if row_major { (i / tb, i % tb) } else { (i % ta, i / ta) };
            prop_assert_eq!(p.positions().next(), t.view().get((r, c)).map(|x| *x as usize));
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, failure_persistence: None, ..ProptestConfig::default() })]

    /// Tiles and thread shares of an identity tensor name the coordinates
    /// of the data elements at the same places, residue tiles included
    /// (the data sits in storage padded to whole tiles, element = position).
    #[test]
    fn identity_tensors_name_the_coordinates(
        (m, n) in (1..=20usize, 1..=20usize),
        (tp, tq, x, y) in (1..=3usize, 1..=3usize, 1..=3usize, 1..=3usize),
        thread in any::<prop::sample::Index>(),
    ) {
        let (tm, tn) = (tp * x, tq * y);
        let (ld, cols) = (m.div_ceil(tm) * tm, n.div_ceil(tn) * tn);
        let storage: Vec<u32> = (0..(ld * cols) as u32).collect();
        let data = Tensor::new(&storage[..], layout(&format!("({m},{n}):(1,{ld})"))).unwrap();
        let ident = make_identity_tensor([m, n]).unwrap();
        let threads = layout(&format!("({tp},{tq}):(1,{tp})"));
        let thr = thread.index(tp * tq);
        for a in 0..m.div_ceil(tm) {
            for b in 0..n.div_ceil(tn) {
                let dt = local_tile(data.view(), (tm, tn), (a, b)).unwrap();
                let ct = local_tile(ident.clone(), (tm, tn), (a, b)).unwrap();
                let dp = local_partition(dt.view(), &threads, thr).unwrap();
                let cp = local_partition(ct.clone(), &threads, thr).unwrap();
                for (d, c) in [(&dt, &ct), (&dp, &cp)] {
                    prop_assert_eq!(d.size(), c.size());
                    for (&pos, coord) in d.iter().zip(c.iter()) {
                        let (pos, ld) = (pos as usize, ld);
                        prop_assert_eq!(coord, [pos % ld, pos / ld]);
                        prop_assert_eq!(elem_less(coord, [m, n]), pos % ld < m && pos / ld < n);
                    }
                }
            }
        }
    }
}

/// CuTe's predicated copy of a residue tile: only the elements inside the
/// tensor move; the padding keeps its values.
#[test]
fn copy_if_with_an_identity_tensor_predicates_the_residue() {
    let (m, n, ld) = (5usize, 3usize, 8usize);
    let src: Vec<i32> = (0..(ld * 4) as i32).collect();
    let mut dst = vec![-1i32; ld * 4];
    let l = layout(&format!("({m},{n}):(1,{ld})"));
    let s = Tensor::new(&src[..], l.clone()).unwrap();
    let mut d = Tensor::new(&mut dst[..], l).unwrap();
    let c = make_identity_tensor([m, n]).unwrap();
    for a in 0..2 {
        for b in 0..2 {
            let st = local_tile(s.view(), (4, 2), (a, b)).unwrap();
            let mut dt = local_tile(d.view_mut(), (4, 2), (a, b)).unwrap();
            let ct = local_tile(c.clone(), (4, 2), (a, b)).unwrap();
            let pred: Vec<bool> = ct.iter().map(|x| elem_less(x, [m, n])).collect();
            copy_if(|i| pred[i], &st, &mut dt);
        }
    }
    let want: Vec<i32> = (0..(ld * 4) as i32)
        .map(|p| {
            if (p as usize % ld) < m && (p as usize / ld) < n {
                p
            } else {
                -1
            }
        })
        .collect();
    assert_eq!(dst, want);
}

#[test]
fn identity_tensors_refuse_what_their_fields_cannot_hold() {
    // Two extents of 2^40 leave too few bits for a third mode's headroom.
    assert!(make_identity_tensor([1 << 40, 1 << 20, 4]).is_err());
    // A tile far past the extent would spill into the next field.
    let c = make_identity_tensor([5, 3]).unwrap();
    assert!(local_tile(c.clone(), (1usize << 40, 1), (0, 0)).is_err());
    // One mode, and no modes.
    let line = make_identity_tensor([4]).unwrap();
    assert_eq!(line.iter().collect::<Vec<_>>(), [[0], [1], [2], [3]]);
    let point = make_identity_tensor([]).unwrap();
    assert_eq!(point.iter().collect::<Vec<_>>(), [[0usize; 0]]);
}
