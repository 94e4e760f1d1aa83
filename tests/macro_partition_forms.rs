//! Proptests of the `layout!(type …)` partitions the macro types since
//! tile extents of 1, nested tilers, negative static strides and nested
//! thread layouts take the typed path: against the core's view of the same
//! call at every index (the base, the size, the offset of each index), or,
//! where the typed path refuses, the core refuses too or the refusal is
//! the nested mode's divisibility the typed nesting needs.

use layout_dsl::{Layout, Value, layout};
use proptest::prelude::*;

fn core_view(src: &str) -> Option<(Layout, i64)> {
    match layout_dsl::evaluate(src) {
        Ok(Value::View(v)) => Some((v.layout().clone(), v.base())),
        Ok(other) => panic!("{src}: {other}"),
        Err(_) => None,
    }
}

/// The typed pair (its layout through its text) against the core's view.
fn check<L: std::fmt::Display, B: Into<i64>>(
    layout: L,
    base: B,
    src: &str,
) -> Result<(), TestCaseError> {
    let typed: Layout = layout.to_string().parse().unwrap();
    let Some((core, core_base)) = core_view(src) else {
        return Err(TestCaseError::fail(format!(
            "{src}: typed {typed}, the core refuses"
        )));
    };
    prop_assert_eq!(base.into(), core_base, "{}: base", src);
    prop_assert_eq!(typed.size(), core.size(), "{}", src);
    for i in 0..typed.size() {
        prop_assert_eq!(
            typed.at(i).unwrap(),
            core.at(i).unwrap(),
            "{}: {} vs {} at {}",
            src,
            typed,
            core,
            i
        );
    }
    Ok(())
}

fn base_u(b: usize) -> i64 {
    b as i64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    /// Tile extents of 1 over flat and nested modes.
    #[test]
    fn unit_tile_extents(m in 1usize..12, n in 1usize..6, i in 0usize..12, j in 0usize..6) {
        let (i, j) = (i % m.div_ceil(4), j % n);
        match layout!(type local_tile((m,n):(1,m), (4,1), (i,j))) {
            Ok((l, b)) => check(l, base_u(b), &format!("local_tile(({m},{n}):(1,{m}), (4,1), ({i},{j}))"))?,
            Err(e) => prop_assert!(false, "{e}"),
        }
        let (l, b) = layout!(type local_tile((m,n):(1,m), (1,1), (_,j))).unwrap();
        check(l, base_u(b), &format!("local_tile(({m},{n}):(1,{m}), (1,1), (_,{j}))"))?;
        let mm = 2 * m;
        let (l, b) = layout!(type outer_partition(((m,2),n):((1,m),mm), (1,1), (0,0))).unwrap();
        check(l, base_u(b), &format!("outer_partition((({m},2),{n}):((1,{m}),{mm}), (1,1), (0,0))"))?;
    }

    /// Negative static strides, flat and nested: the base an `isize`.
    #[test]
    fn negative_strides(n in 1usize..9, i in 0usize..2, j in 0usize..5, t in 0usize..8) {
        let j = j % n.div_ceil(2);
        let (l, b) = layout!(type local_tile((8,n):(-1,8), (4,2), (i,j))).unwrap();
        check(l, b as i64, &format!("local_tile((8,{n}):(-1,8), (4,2), ({i},{j}))"))?;
        let t4 = t % 4;
        let (l, b) = layout!(type outer_partition((8,n):(-1,8), (4,2), (t4,1))).unwrap();
        check(l, b as i64, &format!("outer_partition((8,{n}):(-1,8), (4,2), ({t4},1))"))?;
        let (l, b) = layout!(type local_tile(((2,4),n):((-4,1),-8), (4,2), (i,_))).unwrap();
        check(l, b as i64, &format!("local_tile(((2,4),{n}):((-4,1),-8), (4,2), ({i},_))"))?;
        let (l, b) = layout!(type local_partition((8,n):(-1,8), (4,2):(2,1), t)).unwrap();
        check(l, b as i64, &format!("local_partition((8,{n}):(-1,8), (4,2):(2,1), {t})"))?;
    }

    /// A tiler nested like a tuple mode with a dynamic leaf: the typed
    /// view is the core's, or refused where the sub-tile 2 and the dynamic
    /// leaf `a` do not divide one another (the core, which coalesces, may
    /// answer there).
    #[test]
    fn nested_tilers(a in 1usize..9, n in 1usize..9, i in 0usize..8, k in 0usize..3, c in 0usize..8) {
        let a3 = 3 * a;
        let src = |coord: &str| format!("local_tile((({a},3),{n}):((1,{a}),{a3}), ((2,3),4), {coord})");
        let (i, k) = (i % a.div_ceil(2), k % n.div_ceil(4));
        match layout!(type local_tile(((a,3),n):((1,a),a3), ((2,3),4), ((i,0),k))) {
            Ok((l, base)) => check(l, base_u(base), &src(&format!("(({i},0),{k})")))?,
            Err(_) => prop_assert!(a % 2 != 0 && a != 1, "a={}", a),
        }
        match layout!(type local_tile(((a,3),n):((1,a),a3), ((2,3),4), (_,k))) {
            Ok((l, base)) => check(l, base_u(base), &src(&format!("(_,{k})")))?,
            Err(_) => prop_assert!(a % 2 != 0 && a != 1, "a={}", a),
        }
        let (c, k4) = (c % 6, k % 4);
        let osrc = format!("outer_partition((({a},3),{n}):((1,{a}),{a3}), ((2,3),4), ({c},{k4}))");
        match layout!(type outer_partition(((a,3),n):((1,a),a3), ((2,3),4), (c,k4))) {
            Ok((l, base)) => check(l, base_u(base), &osrc)?,
            Err(_) => prop_assert!(a % 2 != 0 && a != 1 || core_view(&osrc).is_none(), "{}", osrc),
        }
        let (c0, c1) = (c % 2, c / 2);
        let osrc = format!("outer_partition((({a},3),{n}):((1,{a}),{a3}), ((2,3),4), (({c0},{c1}),{k4}))");
        match layout!(type outer_partition(((a,3),n):((1,a),a3), ((2,3),4), ((c0,c1),k4))) {
            Ok((l, base)) => check(l, base_u(base), &osrc)?,
            Err(_) => prop_assert!(a % 2 != 0 && a != 1 || core_view(&osrc).is_none(), "{}", osrc),
        }
    }

    /// Thread layouts nested to three levels, every thread.
    #[test]
    fn nested_thread_layouts(m in 1usize..20, n in 1usize..14) {
        for t in 0..24usize {
            let (l, b) = layout!(type local_partition((m,n):(1,m), (((2,2),2),3):(((1,6),12),2), t)).unwrap();
            check(l, base_u(b), &format!("local_partition(({m},{n}):(1,{m}), (((2,2),2),3):(((1,6),12),2), {t})"))?;
        }
    }

    /// The thread named by its coordinate in the thread layout, nested like
    /// it or one integer per mode, its entries dynamic or static: the
    /// core's view of the same call, and of the index the coordinate maps
    /// to (the thread layout is a bijection onto 0..24: `a + 6b + 12c + 2d`).
    #[test]
    fn thread_coordinates(m in 1usize..20, n in 1usize..14) {
        let thr = "(((2,2),2),3):(((1,6),12),2)";
        for t in 0..24usize {
            let (a, b, c, d) = (t % 2, t / 2 % 2, t / 4 % 2, t / 8);
            let index = format!("local_partition(({m},{n}):(1,{m}), {thr}, {})", a + 6 * b + 12 * c + 2 * d);
            let src = format!("local_partition(({m},{n}):(1,{m}), {thr}, ((({a},{b}),{c}),{d}))");
            let (l, base) = layout!(type local_partition((m,n):(1,m), (((2,2),2),3):(((1,6),12),2), ((({a},{b}),{c}),{d}))).unwrap();
            check(l, base_u(base), &index)?;
            check(l, base_u(base), &src)?;
            let k = a + 2 * b + 4 * c;
            let (l, base) = layout!(type local_partition((m,n):(1,m), (((2,2),2),3):(((1,6),12),2), ({k},{d}))).unwrap();
            check(l, base_u(base), &index)?;
            // With a step: the coordinate covers the whole thread layout.
            let e = d % 2;
            let (l, base) = layout!(type local_partition((m,6):(1,m), ((2,2),2,(1,2)):((1,2),4,(0,8)), (({a},{b}),{c},(0,{e})), (1,X,1))).unwrap();
            let step = |i: &str| format!("local_partition(({m},6):(1,{m}), ((2,2),2,(1,2)):((1,2),4,(0,8)), {i}, (1,X,1))");
            check(l, base_u(base), &step(&format!("(({a},{b}),{c},(0,{e}))")))?;
            check(l, base_u(base), &step(&(a + 2 * b + 4 * c + 8 * e).to_string()))?;
        }
        // Static entries: thread ((1,0),1),2 is index 1 + 12 + 4 = 17.
        let (l, base) = layout!(type local_partition((m,n):(1,m), (((2,2),2),3):(((1,6),12),2), (((1,0),1),2))).unwrap();
        check(l, base_u(base), &format!("local_partition(({m},{n}):(1,{m}), {thr}, 17)"))?;
        // A coordinate past its mode is an error when the code runs.
        let past = layout!(type local_partition((m,n):(1,m), (((2,2),2),3):(((1,6),12),2), (((0,0),0),{n + 2})));
        prop_assert!(past.is_err());
    }
}
