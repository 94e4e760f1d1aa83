//! Typed `local_partition` with thread layouts nested to three levels and
//! the thread named by an index or by a hierarchical coordinate: against
//! CuTe C++'s own answers (`tests/golden/cute_thread_partitions.tsv`,
//! printed by a host program built from CUTLASS headers), against the
//! run-time partition of the core at every element, and against a brute
//! force of the definition (every element of the tensor in exactly one
//! thread's share, the one whose thread coordinate it has).

use layout_dsl::tensor::{self, Tensor, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{Layout as CoreLayout, layout};
use proptest::prelude::*;

/// `((2,(2,2)),(3,2)):((1,(12,2)),(4,24))`: 8 threads down, 6 across.
macro_rules! thr_a {
    () => {
        layout!(type ((2,(2,2)),(3,2)):((1,(12,2)),(4,24)))
    };
}
/// `(((2,2),2),3):(((1,6),12),2)`: three levels in one mode.
macro_rules! thr_b {
    () => {
        layout!(type (((2,2),2),3):(((1,6),12),2))
    };
}
/// Three modes, the middle one dropped by the step `(1,X,1)`.
macro_rules! thr_c {
    () => {
        layout!(type ((2,(2,2)),(3,2),(2,2)):((1,(2,4)),(8,24),(48,96)))
    };
}

/// CuTe prints static leaves as `_8`; our notation has no marks.
fn unmarked(cute: &str) -> String {
    cute.replace('_', "")
}

fn positions(len: usize) -> Vec<usize> {
    (0..len).collect()
}

/// Every golden row: the layout as CuTe prints it (marks dropped) and the
/// base (the element at the first coordinate of a counting tensor).
#[test]
fn three_level_thread_layouts_are_cutes() {
    let golden = include_str!("golden/cute_thread_partitions.tsv");
    let mut checked = 0;
    for line in golden.lines().filter(|l| !l.starts_with('#')) {
        let f: Vec<&str> = line.split('\t').collect();
        let [case, m, n, i, want, base] = f[..] else {
            panic!("{line}")
        };
        let (m, n, i): (usize, usize, usize) =
            (m.parse().unwrap(), n.parse().unwrap(), i.parse().unwrap());
        // Room for the partial tiles past (m, n), which the shares reach.
        let data = positions(4 * m * n);
        let col = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
        let row = Tensor::new(&data[..], layout!((m,n):(n,1))).unwrap();
        let (got, at) = match case {
            "a" | "a_crd0_idx" => {
                let p = typed::local_partition(col, &thr_a!(), i).unwrap();
                (p.layout().to_string(), p.base())
            }
            "b" => {
                let p = typed::local_partition(row, &thr_b!(), i).unwrap();
                (p.layout().to_string(), p.base())
            }
            "c" => {
                let step = (C::<1>, X, C::<1>);
                let p = typed::local_partition_step(col, &thr_c!(), i, step).unwrap();
                (p.layout().to_string(), p.base())
            }
            "a_crd0" => {
                let p = typed::local_partition(col, &thr_a!(), ((1, (0, 1)), (2, 1))).unwrap();
                (p.layout().to_string(), p.base())
            }
            "a_crd1" => {
                // A single integer for the tuple mode (2,(2,2)): its 1-D index.
                let p = typed::local_partition(col, &thr_a!(), (5, (2, 1))).unwrap();
                (p.layout().to_string(), p.base())
            }
            "a_crd2" => {
                // An integer for the sub-mode (2,2), and for the mode (3,2).
                let p = typed::local_partition(col, &thr_a!(), ((1, 3), 4)).unwrap();
                (p.layout().to_string(), p.base())
            }
            other => panic!("case {other}"),
        };
        assert_eq!(got, unmarked(want), "{line}");
        assert_eq!(at.to_string(), base, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 25);
}

/// The typed partition's elements in layout order, and the core's.
fn elements<L: tensor::AsLayout>(t: &Tensor<&[usize], L>) -> Vec<usize> {
    t.iter().copied().collect()
}

fn core_thr(text: &str) -> CoreLayout {
    text.parse().unwrap()
}

/// The brute force: element `(r, c)` of an `m×n` tensor belongs to the
/// thread whose flat coordinate is `(r mod 8, c mod 6)` under `thr_a`
/// (CuTe's `outer_partition`: column `x` of every tile of each mode).
fn owner_a(r: usize, c: usize) -> usize {
    let thr = thr_a!();
    // The thread whose mode-0 index is r % 8 and mode-1 index c % 6 is the
    // one at that coordinate: its index is thr(coordinate).
    let (x, y) = (r % 8, c % 6);
    thr.crd2idx((x, y))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every thread of `thr_a` over a column-major `m×n`: the core's
    /// partition at every element; together they cover the tensor once,
    /// each element in its owner's share.
    #[test]
    fn every_thread_equals_the_core_and_covers_once(m in 1usize..30, n in 1usize..20) {
        // Room for the partial tiles past (m, n): the partitions reach them.
        let ld = m.next_multiple_of(8);
        let data = positions(ld * n.next_multiple_of(6));
        let typed_t = Tensor::new(&data[..], layout!((m,n):(1,ld))).unwrap();
        let core_l: CoreLayout = format!("({m},{n}):(1,{ld})").parse().unwrap();
        let core_t = Tensor::new(&data[..], core_l).unwrap();
        let thr = thr_a!();
        let core = core_thr("((2,(2,2)),(3,2)):((1,(12,2)),(4,24))");
        let mut seen = vec![0usize; m * n];
        for i in 0..48 {
            let got = typed::local_partition(typed_t, &thr, i).unwrap();
            let want = tensor::local_partition(core_t.view(), &core, i).unwrap();
            prop_assert_eq!(elements(&got), elements(&want), "thread {}", i);
            for p in got.iter().copied() {
                let (r, c) = (p % ld, p / ld);
                if r < m && c < n {
                    seen[r + c * m] += 1;
                    prop_assert_eq!(owner_a(r, c), i, "element ({}, {})", r, c);
                }
            }
        }
        prop_assert!(seen.iter().all(|&k| k == 1));
    }

    /// A coordinate names the thread `thr(coordinate)` names; an integer
    /// entry for a tuple mode is its colexicographic index there.
    #[test]
    fn a_coordinate_is_the_index_it_maps_to(m in 1usize..30, n in 1usize..20, a in 0usize..2, b in 0usize..2, c in 0usize..2, d in 0usize..3, e in 0usize..2) {
        // Room for the partial tiles past (m, n): 8 rows, 6 or 4 columns.
        let ld = m.next_multiple_of(8);
        let data = positions(ld * n.next_multiple_of(12));
        let t = Tensor::new(&data[..], layout!((m,n):(1,ld))).unwrap();
        let thr = thr_a!();
        let index = thr.crd2idx(((a, (b, c)), (d, e)));
        let by_index = typed::local_partition(t, &thr, index).unwrap();
        let nested = typed::local_partition(t, &thr, ((a, (b, c)), (d, e))).unwrap();
        let flat = typed::local_partition(t, &thr, (a + 2 * b + 4 * c, d + 3 * e)).unwrap();
        let half = typed::local_partition(t, &thr, ((a, b + 2 * c), (d, e))).unwrap();
        for p in [nested, flat, half] {
            prop_assert_eq!(p.base(), by_index.base());
            prop_assert_eq!(p.layout(), by_index.layout());
        }
        // With a step the coordinate still names a thread of the whole layout.
        let thr = thr_c!();
        let step = (C::<1>, X, C::<1>);
        let index = thr.crd2idx(((a, (b, c)), (d, e), (b, a)));
        let by_index = typed::local_partition_step(t, &thr, index, step).unwrap();
        let by_coord = typed::local_partition_step(t, &thr, ((a, (b, c)), (d, e), (b, a)), step).unwrap();
        prop_assert_eq!(by_coord.base(), by_index.base());
        prop_assert_eq!(by_coord.layout(), by_index.layout());
    }

    /// The three-level mode of `thr_b` over a row-major tensor, against
    /// the core at every element, for every thread.
    #[test]
    fn a_three_level_mode_equals_the_core(m in 1usize..24, n in 1usize..12) {
        let data = positions(m.next_multiple_of(8) * n.next_multiple_of(3) + n);
        let ld = n.next_multiple_of(3);
        let typed_t = Tensor::new(&data[..], layout!((m,n):(ld,1))).unwrap();
        let core_l: CoreLayout = format!("({m},{n}):({ld},1)").parse().unwrap();
        let core_t = Tensor::new(&data[..], core_l).unwrap();
        let core = core_thr("(((2,2),2),3):(((1,6),12),2)");
        for i in 0..24 {
            let got = typed::local_partition(typed_t, &thr_b!(), i).unwrap();
            let want = tensor::local_partition(core_t.view(), &core, i).unwrap();
            prop_assert_eq!(elements(&got), elements(&want), "thread {}", i);
        }
    }
}

/// Past the threads, or past a mode of the coordinate: an error.
#[test]
fn out_of_range_threads_are_errors() {
    let (m, n) = (16usize, 24usize);
    let data = positions(m * n);
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    let thr = thr_a!();
    assert!(typed::local_partition(t, &thr, 47).is_ok());
    assert!(typed::local_partition(t, &thr, 48).is_err());
    assert!(typed::local_partition(t, &thr, ((1, (0, 2)), (0, 0))).is_err());
    assert!(typed::local_partition(t, &thr, (8, 0)).is_err());
    assert!(typed::local_partition(t, &thr, (7, 5)).is_ok());
    assert!(typed::local_partition(t, &thr, (0, (3, 0))).is_err());
}

/// `outer_partition`'s tile coordinate nested like a tile nested like its
/// mode (CuTe's `outer_partition(t, Shape<Shape<_2,_2>,_4>{}, ((1,1),2))`:
/// golden from CuTe C++), the same as its index in the tile.
#[test]
fn outer_partition_takes_a_nested_tile_coordinate() {
    let n = 8usize;
    let data = positions(16 * n);
    let t = Tensor::new(&data[..], layout!(((4,4),n):((1,4),16))).unwrap();
    let tiler = ((C::<2>, C::<2>), C::<4>);
    let p = typed::outer_partition(t, tiler, ((1, 1), 2)).unwrap();
    assert_eq!(
        p.layout().to_string(),
        unmarked("((_2,_2),2):((_2,_8),_64)")
    );
    assert_eq!(p.base(), 37);
    let q = typed::outer_partition(t, tiler, (3, 2)).unwrap();
    assert_eq!((q.layout(), q.base()), (p.layout(), p.base()));
    assert!(typed::outer_partition(t, tiler, ((2, 0), 0)).is_err());
}

/// A thread layout with a leaf of extent above 1 and stride 0 has no
/// thread coordinate: the typed shell reports what the core reports for
/// the same thread layout and index (`NonPositiveStride`, the same leaf,
/// extent and stride), wherever the leaf is.
#[test]
fn a_stride_0_leaf_is_the_cores_error() {
    let data = [0u8; 64];
    let core = |thr: &str, idx: i64| {
        let t: CoreLayout = "(8,8):(1,8)".parse().unwrap();
        let thr: CoreLayout = thr.parse().unwrap();
        layout_dsl::local_partition(&t, &thr, idx, None).unwrap_err()
    };
    let t = Tensor::new(&data[..], layout!(type (8,8):(1,8))).unwrap();
    let first = layout!(type (2,4):(0,2));
    let fourth = layout!(type ((1,2),(2,2)):((0,1),(2,0)));
    let cases = [
        (
            typed::local_partition(t.by_ref(), &first, 3).unwrap_err(),
            core("(2,4):(0,2)", 3),
        ),
        (
            typed::local_partition(t.by_ref(), &fourth, 5).unwrap_err(),
            core("((1,2),(2,2)):((0,1),(2,0))", 5),
        ),
    ];
    let kind = |mode, extent| {
        layout_dsl::ErrorKind::Algebra(layout_dsl::AlgebraRefusal::NonPositiveStride {
            mode,
            extent,
            stride: 0,
        })
    };
    // The core's own numbers: leaf 0 of extent 2; leaf 3 (counting the
    // extent-1 leaf) of extent 2.
    assert_eq!(*cases[0].1.kind(), kind(0, 2));
    assert_eq!(*cases[1].1.kind(), kind(3, 2));
    for (typed, core) in cases {
        assert_eq!(typed.kind(), core.kind());
    }
}
