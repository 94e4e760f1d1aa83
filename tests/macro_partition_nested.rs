//! `layout!(type local_tile/local_partition/outer_partition(…))` of nested
//! written-out layouts with dynamic leaves, and `layout_type!` naming the
//! views' (and a nested divide's) layout types. Checked against the core's
//! view of the same call with the values written in: the same base, the
//! same size per top-level mode, and the same offset at every index (the
//! core coalesces a nested mode first, so its nesting may be flatter: the
//! layouts are not compared as text).

use layout_dsl::typed::{C, Divide};
use layout_dsl::{Layout, Value, layout, layout_type};

fn core_view(src: &str) -> (Layout, i64) {
    match layout_dsl::evaluate(src).unwrap() {
        Value::View(v) => (v.layout().clone(), v.base()),
        other => panic!("{src}: {other}"),
    }
}

fn core_layout(text: &str) -> Layout {
    match layout_dsl::evaluate(text).unwrap() {
        Value::Layout(l) => l,
        other => panic!("{text}: {other}"),
    }
}

/// The typed pair against the core's view of `src`, as functions.
fn same_as_core<L: std::fmt::Display>((layout, base): (L, usize), src: &str) {
    let typed = core_layout(&layout.to_string());
    let (core, core_base) = core_view(src);
    assert_eq!(base as i64, core_base, "{src}: base");
    assert_eq!(typed.rank(), core.rank(), "{src}: {typed} vs {core}");
    for k in 0..typed.rank() {
        let (t, c) = (typed.mode(k).unwrap(), core.mode(k).unwrap());
        assert_eq!(t.size(), c.size(), "{src}: mode {k} of {typed} vs {core}");
    }
    assert_eq!(typed.size(), core.size(), "{src}");
    for i in 0..typed.size() {
        assert_eq!(
            typed.at(i).unwrap(),
            core.at(i).unwrap(),
            "{src}: {typed} vs {core} at {i}"
        );
    }
}

#[test]
fn nested_static_mode_with_a_dynamic_leaf() {
    for m in [8usize, 16, 24, 40] {
        for (i, j) in [(0usize, 0usize), (1, 1), (1, 2)] {
            let j = j % (m / 8);
            let tile = layout!(type local_tile(((2,4),m):((1,2),8), (4,8), (i,j))).unwrap();
            let src = format!("local_tile(((2,4),{m}):((1,2),8), (4,8), ({i},{j}))");
            same_as_core(tile, &src);
            let row = layout!(type local_tile(((2,4),m):((1,2),8), (4,8), (i,_))).unwrap();
            same_as_core(
                row,
                &format!("local_tile(((2,4),{m}):((1,2),8), (4,8), ({i},_))"),
            );
            // The view's layout type, named: a struct field could hold it.
            let _: layout_type!(type local_tile(((2,4),m):((1,2),8), (4,8), (i,_))) = row.0;
            let outer = layout!(type outer_partition(((2,4),m):((1,2),8), (4,8), (i,j))).unwrap();
            let src = format!("outer_partition(((2,4),{m}):((1,2),8), (4,8), ({i},{j}))");
            same_as_core(outer, &src);
        }
        for t in [0usize, 3, 5, 7] {
            let p = layout!(type local_partition(((2,4),m):((1,2),8), (2,4):(4,1), t)).unwrap();
            let src = format!("local_partition(((2,4),{m}):((1,2),8), (2,4):(4,1), {t})");
            same_as_core(p, &src);
            let _: layout_type!(type local_partition(((2,4),m):((1,2),8), (2,4):(4,1), t)) = p.0;
            let p =
                layout!(type local_partition(((2,4),m):((1,2),8), (2,16,1):(16,1,0), t, (1,X,1)))
                    .unwrap();
            let src =
                format!("local_partition(((2,4),{m}):((1,2),8), (2,16,1):(16,1,0), {t}, (1,X,1))");
            same_as_core(p, &src);
        }
    }
}

/// A nested mode of dynamic leaves: where the tile divides the leaves'
/// walk, or the leaves continue one another (stride `a` after extent `a`,
/// merged as CuTe's coalesce would), the view is the core's; where not,
/// an error: never a different view.
#[test]
fn nested_dynamic_mode() {
    let (mut typed, mut refused) = (0, 0);
    for a in 1..=8usize {
        for b in [1usize, 2, 4, 6] {
            // `gap` 0: leaf `b` continues leaf `a`; 1: it does not.
            for gap in [0, 1] {
                let (n, db) = (8usize, a + gap);
                let dn = db * b;
                match layout!(type local_tile(((a,b),n):((1,db),dn), (4,2), (0,_))) {
                    Ok(tile) => {
                        typed += 1;
                        let src =
                            format!("local_tile((({a},{b}),{n}):((1,{db}),{dn}), (4,2), (0,_))");
                        same_as_core(tile, &src);
                    }
                    Err(_) => {
                        refused += 1;
                        // Leaf `a` meets the tile of 4, or leaf `b` what is left of it.
                        let left = if a < 4 { 4 / a } else { 1 };
                        assert!(
                            a % 4 != 0 && 4 % a != 0 || b % left != 0 && left % b != 0,
                            "a={a} b={b}"
                        );
                        assert_eq!(gap, 1, "a={a} b={b}: contiguous leaves merge");
                    }
                }
            }
        }
    }
    assert!(
        typed >= 40 && refused >= 5,
        "{typed} typed, {refused} refused"
    );
}

#[test]
fn layout_type_names_flat_partitions_and_nested_divides() {
    let (m, n, i) = (12usize, 16usize, 1usize);
    let tile: layout_type!(type local_tile((m,n):(1,m), (4,2), (i,_))) =
        layout!(type local_tile((m,n):(1,m), (4,2), (i,_)))
            .unwrap()
            .0;
    assert_eq!(tile.to_string(), "(4,2,8):(1,12,24)");
    let divided: layout_type!(type logical_divide(((2,4),m):((1,2),8), <4,8>)) =
        layout!(type logical_divide(((2,4),m):((1,2),8), <4,8>)).unwrap();
    let by_method = layout!(type ((2,4),m):((1,2),8)).logical_divide((C::<4>, C::<8>));
    assert_eq!(Ok(divided), by_method);
    let _: layout_type!(type zipped_divide(((4,m),n):((1,4),64), <<2,4>,8>)) =
        layout!(type zipped_divide(((4,m),n):((1,4),64), <<2,4>,8>)).unwrap();
}

/// One integer coordinate: `local_tile` picks tile `k` of the grid
/// (colexicographic over the grid's modes, CuTe's slice of the rest mode),
/// `outer_partition` element `k` of every tile; past the end an error, as
/// the core's.
#[test]
fn integer_coordinates() {
    for (m, n) in [(8usize, 8usize), (12, 6), (10, 7)] {
        let tiles = m.div_ceil(4) * n.div_ceil(2);
        for k in 0..=tiles {
            let src = format!("local_tile(({m},{n}):(1,{m}), (4,2), {k})");
            match layout!(type local_tile((m,n):(1,m), (4,2), k)) {
                Ok(tile) => {
                    let _: layout_type!(type local_tile((m,n):(1,m), (4,2), k)) = tile.0;
                    same_as_core(tile, &src);
                }
                Err(_) => {
                    assert_eq!(k, tiles, "{src}");
                    assert!(layout_dsl::evaluate(&src).is_err(), "{src}");
                }
            }
            let nested = format!("local_tile((({m},2),{n}):((1,{m}),{}), (4,2), {k})", 2 * m);
            let mm = 2 * m;
            if let Ok(tile) = layout!(type local_tile(((m,2),n):((1,m),mm), (4,2), k)) {
                same_as_core(tile, &nested);
            } else {
                assert!(k >= tiles || m % 4 != 0 && 4 % m != 0, "{nested}");
            }
        }
        for k in 0..=8usize {
            let src = format!("outer_partition(({m},{n}):({n},1), (4,2), {k})");
            match layout!(type outer_partition((m,n):(n,1), (4,2), k)) {
                Ok(p) => {
                    let _: layout_type!(type outer_partition((m,n):(n,1), (4,2), k)) = p.0;
                    same_as_core(p, &src);
                }
                Err(_) => assert!(k == 8 || layout_dsl::evaluate(&src).is_err(), "{src}"),
            }
        }
    }
}

/// An index whose name is also a local of the expansion is read as the
/// caller's value.
#[test]
fn an_index_named_like_an_expansion_local() {
    let (m, n, base, k) = (12usize, 8usize, 5usize, 3usize);
    let tile = layout!(type local_tile((m,n):(1,m), (4,2), base)).unwrap();
    same_as_core(tile, "local_tile((12,8):(1,12), (4,2), 5)");
    let p = layout!(type outer_partition((m,n):(n,1), (4,2), k)).unwrap();
    same_as_core(p, "outer_partition((12,8):(8,1), (4,2), 3)");
}

/// CuTe's printing without its static marks (`_4` is `4`).
fn unmarked(cute: &str) -> String {
    cute.replace('_', "")
}

/// The typed view's text and base against CuTe C++'s for the same call
/// (golden strings printed by a host program built from CUTLASS headers,
/// the extents marked dynamic there as here).
fn same_as_cute<L: std::fmt::Display, B: std::fmt::Display>(
    (layout, base): &(L, B),
    cute: &str,
    cute_base: i64,
) {
    assert_eq!(layout.to_string(), unmarked(cute));
    assert_eq!(base.to_string(), cute_base.to_string());
}

/// A tile extent of 1 takes the typed path; its mode's stride is 0 as in
/// CuTe (`1:0` is CuTe's tile of 1).
#[test]
fn tile_extents_of_one() {
    let (m, n) = (8usize, 3usize);
    let tile = layout!(type local_tile((m,n):(1,m), (4,1), (1,2))).unwrap();
    same_as_cute(&tile, "(_4,_1):(_1,_0)", 20);
    same_as_core(tile, "local_tile((8,3):(1,8), (4,1), (1,2))");
    let row = layout!(type local_tile((m,n):(1,m), (4,1), (1,_))).unwrap();
    same_as_cute(&row, "(_4,_1,3):(_1,_0,8)", 4);
    let _: layout_type!(type local_tile((m,n):(1,m), (4,1), (1,_))) = row.0;
    let outer = layout!(type outer_partition((m,n):(1,m), (4,1), (3,0))).unwrap();
    same_as_cute(&outer, "(2,3):(_4,8)", 3);
    // A tile of 1 over a nested mode, and tiles of 1 everywhere, at every index.
    for m in [1usize, 2, 5, 8] {
        for i in 0..m {
            let src = format!(
                "local_tile((({m},2),3):((1,{m}),{}), (1,1), ({i},1))",
                2 * m
            );
            let mm = 2 * m;
            let t = layout!(type local_tile(((m,2),3):((1,m),mm), (1,1), (i,1))).unwrap();
            same_as_core(t, &src);
            let src = format!(
                "outer_partition((({m},2),3):((1,{m}),{}), (1,3), (0,2))",
                2 * m
            );
            let t = layout!(type outer_partition(((m,2),3):((1,m),mm), (1,3), (0,2))).unwrap();
            same_as_core(t, &src);
        }
    }
}

/// A negative static stride: a signed layout, its base an `isize`.
#[test]
fn negative_static_strides() {
    let n = 6usize;
    let tile = layout!(type local_tile((8,n):(-1,8), (4,2), (1,2))).unwrap();
    let _: isize = tile.1;
    same_as_cute(&tile, "(_4,_2):(_-1,_8)", 28);
    let outer = layout!(type outer_partition((8,n):(-1,8), (4,2), (1,1))).unwrap();
    same_as_cute(&outer, "(_2,3):(_-4,_16)", 7);
    for n in 1usize..=7 {
        for (i, j) in [(0usize, 0usize), (1, 0), (1, 2)] {
            let j = j % n.div_ceil(2);
            let got = layout!(type local_tile((8,n):(-1,8), (4,2), (i,j))).unwrap();
            same_as_core_signed(
                got,
                &format!("local_tile((8,{n}):(-1,8), (4,2), ({i},{j}))"),
            );
            let got = layout!(type local_tile(((2,4),n):((-4,1),-8), (4,2), (i,_))).unwrap();
            let src = format!("local_tile(((2,4),{n}):((-4,1),-8), (4,2), ({i},_))");
            same_as_core_signed(got, &src);
        }
        for t in [0usize, 3, 7] {
            let got = layout!(type local_partition((8,n):(-1,8), (4,2):(2,1), t)).unwrap();
            same_as_core_signed(
                got,
                &format!("local_partition((8,{n}):(-1,8), (4,2):(2,1), {t})"),
            );
        }
    }
}

/// [`same_as_core`] for a signed view: the base an `isize`.
fn same_as_core_signed<L: std::fmt::Display>((layout, base): (L, isize), src: &str) {
    let typed = core_layout(&layout.to_string());
    let (core, core_base) = core_view(src);
    assert_eq!(base as i64, core_base, "{src}: base");
    assert_eq!(typed.size(), core.size(), "{src}");
    for i in 0..typed.size() {
        assert_eq!(
            typed.at(i).unwrap(),
            core.at(i).unwrap(),
            "{src}: {typed} vs {core} at {i}"
        );
    }
}

/// A tiler nested like a tuple mode (CuTe's by-mode tiler inside a mode):
/// each sub-mode by its own tile, the rest a tuple a coordinate may slice
/// entry by entry.
#[test]
fn nested_tilers() {
    let n = 8usize;
    let t = layout!(type local_tile(((4,4),n):((1,4),16), ((2,2),4), ((1,1),1))).unwrap();
    same_as_cute(&t, "((_2,_2),_4):((_1,_4),_16)", 74);
    let t = layout!(type local_tile(((4,4),n):((1,4),16), ((2,2),4), (3,1))).unwrap();
    same_as_cute(&t, "((_2,_2),_4):((_1,_4),_16)", 74);
    let t = layout!(type local_tile(((4,4),n):((1,4),16), ((2,2),4), (_,1))).unwrap();
    same_as_cute(&t, "((_2,_2),_4,(_2,_2)):((_1,_4),_16,(_2,_8))", 64);
    let _: layout_type!(type local_tile(((4,4),n):((1,4),16), ((2,2),4), (_,1))) = t.0;
    // CuTe's coordinate ((1,1),2) into the tile ((2,2),4), or its index 3 there.
    let o = layout!(type outer_partition(((4,4),n):((1,4),16), ((2,2),4), ((1,1),2))).unwrap();
    same_as_cute(&o, "((_2,_2),2):((_2,_8),_64)", 37);
    let _: layout_type!(type outer_partition(((4,4),n):((1,4),16), ((2,2),4), ((1,1),2))) = o.0;
    let o = layout!(type outer_partition(((4,4),n):((1,4),16), ((2,2),4), (3,2))).unwrap();
    same_as_cute(&o, "((_2,_2),2):((_2,_8),_64)", 37);
    let (i, j) = (1usize, 2usize);
    let o = layout!(type outer_partition(((4,4),n):((1,4),16), ((2,2),4), ((i,1),j))).unwrap();
    same_as_cute(&o, "((_2,_2),2):((_2,_8),_64)", 37);
    // Past the sub-tile: an error, as the core's.
    let past = layout!(type outer_partition(((4,4),n):((1,4),16), ((2,2),4), ((j,1),0)));
    assert!(past.is_err());
    let src = "outer_partition(((4,4),8):((1,4),16), ((2,2),4), ((2,1),0))";
    assert!(layout_dsl::evaluate(src).is_err(), "{src}");
    // Dynamic sub-modes, against the core at every index.
    for a in [2usize, 4, 6] {
        for n in [4usize, 8, 12] {
            let an = a * 3;
            // The sub-mode 3 by its tile 3 leaves one tile: `j` is 0.
            for (i, j, k) in [(0usize, 0usize, 0usize), (1, 0, 0), (2, 0, 1)] {
                let (i, k) = (i % (a / 2), k % n.div_ceil(4));
                let src =
                    format!("local_tile((({a},3),{n}):((1,{a}),{an}), ((2,3),4), (({i},{j}),{k}))");
                match layout!(type local_tile(((a,3),n):((1,a),an), ((2,3),4), ((i,j),k))) {
                    Ok(t) => same_as_core(t, &src),
                    Err(e) => panic!("{src}: {e}"),
                }
                let src =
                    format!("local_tile((({a},3),{n}):((1,{a}),{an}), ((2,3),4), (({i},_),_))");
                let t =
                    layout!(type local_tile(((a,3),n):((1,a),an), ((2,3),4), ((i,_),_))).unwrap();
                same_as_core(t, &src);
                let src = format!("outer_partition((({a},3),{n}):((1,{a}),{an}), ((2,3),4), 5)");
                let t = layout!(type outer_partition(((a,3),n):((1,a),an), ((2,3),4), 5)).unwrap();
                same_as_core(t, &src);
            }
        }
    }
}

/// A nested thread layout in the macro: as the core's at every thread.
#[test]
fn nested_thread_layouts() {
    for m in [8usize, 16, 12] {
        for t in 0..8usize {
            let p = layout!(type local_partition((m,6):(1,m), ((2,2),2):((1,2),4), t)).unwrap();
            let src = format!("local_partition(({m},6):(1,{m}), ((2,2),2):((1,2),4), {t})");
            same_as_core(p, &src);
            let _: layout_type!(type local_partition((m,6):(1,m), ((2,2),2):((1,2),4), t)) = p.0;
            let p = layout!(type local_partition((m,6):(1,m), ((2,2),2,(1,2)):((1,2),4,(0,8)), t, (1,X,1)))
                .unwrap();
            let src = format!(
                "local_partition(({m},6):(1,{m}), ((2,2),2,(1,2)):((1,2),4,(0,8)), {t}, (1,X,1))"
            );
            same_as_core(p, &src);
        }
    }
}

/// Issue 12: `outer_partition(((2,3),4):((1,2),6), (3,2), (2,1))` with the
/// `2` dynamic. CuTe C++ (g++, CUTLASS) answers the static form
/// `view((_2,_2):(_3,_12),8)`; with a run-time `2` its coalesce cannot
/// merge `(2,_3):(_1,_2)`, and its walk answers a tile of the wrong size
/// (`zipped_divide` = `(((2,1),_2),((1,2),_2))`, 4 elements for a tile of
/// 6) without a check. The typed path merges the leaves at run time (the
/// `3` steps by `2·1`) and answers the core's view; a leaf that does not
/// continue the run (`n = 4`: `(4,3):(1,2)` overlaps) is refused, as the
/// core refuses.
#[test]
fn a_dynamic_leaf_merges_with_the_leaf_continuing_it() {
    let tile = layout!(type outer_partition((({2},3),4):((1,2),6), (3,2), (2,1))).unwrap();
    assert_eq!(tile.1, 8);
    same_as_core(tile, "outer_partition(((2,3),4):((1,2),6), (3,2), (2,1))");
    for n in 1..=8usize {
        let typed = layout!(type outer_partition(((n,3),4):((1,2),6), (3,2), (2,1)));
        let src = format!("outer_partition((({n},3),4):((1,2),6), (3,2), (2,1))");
        match (typed, layout_dsl::evaluate(&src)) {
            (Ok(tile), Ok(_)) => same_as_core(tile, &src),
            (Err(e), Err(_)) => assert!(e.to_string().contains("to divide one another"), "{e}"),
            (typed, core) => panic!("{src}: typed {typed:?}, core {core:?}"),
        }
    }
    // A run of three leaves, `(n,2,3):(1,n,2n)` = `6n:1`, by tiles that
    // end inside each of them and past the last (a partial tile).
    for n in 1..=4usize {
        let (dn, dm) = (2 * n, 6 * n);
        let src = |t: usize, c: usize| {
            format!("outer_partition((({n},2,3),4):((1,{n},{dn}),{dm}), ({t},2), ({c},1))")
        };
        let tile = layout!(type outer_partition(((n,2,3),4):((1,n,dn),dm), (3,2), (1,1)));
        same_as_core(tile.unwrap(), &src(3, 1));
        let tile = layout!(type outer_partition(((n,2,3),4):((1,n,dn),dm), (5,2), (1,1)));
        same_as_core(tile.unwrap(), &src(5, 1));
        let tile = layout!(type outer_partition(((n,2,3),4):((1,n,dn),dm), (12,2), (0,1)));
        same_as_core(tile.unwrap(), &src(12, 0));
    }
}
