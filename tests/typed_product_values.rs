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
        // a `B` that is not injective lacks: the typed answer is checked
        // where the core answers only.
        return a.logical_product(b).is_ok();
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
