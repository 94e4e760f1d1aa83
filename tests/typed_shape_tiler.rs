//! `layout!(type …)` of a product or a composition by a tuple of extents,
//! CuTe's `Shape` used as a tiler (`logical_product(A, Shape<_2,_1>{})`):
//! the by-mode tiler `<2,1>`, as the core reads `(2,1)` there. The
//! dynamic-leaf sweep (`layout-macros/tests/expand/typed_sweep.rs`) had
//! 550 golden calls so spelled, each with one leaf dynamic, refused while
//! compiling where the core and CuTe C++ answer; each is now typed and the
//! core's layout.

use layout_dsl::{Layout, Value, evaluate, layout};

fn core(src: &str) -> Layout {
    match evaluate(src) {
        Ok(Value::Layout(l)) => l,
        other => panic!("{src}: {other:?}"),
    }
}

/// Each top-level mode's offsets (those of size 1 dropped: a dynamic leaf
/// keeps a unit mode the core drops).
fn modes(l: &Layout) -> Vec<Vec<i64>> {
    let modes = l.modes().into_iter().filter(|m| m.size() != 1);
    modes
        .map(|m| (0..m.size()).map(|i| m.at(i).unwrap()).collect())
        .collect()
}

/// `got` is the core's layout of `src`, mode by mode.
fn agrees(got: Layout, src: &str) {
    assert_eq!(modes(&got), modes(&core(src)), "{src}: typed {got}");
}

#[test]
fn a_product_by_a_tuple_of_extents_is_by_mode() {
    for m in [1usize, 2, 3, 4, 8] {
        let logical = layout!(type logical_product((8,m):(4,1), (2,1))).unwrap();
        let by_mode = layout!(type logical_product((8,m):(4,1), <2,1>)).unwrap();
        let src = format!("logical_product((8,{m}):(4,1), (2,1))");
        assert_eq!(logical.to_string(), by_mode.to_string(), "{src}");
        agrees(logical.to_core().unwrap(), &src);

        let zipped = layout!(type zipped_product((4,m):(1,4), (2,3))).unwrap();
        let src = format!("zipped_product((4,{m}):(1,4), (2,3))");
        agrees(zipped.to_core().unwrap(), &src);

        let tiled = layout!(type tiled_product((4,m):(1,4), (2,3))).unwrap();
        let src = format!("tiled_product((4,{m}):(1,4), (2,3))");
        agrees(tiled.to_core().unwrap(), &src);
    }
    // CuTe C++ with `m = 4` a run-time int prints
    // ((_8,_2),(4,_1)):((_4,_1),(_1,_0)).
    let m = 4usize;
    let logical = layout!(type logical_product((8,m):(4,1), (2,1))).unwrap();
    assert_eq!(logical.to_string(), "((8,2),(4,1)):((4,1),(1,0))");
}

#[test]
fn a_composition_by_a_tuple_of_extents_is_by_mode() {
    for (m, k) in [(1usize, 1usize), (2, 2), (4, 1), (4, 4), (8, 2)] {
        let typed = layout!(type composition((m,8):(8,1), (1,4))).unwrap();
        let src = format!("composition(({m},8):(8,1), (1,4))");
        agrees(typed.to_core().unwrap(), &src);

        let typed = layout!(type composition((8,4):(4,1), (2,k))).unwrap();
        let src = format!("composition((8,4):(4,1), (2,{k}))");
        agrees(typed.to_core().unwrap(), &src);
    }
    // CuTe C++ with the `1` a run-time int prints (_2,1):(_4,_1).
    let k = 1usize;
    let typed = layout!(type composition((8,4):(4,1), (2,k))).unwrap();
    assert_eq!(typed.to_string(), "(2,1):(4,1)");
}
