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
