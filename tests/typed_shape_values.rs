//! `complement`, `coalesce`, `filter_zeros` and the ordered constructors as
//! methods of typed values (and through `layout!(type f(#A, …))`): each
//! result is the core's on the same numbers, as a function (same size,
//! same offset at every index), and each refusal is one the core makes too
//! (the fixed nesting of these value forms holds every answer the core
//! gives: the refusals are counted and each checked to be a core refusal).

use proptest::prelude::*;

use layout_dsl::layout;
use layout_dsl::typed::{
    AlgebraError, C, Coalesce, Complement, FilterZeros, Int, Layout, LayoutLeft, LayoutRight,
    MakeLike, TypedLayout, make_ordered_layout,
};

mod agrees;
#[path = "typed_shape_values/complement_sweep.rs"]
mod complement_sweep;

use agrees::{agrees, core};

/// The typed result against the core's for `text`: both refuse, or both
/// answer the same function. Returns whether the typed path refused.
fn same<L: TypedLayout>(typed: Result<L, AlgebraError>, text: &str) -> bool
where
    L::Offset: TryInto<i64>,
{
    match (&typed, core(text)) {
        (Err(e), None) => {
            // A refusal names values of the input, as the core's does.
            assert!(!e.to_string().is_empty());
            true
        }
        (Err(e), Some(l)) => panic!("{text}: the core answers {l}, the typed value refuses: {e}"),
        (Ok(_), None) => panic!("{text}: the typed value answers where the core refuses"),
        (Ok(_), Some(_)) => {
            assert!(agrees(typed, text));
            false
        }
    }
}

#[test]
fn complement_sorts_static_strides() {
    let (a, b) = (3usize, 4usize);
    // The holes come in the order of the strides, whatever the leaf order.
    let l = layout!((a,b):(8,1));
    let c: Layout<(usize, usize, usize), (C<1>, usize, usize)> = l.complement(96).unwrap();
    assert_eq!(c.to_string(), "(1,2,4):(1,4,24)");
    assert!(!same(Ok(c), "complement((3,4):(8,1), 96)"));
    // A static cotarget, a nested layout, a stride 0 and an extent 1.
    let n = layout!(type (a,(1,b)):(0,(2,1)));
    assert!(!same(
        n.complement(C::<20>),
        "complement((3,(1,4)):(0,(2,1)), 20)"
    ));
    // All static: the same values (computed by code LLVM folds).
    let s = layout!(type (4,8):(1,16));
    let c = s.complement(C::<256>).unwrap();
    assert_eq!(c.to_string(), "(1,4,2):(1,4,128)");
    // Every leaf and the cotarget static: the complement is static too.
    assert_eq!(core::mem::size_of_val(&c), 0);
    assert_eq!(c.mode::<2>().shape().get(), 2);
    assert_eq!(<layout_dsl::typed::ComplementLeaf<(C<4>, C<8>), (C<1>, C<16>), C<256>, 0, 2> as Int>::STATIC, Some(2));
    assert!(!same(Ok(c), "complement((4,8):(1,16), 256)"));
    // A dynamic cotarget: the holes and the strides after them do not
    // depend on it and stay static (zero-sized); only the rest is a usize.
    let k = 256usize;
    let d = s.complement(k).unwrap();
    assert_eq!(d.to_string(), c.to_string());
    assert_eq!(core::mem::size_of_val(&d), core::mem::size_of::<usize>());
    assert_eq!(d.mode::<1>().shape().get(), 4);
    let rest: usize = d.mode::<2>().shape();
    assert_eq!(rest, 2);
    assert!(!same(Ok(d), "complement((4,8):(1,16), 256)"));
    // A dynamic extent makes every computed leaf but the first stride a usize.
    let four = 4usize;
    let e: Layout<(usize, usize, usize), (C<1>, usize, usize)> =
        layout!(type (four,8):(1,16)).complement(C::<256>).unwrap();
    assert_eq!(e.to_string(), c.to_string());
}

/// `text` of a typed layout's `Display` inside a call, for the core.
fn call(f: &str, l: impl core::fmt::Display, rest: &str) -> String {
    format!("{f}({l}{rest})")
}

#[test]
fn algebra_results_are_inputs_again() {
    use layout_dsl::typed::{CeilQuot, Divide, Prod, UnitZero};
    // A static divide: the tiles' counts are `CeilQuot`s, their strides
    // `Prod`s under `UnitZero` (0 only for a count of 1), the tile's
    // strides `UnitZero`s (0 only under a tile of 1).
    let a = layout!(type (8,12):(1,8));
    let z = a.zipped_divide((C::<4>, C::<3>)).unwrap();
    type Counts = (CeilQuot<C<8>, C<4>>, CeilQuot<C<12>, C<3>>);
    type Steps = (
        UnitZero<CeilQuot<C<8>, C<4>>, Prod<C<1>, C<4>>>,
        UnitZero<CeilQuot<C<12>, C<3>>, Prod<C<8>, C<3>>>,
    );
    type Tiles = ((C<4>, C<3>), Counts);
    type TileStrides = (UnitZero<C<4>, C<1>>, UnitZero<C<3>, C<8>>);
    let _: &Layout<Tiles, (TileStrides, Steps)> = &z;
    assert_eq!(z.to_string(), "((4,3),(2,4)):((1,8),(4,24))");
    // Coalesce flattens it, every leaf keeping its (static) type.
    let c = z.coalesce().unwrap();
    assert_eq!(core::mem::size_of_val(&c), 0);
    assert!(!same(Ok(c), &call("coalesce", z, "")));
    // Its complement up to 192 and 200 (all static: zero-sized, the
    // layout's complement a compile-time constant).
    let k = z.complement(C::<192>).unwrap();
    assert_eq!(core::mem::size_of_val(&k), 0);
    assert!(!same(Ok(k), &call("complement", z, ", 192")));
    assert!(!same(
        z.complement(200usize),
        &call("complement", z, ", 200")
    ));
    // filter_zeros and the like-constructors take it.
    assert!(!same(z.filter_zeros(), &call("filter_zeros", z, "")));
    assert!(!same(
        z.make_layout_like(),
        &call("make_layout_like", z, "")
    ));
    assert!(!same(
        z.make_fragment_like(),
        &call("make_fragment_like", z, "")
    ));
    // A complement's static leaves (`ComplementLeaf`) and filter_zeros'
    // (`IfNonZero`) are inputs again.
    assert!(!same(k.coalesce(), &call("coalesce", k, "")));
    assert!(!same(
        k.complement(C::<4096>),
        &call("complement", k, ", 4096")
    ));
    let f = layout!(type (4,(2,3)):(0,(1,2))).filter_zeros().unwrap();
    assert!(!same(f.complement(C::<24>), &call("complement", f, ", 24")));
    assert!(!same(f.coalesce(), &call("coalesce", f, "")));
    // A divide of a dynamic extent: `usize` counts and strides among
    // static ones; coalesce, filter_zeros and the like-constructors take
    // it, as complement does its static-strided sub-layout.
    for m in [1usize, 7, 12, 13] {
        let d = layout!((m,12):(1,m))
            .zipped_divide((C::<4>, C::<3>))
            .unwrap();
        assert!(!same(d.coalesce(), &call("coalesce", d, "")));
        assert!(!same(d.filter_zeros(), &call("filter_zeros", d, "")));
        let s = layout!(type (m,12):(1,16))
            .logical_divide((C::<4>, C::<3>))
            .unwrap();
        assert!(!same(
            s.make_fragment_like(),
            &call("make_fragment_like", s, "")
        ));
        assert!(
            same(s.complement(500usize), &call("complement", s, ", 500"))
                == core(&call("complement", s, ", 500")).is_none()
        );
    }
}

#[test]
fn quot_and_min_leaves_are_inputs() {
    use layout_dsl::typed::{Min, Quot};
    // `(8/2, min(2,16)):(1,4)`, leaves as the partitions make them.
    type S = (Quot<C<8>, C<2>>, Min<C<2>, C<16>>);
    let core_layout = layout_dsl::Layout::try_from(layout!((4,2):(1,4))).unwrap();
    let l = Layout::<S, (C<1>, C<4>)>::try_from(&core_layout).unwrap();
    assert_eq!(l.to_string(), "(4,2):(1,4)");
    let k = l.complement(C::<32>).unwrap();
    assert_eq!(core::mem::size_of_val(&k), 0);
    assert!(!same(Ok(k), "complement((4,2):(1,4), 32)"));
    assert!(!same(l.coalesce(), "coalesce((4,2):(1,4))"));
    assert!(!same(l.filter_zeros(), "filter_zeros((4,2):(1,4))"));
    assert!(!same(l.make_layout_like(), "make_layout_like((4,2):(1,4))"));
    assert!(!same(
        l.make_fragment_like(),
        "make_fragment_like((4,2):(1,4))"
    ));
}

#[test]
fn complement_takes_every_offset_type() {
    // A layout whose offsets may be negative (`isize`) and has a
    // complement for its non-negative strides.
    let core_layout = layout_dsl::Layout::try_from(layout!((4,2):(1,8))).unwrap();
    let l = Layout::<(C<4>, usize), (C<1>, C<8>), isize>::try_from(&core_layout).unwrap();
    let c = l.complement(C::<64>).unwrap();
    assert_eq!(c.to_string(), "(1,2,4):(1,4,16)");
    assert!(!same(Ok(c), "complement((4,2):(1,8), 64)"));
}

#[test]
fn complement_refusals_are_the_cores() {
    let three = 3usize;
    let e = layout!((three,4):(1,8)).complement(64).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotComplementable {
            function: "complement",
            stride: 8,
            span: 3
        }
    );
    assert!(core("complement((3,4):(1,8), 64)").is_none());
    let zero = 0usize;
    let e = layout!((zero,4):(1,8)).complement(64).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ZeroExtent {
            function: "complement"
        }
    );
    assert!(core("complement((0,4):(1,8), 64)").is_none());
    // A span that overflows, and (first in the core's walk) a stride that
    // the span below it does not divide before a span that overflows: the
    // error is the one the core's order meets first.
    let (two, four) = (2usize, 4usize);
    let e = layout!((two,four):(1,4611686018427387904))
        .complement(64)
        .unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ProductOverflow {
            function: "complement",
            left: 4,
            right: 1 << 62
        }
    );
    let e = layout!((two,2,four):(1,3,4611686018427387904))
        .complement(64)
        .unwrap_err();
    assert_eq!(
        e,
        AlgebraError::NotComplementable {
            function: "complement",
            stride: 3,
            span: 2
        }
    );
    assert!(core("complement((2,4):(1,4611686018427387904), 64)").is_none());
    assert!(core("complement((2,2,4):(1,3,4611686018427387904), 64)").is_none());
    let e = layout!((two,zero):(1,4)).complement(64).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ZeroExtent {
            function: "complement"
        }
    );
}

#[test]
fn named_layouts_route_to_the_methods() {
    let (m, k) = (3usize, 40usize);
    let a = layout!((m,4):(1,6));
    let via_macro = layout!(type complement(#a, k)).unwrap();
    assert_eq!(via_macro, a.complement(k).unwrap());
    let static_cotarget: Layout<(usize, usize, usize), (C<1>, usize, usize)> =
        layout!(type complement(#a, 48)).unwrap();
    assert_eq!(static_cotarget.to_string(), "(1,2,2):(1,3,24)");
    // A named cotarget (`usize` or `C<N>`) is the written-out one.
    let (n, c) = (48usize, C::<48>);
    assert_eq!(
        layout!(type complement(#a, #n)).unwrap(),
        a.complement(48usize).unwrap()
    );
    let named_static: Layout<(usize, usize, usize), (C<1>, usize, usize)> =
        layout!(type complement(#a, #c)).unwrap();
    assert_eq!(named_static, static_cotarget);
    let nested = layout!((m,(4,2)):(1,(m,{4 * m})));
    assert_eq!(
        layout!(type coalesce(#nested)).unwrap().to_string(),
        "(3,4,2):(1,3,12)"
    );
    let z = layout!(type (m,4):(0,1));
    assert_eq!(
        layout!(type filter_zeros(#z)).unwrap().to_string(),
        "(1,4):(0,1)"
    );
    let b = layout!((m,4):(4,1));
    assert_eq!(
        layout!(type make_layout_like(#b)).unwrap().to_string(),
        "(3,4):(4,1)"
    );
    assert_eq!(
        layout!(type make_fragment_like(#b)).unwrap().to_string(),
        "(3,4):(1,3)"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn coalesce_is_the_same_function(a in 0usize..7, b in 0usize..7, d in 0usize..9, e in 0usize..40) {
        let l = layout!((a,(b,4),1):(d,(e,{a * d}),7));
        let text = format!("coalesce(({a},({b},4),1):({d},({e},{}),7))", a * d);
        // Flat, every leaf its type: nothing merged or dropped.
        type Flat = Layout<(usize, usize, C<4>, C<1>), (usize, usize, usize, C<7>)>;
        let c: Flat = l.coalesce().unwrap();
        prop_assert!(!same(Ok(c), &text));
        let s = layout!(type ((2,a),4):((1,2),{2 * a}));
        let text = format!("coalesce(((2,{a}),4):((1,2),{}))", 2 * a);
        prop_assert!(!same(s.coalesce(), &text));
    }

    #[test]
    fn filter_zeros_matches_the_core(a in 0usize..7, b in 1usize..7, d in 0usize..3, e in 0usize..3) {
        let l = layout!(type (a,(b,4),(3,2)):(d,(e,0),(1,d)));
        let text = format!("filter_zeros(({a},({b},4),(3,2)):({d},({e},0),(1,{d})))");
        let f = l.filter_zeros().unwrap();
        prop_assert!(!same(Ok(f), &text));
    }

    #[test]
    fn make_ordered_layout_matches_the_core(a in 0usize..6, b in 0usize..6, c in 0usize..6) {
        let shape = (a, (C::<2>, b), c);
        let text = |order: &str| format!("make_ordered_layout(({a},(2,{b}),{c}), {order})");
        same(make_ordered_layout(shape, (C::<2>, (C::<0>, C::<3>), C::<1>)), &text("(2,(0,3),1)"));
        same(make_ordered_layout(shape, (C::<1>, C::<0>, C::<2>)), &text("(1,0,2)"));
        // Ties: refused exactly when the core refuses them.
        same(make_ordered_layout(shape, (C::<1>, C::<1>, C::<0>)), &text("(1,1,0)"));
        same(make_ordered_layout(shape, LayoutLeft), &text("(0,(1,2),3)"));
        same(make_ordered_layout(shape, LayoutRight), &text("(3,(2,1),0)"));
    }

    #[test]
    fn like_constructors_match_the_core(a in 0usize..6, b in 0usize..6, c in 0usize..6) {
        let l = layout!(((2,a),b,c):((4,0),1,16));
        let text = |f: &str| format!("{f}(((2,{a}),{b},{c}):((4,0),1,16))");
        same(l.make_layout_like(), &text("make_layout_like"));
        same(l.make_fragment_like(), &text("make_fragment_like"));
        let text = format!("make_fragment_like({a}:{b})");
        same(layout!(a:b).make_fragment_like(), &text);
    }
}
