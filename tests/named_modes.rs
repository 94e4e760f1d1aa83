//! A named shape or tile as a mode of a written-out tuple, as CuTe's
//! `make_shape(s, Int<4>{})` nests it: `size((#s, 4))`,
//! `logical_divide(#A, (#t, 2))`. Each agrees with the same call with the
//! tuple written out, evaluated by the core.

use layout_dsl::layout;
use layout_dsl::tensor::X;
use layout_dsl::typed::{C, TypedLayout};

/// The core's value of `src`, written out.
fn core(src: &str) -> String {
    layout_core::evaluate(src).unwrap().to_string()
}

#[test]
fn queries_of_a_tuple_nesting_a_named_shape() {
    for m in [1usize, 3, 6] {
        let s = (m, C::<4>);
        let size: usize = layout!(size((#s, 4)));
        assert_eq!(size.to_string(), core(&format!("size((({m},4),4))")));
        assert_eq!(size, m * 16);
        let rank: usize = layout!(rank((#s, 4)));
        assert_eq!(rank.to_string(), core(&format!("rank((({m},4),4))")));
        assert_eq!(rank, 2);
        let depth: usize = layout!(depth((3, (#s, m))));
        assert_eq!(
            depth.to_string(),
            core(&format!("depth((3,(({m},4),{m})))"))
        );
        assert_eq!(depth, 3);
    }
}

#[test]
fn divide_by_a_tiler_nesting_a_named_tile() {
    for (m, n) in [(8usize, 6usize), (16, 10)] {
        let w = 4 * m;
        let a = layout!(((4, m), n):((1, 4), w));
        let t = (C::<2>, C::<4>);
        let named = layout!(logical_divide(#a, (#t, 2))).unwrap();
        let written = layout!(logical_divide(((4, m), n):((1, 4), w), ((2, 4), 2))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
        let named = layout!(zipped_divide(#a, (#t, 2))).unwrap();
        let written = layout!(zipped_divide(((4, m), n):((1, 4), w), ((2, 4), 2))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
        // A written-out tuple tile naming a part (`(#k, 4)`), checked as a whole.
        let k = C::<2>;
        let named = layout!(type zipped_divide(#a, ((#k, 4), 2))).unwrap();
        assert_eq!(named.to_string(), written.to_string());
        let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,4),2), (1,0))");
        let named = layout!(type local_tile(#a, ((#k, 4), 2), (1, 0))).unwrap();
        assert_eq!(view(named), core(&format!("local_tile{e}")));
    }
}

#[test]
fn divide_of_a_written_out_layout_by_a_tiler_nesting_a_named_tile() {
    let (m, n) = (12usize, 8usize);
    let k = C::<3>;
    let named = layout!(logical_divide((m, n):(1, m), (#k, 4))).unwrap();
    let written = core(&format!("logical_divide(({m},{n}):(1,{m}), (3,4))"));
    assert_eq!(named.to_string(), written);
    // A tile of 1 is CuTe's `_1:_0`, as written out.
    let t = (C::<2>, C::<2>);
    let a = layout!(((4, m), n):((1, 4), 48));
    let named = layout!(zipped_divide(#a, (#t, 1))).unwrap();
    let written = core(&format!(
        "zipped_divide(((4,{m}),{n}):((1,4),48), ((2,2),1))"
    ));
    assert_eq!(named.to_string(), written);
}

#[test]
fn static_parts_stay_static() {
    let a = layout!(type ((4, 4), 6):((1, 4), 16));
    let t = (C::<2>, C::<2>);
    let named = layout!(type logical_divide(#a, (#t, 2))).unwrap();
    let written = core("logical_divide(((4,4),6):((1,4),16), ((2,2),2))");
    assert_eq!(named.to_string(), written);
    // Every leaf folded into the type: the value has no run-time part.
    assert_eq!(std::mem::size_of_val(&named), 0);
}

#[test]
fn tiled_and_flat_divide_by_a_tiler_nesting_a_named_tile() {
    for (m, n) in [(8usize, 6usize), (16, 10)] {
        let w = 4 * m;
        let a = layout!(((4, m), n):((1, 4), w));
        let t = (C::<2>, C::<4>);
        let e = format!("((4,{m}),{n}):((1,4),{w}), ((2,4),2))");
        let named = layout!(tiled_divide(#a, (#t, 2))).unwrap();
        assert_eq!(named.to_string(), core(&format!("tiled_divide({e}")));
        let named = layout!(flat_divide(#a, (#t, 2))).unwrap();
        assert_eq!(named.to_string(), core(&format!("flat_divide({e}")));
        // A whole named tiler, and a written-out layout, under `type`.
        let whole = (t, C::<2>);
        let named = layout!(type tiled_divide(#a, #whole)).unwrap();
        assert_eq!(named.to_string(), core(&format!("tiled_divide({e}")));
        let k = C::<4>;
        let named = layout!(type flat_divide((m, n):(1, m), (#k, 2))).unwrap();
        let written = core(&format!("flat_divide(({m},{n}):(1,{m}), (4,2))"));
        assert_eq!(named.to_string(), written);
    }
}

/// The core's `view(layout,base)` of a partition, written out.
fn view((layout, base): (impl std::fmt::Display, impl std::fmt::Display)) -> String {
    format!("view({layout},{base})")
}

#[test]
fn partition_tilers_nesting_a_named_tile() {
    for (m, n) in [(12usize, 16usize), (8, 24)] {
        let l = layout!((m, n):(1, m));
        let k = C::<4>;
        for (i, j) in [(0usize, 0usize), (1, 1), (m / 4 - 1, n / 8 - 1)] {
            let e = format!("(({m},{n}):(1,{m}), (4,8), ({i},{j}))");
            let named = layout!(type local_tile(#l, (#k, 8), (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
            // Without `type` too: a tiler nesting a named tile has no core value.
            let named = layout!(local_tile(#l, (#k, 8), (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
            let named = layout!(type inner_partition((m, n):(1, m), (#k, 8), (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("inner_partition{e}")));
            let named = layout!(type outer_partition(#l, (#k, 8), (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("outer_partition{e}")));
        }
        // A tuple tile over a tuple mode, and CuTe's `Step` projection.
        let w = 4 * m;
        let a = layout!(((4, m), n):((1, 4), w));
        let t = (C::<2>, C::<2>);
        let named = layout!(type local_tile(#a, (#t, 8), (1, 1))).unwrap();
        let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,2),8), (1,1))");
        assert_eq!(view(named), core(&format!("local_tile{e}")));
        let named = layout!(type local_tile(#l, (#k, 8, 2), (1, _, 0), (1, X, 1))).unwrap();
        let e = format!("(({m},{n}):(1,{m}), (4,8,2), (1,_,0), (1,X,1))");
        assert_eq!(view(named), core(&format!("local_tile{e}")));
    }
}

#[test]
fn partitions_by_a_whole_named_tiler_nesting_as_the_layout() {
    // A whole named tiler with a tuple tile over the tuple mode, asked at
    // its name to nest as the layout (`PrefixTilerFits::fit_tiler_prefix`), as a divide's.
    let t = ((C::<2>, C::<2>), C::<8>);
    for (m, n) in [(8usize, 16usize), (12, 24)] {
        let w = 4 * m;
        let a = layout!(((4, m), n):((1, 4), w));
        // In range both as a tile coordinate and within a tile.
        for (i, j) in [(0usize, 0usize), (1, 1), (3, 1)] {
            let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,2),8), ({i},{j}))");
            let named = layout!(type local_tile(#a, #t, (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
            let named = layout!(type inner_partition(#a, #t, (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("inner_partition{e}")));
            let named = layout!(type outer_partition(#a, #t, (i, j))).unwrap();
            assert_eq!(view(named), core(&format!("outer_partition{e}")));
        }
        // With CuTe's `Step`: the entries the step keeps nest as the
        // layout (`StepTilerFits::fit_tiler_step`), the dropped one (`5`) need not.
        let t3 = ((C::<2>, C::<2>), C::<5>, C::<8>);
        let step = (C::<1>, X, C::<1>);
        for (i, j) in [(0usize, 0usize), (1, 1), (3, 1)] {
            let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,2),5,8), ({i},7,{j}), (1,X,1))");
            let named = layout!(type local_tile(#a, #t3, (i, 7, j), (1, X, 1))).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
            let named = layout!(type local_tile(#a, #t3, (i, 7, j), #step)).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
            // `_` keeps a grid mode.
            let e = format!("(((4,{m}),{n}):((1,4),{w}), ((2,2),5,8), ({i},7,_), (1,X,1))");
            let named = layout!(type local_tile(#a, #t3, (i, 7, _), #step)).unwrap();
            assert_eq!(view(named), core(&format!("local_tile{e}")));
        }
    }
}

/// The same size and offset at every index as the core's `src` (the typed
/// product may nest a mode deeper than the core's, `(2,(1,3))` for
/// `(2,3)`: the stable-Rust nesting limit the closing notes list).
fn same_function<L: TypedLayout<Offset = usize>>(typed: &L, src: &str) {
    let core = match layout_core::evaluate(src).unwrap() {
        layout_core::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    };
    assert_eq!(typed.size() as i64, core.size(), "{src}");
    for i in 0..typed.size() {
        let want = core.crd2idx(&layout_core::IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, want, "{src} at {i}");
    }
}

#[test]
fn product_tilers_naming_their_entries() {
    // CuTe's `logical_product(a, make_tile(t, Int<2>{}))`: a by-mode
    // tiler of a named layout or extent and written entries, `<…>` or a tuple.
    let a = layout!(type (2,2):(1,2));
    let t = layout!(type 3:1);
    let k = C::<3>;
    let written = |f: &str, second: &str| format!("{f}((2,2):(1,2), <3:1,{second}>)");
    let l = layout!(logical_product(#a, <#t, 2>)).unwrap();
    same_function(&l, &written("logical_product", "2"));
    let l = layout!(type logical_product(#a, (#k, 2))).unwrap();
    same_function(&l, &written("logical_product", "2"));
    let l = layout!(zipped_product(#a, (#t, 2))).unwrap();
    same_function(&l, &written("zipped_product", "2"));
    let l = layout!(type tiled_product(#a, <#t, 2:2>)).unwrap();
    same_function(&l, &written("tiled_product", "2:2"));
    let l = layout!(flat_product((2,2):(1,2), (#k, 2))).unwrap();
    same_function(&l, &written("flat_product", "2"));
    // The rank of each product is the core's.
    assert_eq!(l.rank(), 4);
    // A dynamic extent as the named entry.
    for m in [1usize, 3, 5] {
        let l = layout!(logical_product(#a, (#m, 2))).unwrap();
        same_function(&l, &format!("logical_product((2,2):(1,2), <{m},2>)"));
    }
}

#[test]
fn product_tilers_nesting_a_named_shape() {
    // CuTe's `logical_product(a, make_tile(make_shape(3, 1), 2))`: a shape
    // entry multiplies the mode's sub-modes one by one (`transform_layout`
    // again), as the core does; whole (`#s`) or as an entry (`(#u, 2)`).
    let a = layout!(type ((2,2),2):((1,2),4));
    let s = ((C::<3>, C::<1>), C::<2>);
    let u = (C::<3>, C::<1>);
    let written = |f: &str| format!("{f}(((2,2),2):((1,2),4), ((3,1),2))");
    let l = layout!(type logical_product(#a, #s)).unwrap();
    same_function(&l, &written("logical_product"));
    let l = layout!(type zipped_product(#a, #s)).unwrap();
    same_function(&l, &written("zipped_product"));
    let l = layout!(type tiled_product(#a, (#u, 2))).unwrap();
    same_function(&l, &written("tiled_product"));
    assert_eq!(l.rank(), 3);
    let l = layout!(flat_product(#a, <#u, 2>)).unwrap();
    same_function(&l, &written("flat_product"));
    assert_eq!(l.rank(), 4);
    // The core's values are CuTe's (g++ and CUTLASS print these, static
    // `_N` written `N`; harness outside the repository, harness-namedmore).
    let cute = [
        (
            "logical_product",
            "(((2,3),(2,1)),(2,2)):(((1,2),(2,0)),(4,1))",
        ),
        (
            "zipped_product",
            "(((2,2),2),((3,1),2)):(((1,2),4),((2,0),1))",
        ),
        ("tiled_product", "(((2,2),2),(3,1),2):(((1,2),4),(2,0),1)"),
        ("flat_product", "((2,2),2,(3,1),2):((1,2),4,(2,0),1)"),
    ];
    for (f, printed) in cute {
        assert_eq!(core(&written(f)), printed, "{f}");
    }
    assert_eq!(
        core("logical_product(((2,3),3):((1,2),8), ((3,2),2))"),
        "(((2,3),(3,2)),(3,2)):(((1,2),(2,1)),(8,1))"
    );
    assert_eq!(
        core("zipped_product(((2,3),3):((1,2),8), ((2),1))"),
        "(((2),3),((2,3),1)):(((1),8),((2,2),0))"
    );
    // Without `type`, a whole named tiler takes the core at run time.
    let l = layout!(logical_product(#a, #s)).unwrap();
    assert_eq!(l.to_string(), core(&written("logical_product")));
    // Dynamic leaves on either side; a shape entry shorter than its mode
    // keeps the sub-modes past it (CuTe's `transform_layout`).
    for m in [1usize, 2, 3] {
        let b = layout!(((2, m), 3):((1, 2), 8));
        let v = (m, 2usize);
        let l = layout!(logical_product(#b, (#v, 2))).unwrap();
        let e = format!("logical_product(((2,{m}),3):((1,2),8), (({m},2),2))");
        same_function(&l, &e);
        let short = (C::<2>,);
        let l = layout!(zipped_product(#b, (#short, 1))).unwrap();
        let e = format!("zipped_product(((2,{m}),3):((1,2),8), ((2),1))");
        same_function(&l, &e);
    }
}

#[test]
fn shapes_of_run_time_calls_nesting_a_named_shape() {
    // CuTe's `make_layout(make_shape(s, Int<4>{}))`: typed
    // (tests/named_make_layout.rs), the same offsets as the core's (whose
    // extent 1 has stride 0 where the typed one keeps the running product).
    // `make_identity_layout` puts the named shape in as the core's tuple.
    for m in [1usize, 3, 6] {
        let s = (m, C::<4>);
        let l = layout!(make_layout((#s, 4))).unwrap();
        same_function(&l, &format!("make_layout((({m},4),4))"));
        let l = layout!(make_layout((#s, 4), LayoutRight)).unwrap();
        same_function(&l, &format!("make_layout((({m},4),4), LayoutRight)"));
        let l = layout!(make_identity_layout((2, #s))).unwrap();
        let written = core(&format!("make_identity_layout((2,({m},4)))"));
        assert_eq!(l.to_string(), written);
    }
}
