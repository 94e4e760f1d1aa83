//! Composition of typed layout values (`Compose`, `a.composition(b)`):
//! every typed result is `a ∘ b` by definition (`a(b(i))` at every index)
//! and the core's exact composition at every index; with a left layout of
//! two leaves, a refusal is one the core makes too (exhaustively over small
//! flat pairs, in exhaustive.rs, and by proptest).

use layout_dsl::algebra::{Tiler, composition};
use layout_dsl::typed::{AlgebraError, C, Compose, Layout, Prod, TypedLayout};
use layout_dsl::{IntTuple, layout};
use proptest::prelude::*;

mod exhaustive;

/// The core's composition of the same numbers, if it has one.
fn core<A: TypedLayout, B: TypedLayout>(a: A, b: B) -> Option<layout_dsl::Layout> {
    let (a, b) = (to_core(a), to_core(b));
    composition(&a, &Tiler::Layout(b)).ok()
}

/// The core layout of a typed one.
fn to_core<L: TypedLayout>(l: L) -> layout_dsl::Layout {
    layout_dsl::Layout::try_from(Layout::new(l.shape(), l.stride())).unwrap()
}

/// `typed` is `a ∘ b`: the size of `b`, and `a(b(i))` at every index; and
/// the core's answer where it has one. Returns whether the core answers.
fn assert_composition<L, A, B>(typed: &L, a: A, b: B) -> bool
where
    L: TypedLayout<Offset = usize>,
    A: TypedLayout<Offset = usize>,
    B: TypedLayout<Offset = usize>,
{
    assert_eq!(typed.size(), b.size(), "{a} o {b} = {typed}");
    for i in 0..b.size() {
        assert_eq!(typed.at(i), a.at(b.at(i)), "{a} o {b} = {typed} at {i}");
    }
    let Some(core) = core(a, b) else {
        return false;
    };
    for i in 0..b.size() {
        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(typed.at(i) as i64, expected, "{a} o {b}: {typed} vs {core}");
    }
    true
}

/// The errors the walk gives for small values (no product overflows).
fn is_walk_error(e: &AlgebraError) -> bool {
    matches!(
        e,
        AlgebraError::StrideNotDivisible { .. }
            | AlgebraError::ShapeNotDivisible { .. }
            | AlgebraError::Carry { .. }
            | AlgebraError::ZeroExtent { .. }
    )
}

fn extent() -> impl Strategy<Value = usize> {
    1usize..=8
}

fn stride() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..=3, 0usize..=16]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Flat rank-2 layouts of dynamic leaves: the trait gives what the
    /// macro's rule for written-out layouts gives (CuTe's walk, the same
    /// nesting when no leaf is static), and that is `a ∘ b`.
    #[test]
    fn flat_dynamic(m in extent(), n in extent(), s in stride(), t in stride(),
                    p in extent(), q in extent(), u in stride(), v in stride()) {
        let (a, b) = (layout!((m,n):(s,t)), layout!((p,q):(u,v)));
        let typed = a.composition(b);
        // CuTe's walk of each leaf alone (the macro's rule): where it
        // answers, the trait answers the same function.
        if let Ok(walked) = layout!(type composition((m,n):(s,t), (p,q):(u,v))) {
            let c = typed.unwrap_or_else(|e| panic!("{a} o {b}: {e}, CuTe's walk gives {walked}"));
            for i in 0..walked.size() {
                prop_assert_eq!(c.at(i), walked.at(i));
            }
        }
        match typed {
            Ok(c) => { prop_assert!(assert_composition(&c, a, b), "{} o {}: the core refuses", a, b); }
            Err(e) => {
                prop_assert!(is_walk_error(&e), "{}", e);
                // A left layout of two leaves: a refusal is the core's.
                prop_assert!(core(a, b).is_none(), "{} o {}: {}, the core answers", a, b, e);
            }
        }
    }

    /// Extents 0 on either side: where the typed path answers, the core
    /// answers the same (`a(b(i))` is not asked: `a` may have an empty
    /// mode but its last, which `at` refuses).
    #[test]
    fn zero_extents(m in 0usize..=3, n in 0usize..=3, s in stride(), t in stride(),
                    p in 0usize..=4, q in 0usize..=3, u in stride(), v in stride()) {
        let (a, b) = (layout!((m,n):(s,t)), layout!((p,q):(u,v)));
        if let Ok(c) = a.composition(b) {
            let core = core(a, b).unwrap_or_else(|| panic!("{a} o {b} = {c}: the core refuses"));
            prop_assert_eq!(c.size() as i64, core.size());
            for i in 0..c.size() {
                prop_assert_eq!(c.at(i) as i64, core.crd2idx(&IntTuple::Int(i as i64)).unwrap());
            }
        }
    }

    /// Nested operands, three leaves each: `a ∘ b` where the walk answers.
    #[test]
    fn nested_dynamic(m in extent(), n in extent(), k in extent(),
                      s in stride(), t in stride(), w in stride(),
                      p in extent(), q in extent(), r in extent(),
                      u in stride(), v in stride(), x in stride()) {
        let a = layout!(((m,n),k):((s,t),w));
        let b = layout!((p,(q,r)):(u,(v,x)));
        match a.composition(b) {
            Ok(c) => {
                // One sub-mode per leaf of `a`, in `b`'s nesting.
                type Mode = (usize, usize, usize);
                let _: Layout<(Mode, (Mode, Mode)), _> = c;
                assert_composition(&c, a, b);
            }
            Err(e) => prop_assert!(is_walk_error(&e), "{}", e),
        }
    }

    /// Static leaves among dynamic ones, on both sides.
    #[test]
    fn mixed_static(m in extent(), n in extent(), d in stride(), q in extent()) {
        let a = layout!((m,4,n):(1,m,{4 * m}));
        let b = layout!(type (2,3):(1,4));
        if let Ok(c) = a.composition(b) {
            assert_composition(&c, a, b);
        }
        let a = layout!((4,m):(d,4));
        let b = layout!((2,q):(2,8));
        if let Ok(c) = a.composition(b) {
            assert_composition(&c, a, b);
        }
        // One leaf on the left: always an answer, `b`'s shape kept.
        let one = layout!(m:d);
        let c = one.composition(layout!(type (2,(3,2)):(1,(2,6)))).unwrap();
        type Kept = (C<2>, (C<3>, C<2>));
        let _: Layout<Kept, (usize, (usize, usize))> = c;
        assert_composition(&c, one, layout!(type (2,(3,2)):(1,(2,6))));
        let fixed = layout!(type 6:2).composition(layout!(type (3,2):(2,1))).unwrap();
        type Strides = (Prod<C<2>, C<2>>, Prod<C<1>, C<2>>);
        let _: Layout<(C<3>, C<2>), Strides> = fixed;
        prop_assert_eq!(fixed.to_string(), "(3,2):(4,2)");
    }

    /// A by-mode tiler: mode `i` with tile `i`, as the core's `<T0,T1>`.
    #[test]
    fn by_mode_tiler(m in extent(), n in extent(), s in stride(), t in stride(),
                     p in extent(), u in stride()) {
        let a = layout!((m,n):(s,t));
        let tiled = a.composition((p, layout!(p:u))).unwrap();
        let core = composition(
            &to_core(a),
            &Tiler::ByMode(vec![
                Tiler::Layout(layout_dsl::Layout::new(IntTuple::Int(p as i64), IntTuple::Int(1)).unwrap()),
                Tiler::Layout(to_core(layout!(p:u))),
            ]),
        ).unwrap();
        prop_assert_eq!(tiled.size() as i64, core.size());
        for i in 0..tiled.size() {
            prop_assert_eq!(tiled.at(i) as i64, core.crd2idx(&IntTuple::Int(i as i64)).unwrap());
        }
        // A shorter tiler drops the modes past it.
        let first = a.composition((layout!(p:u),)).unwrap();
        let core = composition(
            &to_core(a),
            &Tiler::ByMode(vec![Tiler::Layout(to_core(layout!(p:u)))]),
        ).unwrap();
        prop_assert_eq!(first.size() as i64, core.size());
        for i in 0..first.size() {
            prop_assert_eq!(first.at(i) as i64, core.crd2idx(&IntTuple::Int(i as i64)).unwrap());
        }
    }
}

#[test]
fn a_broken_condition_names_the_values() {
    // Three rows of a column of four: the modes do not continue one another.
    let (m, n, ld) = (3usize, 8usize, 4usize);
    let a = layout!((m,n):(1,ld));
    let e = a.composition(layout!((4,4):(1,6))).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::ShapeNotDivisible {
            function: "composition",
            shape: 4,
            part: 3
        }
    );
    // 2:1 and 2:2 reach 1 + 2 of a mode of 3 rows together: a carry.
    let e = a.composition(layout!((2,2):(1,2))).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::Carry {
            function: "composition",
            reach: 3,
            extent: 3
        }
    );
    // Over the last two leaves the step is exact: 2:5 reads `a(0)` and
    // `a(5) = 2 + 4`, a layout though 5 and 3 divide neither way.
    let c = a.composition(layout!(2:5)).unwrap();
    assert_eq!(c.to_string(), "(2,1):(6,0)");
    assert!(assert_composition(&c, a, layout!(2:5)));
    // Before them the step is exact too (CuTe's needs 5 and 3 to divide):
    // `c·2` in the first group is a line added to the walk of `2:1` over
    // the second.
    let a = layout!((m,n,2):(1,ld,64));
    let c = a.composition(layout!(2:5)).unwrap();
    assert_eq!(c.to_string(), "(1,2,1):(0,6,0)");
    assert!(assert_composition(&c, a, layout!(2:5)));
    // 4:2 reads 0, 2, 1+4, 2·4: no layout (the core refuses too); the
    // digit `c0·2 + c1·1` of the first group carries.
    let e = a.composition(layout!(4:2)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::Carry {
            function: "composition",
            reach: 3,
            extent: 3
        }
    );
    assert!(core(a, layout!(4:2)).is_none());
}

#[test]
fn layout_macro_routes_named_operands_to_the_trait() {
    let (m, n, p) = (8usize, 6usize, 4usize);
    let a = layout!((m,n):(1,m));
    let b = layout!((p,3):(1,{2 * m}));
    let both = layout!(type composition(#a, #b)).unwrap();
    assert_eq!(Ok(both), a.composition(b));
    assert_eq!(both.crd2idx((3, 2)), 3 + 2 * 16);
    let written = layout!(type composition(#a, (p,3):(1,{2 * m}))).unwrap();
    assert_eq!(written.to_string(), both.to_string());
    let left = layout!(type composition((m,n):(1,m), #b)).unwrap();
    assert_eq!(left.to_string(), both.to_string());
    // A by-mode tiler of an extent and a written-out layout.
    let tiled = layout!(type composition(#a, <2, 3:2>)).unwrap();
    assert_eq!(Ok(tiled), a.composition((C::<2>, layout!(type 3:2))));
    assert_eq!(tiled.to_string(), "(2,3):(1,16)");
    // A static layout by name: its leaves are `C<N>`, kept where CuTe
    // passes them through.
    const ROW: layout_dsl::layout_type!(type 8:2) = layout!(type 8:2);
    let r: Layout<C<4>, Prod<C<3>, C<2>>> = layout!(type composition(#ROW, 4:3)).unwrap();
    assert_eq!(r.to_string(), "4:6");
}

#[test]
fn layout_type_names_the_result_of_a_named_composition() {
    type A = layout_dsl::layout_type!((m,n):(1,m));
    type B = layout_dsl::layout_type!((p,3):(1,s));
    type Row = layout_dsl::layout_type!(type 8:2);
    let (m, n, p) = (8usize, 6usize, 4usize);
    let (a, b): (A, B) = (layout!((m,n):(1,m)), layout!((p,3):(1,{2 * m})));
    // Each `let` fails to compile unless the names are the trait's types.
    let both: layout_dsl::layout_type!(type composition(#A, #B)) = a.composition(b).unwrap();
    type Modes = ((usize, usize), (usize, usize));
    let _: Layout<Modes, Modes> = both;
    let left: layout_dsl::layout_type!(type composition((m,n):(1,m), #B)) =
        layout!(type composition((m,n):(1,m), #b)).unwrap();
    assert_eq!(left, both);
    let tiled: layout_dsl::layout_type!(type composition(#A, <2, 3:2>)) =
        layout!(type composition(#a, <2, 3:2>)).unwrap();
    let _: Layout<(C<2>, C<3>), (Prod<C<1>, C<1>>, usize)> = tiled;
    let row: layout_dsl::layout_type!(type composition(#Row, 4:3)) =
        layout!(type 8:2).composition(layout!(type 4:3)).unwrap();
    let _: Layout<C<4>, Prod<C<3>, C<2>>> = row;
}
