//! Typed constructors on dynamic leaves (`make_ordered_layout`,
//! `make_layout_like`, `make_fragment_like`, `filter_zeros`): the same
//! function as the core's result on the same numbers at every index, the
//! static leaves in the type, and an `AlgebraError` exactly where the core
//! refuses.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout};

mod agrees;

use agrees::{agrees, core};

#[test]
fn ordered_layouts_keep_static_strides_static() {
    for m in 0..=6usize {
        for n in 0..=5usize {
            // Order 0 is (4,n): strides 1 and 4; m comes after, at 4n.
            type Ordered = Layout<(usize, (C<4>, usize)), (usize, (C<1>, C<4>))>;
            let l: Ordered = layout!(type make_ordered_layout((m,(4,n)), (1,0))).unwrap();
            assert!(agrees(
                Ok(l),
                &format!("make_ordered_layout(({m},(4,{n})), (1,0))")
            ));
            let r = layout!(type make_ordered_layout((m,2,(n,3)), LayoutRight));
            let text = format!("make_ordered_layout(({m},2,({n},3)), LayoutRight)");
            assert!(agrees(r, &text));
            let l = layout!(type make_ordered_layout((m,2,(n,3)), LayoutLeft));
            let text = format!("make_ordered_layout(({m},2,({n},3)), LayoutLeft)");
            assert!(agrees(l, &text));
            let o = layout!(type make_ordered_layout((2,m,n,3), (3,1,0,2)));
            let text = format!("make_ordered_layout((2,{m},{n},3), (3,1,0,2))");
            assert!(agrees(o, &text));
        }
    }
}

#[test]
fn an_order_tie_is_refused_where_both_parts_are_above_one() {
    for m in 0..=4usize {
        for n in 0..=4usize {
            let t = layout!(type make_ordered_layout((m,n,4), (0,0,1)));
            let text = format!("make_ordered_layout(({m},{n},4), (0,0,1))");
            let typed = agrees(t, &text);
            assert_eq!(typed, m <= 1 || n <= 1, "{text}");
            assert_eq!(core(&text).is_some(), typed, "{text}");
            if !typed {
                assert_eq!(
                    t.unwrap_err(),
                    AlgebraError::OrderTie {
                        function: "make_ordered_layout",
                        place: 0,
                        first: m,
                        second: n
                    }
                );
            }
        }
    }
    let (three, five) = (3usize, 5usize);
    let e = layout!(type make_ordered_layout((three,five), (0,0))).unwrap_err();
    assert_eq!(
        e.to_string(),
        "in `make_ordered_layout`: two parts of sizes 3 and 5 have the same order 0, so they \
         would share a stride"
    );
}

#[test]
fn layouts_like_others_follow_their_strides() {
    for m in 0..=6usize {
        for n in 0..=5usize {
            type Like = Layout<(usize, C<4>, usize, C<2>), (C<0>, C<1>, C<4>, C<0>)>;
            let l: Like = layout!(type make_layout_like((m,4,n,2):(0,1,8,0))).unwrap();
            assert!(agrees(
                Ok(l),
                &format!("make_layout_like(({m},4,{n},2):(0,1,8,0))")
            ));
            let l = layout!(type make_layout_like(((m,2),n):((16,1),2)));
            let text = format!("make_layout_like((({m},2),{n}):((16,1),2))");
            assert!(agrees(l, &text));
            // Equal strides give equal strides back, as CuTe's.
            let l = layout!(type make_layout_like((m,n):(3,3)));
            assert!(agrees(l, &format!("make_layout_like(({m},{n}):(3,3))")));
        }
    }
}

#[test]
fn fragments_are_like_the_cores() {
    for m in 0..=5usize {
        for n in 0..=5usize {
            // The core cannot split an index over a first mode of size 0.
            let f = layout!(type make_fragment_like(((2,m),n,3):((4,1),0,16)));
            let text = format!("make_fragment_like(((2,{m}),{n},3):((4,1),0,16))");
            assert_eq!(agrees(f, &text), m > 0);
            assert_eq!(core(&text).is_some(), m > 0);
            let f = layout!(type make_fragment_like(((m,2),4,n):((0,1),8,2)));
            let text = format!("make_fragment_like((({m},2),4,{n}):((0,1),8,2))");
            assert_eq!(agrees(f, &text), m > 0);
            if m == 0 {
                let zero = AlgebraError::ZeroExtent {
                    function: "make_fragment_like",
                };
                assert_eq!(f.unwrap_err(), zero);
            }
            let f = layout!(type make_fragment_like((m,(2,n))));
            assert!(agrees(f, &format!("make_fragment_like(({m},(2,{n})))")));
            // Rank 1: column-major whatever the strides.
            let f = layout!(type make_fragment_like(m:n));
            let one = layout!(type make_fragment_like(((m,n)):((n,1))));
            assert!(agrees(f, &format!("make_fragment_like({m}:{n})")));
            assert!(agrees(
                one,
                &format!("make_fragment_like((({m},{n})):(({n},1)))")
            ));
        }
    }
}

#[test]
fn filter_zeros_sets_stride_zero_extents_to_one() {
    for m in 0..=5usize {
        for d in 0..=3usize {
            type Filtered = Layout<(usize, C<1>, usize), (C<1>, C<0>, usize)>;
            let f: Filtered = layout!(type filter_zeros((m,4,m):(1,0,d))).unwrap();
            let text = format!("filter_zeros(({m},4,{m}):(1,0,{d}))");
            assert!(agrees(Ok(f), &text));
            let f = layout!(type filter_zeros((m,(2,d)):(0,(-1,d))));
            let text = format!("filter_zeros(({m},(2,{d})):(0,(-1,{d})))");
            assert!(agrees(f, &text));
        }
    }
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        #[test]
        fn ordered_is_the_cores(a in 0usize..9, b in 0usize..9, c in 0usize..9) {
            let l = layout!(type make_ordered_layout(((a,2),b,(3,c)), ((3,0),1,1)));
            let text = format!("make_ordered_layout((({a},2),{b},(3,{c})), ((3,0),1,1))");
            // b and (3,c) share order 1.
            let typed = agrees(l, &text);
            prop_assert_eq!(typed, b <= 1 || c == 0);
            prop_assert_eq!(typed, core(&text).is_some());
        }

        #[test]
        fn fragment_is_the_cores(a in 0usize..9, b in 0usize..9, c in 0usize..9) {
            let f = layout!(type make_fragment_like(((a,b),c,(2,a)):((0,1),4,(64,2))));
            let text = format!("make_fragment_like((({a},{b}),{c},(2,{a})):((0,1),4,(64,2)))");
            prop_assert_eq!(agrees(f, &text), a > 0 && b > 0);
        }

        /// Negative strides order before the others, as the core orders them.
        #[test]
        fn negative_strides_order_first(a in 0usize..9, b in 0usize..9, c in 0usize..9) {
            let l = layout!(type make_layout_like((a,(4,b),c):(-1,(2,0),-8)));
            let text = format!("make_layout_like(({a},(4,{b}),{c}):(-1,(2,0),-8))");
            prop_assert!(agrees(l, &text));
            let f = layout!(type make_fragment_like((3,(a,b),c):(-1,(-4,2),-8)));
            let text = format!("make_fragment_like((3,({a},{b}),{c}):(-1,(-4,2),-8))");
            prop_assert!(agrees(f, &text));
        }
    }
}

#[test]
fn size_cosize_and_coshape_of_modes_are_methods() {
    for m in 1..=6usize {
        for n in 1..=4usize {
            let text = |f: &str, at: &str| format!("{f}(({m},(4,{n})):(1,({m},{})){at})", 4 * m);
            let int = |t: String| match layout_dsl::evaluate(&t).unwrap() {
                layout_dsl::Value::IntTuple(layout_dsl::IntTuple::Int(i)) => i as usize,
                other => panic!("{other:?}"),
            };
            let s: usize = layout!(size((m,(4,n)):(1,(m,{4 * m})), 1));
            assert_eq!(s, int(text("size", ", 1")));
            let s: usize = layout!(size((m,(4,n)):(1,(m,{4 * m})), 1, 1));
            assert_eq!(s, int(text("size", ", 1, 1")));
            let c: usize = layout!(cosize((m,(4,n)):(1,(m,{4 * m})), 1, 0));
            assert_eq!(c, int(text("cosize", ", 1, 0")));
            let c: usize = layout!(coshape((m,(4,n)):(1,(m,{4 * m}))));
            assert_eq!(c, int(text("coshape", "")));
            let c: usize = layout!(coshape((m,(4,n)):(1,(m,{4 * m})), 1));
            assert_eq!(c, int(text("coshape", ", 1")));
        }
    }
}

/// CuTe C++ (current CUTLASS, g++ host build, `m = 128`, `n = 5` as `int`,
/// the rest `Int<N>`) printed these; `_N` is a static `Int<N>`, which the
/// annotated types below make `C<N>`, and a plain number a dynamic `int`
/// (`usize` here). The harness is not in the repository (it compiles
/// CUTLASS code): `tile_to_shape(Layout<Shape<_8,_8>,Stride<_8,_1>>{},
/// make_shape(m, Int<64>{}))` and so on, as each line says.
#[test]
fn static_leaves_are_cute_cpps() {
    let (m, n) = (128usize, 5usize);
    // ((_8,16),(_8,_8)):((_8,_64),(_1,1024))
    type Tiled = Layout<((C<8>, usize), (C<8>, C<8>)), ((C<8>, C<64>), (C<1>, usize))>;
    let t: Tiled = layout!(type tile_to_shape((8,8):(8,1), (m,64))).unwrap();
    assert_eq!(t.to_string(), "((8,16),(8,8)):((8,64),(1,1024))");
    // make_ordered_layout((m,(_4,n)), (_1,_0)): (128,(_4,5)):(20,(_1,_4))
    type Ordered = Layout<(usize, (C<4>, usize)), (usize, (C<1>, C<4>))>;
    let o: Ordered = layout!(type make_ordered_layout((m,(4,n)), (1,0))).unwrap();
    assert_eq!(o.to_string(), "(128,(4,5)):(20,(1,4))");
    // make_layout_like((m,_4,n,_2):(_0,_1,_8,_0)): (128,_4,5,_2):(_0,_1,_4,_0)
    type Like = Layout<(usize, C<4>, usize, C<2>), (C<0>, C<1>, C<4>, C<0>)>;
    let l: Like = layout!(type make_layout_like((m,4,n,2):(0,1,8,0))).unwrap();
    assert_eq!(l.to_string(), "(128,4,5,2):(0,1,4,0)");
    // filter_zeros((m,_4,m):(_1,_0,n)): (128,_1,128):(_1,_0,5)
    type Filtered = Layout<(usize, C<1>, usize), (C<1>, C<0>, usize)>;
    let f: Filtered = layout!(type filter_zeros((m,4,m):(1,0,n))).unwrap();
    assert_eq!(f.to_string(), "(128,1,128):(1,0,5)");
    // logical_product((m,_6):(_1,_1), make_tile((_2,_2):(_1,_2), _3)):
    // ((128,(_2,_2)),(_6,_3)):((_1,(128,256)),(_1,_6))
    type ByMode =
        Layout<((usize, (C<2>, C<2>)), (C<6>, C<3>)), ((C<1>, (usize, usize)), (C<1>, C<6>))>;
    let p: ByMode = layout!(type logical_product((m,6):(1,1), <(2,2):(1,2), 3>)).unwrap();
    assert_eq!(p.to_string(), "((128,(2,2)),(6,3)):((1,(128,256)),(1,6))");
    // complement((_4,m):(_2,_16), 64): (_2,_2,1):(_1,_8,2048)
    type Complement = Layout<(C<2>, C<2>, usize), (C<1>, C<8>, usize)>;
    let c: Complement = layout!(type complement((4,m):(2,16), 64)).unwrap();
    assert_eq!(c.to_string(), "(2,2,1):(1,8,2048)");
}
