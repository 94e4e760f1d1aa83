//! CuTe's `make_layout(make_shape(s, Int<4>{}))` in `layout!`: a named
//! shape nested in a written-out tuple (`make_layout((#s, 4))`, `type` or
//! not) or named whole (`type make_layout(#s)`), and a written-out shape
//! with dynamic leaves after `type`, give typed layouts whose static parts
//! stay static; each agrees with the core's `make_layout` of the same
//! shape written out at every index.

// The point of these tests is the layouts' types, written out in full.
#![allow(clippy::type_complexity)]

use layout_dsl::layout;
use layout_dsl::typed::{C, Layout, Prod, Tree, TypedLayout, UnitZero};

/// `typed` maps every index as the core's value of `src` does.
fn same_function<L: TypedLayout<Offset = usize>>(typed: &L, src: &str) {
    let core = match layout_core::evaluate(src).unwrap() {
        layout_core::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    };
    assert_eq!(typed.size() as i64, core.size(), "{src}");
    assert_eq!(typed.rank() as i64, core.rank() as i64, "{src}");
    for i in 0..typed.size() {
        let want = core.crd2idx(&layout_core::IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, want, "{src} at {i}");
    }
}

#[test]
fn a_named_shape_nested_in_a_written_out_shape() {
    for m in [1usize, 2, 3, 7] {
        for n in [1usize, 4, 5] {
            let s = (m, C::<4>);
            let l = layout!(make_layout((#s, 4))).unwrap();
            same_function(&l, &format!("make_layout((({m},4),4))"));
            let l = layout!(make_layout((#s, 4), LayoutLeft)).unwrap();
            same_function(&l, &format!("make_layout((({m},4),4))"));
            let l = layout!(make_layout((#s, 4), LayoutRight)).unwrap();
            same_function(&l, &format!("make_layout((({m},4),4), LayoutRight)"));
            let l = layout!(make_layout((3, (n, #s), 2))).unwrap();
            same_function(&l, &format!("make_layout((3,({n},({m},4)),2))"));
            let l = layout!(type make_layout((3, (n, #s), 2), LayoutRight)).unwrap();
            same_function(
                &l,
                &format!("make_layout((3,({n},({m},4)),2), LayoutRight)"),
            );
            // Two names, one a leaf.
            let leaf = n;
            let l = layout!(make_layout((#leaf, #s))).unwrap();
            same_function(&l, &format!("make_layout(({n},({m},4)))"));
        }
    }
}

#[test]
fn a_whole_named_shape_after_type() {
    for m in [1usize, 3, 6] {
        let s = (m, (C::<2>, 3usize));
        let l = layout!(type make_layout(#s)).unwrap();
        same_function(&l, &format!("make_layout(({m},(2,3)))"));
        let l = layout!(type make_layout(#s, LayoutRight)).unwrap();
        same_function(&l, &format!("make_layout(({m},(2,3)), LayoutRight)"));
        let leaf = m;
        let l = layout!(type make_layout(#leaf)).unwrap();
        assert_eq!(l.to_string(), format!("{m}:1"));
    }
}

#[test]
fn the_static_parts_stay_static() {
    let m = 5usize;
    let s = (m, C::<4>);
    // Column-major: the strides before `m` are static, the rest products
    // with `m`. A static extent's stride is a `UnitZero` (0 for an extent
    // 1, as CuTe's `_0`; else the product, here 1).
    let l: Layout<(C<4>, (usize, C<4>)), (UnitZero<C<4>, C<1>>, (Prod<C<1>, C<4>>, usize))> =
        layout!(make_layout((4, #s))).unwrap();
    assert_eq!(l.to_string(), "(4,(5,4)):(1,(4,20))");
    // Row-major: the strides are products of the extents after each leaf,
    // all static here (`m` comes first).
    type Two = Prod<C<1>, C<2>>;
    let l: Layout<
        ((usize, C<4>), C<2>),
        ((Prod<Two, C<4>>, UnitZero<C<4>, Two>), UnitZero<C<2>, C<1>>),
    > = layout!(make_layout((#s, 2), LayoutRight)).unwrap();
    assert_eq!(l.to_string(), "((5,4),2):((8,2),1)");
    let l: Layout<((usize, C<4>), C<2>), ((C<1>, usize), usize)> =
        layout!(make_layout((#s, 2))).unwrap();
    assert_eq!(l.to_string(), "((5,4),2):((1,5),20)");
    // All static: every stride in the type.
    let t = (C::<2>, C::<3>);
    let l = layout!(make_layout((#t, 4), LayoutRight)).unwrap();
    let _: Layout<((C<2>, C<3>), C<4>), ((_, _), UnitZero<C<4>, C<1>>)> = l;
    assert_eq!(l.to_string(), "((2,3),4):((12,4),1)");
    assert_eq!(core::mem::size_of_val(&l), 0);
}

/// Which leaves of a typed layout are static: the static ones by value,
/// `_` for a dynamic one.
fn form<S: Tree, D: Tree>(_: &Layout<S, D>) -> String {
    struct Form<T>(core::marker::PhantomData<T>);
    impl<T: Tree> core::fmt::Display for Form<T> {
        fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
            T::write_form(f)
        }
    }
    format!(
        "{}:{}",
        Form::<S>(core::marker::PhantomData),
        Form::<D>(core::marker::PhantomData)
    )
}

/// A static extent 1 of a named shape has stride 0, static where the
/// running product is (CuTe's `compact_major`, printed by CUTLASS's
/// headers with `m = 3`; the core gives 0 to any extent 1). After a
/// dynamic extent the product is a `usize`, and so is the 0 (CuTe's is
/// `_0`: the leaf's type would have to depend on whether `N == 1`).
#[test]
fn a_static_extent_one_has_stride_zero_as_cute() {
    let m = 3usize;
    // CuTe: (_2,_1,_4):(_1,_0,_2).
    let s = (C::<2>, C::<1>, C::<4>);
    let l = layout!(type make_layout(#s)).unwrap();
    assert_eq!(
        (l.to_string(), form(&l)),
        ("(2,1,4):(1,0,2)".into(), "(2,1,4):(1,0,2)".into())
    );
    assert_eq!(core::mem::size_of_val(&l), 0);
    same_function(&l, "make_layout((2,1,4))");
    // CuTe: (3,_1,_4):(_4,_0,_1) row-major, all strides static.
    let s = (m, C::<1>, C::<4>);
    let l = layout!(type make_layout(#s, LayoutRight)).unwrap();
    assert_eq!(
        (l.to_string(), form(&l)),
        ("(3,1,4):(4,0,1)".into(), "(_,1,4):(4,0,1)".into())
    );
    same_function(&l, "make_layout((3,1,4), LayoutRight)");
    // CuTe: (3,_1,_4):(_1,_0,3) column-major: the 0 after `m` is dynamic.
    let l = layout!(type make_layout(#s)).unwrap();
    assert_eq!(
        (l.to_string(), form(&l)),
        ("(3,1,4):(1,0,3)".into(), "(_,1,4):(1,_,_)".into())
    );
    same_function(&l, "make_layout((3,1,4))");
    // CuTe: ((_1,3),_1,_2):((_0,_1),_0,3) and, row-major, ((_0,_2),_0,_1).
    let s = ((C::<1>, m), C::<1>, C::<2>);
    let l = layout!(type make_layout(#s)).unwrap();
    assert_eq!(l.to_string(), "((1,3),1,2):((0,1),0,3)");
    assert_eq!(form(&l), "((1,_),1,2):((0,1),_,_)");
    same_function(&l, "make_layout(((1,3),1,2))");
    let l = layout!(type make_layout(#s, LayoutRight)).unwrap();
    assert_eq!(l.to_string(), "((1,3),1,2):((0,2),0,1)");
    // The first `_1` comes after `m` in row-major order: its 0 is dynamic.
    assert_eq!(form(&l), "((1,_),1,2):((_,2),0,1)");
    same_function(&l, "make_layout(((1,3),1,2), LayoutRight)");
}

#[test]
fn written_out_shapes_with_dynamic_leaves_after_type() {
    for m in [1usize, 2, 9] {
        for k in [1usize, 3] {
            let l = layout!(type make_layout((m, (1, 4)), LayoutRight)).unwrap();
            same_function(&l, &format!("make_layout(({m},(1,4)), LayoutRight)"));
            let l = layout!(type make_layout((m, (k, 4)))).unwrap();
            same_function(&l, &format!("make_layout(({m},({k},4)))"));
            let l = layout!(type make_layout((m, 4), (4, {k}))).unwrap();
            same_function(&l, &format!("make_layout(({m},4), (4,{k}))"));
        }
    }
    // The strides CuTe's `compact_major` gives: static before the first
    // dynamic extent, a static extent 1 stride 0.
    let m = 6usize;
    let l: Layout<(usize, (C<1>, C<4>)), (C<4>, (C<0>, C<1>))> =
        layout!(type make_layout((m, (1, 4)), LayoutRight)).unwrap();
    assert_eq!(l.to_string(), "(6,(1,4)):(4,(0,1))");
}

#[test]
fn an_overflowing_size_is_an_error_as_in_the_core() {
    // The core refuses a shape whose size overflows, the last product
    // included; so does the typed fold, in either major (in `usize`: a
    // size between `i64::MAX` and `usize::MAX` is the typed layout's, as
    // for every typed layout, and has no core value).
    for big in [1usize << 20, 1 << 61, usize::MAX / 2] {
        let s = (big, C::<4>);
        let core = |src: String| layout_core::evaluate(&src).is_err();
        let left = core(format!("make_layout((({big},4),4))"));
        assert_eq!(layout!(make_layout((#s, 4))).is_err(), left, "{big}");
        let right = core(format!("make_layout((4,({big},4)), LayoutRight)"));
        let typed = layout!(make_layout((4, #s), LayoutRight)).is_err();
        assert_eq!(typed, right, "{big}");
    }
}

#[test]
fn make_ordered_layout_of_a_named_shape() {
    // CuTe's `make_ordered_layout(make_shape(s, Int<4>{}), Step<_1,_0>{})`:
    // one order for the whole named shape.
    for m in [1usize, 3, 6] {
        let s = (m, C::<4>);
        let l = layout!(make_ordered_layout((#s, 4), (1, 0))).unwrap();
        same_function(&l, &format!("make_ordered_layout((({m},4),4), (1,0))"));
        let l = layout!(make_ordered_layout((2, #s), (0, (2, 1)))).unwrap();
        same_function(&l, &format!("make_ordered_layout((2,({m},4)), (0,(2,1)))"));
        let l = layout!(type make_ordered_layout(#s, LayoutRight)).unwrap();
        same_function(&l, &format!("make_ordered_layout(({m},4), LayoutRight)"));
        let l = layout!(make_ordered_layout((#s, 3), LayoutLeft)).unwrap();
        same_function(&l, &format!("make_ordered_layout((({m},4),3), LayoutLeft)"));
    }
    // Two parts of one order, both above 1: the core's `OrderTie`.
    let s = (3usize, C::<4>);
    assert!(layout!(make_ordered_layout((#s, 4), (0, 0))).is_err());
    assert!(layout_core::evaluate("make_ordered_layout(((3,4),4), (0,0))").is_err());
}
