//! `blocked_product`, `raked_product` (`RankedProduct`) and
//! `tile_to_shape` (`TileToShape`) of typed layout values: the core's
//! result at every index where the core answers; where the typed path
//! answers, the core does too (both round a hole down as CuTe does, see
//! `agrees::product`). Where
//! `layout!(type …)` of the same written-out layouts answers, the value
//! door gives the same function.

use layout_dsl::layout;
use layout_dsl::typed::{
    AlgebraError, C, Layout, LayoutLeft, LayoutRight, RankedProduct, TileToShape, TypedLayout,
};
use proptest::prelude::*;

mod agrees;

use agrees::product::product_agrees;

/// Both products of `a` by `b` against the core; whether they answered.
fn both<A, B>(a: A, b: B) -> bool
where
    A: RankedProduct<B> + TypedLayout,
    B: TypedLayout + Copy,
    A::Blocked: TypedLayout,
    A::Raked: TypedLayout,
    <A::Blocked as TypedLayout>::Offset: TryInto<i64>,
    <A::Raked as TypedLayout>::Offset: TryInto<i64>,
{
    let (at, bt) = (a.to_string(), b.to_string());
    let blocked = product_agrees(a.blocked_product(b), "blocked_product", &at, &bt);
    let raked = product_agrees(a.raked_product(b), "raked_product", &at, &bt);
    assert_eq!(blocked, raked, "{at} x {bt}");
    blocked
}

/// The same function where the written-out door answers.
fn same<L: TypedLayout<Offset = usize>, W: TypedLayout<Offset = usize>>(
    typed: Result<L, AlgebraError>,
    written: Result<W, AlgebraError>,
) {
    if let Ok(w) = written {
        let t = typed.unwrap_or_else(|e| panic!("{e}, `layout!(type …)` gives {w}"));
        assert_eq!(t.size(), w.size(), "{t} vs {w}");
        for i in 0..t.size() {
            assert_eq!(t.at(i), w.at(i), "{t} vs {w} at {i}");
        }
    }
}

fn extent() -> impl Strategy<Value = usize> {
    1usize..=5
}

fn stride() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..=3, 1usize..=20]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(500))]

    /// Ranks 1 to 3 on either side (padding with `1:0`), dynamic extents,
    /// `B` dynamic.
    #[test]
    fn blocked_and_raked(m in extent(), n in extent(), p in extent(), q in extent(), r in extent(),
                         u in stride(), v in stride(), w in stride(), s in stride()) {
        let b2 = layout!((p,q):(u,v));
        let b3 = layout!((p,q,r):(u,v,w));
        both(layout!(type (m,n):(1,8)), b2);
        both(layout!(type (m,n):(1,8)), b3);
        both(layout!(type (m,(2,n)):(2,(1,16))), b2);
        both(layout!(m:s), b2);
        both(layout!(m:s), layout!(p:u));
        both(layout!(type (2,m,n):(1,2,32)), layout!((p,q):(u,v)));
        // Dynamic strides on a block of several leaves: sorted at run time.
        both(layout!((m,n):(s,w)), b2);
        both(layout!((m,n):(s,w)), b3);
        both(layout!(type (2,m,n):(1,s,w)), b2);
    }

    /// `tile_to_shape` by a static or dynamic target of rank 2 or 3.
    #[test]
    fn tile_to_shape(m in 1usize..=24, n in 1usize..=24, k in 1usize..=3) {
        let atom = layout!(type (2,4):(4,1));
        let t = atom.tile_to_shape((m, n));
        let text = format!("tile_to_shape((2,4):(4,1), ({m},{n}))");
        prop_assert_eq!(agrees::agrees(t, &text), m % 2 == 0 && n % 4 == 0, "{}", text);
        same(t, layout!(type tile_to_shape((2,4):(4,1), (m,n))));
        let text = format!("tile_to_shape((2,4):(4,1), ({m},8,{k}))");
        prop_assert_eq!(agrees::agrees(atom.tile_to_shape((m, C::<8>, k)), &text), m % 2 == 0, "{}", text);
        let block = layout!(type (2,k):(1,2));
        let text = format!("tile_to_shape((2,{k}):(1,2), ({m},(2,{n})))");
        let t = block.tile_to_shape((m, (C::<2>, n)));
        prop_assert_eq!(agrees::agrees(t, &text), m % 2 == 0 && (2 * n) % k == 0, "{}", text);
        // A block of a dynamic column-major stride.
        let block = layout!((2,k):(k,1));
        let text = format!("tile_to_shape((2,{k}):({k},1), ({m},6))");
        prop_assert_eq!(agrees::agrees(block.tile_to_shape((m, C::<6>)), &text), m % 2 == 0 && 6 % k == 0, "{}", text);
    }

    /// `tile_to_shape_ordered`: CuTe's third argument, the copies'
    /// order, against the core (whose ordered rows are CuTe C++'s golden
    /// data, `cute_vocab_make.jsonl`) and the written-out door.
    #[test]
    fn tile_to_shape_ordered(m in 1usize..=24, n in 1usize..=24, k in 1usize..=3) {
        let atom = layout!(type (2,4):(4,1));
        let divides = m % 2 == 0 && n % 4 == 0;
        let t = atom.tile_to_shape_ordered((m, n), LayoutRight);
        let text = format!("tile_to_shape((2,4):(4,1), ({m},{n}), LayoutRight)");
        prop_assert_eq!(agrees::agrees(t, &text), divides, "{}", text);
        same(t, layout!(type tile_to_shape((2,4):(4,1), (m,n), LayoutRight)));
        // The default order, as a function (an extent-1 copy mode's stride
        // is 0 here, as `make_ordered_layout` gives it, `next` there).
        let t = atom.tile_to_shape_ordered((m, n), LayoutLeft);
        prop_assert_eq!(t.is_ok(), divides);
        same(t, atom.tile_to_shape((m, n)));
        let t = atom.tile_to_shape_ordered((m, n), (C::<1>, C::<0>));
        let text = format!("tile_to_shape((2,4):(4,1), ({m},{n}), (1,0))");
        prop_assert_eq!(agrees::agrees(t, &text), divides, "{}", text);
        // Rank 3, a padded block, a nested target mode, a static target.
        let block = layout!(type (2,k):(1,2));
        let t = block.tile_to_shape_ordered((m, (C::<2>, n), C::<3>), (C::<2>, C::<0>, C::<1>));
        let text = format!("tile_to_shape((2,{k}):(1,2), ({m},(2,{n}),3), (2,0,1))");
        prop_assert_eq!(agrees::agrees(t, &text), m % 2 == 0 && (2 * n) % k == 0, "{}", text);
        same(t, layout!(type tile_to_shape((2,k):(1,2), (m,(2,n),3), (2,0,1))));
        let t = block.tile_to_shape_ordered((m, (C::<2>, n), C::<3>), LayoutRight);
        let text = format!("tile_to_shape((2,{k}):(1,2), ({m},(2,{n}),3), LayoutRight)");
        prop_assert_eq!(agrees::agrees(t, &text), m % 2 == 0 && (2 * n) % k == 0, "{}", text);
        // A tie: refused exactly where both tied modes have more than one copy.
        let t = atom.tile_to_shape_ordered((m, n), (C::<0>, C::<0>));
        let text = format!("tile_to_shape((2,4):(4,1), ({m},{n}), (0,0))");
        let core = agrees::core(&text);
        prop_assert_eq!(agrees::agrees(t, &text), core.is_some(), "{}", text);
        if divides && m > 2 && n > 4 {
            prop_assert_eq!(t, Err(AlgebraError::OrderTie {
                function: "tile_to_shape", place: 0, first: m / 2, second: n / 4 }));
        }
    }

    /// The value door answers where the written-out door does.
    #[test]
    fn as_written(m in 0usize..=10, n in 1usize..=4) {
        let a = layout!(type (2,m):(1,2));
        let b = layout!(type (3,4):(1,3));
        same(a.blocked_product(b), layout!(type blocked_product((2,m):(1,2), (3,4):(1,3))));
        same(a.raked_product(b), layout!(type raked_product((2,m):(1,2), (3,4):(1,3))));
        let a = layout!(type m:1);
        let b = layout!(type (3,(2,2)):(1,(3,6)));
        same(a.blocked_product(b), layout!(type blocked_product(m:1, (3,(2,2)):(1,(3,6)))));
        let a = layout!(type (m,n):(1,8));
        same(a.raked_product(layout!(type 2:1)), layout!(type raked_product((m,n):(1,8), 2:1)));
    }
}

#[test]
fn padding_and_nesting() {
    let (m, n) = (2, 3);
    // A leaf block by a rank-2 arrangement: the block is padded with 1:0.
    // Mode i is (A_i, copies_i); each copy mode has two sub-modes (holes).
    type Pair = (usize, usize);
    type Shape = ((usize, Pair), (C<1>, Pair));
    type Stride = ((C<1>, Pair), (C<0>, Pair));
    let b: Layout<Shape, Stride> = layout!(m:1).blocked_product(layout!((n,2):(1,n))).unwrap();
    assert!(agrees::agrees(Ok(b), "blocked_product(2:1, (3,2):(1,3))"));
    // The CuTe idiom: an (8,8) atom over (m,64) rows of shared memory.
    let m = 128;
    let s = layout!(type (8,8):(8,1))
        .tile_to_shape((m, C::<64>))
        .unwrap();
    assert!(agrees::agrees(
        Ok(s),
        "tile_to_shape((8,8):(8,1), (128,64))"
    ));
}

#[test]
fn errors_name_the_values() {
    let m = 6;
    let e = layout!(type (4,4):(1,4)).tile_to_shape((m, 8)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::BlockNotDividing {
            function: "tile_to_shape",
            mode: 0,
            block: 4,
            target: 6
        }
    );
    let z = 0;
    assert_eq!(
        layout!(type (z,2):(1,8)).raked_product(layout!(type 2:1)),
        Err(AlgebraError::ZeroExtent {
            function: "raked_product"
        })
    );
}

/// `layout_type!(type blocked_product(#A, #B))`, `raked_product`,
/// `tile_to_shape(#A, SHAPE)` name the result's layout, `#A` a typed
/// layout's type: each `let` fails to compile unless it is the trait's type.
#[test]
fn layout_type_names_the_result_of_a_named_product() {
    type Block = layout_dsl::layout_type!(type (2,2):(1,2));
    type Grid = layout_dsl::layout_type!((m,n):(1,m));
    let (m, n) = (3, 2);
    let (a, b): (Block, Grid) = (layout!(type (2,2):(1,2)), layout!((m,n):(1,m)));
    let blocked: layout_dsl::layout_type!(type blocked_product(#Block, #Grid)) =
        a.blocked_product(b).unwrap();
    assert!(agrees::agrees(
        Ok(blocked),
        "blocked_product((2,2):(1,2), (3,2):(1,3))"
    ));
    let raked: layout_dsl::layout_type!(type raked_product((2,2):(1,2), #Grid)) =
        layout!(type raked_product((2,2):(1,2), #b)).unwrap();
    assert!(agrees::agrees(
        Ok(raked),
        "raked_product((2,2):(1,2), (3,2):(1,3))"
    ));
    let m = 8;
    let tiled: layout_dsl::layout_type!(type tile_to_shape(#Block, (m,4))) =
        layout!(type tile_to_shape(#a, (m,4))).unwrap();
    assert!(agrees::agrees(
        Ok(tiled),
        "tile_to_shape((2,2):(1,2), (8,4))"
    ));
    // CuTe's third argument: the type does not depend on the order.
    let rows: layout_dsl::layout_type!(type tile_to_shape(#Block, (m,4), LayoutRight)) =
        layout!(type tile_to_shape(#a, (m,4), LayoutRight)).unwrap();
    assert!(agrees::agrees(
        Ok(rows),
        "tile_to_shape((2,2):(1,2), (8,4), LayoutRight)"
    ));
    let placed = layout!(type tile_to_shape(#a, (m,(2,m),4), (2,0,1))).unwrap();
    assert!(agrees::agrees(
        Ok(placed),
        "tile_to_shape((2,2):(1,2), (8,(2,8),4), (2,0,1))"
    ));
    assert_eq!(
        layout!(type tile_to_shape(#a, (m,m), (0,0))),
        Err(AlgebraError::OrderTie {
            function: "tile_to_shape",
            place: 0,
            first: 4,
            second: 4
        })
    );
    let left = layout!(type tile_to_shape(#a, (m,4), LayoutLeft));
    assert!(agrees::agrees(left, "tile_to_shape((2,2):(1,2), (8,4))"));
}

/// `tile_to_shape_ordered` against rows CuTe C++ printed
/// (`layout-core/tests/golden/cute_tile_order.jsonl`): the same offset at
/// every index, dynamic targets carrying the rows' values.
#[test]
fn ordered_tiles_are_cutes() {
    fn is<L: TypedLayout<Offset = usize>>(l: Result<L, AlgebraError>, cute: &str) {
        let l = l.unwrap_or_else(|e| panic!("{e}, CuTe gives {cute}"));
        let cute: layout_dsl::Layout = cute.parse().unwrap();
        assert_eq!(l.size() as i64, cute.size(), "{l} vs {cute}");
        for i in 0..l.size() {
            let expected = cute.crd2idx(&layout_dsl::IntTuple::Int(i as i64)).unwrap();
            assert_eq!(l.at(i) as i64, expected, "{l} vs {cute} at {i}");
        }
    }
    let (m, n) = (32, 8);
    let b88 = layout!(type (8,8):(8,1));
    is(
        b88.tile_to_shape_ordered((m, C::<64>), LayoutRight),
        "((8,4),(8,8)):((8,512),(1,64))",
    );
    is(
        b88.tile_to_shape_ordered((m, 64), (C::<1>, C::<0>)),
        "((8,4),(8,8)):((8,512),(1,64))",
    );
    let b24 = layout!(type (2,4):(4,1));
    is(
        b24.tile_to_shape_ordered((n, (C::<2>, n)), LayoutRight),
        "((2,4),(4,4)):((4,32),(1,8))",
    );
    let target = (4, n, C::<3>);
    is(
        b24.tile_to_shape_ordered(target, (C::<2>, C::<1>, C::<3>)),
        "((2,2),(4,2),(1,3)):((4,16),(1,8),(0,32))",
    );
    is(
        b24.tile_to_shape_ordered(target, (C::<3>, C::<1>, C::<2>)),
        "((2,2),(4,2),(1,3)):((4,48),(1,8),(0,16))",
    );
    is(
        b24.tile_to_shape_ordered(target, LayoutRight),
        "((2,2),(4,2),(1,3)):((4,48),(1,24),(0,8))",
    );
    let nested = layout!(type ((2,2),4):((1,8),2));
    is(
        nested.tile_to_shape_ordered(((4, 2), (4, 3)), (C::<1>, C::<0>)),
        "(((2,2),2),(4,3)):(((1,8),48),(2,16))",
    );
    let b3 = layout!(type (2,1,2):(2,0,1));
    is(
        b3.tile_to_shape_ordered((4, 3, 4), (C::<0>, C::<2>, C::<1>)),
        "((2,2),(1,3),(2,2)):((2,4),(0,16),(1,8))",
    );
    let b4 = layout!(type (4):(1));
    is(
        b4.tile_to_shape_ordered((12, 5), (C::<1>, C::<0>)),
        "((4,3),(1,5)):((1,20),(0,4))",
    );
}
