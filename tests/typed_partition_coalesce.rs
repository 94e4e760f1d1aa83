//! `layout!(type …)` partitions of a written-out layout: a mode of static
//! leaves divided by one tile extent is first coalesced as CuTe's
//! composition does (`detail::coalesce_x`: leaves of extent 1 dropped,
//! `s_i·d_i == d_{i+1}` merged), so the result nests as CuTe's
//! (`local_partition(((4,8),m):((1,4),32), (2,4):(1,2), k)` is
//! `(_16,4):(_2,_128)`, not `((2,8),4)`). Checked against CUTLASS's prints
//! (harness `/work/notes/harness-partition4/coalesce.cpp`, its output
//! `coalesce.out` there) and the core's view at every index.

use layout_core::Value;
use layout_dsl::layout;
use layout_dsl::typed::{Layout, TypedLayout};

#[path = "cute_print/form.rs"]
mod cute_print_form;
use cute_print_form::{cute_form, form};

/// The typed `(layout, base)` is CuTe's print (its text, its static
/// leaves, the base) and has the core view's offset at every index.
fn check<S, D>((l, base): (Layout<S, D>, usize), cute: &str, core: &str)
where
    Layout<S, D>: TypedLayout<Offset = usize> + core::fmt::Display,
    S: layout_dsl::__private::Tree,
    D: layout_dsl::__private::Tree,
{
    let (text, at) = cute.split_once(" @").unwrap();
    assert_eq!(l.to_string(), text.replace('_', ""), "{cute}");
    assert_eq!(form(&l), cute_form(text), "{cute}");
    assert_eq!(base.to_string(), at, "{cute}");
    let Ok(Value::View(v)) = layout_core::evaluate(core) else {
        panic!("{core}");
    };
    assert_eq!(l.size() as i64, v.layout().size(), "{core}");
    for i in 0..l.size() {
        let want = v.base() + v.layout().at(i as i64).unwrap();
        assert_eq!((base + l.at(i)) as i64, want, "{core} at {i}");
    }
}

#[test]
fn local_partition_merges_a_static_mode() {
    let m = 16usize;
    let bases = [0, 1, 32, 33, 64, 65, 96, 97];
    for (k, base) in bases.into_iter().enumerate() {
        let cute = format!("(_16,4):(_2,_128) @{base}");
        let core = |thr: &str| format!("local_partition(((4,8),{m}):((1,4),32), {thr}, {k})");
        let t = layout!(type local_partition(((4,8),m):((1,4),32), ((2),4):((1),2), k));
        check(t.unwrap(), &cute, &core("((2),4):((1),2)"));
        let t = layout!(type local_partition(((4,8),m):((1,4),32), (2,4):(1,2), k));
        check(t.unwrap(), &cute, &core("(2,4):(1,2)"));
    }
    // A leaf of extent 1 is dropped: `(4,1,8):(1,0,4)` is `32:1`.
    let t = layout!(type local_partition(((4,1,8),m):((1,0,4),32), (2,4):(1,2), 5));
    check(
        t.unwrap(),
        "(_16,4):(_2,_128) @65",
        &format!("local_partition(((4,1,8),{m}):((1,0,4),32), (2,4):(1,2), 5)"),
    );
}

#[test]
fn only_leaves_whose_strides_chain_merge() {
    let m = 16usize;
    // `(4,8):(1,8)`: `4·1 ≠ 8`, kept.
    let t = layout!(type local_partition(((4,8),m):((1,8),64), (2,4):(1,2), 5));
    check(
        t.unwrap(),
        "((_2,_8),4):((_2,_8),_256) @129",
        &format!("local_partition(((4,8),{m}):((1,8),64), (2,4):(1,2), 5)"),
    );
    // `(2,4,8):(1,2,16)`: the first two merge, `(8,8):(1,16)`.
    let t = layout!(type local_partition(((2,4,8),m):((1,2,16),128), (2,4):(1,2), 5));
    check(
        t.unwrap(),
        "((_4,_8),4):((_2,_16),_512) @257",
        &format!("local_partition(((2,4,8),{m}):((1,2,16),128), (2,4):(1,2), 5)"),
    );
}

#[test]
fn local_tile_and_outer_partition_merge_too() {
    let m = 16usize;
    for (i, j) in [(0, 0), (1, 2), (3, 3)] {
        let text = |f: &str| format!("{f}(((4,8),{m}):((1,4),32), (8,4), ({i},{j}))");
        let t = layout!(type local_tile(((4,8),m):((1,4),32), (8,4), (i, j))).unwrap();
        check(
            t,
            &format!("(_8,_4):(_1,_32) @{}", 8 * i + 128 * j),
            &text("local_tile"),
        );
        let t = layout!(type inner_partition(((4,8),m):((1,4),32), (8,4), (i, j))).unwrap();
        check(
            t,
            &format!("(_8,_4):(_1,_32) @{}", 8 * i + 128 * j),
            &text("inner_partition"),
        );
    }
    let t = layout!(type outer_partition(((4,8),m):((1,4),32), (8,4), (1,2))).unwrap();
    check(
        t,
        "(_4,4):(_8,_128) @65",
        &format!("outer_partition(((4,8),{m}):((1,4),32), (8,4), (1,2))"),
    );
    let t = layout!(type local_tile(((2,4),m):((1,2),8), (4,8), (1,_))).unwrap();
    check(
        t,
        "(_4,_8,2):(_1,_8,_64) @4",
        &format!("local_tile(((2,4),{m}):((1,2),8), (4,8), (1,_))"),
    );
    // A tuple of tiles: each sub-mode coalesced alone, `(2,2):(1,2)` is `4:1`.
    let t = layout!(type local_tile((((2,2),8),m):(((1,2),4),32), ((2,4),4), ((1,1),2)));
    check(
        t.unwrap(),
        "((_2,_4),_4):((_1,_4),_32) @274",
        &format!("local_tile((((2,2),8),{m}):(((1,2),4),32), ((2,4),4), ((1,1),2))"),
    );
}

#[test]
fn a_tile_used_up_by_a_modes_first_leaves_holds_those_alone() {
    // CuTe's walk stops once the tile's rest is a static 1: `(8,8):(1,16)`
    // (the merged `(2,4,8):(1,2,16)`) by 4 is `_4:_1`, not `(4,1):(1,16)`
    // (layout-macros/src/typed/partition/partition_split.rs; CUTLASS's prints from
    // `/work/notes/harness-static29/split.cpp`, m = 16).
    let m = 16usize;
    for (i, j, base) in [(0, 0, 0), (1, 2, 1028), (3, 3, 1556), (15, 1, 628)] {
        let text = |f: &str| format!("{f}(((2,4,8),{m}):((1,2,16),128), (4,4), ({i},{j}))");
        let cute = format!("(_4,_4):(_1,_128) @{base}");
        let t = layout!(type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (i, j))).unwrap();
        let _: layout_dsl::layout_type!(type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (i, j))) =
            t.0;
        check(t, &cute, &text("local_tile"));
        let t = layout!(type inner_partition(((2,4,8),m):((1,2,16),128), (4,4), (i, j)));
        check(t.unwrap(), &cute, &text("inner_partition"));
    }
    // Static coordinates split while compiling.
    let t = layout!(type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (3, 3))).unwrap();
    check(
        t,
        "(_4,_4):(_1,_128) @1556",
        &format!("local_tile(((2,4,8),{m}):((1,2,16),128), (4,4), (3,3))"),
    );
    // Two first leaves that do not merge (`(2,4,8):(1,4,64)` by 8): the
    // tile is `(_2,_4):(_1,_4)`.
    for (i, j, base) in [(0, 0, 0), (1, 2, 4160), (7, 3, 6592), (5, 1, 2368)] {
        let text = |f: &str| format!("{f}(((2,4,8),{m}):((1,4,64),512), (8,4), ({i},{j}))");
        let cute = format!("((_2,_4),_4):((_1,_4),_512) @{base}");
        let t = layout!(type local_tile(((2,4,8),m):((1,4,64),512), (8,4), (i, j))).unwrap();
        check(t, &cute, &text("local_tile"));
    }
    // Every tile against the core, and a coordinate past the grid refused.
    for i in 0..16 {
        for j in 0..4 {
            let text = format!("local_tile(((2,4,8),{m}):((1,2,16),128), (4,4), ({i},{j}))");
            let t = layout!(type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (i, j))).unwrap();
            let Ok(Value::View(v)) = layout_core::evaluate(&text) else {
                panic!("{text}");
            };
            for k in 0..t.0.size() {
                let want = v.base() + v.layout().at(k as i64).unwrap();
                assert_eq!((t.1 + t.0.at(k)) as i64, want, "{text} at {k}");
            }
        }
    }
    let (i, j) = (16usize, 0usize);
    assert!(layout!(type local_tile(((2,4,8),m):((1,2,16),128), (4,4), (i, j))).is_err());
}
