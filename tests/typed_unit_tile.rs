//! A static tile of 1 (`C<1>`) in the typed doors (the `Divide` methods and
//! `tensor::typed`'s partitions) is CuTe's `_1:_0`: the printed layouts
//! below are CuTe C++'s (CUTLASS `print(layout)` of the same calls with
//! `Int<N>{}` tiles, a host harness kept outside the repository; `_N`
//! printed as `N`), and every result is the core's function at every index.

use layout_dsl::tensor::{Tensor, X, typed};
use layout_dsl::typed::{C, Divide, TypedLayout};
use layout_dsl::{IntTuple, layout};

fn core(text: &str) -> layout_dsl::Layout {
    match layout_dsl::evaluate(text).unwrap() {
        layout_dsl::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    }
}

/// The same function: size, and the offset of every index.
fn same<L: TypedLayout>(typed: &L, core: &layout_dsl::Layout)
where
    L::Offset: TryInto<i64>,
{
    assert_eq!(typed.size() as i64, core.size(), "{typed} vs {core}");
    for i in 0..typed.size() {
        let want = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(
            typed.at(i).try_into().ok(),
            Some(want),
            "{typed} vs {core} at {i}"
        );
    }
}

/// `(m,n):(1,m)` divided with a 1 in the tiler: CuTe's strings for
/// m = 10, n = 20, and the core's function for every small m, n.
#[test]
fn divides_by_a_tile_of_one_print_as_cute() {
    let (m, n) = (10, 20);
    let l = layout!((m,n):(1,m));
    // CuTe: ((_4,3),(_1,20)):((_1,_4),(_0,10))
    let d = l.logical_divide((C::<4>, C::<1>)).unwrap();
    assert_eq!(d.to_string(), "((4,3),(1,20)):((1,4),(0,10))");
    // CuTe: ((_4,_1),(3,20)):((_1,_0),(_4,10))
    let z = l.zipped_divide((C::<4>, C::<1>)).unwrap();
    assert_eq!(z.to_string(), "((4,1),(3,20)):((1,0),(4,10))");
    // CuTe: ((_1,_1),(10,20)):((_0,_0),(_1,10))
    let z = l.zipped_divide((C::<1>, C::<1>)).unwrap();
    assert_eq!(z.to_string(), "((1,1),(10,20)):((0,0),(1,10))");
    // CuTe: ((_1,10),(_4,5)):((_0,_1),(10,40))
    let d = l.logical_divide((C::<1>, C::<4>)).unwrap();
    assert_eq!(d.to_string(), "((1,10),(4,5)):((0,1),(10,40))");
    // The tile stride is static zero, in the type, for a static stride.
    let z = layout!(type (8,3):(1,8))
        .zipped_divide((C::<1>, C::<3>))
        .unwrap();
    // CuTe: ((_1,_3),(_8,_1)):((_0,_8),(_1,_0)): the rest of static
    // extent 1 is `1:0` too (`RestStride`).
    assert_eq!(z.mode::<0>().to_string(), "(1,3):(0,8)");
    assert_eq!(z.to_string(), "((1,3),(8,1)):((0,8),(1,0))");
    assert_eq!(core::mem::size_of_val(&z), 0);
    for m in 1..=9usize {
        for n in [1usize, 4, 7] {
            let l = layout!((m,n):(1,m));
            let want = |f: &str, t: &str| core(&format!("{f}(({m},{n}):(1,{m}), {t})"));
            let (a, b) = ((C::<1>, C::<4>), (C::<4>, C::<1>));
            same(
                &l.logical_divide(a).unwrap(),
                &want("logical_divide", "<1,4>"),
            );
            same(
                &l.zipped_divide(a).unwrap(),
                &want("zipped_divide", "<1,4>"),
            );
            same(
                &l.logical_divide(b).unwrap(),
                &want("logical_divide", "<4,1>"),
            );
            same(
                &l.zipped_divide(b).unwrap(),
                &want("zipped_divide", "<4,1>"),
            );
            let want = core(&format!("zipped_divide(({m},{n}):(1,{m}), <1,1>)"));
            same(&l.zipped_divide((C::<1>, C::<1>)).unwrap(), &want);
        }
    }
}

/// `$t`'s layout printed, and its first element (its offset here).
macro_rules! check {
    ($t:expr, $layout:expr, $first:expr) => {{
        let t = &$t;
        assert_eq!(t.layout().to_string(), $layout);
        assert_eq!(t.iter().next().copied(), Some($first), "{}", $layout);
    }};
}

/// The tensor partitions with a `C<1>` tile: CuTe's layout and its first
/// element, over `(8,3):(1,8)` (dynamic) whose elements are their offsets.
#[test]
fn partitions_by_a_tile_of_one_print_as_cute() {
    let data: Vec<usize> = (0..24).collect();
    let (m, n) = (8, 3);
    let t = Tensor::new(&data[..], layout!((m,n):(1,m))).unwrap();
    let g = typed::local_tile(t, (C::<4>, C::<1>), (1, 2)).unwrap();
    check!(g, "(4,1):(1,0)", 20);
    let g = typed::local_tile(t, (C::<1>, C::<1>), (3, 2)).unwrap();
    check!(g, "(1,1):(0,0)", 19);
    let g = typed::local_tile(t, (C::<4>, C::<1>), (1, X)).unwrap();
    check!(g, "(4,1,3):(1,0,8)", 4);
    let g = typed::outer_partition(t, (C::<4>, C::<1>), (1, 0)).unwrap();
    check!(g, "(2,3):(4,8)", 1);
    let g = typed::local_tile_step(t, (C::<4>, C::<1>, C::<2>), (1, 2, 0), (C::<1>, C::<1>, X))
        .unwrap();
    check!(g, "(4,1):(1,0)", 20);
    // A nested mode `(4,2):(1,4)`: CuTe `((2,1),_1):((_1,4),_0)` at 18.
    let data: Vec<usize> = (0..24).collect();
    let k = 4;
    let t2 = Tensor::new(&data[..], layout!(((k,2),3):((1,k),8))).unwrap();
    let g = typed::local_tile(t2, (C::<2>, C::<1>), (1, 2)).unwrap();
    check!(g, "((2,1),1):((1,4),0)", 18);
    // A tile of 1 over the nested mode: CuTe `(_1,_1):(_0,_0)` at 21. With
    // `C<1>` the nested tile keeps the mode's two leaves, each `1:0` (one
    // type for every `C<N>`); `UnitTile` is CuTe's `_1`.
    let g = typed::local_tile(t2, (C::<1>, C::<1>), (5, 2)).unwrap();
    check!(g, "((1,1),1):((0,0),0)", 21);
    let g = typed::local_tile(t2, (typed::UnitTile, typed::UnitTile), (5, 2)).unwrap();
    check!(g, "(1,1):(0,0)", 21);
}
