//! Products of typed layout values (`Product`: `a.logical_product(b)`,
//! `zipped_product`, `tiled_product`, `flat_product`): every typed result
//! is the core's product at every index, or where the core refuses and the
//! typed path answers (CuTe's rounded hole, src/private/partial.rs), the
//! definition `(A, C∘B)` with CuTe's complement, injective
//! (`agrees::product`). Where `layout!(type …)` of the same written-out
//! layouts answers, the value door answers the same function.

use layout_dsl::layout;
use layout_dsl::typed::{AlgebraError, C, Layout, Product, TypedLayout};
use proptest::prelude::*;

mod agrees;

use agrees::product::product_agrees;
use agrees::{agrees, core};

/// The four products of `a` by `b` against the core (texts from the
/// typed values); whether `logical_product` answered. The four agree on
/// whether they answer.
fn four<A, B>(a: A, b: B) -> bool
where
    A: Product<B> + TypedLayout,
    B: TypedLayout<Offset = usize>,
    A::Logical: TypedLayout,
    A::Zipped: TypedLayout,
    A::Tiled: TypedLayout,
    A::Flat: TypedLayout,
    <A::Logical as TypedLayout>::Offset: TryInto<i64>,
    <A::Zipped as TypedLayout>::Offset: TryInto<i64>,
    <A::Tiled as TypedLayout>::Offset: TryInto<i64>,
    <A::Flat as TypedLayout>::Offset: TryInto<i64>,
{
    let (at, bt) = (a.to_string(), b.to_string());
    if core(&format!("logical_product({at}, {bt})")).is_none() && !injective(&b) {
        // The definition's check proves injectivity, which a product by
        // a `B` that is not injective lacks: checked as a function only
        // (each regrouping has the same offsets in the same order).
        let Ok(t) = a.logical_product(b) else {
            return false;
        };
        let d = definition(&at, &bt);
        assert_eq!(t.size() as i64, d.size(), "{at} x {bt}: {t} vs {d}");
        for i in 0..t.size() {
            let expected = d.crd2idx(&layout_dsl::IntTuple::Int(i as i64)).unwrap();
            assert_eq!(
                t.at(i).try_into().ok(),
                Some(expected),
                "{at} x {bt}: {t} vs {d} at {i}"
            );
        }
        return true;
    }
    let answers = [
        product_agrees(a.logical_product(b), "logical_product", &at, &bt),
        product_agrees(a.zipped_product(b), "zipped_product", &at, &bt),
        product_agrees(a.tiled_product(b), "tiled_product", &at, &bt),
        product_agrees(a.flat_product(b), "flat_product", &at, &bt),
    ];
    assert!(
        answers.iter().all(|&x| x == answers[0]),
        "{at} x {bt}: {answers:?}"
    );
    answers[0]
}

/// CuTe's `(A, C∘B)` for flat `A` of static strides, `C` its complement
/// up to `size(A)·cosize(B)` with each hole rounded down (CuTe's
/// `min_stride / result_stride`), `C∘B` the core's composition.
fn definition(a: &str, b: &str) -> layout_dsl::Layout {
    let (a, bl): (layout_dsl::Layout, layout_dsl::Layout) =
        (a.parse().unwrap(), b.parse().unwrap());
    let mut leaves: Vec<(i64, i64)> = a.leaf_modes().filter(|&(s, d)| s != 1 && d != 0).collect();
    leaves.sort_by_key(|&(_, d)| d);
    let (mut span, mut c) = (1i64, Vec::new());
    for (s, d) in leaves {
        c.push(format!("{}:{span}", d / span));
        span = s * d;
    }
    let rest = (a.size() * bl.cosize() + span - 1) / span;
    c.push(format!("{rest}:{span}"));
    let (shapes, strides): (Vec<_>, Vec<_>) = c.iter().map(|m| m.split_once(':').unwrap()).unzip();
    let c = format!("({}):({})", shapes.join(","), strides.join(","));
    let d = core(&format!("composition({c}, {b})")).unwrap();
    format!(
        "({},{}):({},{})",
        a.shape(),
        d.shape(),
        a.stride(),
        d.stride()
    )
    .parse()
    .unwrap()
}

/// Whether `b` maps its indices to distinct offsets.
fn injective<B: TypedLayout>(b: &B) -> bool
where
    B::Offset: TryInto<i64>,
{
    let mut seen = std::collections::HashSet::new();
    (0..b.size()).all(|i| seen.insert(b.at(i).try_into().ok()))
}

/// `typed` and `written` (the macro's rule for written-out layouts) are
/// the same function where the macro answers; the typed value's error
/// otherwise must be one of the product's.
fn same_as_written<L: TypedLayout<Offset = usize>, W: TypedLayout<Offset = usize>>(
    typed: Result<L, AlgebraError>,
    written: Result<W, AlgebraError>,
    what: &str,
) {
    if let Ok(w) = written {
        let t = typed.unwrap_or_else(|e| panic!("{what}: {e}, `layout!(type …)` gives {w}"));
        assert_eq!(t.size(), w.size(), "{what}: {t} vs {w}");
        for i in 0..t.size() {
            assert_eq!(t.at(i), w.at(i), "{what}: {t} vs {w} at {i}");
        }
    }
}

fn extent() -> impl Strategy<Value = usize> {
    1usize..=6
}

fn stride() -> impl Strategy<Value = usize> {
    prop_oneof![0usize..=3, 0usize..=24]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// One leaf of dynamic extent and stride by a flat dynamic layout.
    #[test]
    fn leaf_by_dynamic(m in extent(), s in stride(), p in 0usize..=4, q in extent(),
                       u in stride(), v in stride()) {
        four(layout!(m:s), layout!((p,q):(u,v)));
    }

    /// Two leaves of dynamic extents and static strides, by a nested
    /// dynamic layout and by an extent.
    #[test]
    fn static_strides(m in extent(), n in extent(), p in extent(), q in extent(), r in extent(),
                      u in stride(), v in stride(), w in stride()) {
        let b = layout!((p,(q,r)):(u,(v,w)));
        four(layout!(type (m,n):(1,8)), b);
        four(layout!(type (m,n):(8,1)), b);
        four(layout!(type (m,(2,n)):(2,(1,16))), layout!(p:1));
        four(layout!(type (m,(2,n)):(2,(1,16))), layout!(type 3:1));
        let a = layout!(type (m,(2,n)):(2,(1,16)));
        let text = format!("logical_product({a}, {p}:1)");
        prop_assert_eq!(a.logical_product(p).is_ok(), a.logical_product(layout!(p:1)).is_ok(), "{}", text);
        if let Ok(l) = a.logical_product(C::<3>) {
            prop_assert!(product_agrees(Ok(l), "logical_product", &a.to_string(), "3:1"));
        }
        four(layout!(type (2,m):(1,4)), b);
    }

    /// Dynamic strides on a left layout of several leaves (the holes
    /// sorted at run time), alone and beside a static one, nested.
    #[test]
    fn dynamic_strides(m in extent(), n in extent(), k in extent(), s in stride(), t in stride(),
                       w in stride(), p in extent(), q in extent(), u in stride(), v in stride()) {
        let b = layout!((p,q):(u,v));
        four(layout!((m,n):(s,t)), b);
        four(layout!((m,n):(s,t)), layout!(p:u));
        four(layout!(type (m,(n,k)):(s,(4,w))), b);
        four(layout!(type (m,(n,k)):(s,(4,w))), layout!(type 3:1));
    }

    /// By-mode tilers: the core's by-mode product where it answers; else
    /// each mode's product is checked alone.
    #[test]
    fn by_mode(m in extent(), n in extent(), p in extent(), q in extent(), u in stride()) {
        let a = layout!(type (m,n):(1,8));
        let tiles = (layout!((p,q):(u,1)), C::<2>);
        let text = |f: &str| format!("{f}({a}, <{},2>)", tiles.0);
        let answers = [
            agrees(a.logical_product(tiles), &text("logical_product")),
            agrees(a.zipped_product(tiles), &text("zipped_product")),
            agrees(a.tiled_product(tiles), &text("tiled_product")),
            agrees(a.flat_product(tiles), &text("flat_product")),
        ];
        let alone = (
            layout!(m:1).logical_product(tiles.0).is_ok(),
            layout!(type n:8).logical_product(C::<2>).is_ok(),
        );
        prop_assert!(answers.iter().all(|&x| x == (alone.0 && alone.1)), "{}: {:?}", text("_"), answers);
        // A nested mode times a dynamic layout, a leaf mode times an extent.
        let a = layout!(type ((2,m),n):((1,2),32));
        let tiles = (layout!((p,q):(1,{u + 1})), p);
        let text = format!("logical_product({a}, <{},{p}>)", tiles.0);
        if layout_dsl::evaluate(&text).is_ok() {
            prop_assert!(agrees(a.logical_product(tiles), &text), "{}", text);
            let text = format!("flat_product({a}, <{},{p}>)", tiles.0);
            prop_assert!(agrees(a.flat_product(tiles), &text), "{}", text);
        }
        // One tile: the modes past it are kept.
        let one = a.tiled_product((p,)).unwrap();
        let text = format!("tiled_product({a}, <{p}>)");
        prop_assert!(agrees(Ok(one), &text));
    }

    /// Where `layout!(type X_product(A, B))` of written-out layouts answers,
    /// the value door answers the same function.
    #[test]
    fn as_written(m in 0usize..=12, n in 1usize..=5) {
        let a = layout!(type (m,n):(1,8));
        let b = layout!(type (2,3):(3,1));
        same_as_written(a.logical_product(b), layout!(type logical_product((m,n):(1,8), (2,3):(3,1))), "logical");
        same_as_written(a.tiled_product(b), layout!(type tiled_product((m,n):(1,8), (2,3):(3,1))), "tiled");
        let a = layout!(type (2,(m,3)):(1,(2,64)));
        same_as_written(a.logical_product(C::<4>), layout!(type logical_product((2,(m,3)):(1,(2,64)), 4:1)), "rounded");
        same_as_written(a.flat_product(C::<4>), layout!(type flat_product((2,(m,3)):(1,(2,64)), 4:1)), "rounded flat");
        let a = layout!(type (m,n):(1,8));
        same_as_written(a.zipped_product((C::<2>, C::<3>)), layout!(type zipped_product((m,n):(1,8), <2,3>)), "by-mode");
    }
}

#[test]
#[allow(clippy::type_complexity)] // The types written out are what is tested.
fn nesting_is_fixed_by_the_types() {
    let (m, n) = (4, 3);
    let a = layout!(type (m,n):(1,8));
    // Three holes (below stride 1, below 8, the rest): one sub-mode each.
    type Copies = (usize, usize, usize);
    let p: Layout<((usize, usize), (Copies, Copies)), ((C<1>, C<8>), (Copies, Copies))> =
        a.logical_product(layout!((2,2):(1,2))).unwrap();
    assert!(agrees(Ok(p), "logical_product((4,3):(1,8), (2,2):(1,2))"));
    let t: Layout<((usize, usize), Copies, Copies), ((C<1>, C<8>), Copies, Copies)> =
        a.tiled_product(layout!((2,2):(1,2))).unwrap();
    assert_eq!(t.size(), 48);
    // A leaf tile: its copies' sub-modes are lifted (CuTe's rank of a
    // dynamic composition by an extent is the complement's).
    let f: Layout<(usize, usize, usize, usize, usize), (C<1>, C<8>, usize, usize, usize)> =
        a.flat_product(6).unwrap();
    assert!(agrees(Ok(f), "flat_product((4,3):(1,8), 6:1)"));
    // A one-mode part stays whole: `((4),(copies))`, as the core's
    // `((4),(2)):((1),(4))` (its copies coalesced to one leaf).
    let one: Layout<((usize,), ((usize, usize),)), ((C<1>,), ((usize, usize),))> =
        layout!(type (m):(1)).tiled_product((2,)).unwrap();
    assert!(agrees(Ok(one), "tiled_product((4):(1), <2>)"));
}

#[test]
fn errors_name_the_values() {
    let m = 3;
    // Three rows below a column stride of 8: CuTe's hole rounds down to 2,
    // which holds B's two copies but not four.
    let a = layout!(type (m,2):(1,8));
    assert!(a.logical_product(2).is_ok());
    assert_eq!(
        a.logical_product(4),
        Err(AlgebraError::NotComplementable {
            function: "logical_product",
            stride: 8,
            span: 3
        })
    );
    // An extent 0 has no complement.
    let z = 0;
    assert_eq!(
        layout!(type (z,2):(1,8)).tiled_product(2),
        Err(AlgebraError::ZeroExtent {
            function: "tiled_product"
        })
    );
    // The composition's conditions, named by the product.
    let e = layout!(type (4,m):(1,8))
        .zipped_product(layout!(type (3,2):(5,1)))
        .unwrap_err();
    let core = core("zipped_product((4,3):(1,8), (3,2):(5,1))");
    assert!(core.is_none(), "{e}: the core gives {core:?}");
    assert!(e.to_string().contains("`zipped_product`"), "{e}");
}

#[test]
fn through_the_macro() {
    use layout_dsl::typed::{RankedProduct, TileToShape};
    let (m, n) = (4, 3);
    let a = layout!(type (m,n):(1,8));
    let b = layout!((2,2):(1,2));
    assert_eq!(layout!(type logical_product(#a, #b)), a.logical_product(b));
    assert_eq!(
        layout!(type zipped_product(#a, <2,n>)),
        a.zipped_product((C::<2>, n))
    );
    assert_eq!(
        layout!(type tiled_product(#a, (2,2):(1,2))),
        a.tiled_product(layout!(type (2,2):(1,2)))
    );
    assert_eq!(
        layout!(type flat_product((m,n):(1,8), #b)),
        a.flat_product(b)
    );
    assert_eq!(layout!(type blocked_product(#a, #b)), a.blocked_product(b));
    assert_eq!(
        layout!(type raked_product((2,2):(1,2), #b)),
        layout!(type (2,2):(1,2)).raked_product(b)
    );
    let atom = layout!(type (2,4):(4,1));
    let t = layout!(type tile_to_shape(#atom, (m,64))).unwrap();
    assert_eq!(Ok(t), atom.tile_to_shape((m, C::<64>)));
    assert!(agrees(Ok(t), "tile_to_shape((2,4):(4,1), (4,64))"));
}

/// Every flat rank-2 `A = (m,n):(1,S)` (`S` static: 2, 3, 4, 6, 8; `m`,
/// `n` in 1..=4) by every `B = (p,q):(u,v)` (`p`, `q` in 1..=3, `u`, `v`
/// in 0..=5), 5 · 16 · 9 · 36 = 25,920 pairs: the typed `logical_product`
/// answers exactly where the core does, with the core's offset at every
/// index (`agrees`), and refuses exactly where the core refuses. (Before
/// `Compose` answered exactly for left layouts of ≤ 2 groups, 1,260 of the
/// core's answers were refused by the composition walk's checks.)
#[test]
fn exhaustive_flat_rank_2() {
    /// [answered by both alike, refused by both]
    fn sweep<const S: i64>(counts: &mut [usize; 2]) {
        for (m, n) in (1..=4).flat_map(|m| (1..=4).map(move |n| (m, n))) {
            let a = Layout::new((m, n), (C::<1>, C::<S>));
            for (p, q, u, v) in (1..=3usize).flat_map(|p| {
                (1..=3).flat_map(move |q| {
                    (0..=5).flat_map(move |u| (0..=5).map(move |v| (p, q, u, v)))
                })
            }) {
                let b = layout!((p,q):(u,v));
                let (at, bt) = (a.to_string(), b.to_string());
                let text = format!("logical_product({at}, {bt})");
                match (core(&text), a.logical_product(b)) {
                    (Some(_), typed) => {
                        assert!(agrees(typed, &text), "{text}: the typed value differs");
                        counts[0] += 1;
                    }
                    (None, Ok(t)) => panic!("{text}: typed gives {t}, the core refuses"),
                    (None, Err(_)) => counts[1] += 1,
                }
            }
        }
    }
    let mut counts = [0; 2];
    sweep::<2>(&mut counts);
    sweep::<3>(&mut counts);
    sweep::<4>(&mut counts);
    sweep::<6>(&mut counts);
    sweep::<8>(&mut counts);
    println!("exhaustive_flat_rank_2: {counts:?}");
    assert_eq!(counts[0] + counts[1], 5 * 16 * 9 * 36, "{counts:?}");
    // Not a vacuous sweep: most pairs have a product.
    assert!(counts[0] > 15_000, "{counts:?}");
}

/// `layout_type!(type X_product(#A, #B))` names the result's layout, `#A`
/// a typed layout's type: each `let` fails to compile unless it is the
/// trait's type.
#[test]
fn layout_type_names_the_result_of_a_named_product() {
    type A = layout_dsl::layout_type!((m,2):(1,8));
    type Dyn = layout_dsl::layout_type!((m,n):(s,t));
    type B = layout_dsl::layout_type!(type (2,3):(1,2));
    let m = 4;
    let (a, b): (A, B) = (layout!((m,2):(1,8)), layout!(type (2,3):(1,2)));
    let logical: layout_dsl::layout_type!(type logical_product(#A, #B)) =
        a.logical_product(b).unwrap();
    type Copies = ((usize, usize, usize), (usize, usize, usize));
    type Logical = Layout<((usize, C<2>), Copies), ((C<1>, C<8>), Copies)>;
    let _: Logical = logical;
    assert!(agrees(
        Ok(logical),
        "logical_product((4,2):(1,8), (2,3):(1,2))"
    ));
    let zipped: layout_dsl::layout_type!(type zipped_product(#A, #B)) =
        layout!(type zipped_product(#a, #b)).unwrap();
    assert_eq!(zipped, logical);
    let tiled: layout_dsl::layout_type!(type tiled_product(#A, (2,3):(1,2))) =
        layout!(type tiled_product(#a, (2,3):(1,2))).unwrap();
    assert_eq!(Ok(tiled), a.tiled_product(b));
    let flat: layout_dsl::layout_type!(type flat_product((m,2):(1,8), #B)) =
        layout!(type flat_product((m,2):(1,8), #b)).unwrap();
    assert_eq!(Ok(flat), a.flat_product(b));
    let p = 3;
    let by_mode: layout_dsl::layout_type!(type logical_product(#A, <2, p>)) =
        layout!(type logical_product(#a, <2, p>)).unwrap();
    assert_eq!(Ok(by_mode), a.logical_product((C::<2>, 3)));
    // A static tile over the static mode 2:8: its copies are static too.
    let by_static: layout_dsl::layout_type!(type logical_product(#A, <2, 3>)) =
        layout!(type logical_product(#a, <2, 3>)).unwrap();
    assert_eq!(Ok(by_static), a.logical_product((C::<2>, C::<3>)));
    assert_eq!(by_static.to_string(), by_mode.to_string());
    let (m, n, s, t) = (2, 3, 12, 1);
    let d: layout_dsl::layout_type!(type logical_product(#Dyn, 2:1)) = layout!((m,n):(s,t))
        .logical_product(layout!(type 2:1))
        .unwrap();
    assert_eq!(d.to_string(), "((2,3),(1,2,1)):((12,1),(0,3,0))");
}
