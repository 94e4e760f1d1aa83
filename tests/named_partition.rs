//! `layout!(type local_tile(#l, #t, c))` and the other partitions with a
//! named layout, tiler or thread layout: the typed partition, checked at
//! every index against the same call written out (typed, and the core's
//! view) and against the tensor partitions of `tensor::typed`.

use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::C;
use layout_dsl::{layout, layout_type};

/// Whether two `(layout, base)` pairs give the same offset at every index.
macro_rules! same_offsets {
    ($a:expr, $b:expr) => {{
        let ((a, a_base), (b, b_base)) = ($a, $b);
        assert_eq!(a.size(), b.size());
        for k in 0..a.size() {
            assert_eq!(a_base + a.at(k), b_base + b.at(k), "index {k}");
        }
    }};
}

/// Whether a partition is the tensor's view: the same layout type (a
/// compile-time check) and the same offset at every index.
fn same_as_tensor<L: layout_dsl::tensor::AsLayout, E: layout_dsl::tensor::Engine>(
    (layout, base): (L, usize),
    view: &Tensor<E, L>,
    offsets: impl Fn(&L, usize) -> usize,
    size: usize,
) {
    for k in 0..size {
        assert_eq!(
            base + offsets(&layout, k),
            view.base() + offsets(view.layout(), k)
        );
    }
}

#[test]
fn local_tile_of_a_named_layout_by_a_named_tiler() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let t = (C::<4>, C::<3>);
    let data: Vec<usize> = (0..m * n).collect();
    for (i, j) in (0..2).flat_map(|i| (0..2).map(move |j| (i, j))) {
        let named = layout!(type local_tile(#l, #t, (i, j))).unwrap();
        let written = layout!(type local_tile((m, n):(1, m), (4, 3), (i, j))).unwrap();
        assert_eq!(named, written);
        // Independently: rows 4i.., columns 3j.. of a column-major m×n.
        assert_eq!(named.1, 4 * i + 3 * j * m);
        assert_eq!(named.0.to_string(), "(4,3):(1,8)");
        let core = layout!(local_tile((m, n):(1, m), (4, 3), (i, j))).unwrap();
        assert_eq!(core.to_string(), format!("view({},{})", named.0, named.1));
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::local_tile(g, t, (i, j)).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 12);
        // inner_partition is local_tile.
        let inner = layout!(type inner_partition(#l, #t, (i, j))).unwrap();
        same_offsets!(inner, named);
        // One side named, the other written out.
        same_offsets!(layout!(type local_tile(#l, (4, 3), (i, j))).unwrap(), named);
        same_offsets!(
            layout!(type local_tile((m, n):(1, m), #t, (i, j))).unwrap(),
            named
        );
    }
    // A tile past the grid: an error, as written out.
    assert!(layout!(type local_tile(#l, #t, (2, 0))).is_err());
    assert!(layout!(type local_tile((m, n):(1, m), (4, 3), (2, 0))).is_err());
}

#[test]
fn local_tile_keeping_a_grid_mode_and_with_a_step() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let t = (C::<4>, C::<3>);
    let data: Vec<usize> = (0..m * n).collect();
    for i in 0..2 {
        // `_` keeps the column tiles: (4,3,2).
        let named = layout!(type local_tile(#l, #t, (i, _))).unwrap();
        let written = layout!(type local_tile((m, n):(1, m), (4, 3), (i, _))).unwrap();
        assert_eq!(named, written);
        assert_eq!(named.0.to_string(), "(4,3,2):(1,8,24)");
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::local_tile(g, t, (i, X)).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 24);
    }
    // CuTe's Step<_1,X,_1>: the middle tiler and coordinate entries drop.
    let t3 = (C::<4>, C::<5>, C::<3>);
    for (i, j) in (0..2).flat_map(|i| (0..2).map(move |j| (i, j))) {
        let named = layout!(type local_tile(#l, #t3, (i, 7, j), (1, X, 1))).unwrap();
        let written =
            layout!(type local_tile((m, n):(1, m), (4, 5, 3), (i, 7, j), (1, X, 1))).unwrap();
        assert_eq!(named, written);
        let step = (C::<1>, X, C::<1>);
        let named_step = layout!(type local_tile(#l, #t3, (i, 7, j), #step)).unwrap();
        assert_eq!(named_step, named);
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::local_tile_step(g, t3, (i, 7usize, j), step).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 12);
    }
}

#[test]
fn outer_partition_by_a_named_tiler() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let t = (C::<4>, C::<3>);
    let data: Vec<usize> = (0..m * n).collect();
    for (a, b) in (0..4).flat_map(|a| (0..3).map(move |b| (a, b))) {
        let named = layout!(type outer_partition(#l, #t, (a, b))).unwrap();
        let written = layout!(type outer_partition((m, n):(1, m), (4, 3), (a, b))).unwrap();
        assert_eq!(named, written);
        // Element (a,b) of each of the 2×2 tiles.
        assert_eq!(named.0.to_string(), "(2,2):(4,24)");
        assert_eq!(named.1, a + b * m);
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::outer_partition(g, t, (a, b)).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 4);
    }
}

#[test]
fn local_partition_by_a_named_thread_layout() {
    let (m, n) = (8usize, 6usize);
    let l = layout!((m, n):(1, m));
    let thr = layout!(type (2, 3):(3, 1));
    let data: Vec<usize> = (0..m * n).collect();
    let mut seen = vec![0; m * n];
    for index in 0..6 {
        let named = layout!(type local_partition(#l, #thr, index)).unwrap();
        let written = layout!(type local_partition((m, n):(1, m), (2, 3):(3, 1), index)).unwrap();
        assert_eq!(named, written);
        let core = layout!(local_partition((m, n):(1, m), (2, 3):(3, 1), index)).unwrap();
        assert_eq!(core.to_string(), format!("view({},{})", named.0, named.1));
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::local_partition(g, &thr, index).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 8);
        for k in 0..named.0.size() {
            seen[named.1 + named.0.at(k)] += 1;
        }
    }
    // The six threads cover every element once.
    assert!(seen.iter().all(|&s| s == 1));
    // A thread past the layout: an error.
    assert!(layout!(type local_partition(#l, #thr, 6)).is_err());
    // A step drops the thread layout's middle mode.
    let thr3 = layout!(type (2, 5, 3):(1, 2, 10));
    for index in [0usize, 7, 29] {
        let named = layout!(type local_partition(#l, #thr3, index, (1, X, 1))).unwrap();
        let written =
            layout!(type local_partition((m, n):(1, m), (2, 5, 3):(1, 2, 10), index, (1, X, 1)))
                .unwrap();
        assert_eq!(named, written);
        let g = Tensor::new(&data[..], l).unwrap();
        let view = typed::local_partition_step(g, &thr3, index, (C::<1>, X, C::<1>)).unwrap();
        same_as_tensor(named, &view, |l, k| l.at(k), 12);
    }
}

#[test]
fn a_signed_named_layout_gives_a_signed_base() {
    let m = 8usize;
    let l = layout!((m, 4):(1, -8));
    let t = (C::<4>, C::<2>);
    for (i, j) in [(0usize, 0usize), (1, 1)] {
        let named: (_, isize) = layout!(type local_tile(#l, #t, (i, j))).unwrap();
        let written = layout!(type local_tile((m, 4):(1, -8), (4, 2), (i, j))).unwrap();
        assert_eq!(named, written);
        assert_eq!(named.1, 4 * i as isize - 16 * j as isize);
    }
}

#[test]
fn layout_type_names_a_named_partition() {
    type L = layout_type!((m, n):(1, m));
    type T = (C<4>, C<3>);
    type Thr = layout_type!(type (2, 3):(3, 1));
    let (m, n) = (8usize, 6usize);
    let l: L = layout!((m, n):(1, m));
    let t: T = (C::<4>, C::<3>);
    let thr: Thr = layout!(type (2, 3):(3, 1));
    let (i, j) = (1usize, 1usize);
    let tile: layout_type!(type local_tile(#L, #T, (i, j))) =
        layout!(type local_tile(#l, #t, (i, j))).unwrap().0;
    let kept: layout_type!(type local_tile(#L, (4, 3), (i, _))) =
        layout!(type local_tile(#l, (4, 3), (i, _))).unwrap().0;
    let outer: layout_type!(type outer_partition(#L, #T, (i, j))) =
        layout!(type outer_partition(#l, #t, (i, j))).unwrap().0;
    let part: layout_type!(type local_partition(#L, #Thr, i)) =
        layout!(type local_partition(#l, #thr, i)).unwrap().0;
    assert_eq!(
        [tile.size(), kept.size(), outer.size(), part.size()],
        [12, 24, 4, 8]
    );
}

/// The core's `view(layout,base)` of a partition written out.
fn core_view(src: &str) -> String {
    layout_core::evaluate(src).unwrap().to_string()
}

type K = C<4>;

/// `local_tile` by a tiler nesting a named tile, its type named in a
/// signature (`layout_type!`, `StaticExtents::Tiler` of the named tile).
fn tile_of(
    l: layout_type!((m, n):(1, m)),
    i: usize,
    j: usize,
) -> layout_type!(type local_tile((m, n):(1, m), (#K, 8), (i, j))) {
    let k: K = C;
    layout!(type local_tile(#l, (#k, 8), (i, j))).unwrap().0
}

#[test]
fn layout_type_names_a_partition_by_a_tiler_nesting_named_tiles() {
    type L = layout_type!(((4, m), n):((1, 4), w));
    type T = (C<2>, C<2>);
    type Tile = layout_type!(type local_tile(#L, (#T, 8), (i, j)));
    type Outer = layout_type!(type outer_partition(#L, (#T, 8), (i, j)));
    type Inner = layout_type!(type inner_partition(#L, (#T, 8), (i, j)));
    let (m, n) = (12usize, 16usize);
    let w = 4 * m;
    let a: L = layout!(((4, m), n):((1, 4), w));
    let t: T = (C::<2>, C::<2>);
    for (i, j) in [(0usize, 0usize), (1, 1), (3, 1)] {
        let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,2),8), ({i},{j}))");
        let (tile, base): (Tile, usize) = layout!(type local_tile(#a, (#t, 8), (i, j))).unwrap();
        assert_eq!(
            format!("view({tile},{base})"),
            core_view(&format!("local_tile{e}"))
        );
        let (outer, base): (Outer, usize) =
            layout!(type outer_partition(#a, (#t, 8), (i, j))).unwrap();
        assert_eq!(
            format!("view({outer},{base})"),
            core_view(&format!("outer_partition{e}"))
        );
        let (inner, _): (Inner, usize) =
            layout!(type inner_partition(#a, (#t, 8), (i, j))).unwrap();
        assert_eq!(inner, tile);
    }
    // In a signature: the tile's static extents stay in its type.
    let (m, n) = (8usize, 24usize);
    let l = layout!((m, n):(1, m));
    for (i, j) in [(0usize, 0usize), (1, 2)] {
        let tile = tile_of(l, i, j);
        // Only the stride `m` is a run-time value.
        assert_eq!(std::mem::size_of_val(&tile), std::mem::size_of::<usize>());
        let base = 4 * i + 8 * m * j;
        let want = core_view(&format!("local_tile(({m},{n}):(1,{m}), (4,8), ({i},{j}))"));
        assert_eq!(format!("view({tile},{base})"), want);
    }
}
