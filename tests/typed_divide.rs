//! Typed algebra on dynamic leaves: `layout!(type logical_divide(…))` and
//! `zipped_divide` give typed layouts from straight-line code, equal as
//! functions to the core's result on the same numbers.

use layout_dsl::typed::{AlgebraError, C, Layout, TypedLayout};
use layout_dsl::{IntTuple, layout, layout_type};

/// Same shape, and the same offset at every index (strides of extent-1
/// modes may differ: see ARCHITECTURE.md).
fn assert_same_function<L: TypedLayout>(typed: &L, core: &layout_dsl::Layout)
where
    L::Offset: TryInto<i64>,
{
    let text = typed.to_string();
    let shape = text.split(':').next().unwrap();
    assert_eq!(shape, core.shape().to_string(), "{typed} vs {core}");
    assert_eq!(typed.size() as i64, core.size());
    for i in 0..typed.size() {
        let expected = core.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(
            typed.at(i).try_into().ok(),
            Some(expected),
            "{typed} vs {core} at {i}"
        );
    }
}

fn core(text: &str) -> layout_dsl::Layout {
    match layout_dsl::evaluate(text).unwrap() {
        layout_dsl::Value::Layout(l) => l,
        other => panic!("{other:?}"),
    }
}

#[test]
fn logical_divide_matches_the_core() {
    for m in 0..=20usize {
        for n in [1usize, 7, 8, 16, 17] {
            let typed = layout!(type logical_divide((m,n):(1,m), <4,8>)).unwrap();
            assert_same_function(
                &typed,
                &core(&format!("logical_divide(({m},{n}):(1,{m}), <4,8>)")),
            );
            let other = layout!(type logical_divide((m,n):(n,1), <3,1>)).unwrap();
            assert_same_function(
                &other,
                &core(&format!("logical_divide(({m},{n}):({n},1), <3,1>)")),
            );
            let mixed = layout!(type logical_divide((6,n):(n,1), <4,5>)).unwrap();
            assert_same_function(
                &mixed,
                &core(&format!("logical_divide((6,{n}):({n},1), <4,5>)")),
            );
        }
    }
}

#[test]
fn zipped_divide_matches_the_core() {
    for m in 0..=20usize {
        for n in [1usize, 8, 16, 17, 33] {
            let typed = layout!(type zipped_divide((m,n):(1,m), <4,8>)).unwrap();
            assert_same_function(
                &typed,
                &core(&format!("zipped_divide(({m},{n}):(1,{m}), <4,8>)")),
            );
            let three = layout!(type zipped_divide((m,n,3):(1,m,{m * n}), <2,4,3>)).unwrap();
            assert_same_function(
                &three,
                &core(&format!(
                    "zipped_divide(({m},{n},3):(1,{m},{}), <2,4,3>)",
                    m * n
                )),
            );
        }
    }
}

#[test]
fn every_divide_and_untiled_modes_match_the_core() {
    for m in 0..=12usize {
        for n in [1usize, 8, 13] {
            let k = m * n;
            let text = |f: &str, t: &str| core(&format!("{f}(({m},{n},3):(1,{m},{k}), {t})"));
            let l = layout!(type logical_divide((m,n,3):(1,m,k), <4>)).unwrap();
            assert_same_function(&l, &text("logical_divide", "<4>"));
            let z = layout!(type zipped_divide((m,n,3):(1,m,k), <4,8>)).unwrap();
            assert_same_function(&z, &text("zipped_divide", "<4,8>"));
            let z1 = layout!(type zipped_divide((m,n,3):(1,m,k), <4>)).unwrap();
            assert_same_function(&z1, &text("zipped_divide", "<4>"));
            let t = layout!(type tiled_divide((m,n,3):(1,m,k), <4,8>)).unwrap();
            assert_same_function(&t, &text("tiled_divide", "<4,8>"));
            let t1 = layout!(type tiled_divide((m,n,3):(1,m,k), <2>)).unwrap();
            assert_same_function(&t1, &text("tiled_divide", "<2>"));
            let f1 = layout!(type flat_divide((m,n,3):(1,m,k), <4>)).unwrap();
            assert_same_function(&f1, &text("flat_divide", "<4>"));
            let z0 = layout!(type zipped_divide((m):(1), <4>)).unwrap();
            assert_same_function(&z0, &core(&format!("zipped_divide(({m}):(1), <4>)")));
            let l0 = layout!(type logical_divide((m):(1), <4>)).unwrap();
            assert_same_function(&l0, &core(&format!("logical_divide(({m}):(1), <4>)")));
            let f = layout!(type flat_divide((m,n,3):(1,m,k), <4,8,2>)).unwrap();
            assert_same_function(&f, &text("flat_divide", "<4,8,2>"));
        }
    }
}

#[test]
fn static_leaves_stay_static() {
    let (m, n) = (10, 20);
    type Divided = Layout<((C<4>, usize), (C<8>, usize)), ((C<1>, C<4>), (usize, usize))>;
    type Zipped = Layout<((C<4>, C<8>), (usize, usize)), ((C<1>, usize), (C<4>, usize))>;
    let divided: Divided = layout!(type logical_divide((m,n):(1,m), <4,8>)).unwrap();
    assert_eq!(divided.to_string(), "((4,3),(8,3)):((1,4),(10,80))");
    let zipped: Zipped = layout!(type zipped_divide((m,n):(1,m), <4,8>)).unwrap();
    assert_eq!(zipped.to_string(), "((4,8),(3,3)):((1,10),(4,80))");
    // One tile's layout, and where tile (2,1) starts: mode 0 and the
    // offset of (0, (2,1)).
    assert_eq!(zipped.mode::<0>().to_string(), "(4,8):(1,10)");
    assert_eq!(zipped.crd2idx((0, (2, 1))), 2 * 4 + 80);
}

/// Kernel state holding a typed divide, its type written by `layout_type!`.
struct Tiles {
    tiles: layout_type!(type zipped_divide((m,n):(1,m), <32,8>)),
}

impl Tiles {
    fn new(m: usize, n: usize) -> Result<Tiles, AlgebraError> {
        Ok(Tiles {
            tiles: layout!(type zipped_divide((m,n):(1,m), <32,8>))?,
        })
    }

    /// Where tile `(i, j)` starts.
    fn start(&self, i: usize, j: usize) -> usize {
        self.tiles.crd2idx((0, (i, j)))
    }
}

#[test]
fn layout_type_names_a_typed_divide() {
    let t = Tiles::new(100, 20).unwrap();
    assert_eq!(t.tiles.to_string(), "((32,8),(4,3)):((1,100),(32,800))");
    assert_eq!(t.start(3, 2), 3 * 32 + 2 * 800);
    assert_eq!(
        core::mem::size_of_val(&t.tiles),
        4 * core::mem::size_of::<usize>()
    );
}

#[test]
fn a_stride_that_overflows_is_an_error_naming_it() {
    let (m, big) = (8, usize::MAX / 2);
    let e = layout!(type logical_divide((m,m):(1,big), <4,8>)).unwrap_err();
    assert_eq!(
        e,
        AlgebraError::Overflow {
            function: "logical_divide",
            stride: big,
            factor: 8
        }
    );
    assert_eq!(
        e.to_string(),
        format!("in `logical_divide`: the stride {big} times 8 overflows usize")
    );
}

#[test]
fn negative_static_strides_give_signed_offsets() {
    for m in 1..=9usize {
        let typed = layout!(type logical_divide((m,4):(-1,m), <2,2>)).unwrap();
        let expected = core(&format!("logical_divide(({m},4):(-1,{m}), <2,2>)"));
        for i in 0..typed.size() {
            let want = expected.crd2idx(&IntTuple::Int(i as i64)).unwrap();
            assert_eq!(typed.at(i) as i64, want);
        }
    }
}

mod laws {
    use super::*;
    use proptest::prelude::*;

    /// Extents and strides small enough for the core's `i64` offsets.
    fn leaf() -> impl Strategy<Value = usize> {
        prop_oneof![0usize..40, 0usize..100_000]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]

        /// The typed divides are the core's, as functions, on any leaves.
        #[test]
        fn divides_equal_the_core(m in 0usize..64, n in 0usize..64, d0 in leaf(), d1 in leaf()) {
            let core_of = |f: &str, t: &str| core(&format!("{f}(({m},{n}):({d0},{d1}), {t})"));
            let l = layout!(type logical_divide((m,n):(d0,d1), <4,8>)).unwrap();
            assert_same_function(&l, &core_of("logical_divide", "<4,8>"));
            let z = layout!(type zipped_divide((m,n):(d0,d1), <3,5>)).unwrap();
            assert_same_function(&z, &core_of("zipped_divide", "<3,5>"));
            let f = layout!(type flat_divide((m,n):(d0,d1), <2>)).unwrap();
            assert_same_function(&f, &core_of("flat_divide", "<2>"));
            let t = layout!(type tiled_divide((m,n):(d0,d1), <6,2>)).unwrap();
            assert_same_function(&t, &core_of("tiled_divide", "<6,2>"));
            let s = layout!(type logical_divide((m,n):(d0,7), <1,16>)).unwrap();
            let core_s = core(&format!("logical_divide(({m},{n}):({d0},7), <1,16>)"));
            assert_same_function(&s, &core_s);
        }

        /// A typed layout converts to the core and back unchanged.
        #[test]
        fn core_round_trip(m in leaf(), n in leaf(), d in leaf()) {
            let l = layout!(type zipped_divide((m,n):(1,d), <4,8>)).unwrap();
            let core = layout_dsl::Layout::try_from(l).unwrap();
            let back = <layout_dsl::typed::Layout<_, _>>::try_from(&core);
            prop_assert_eq!(back, Ok(l));
        }
    }
}

#[test]
fn divides_of_named_layouts_and_methods_match_the_core() {
    use layout_dsl::typed::Divide;
    for m in 0..=12usize {
        for n in [1usize, 8, 13] {
            let l = layout!((m,n):(1,m));
            let text = |f: &str| core(&format!("{f}(({m},{n}):(1,{m}), <4,8>)"));
            let a = layout!(type logical_divide(#l, <4,8>)).unwrap();
            assert_same_function(&a, &text("logical_divide"));
            let z = layout!(type zipped_divide(#l, <4,8>)).unwrap();
            assert_same_function(&z, &text("zipped_divide"));
            assert_eq!(l.zipped_divide((C::<4>, C::<8>)), Ok(z));
            // The strides keep their types: a static `C<1>` stays static
            // (the tile's stride is `UnitZero<C<4>, C<1>>`, 1; 0 only
            // under a tile of 1, CuTe's `_1:_0`).
            let _: layout_dsl::typed::UnitZero<C<4>, C<1>> = z.mode::<0>().mode_stride::<0>();
            assert_eq!(
                <layout_dsl::typed::UnitZero<C<4>, C<1>> as layout_dsl::typed::StaticInt>::VALUE,
                1
            );
        }
    }
    // A named tiler, with a written-out layout.
    const TILER: (C<4>, C<8>) = (C, C);
    let (m, n) = (10, 20);
    let z = layout!(type zipped_divide((m,n):(1,m), #TILER)).unwrap();
    assert_same_function(&z, &core("zipped_divide((10,20):(1,10), <4,8>)"));
    let l = layout!(logical_divide((m,n):(1,m), #TILER)).unwrap();
    assert_same_function(&l, &core("logical_divide((10,20):(1,10), <4,8>)"));
    // A static layout's value (usize literals) and a signed one.
    const ROWS: layout_dsl::layout_type!((6,8):(8,1)) = layout!((6,8):(8,1));
    let d = layout!(type logical_divide(#ROWS, <4,2>)).unwrap();
    assert_same_function(&d, &core("logical_divide((6,8):(8,1), <4,2>)"));
    let five = 5;
    let signed = layout!((3,five):(-1,3));
    let s = signed.logical_divide((C::<2>, C::<2>)).unwrap();
    let expected = core("logical_divide((3,5):(-1,3), <2,2>)");
    for i in 0..s.size() {
        let want = expected.crd2idx(&IntTuple::Int(i as i64)).unwrap();
        assert_eq!(s.at(i) as i64, want);
    }
    let big = layout!((2,2):(1,{usize::MAX / 2}));
    assert!(matches!(
        big.logical_divide((C::<1>, C::<4>)),
        Err(AlgebraError::Overflow { factor: 4, .. })
    ));
}
