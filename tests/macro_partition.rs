//! CuTe's partitions in `layout!`: a static call folds while compiling to
//! the pair `(typed layout, base)`, checked here against CuTe C++'s own
//! answer for the same text (`layout-core/tests/golden/cute_partition.jsonl`);
//! with a dynamic leaf, the core evaluates it at run time.

use layout_dsl::{Layout, Value, layout};

/// CuTe's answer for `expr` (blanks ignored), from the golden data.
fn cute(expr: &str) -> String {
    let golden = include_str!("../layout-core/tests/golden/cute_partition.jsonl");
    let squeeze = |s: &str| s.replace(' ', "");
    let want = squeeze(expr);
    for line in golden.lines() {
        let row: serde_json::Value = serde_json::from_str(line).unwrap();
        if squeeze(row["expr"].as_str().unwrap()) == want {
            return row["expect"].as_str().expect("a value row").to_owned();
        }
    }
    panic!("{expr}: not in the golden data");
}

/// `layout!(call)`'s folded pair printed as a view, against CuTe's.
macro_rules! folds_to_cute {
    ($($call:tt)*) => {{
        let (l, base) = layout!($($call)*);
        let got = format!("view({l},{base})");
        assert_eq!(got, cute(stringify!($($call)*)), "{}", stringify!($($call)*));
    }};
}

#[test]
fn static_partitions_fold_to_cutes_answers() {
    folds_to_cute!(local_tile((8,8):(1,8), (4,2), (1,2)));
    folds_to_cute!(local_tile((8,8):(1,8), (4,2), 5));
    folds_to_cute!(local_tile((8,8):(1,8), (4,2), (1,_)));
    folds_to_cute!(local_tile((12,6):(1,12), (3,3), (2,1)));
    folds_to_cute!(local_tile((16,8):(1,16), (4,6,4), (2,1,_), (1,X,1)));
    folds_to_cute!(local_tile((16,12):(1,16), (4,6,4), (3,1,_), (1,1,X)));
    folds_to_cute!(local_tile(((2,3),4):((1,2),6), (3,2), (1,1)));
    folds_to_cute!(local_tile((8,8):(1,8), <2:4,4:1>, (1,1)));
    folds_to_cute!(inner_partition((12,6):(1,12), (4,3), (2,1)));
    folds_to_cute!(outer_partition((8,8):(1,8), (4,2), (3,1)));
    folds_to_cute!(local_partition((8,12):(1,8), (2,4):(1,2), 5));
    folds_to_cute!(local_partition((12,8):(8,1), (3,4):(4,1), 11));
    folds_to_cute!(local_partition((8,32):(1,8), (2,16,1):(16,1,0), 17, (1,X,1)));
    folds_to_cute!(local_partition((12,9):(9,1), (4,3,3):(1,4,12), 29, (X,1,1)));
}

#[test]
fn a_folded_tile_is_a_typed_layout_usable_in_const_context() {
    // The base is a `usize` literal; the layout indexes like any typed one.
    let (tile, base) = layout!(local_tile((8,8):(1,8), (4,2), (1,2)));
    let base: usize = base;
    assert_eq!(base + tile.crd2idx((3, 1)), 4 + 3 + (2 * 2 + 1) * 8);
}

/// The core's view of `src`.
fn core_view(src: &str) -> (Layout, i64) {
    match layout_dsl::evaluate(src).unwrap() {
        Value::View(v) => (v.layout().clone(), v.base()),
        other => panic!("{src}: {other}"),
    }
}

#[test]
fn dynamic_leaves_partition_at_run_time() {
    for (m, i, j) in [(8usize, 1usize, 2usize), (12, 2, 3), (16, 3, 0)] {
        let Ok(Value::View(v)) = layout!(local_tile((m,8):(1,m), (4,2), (i,j))) else {
            panic!("a view");
        };
        let src = format!("local_tile(({m},8):(1,{m}), (4,2), ({i},{j}))");
        assert_eq!((v.layout().clone(), v.base()), core_view(&src));
        // The tile starts at row 4i, column 2j.
        assert_eq!(v.base(), (4 * i + 2 * j * m) as i64);
    }
    for t in [0usize, 5, 31] {
        let Ok(Value::View(v)) = layout!(local_partition((16,64):(1,16), (4,8):(1,4), t)) else {
            panic!("a view");
        };
        let src = format!("local_partition((16,64):(1,16), (4,8):(1,4), {t})");
        assert_eq!((v.layout().clone(), v.base()), core_view(&src));
        // Thread t sits at (t % 4, t / 4) of the (4,8) threads.
        assert_eq!(v.base(), (t % 4 + t / 4 * 16) as i64);
    }
    // A thread past the thread layout is an error, not a view.
    let t = 32usize;
    assert!(layout!(local_partition((16,64):(1,16), (4,8):(1,4), t)).is_err());
}

/// The typed pair's layout and base, against the core's view of the same
/// call with the values written in.
fn same_as_core<L: std::fmt::Display>(typed: (L, usize), src: &str) {
    let (layout, base) = typed;
    let (core, core_base) = core_view(src);
    assert_eq!(
        (layout.to_string(), base as i64),
        (core.to_string(), core_base),
        "{src}"
    );
}

#[test]
fn typed_partitions_of_dynamic_leaves_are_the_cores() {
    for (m, n) in [(8usize, 8usize), (12, 16), (10, 6), (16, 24)] {
        for (i, j) in [(0usize, 0usize), (1, 2), (1, 1)] {
            // A dynamic extent that 4 does not divide gets a ceil-sized rest, as CuTe's.
            let tile = layout!(type local_tile((m,n):(1,m), (4,2), (i,j))).unwrap();
            same_as_core(
                tile,
                &format!("local_tile(({m},{n}):(1,{m}), (4,2), ({i},{j}))"),
            );
            let row = layout!(type local_tile((m,n):(1,m), (4,2), (i,_))).unwrap();
            same_as_core(
                row,
                &format!("local_tile(({m},{n}):(1,{m}), (4,2), ({i},_))"),
            );
            let a = layout!(type local_tile((m,n):(1,m), (4,6,2), (i,5,_), (1,X,1))).unwrap();
            same_as_core(
                a,
                &format!("local_tile(({m},{n}):(1,{m}), (4,6,2), ({i},5,_), (1,X,1))"),
            );
            let outer =
                layout!(type outer_partition((m,n):(n,1), (2,2), ({i % 2}, {j % 2}))).unwrap();
            let (ci, cj) = (i % 2, j % 2);
            same_as_core(
                outer,
                &format!("outer_partition(({m},{n}):({n},1), (2,2), ({ci},{cj}))"),
            );
        }
        for t in [0usize, 3, 7, 17, 31] {
            let p = layout!(type local_partition((m,n):(1,m), (2,4):(4,1), {t % 8})).unwrap();
            let k = t % 8;
            same_as_core(
                p,
                &format!("local_partition(({m},{n}):(1,{m}), (2,4):(4,1), {k})"),
            );
            // CuTe's projected thread layout, its extent-1 mode of stride 0 included.
            let p =
                layout!(type local_partition((m,n):(1,m), (2,16,1):(16,1,0), t, (1,X,1))).unwrap();
            same_as_core(
                p,
                &format!("local_partition(({m},{n}):(1,{m}), (2,16,1):(16,1,0), {t}, (1,X,1))"),
            );
        }
    }
}

#[test]
fn typed_partitions_refuse_what_the_core_refuses() {
    let (m, i) = (8usize, 2usize);
    // Tile row 2 of an (8,8) layout cut into 4-row tiles.
    assert!(layout!(type local_tile((m,8):(1,m), (4,2), (i,0))).is_err());
    assert!(layout_dsl::evaluate("local_tile((8,8):(1,8), (4,2), (2,0))").is_err());
    let t = 8usize;
    assert!(layout!(type local_partition((m,8):(1,m), (2,4):(4,1), t)).is_err());
}
